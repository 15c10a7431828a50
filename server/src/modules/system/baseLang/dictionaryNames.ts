/**
 * Names of the seeded dictionaries in the other interface languages (issue #23 item 12), the way
 * menus are translated (menuNames.ts): by the request's Accept-Language, on read. Only names the
 * product wrote itself are translated: a type or entry whose name is still the seeded one. A name
 * an administrator entered or changed is shown as entered, in every language.
 */
import { DICTIONARY_SEED } from '../../../db/seed/dictionaries.js';
import { type MenuLanguage, taiwanChinese } from './menuNames.js';

/** English names of the seeded dictionary types, by type code. */
const TYPE_ENGLISH: Readonly<Record<string, string>> = {
  baseData: 'Basic Data',
  sex: 'Sex',
  Nation: 'Ethnic Group',
  Education: 'Education',
  certificateType: 'ID Document Types',
  MaritalStatus: 'Marital Status',
  PoliticalStatus: 'Political Status',
  businessData: 'Business Data',
  businessType: 'Business Categories',
  IndustryType: 'Industries',
  printDev: 'Print Template Categories',
  DataInterfaceType: 'Data Interface Categories',
  webDesign: 'Function Design Categories',
  ReportSort: 'Report Categories',
  portalDesigner: 'Portal Categories',
  DocumentType: 'Official Document Types',
  NoticeType: 'Notice Types',
  flowData: 'Flow Data',
  flowStatus: 'Flow Status',
  Urgency: 'Urgency',
  WorkFlowCategory: 'Flow Categories',
  scheduleType: 'Schedule Types',
};

const NATIONS_ENGLISH =
  'Han,Mongol,Hui,Tibetan,Uyghur,Miao,Yi,Zhuang,Bouyei,Korean,Manchu,Dong,Yao,Bai,Tujia,Hani,Kazakh,Dai,Li,' +
  'Lisu,Va,She,Gaoshan,Lahu,Shui,Dongxiang,Nakhi,Jingpo,Kyrgyz,Tu,Daur,Mulao,Qiang,Blang,Salar,Maonan,Gelao,' +
  "Xibe,Achang,Pumi,Tajik,Nu,Uzbek,Russian,Evenki,De'ang,Bonan,Yugur,Gin,Tatar,Derung,Oroqen,Hezhen,Monba," +
  'Lhoba,Jino';

/** English names of the seeded entries, by type code and entry code. */
const ENTRY_ENGLISH: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  sex: { '1': 'Male', '2': 'Female', '0': 'Unknown' },
  Nation: Object.fromEntries(
    NATIONS_ENGLISH.split(',').map((name, i) => [String(i + 1).padStart(2, '0'), name]),
  ),
  Education: {
    '11': 'Doctorate',
    '14': "Master's degree",
    '21': "Bachelor's degree",
    '31': 'Junior college',
    '41': 'Secondary vocational school',
    '61': 'Senior high school',
    '71': 'Junior high school',
    '81': 'Primary school',
    '90': 'Other',
  },
  certificateType: {
    '1': 'Resident ID card',
    '2': 'Passport',
    '3': 'Mainland travel permit for Hong Kong and Macao residents',
    '4': 'Mainland travel permit for Taiwan residents',
    '5': 'Foreigner permanent residence ID card',
    '6': 'Military officer ID',
    '9': 'Other ID document',
  },
  MaritalStatus: { '10': 'Single', '20': 'Married', '30': 'Widowed', '40': 'Divorced', '90': 'Other' },
  PoliticalStatus: {
    '01': 'CPC member',
    '02': 'CPC probationary member',
    '03': 'CYL member',
    '12': 'Democratic party member',
    '13': 'Ordinary citizen',
  },
  businessType: {
    government: 'Government services',
    office: 'Office affairs',
    finance: 'Finance',
    purchase: 'Purchasing',
    contract: 'Contracts',
    personnel: 'Personnel',
    asset: 'Assets',
    archive: 'Archives',
  },
  IndustryType: {
    A: 'Agriculture, forestry, animal husbandry and fishery',
    B: 'Mining',
    C: 'Manufacturing',
    C13: 'Agricultural and sideline food processing',
    C26: 'Chemical raw materials and products',
    C39: 'Computers, communication and other electronic equipment',
    D: 'Electricity, heat, gas and water supply',
    E: 'Construction',
    F: 'Wholesale and retail',
    G: 'Transport, storage and postal services',
    H: 'Accommodation and catering',
    I: 'Information transmission, software and IT services',
    I63: 'Telecommunications, broadcasting and satellite transmission',
    I64: 'Internet and related services',
    I65: 'Software and IT services',
    J: 'Finance',
    K: 'Real estate',
    L: 'Leasing and business services',
    M: 'Scientific research and technical services',
    N: 'Water conservancy, environment and public facilities',
    O: 'Resident, repair and other services',
    P: 'Education',
    Q: 'Health and social work',
    R: 'Culture, sports and entertainment',
    S: 'Public administration, social security and social organisations',
    T: 'International organisations',
  },
  printDev: { flowForm: 'Flow forms', functionForm: 'Function forms', report: 'Report documents' },
  DataInterfaceType: {
    common: 'General interfaces',
    form: 'Form options',
    report: 'Report data',
    external: 'External interfaces',
  },
  webDesign: {
    office: 'Office management',
    business: 'Business handling',
    hr: 'Personnel',
    finance: 'Finance',
  },
  ReportSort: { finance: 'Financial reports', office: 'Office reports', hr: 'Personnel reports' },
  portalDesigner: { leader: 'Leadership portals', office: 'Office portals', service: 'Service portals' },
  NoticeType: { '1': 'Announcement', '2': 'Work news', '3': 'Policy document' },
  DocumentType: {
    notice: 'Notice',
    report: 'Report',
    request: 'Request for instructions',
    reply: 'Official reply',
    letter: 'Letter',
    minutes: 'Minutes',
  },
  flowStatus: {
    '1': 'Awaiting review',
    '2': 'Approved',
    '3': 'Returned',
    '4': 'Withdrawn',
    '5': 'Terminated',
  },
  Urgency: { '1': 'Normal', '2': 'Important', '3': 'Urgent' },
  WorkFlowCategory: {
    personnel: 'Personnel',
    finance: 'Finance',
    administration: 'Administration',
    office: 'Office affairs',
    government: 'Government services',
    other: 'Other',
  },
  scheduleType: {
    '1': 'Meeting',
    '2': 'Business trip',
    '3': 'Training',
    '4': 'Reception',
    '5': 'Personal matters',
    '9': 'Other',
  },
};

interface Seeded {
  /** The seeded Chinese name of each type, by type code. */
  types: Map<string, string>;
  /** The seeded Chinese name of each entry, by type code and entry code. */
  entries: Map<string, Map<string, string>>;
}

let seeded: Seeded | null = null;

function seededNames(): Seeded {
  if (seeded) return seeded;
  const types = new Map<string, string>();
  const entries = new Map<string, Map<string, string>>();
  type Entry = { enCode: string; fullName: string; children?: Entry[] };
  type Type = { enCode: string; fullName: string; entries?: Entry[]; children?: Type[] };
  const addEntries = (names: Map<string, string>, list: Entry[]) => {
    for (const entry of list) {
      names.set(entry.enCode, entry.fullName);
      addEntries(names, entry.children ?? []);
    }
  };
  const addTypes = (list: readonly Type[]) => {
    for (const type of list) {
      types.set(type.enCode, type.fullName);
      const names = new Map<string, string>();
      addEntries(names, type.entries ?? []);
      if (names.size > 0) entries.set(type.enCode, names);
      addTypes(type.children ?? []);
    }
  };
  addTypes(DICTIONARY_SEED);
  seeded = { types, entries };
  return seeded;
}

/** A dictionary type's name in `language`: translated only while it is still the seeded name. */
export function dictionaryTypeName(
  enCode: string,
  fullName: string,
  language: 'zh-CN' | MenuLanguage,
): string {
  if (language === 'zh-CN' || seededNames().types.get(enCode) !== fullName) return fullName;
  return language === 'en-US' ? (TYPE_ENGLISH[enCode] ?? fullName) : taiwanChinese(fullName);
}

/** A dictionary entry's name in `language`: translated only while it is still the seeded name. */
export function dictionaryEntryName(
  typeCode: string,
  enCode: string,
  fullName: string,
  language: 'zh-CN' | MenuLanguage,
): string {
  if (language === 'zh-CN' || seededNames().entries.get(typeCode)?.get(enCode) !== fullName) return fullName;
  return language === 'en-US' ? (ENTRY_ENGLISH[typeCode]?.[enCode] ?? fullName) : taiwanChinese(fullName);
}

/** A named node of a tree of types or entries (`children` nested, any shape). */
type Named = { enCode: string; fullName: string; children?: unknown };

function renameTree<T extends Named>(nodes: readonly T[], rename: (node: Named) => string): T[] {
  return nodes.map((node) => {
    const children = Array.isArray(node.children)
      ? renameTree(node.children as Named[], rename)
      : node.children;
    return { ...node, fullName: rename(node), children } as T;
  });
}

/** The types of a tree (`children` nested) with their names in `language`. */
export function translateTypeTree<T extends Named>(nodes: T[], language: 'zh-CN' | MenuLanguage): T[] {
  if (language === 'zh-CN') return nodes;
  return renameTree(nodes, (node) => dictionaryTypeName(node.enCode, node.fullName, language));
}

/** The entries of one type (a tree or a list, `children` nested) with their names in `language`. */
export function translateEntries<T extends Named>(
  typeCode: string,
  nodes: T[],
  language: 'zh-CN' | MenuLanguage,
): T[] {
  if (language === 'zh-CN') return nodes;
  return renameTree(nodes, (node) => dictionaryEntryName(typeCode, node.enCode, node.fullName, language));
}
