/**
 * Menu names in the other interface languages (issue #15: the language switch translates menus,
 * tabs, breadcrumbs and home tiles). A name set on the menu (base_module_i18n) wins; otherwise
 * English comes from the built-in names below by menu code, and Taiwan Chinese from OpenCC's
 * Simplified → Taiwan conversion of the Chinese name.
 */
import { createRequire } from 'node:module';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { moduleNames } from '../../../db/schema/index.js';
import { SYS_CONFIG_DEFAULTS } from '../sysConfig/defaults.js';

/** Languages a menu may have a name in besides its own (zh-CN) one. */
export const MENU_LANGUAGES = ['zh-TW', 'en-US'] as const;
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];

export const isMenuLanguage = (value: string): value is MenuLanguage =>
  (MENU_LANGUAGES as readonly string[]).includes(value);

/**
 * The interface language a request asks for: the first Accept-Language tag, as the web client
 * sends its chosen language. zh-TW/zh-HK → zh-TW, en* → en-US, anything else → zh-CN.
 */
export function requestLanguage(header: string | string[] | undefined): 'zh-CN' | MenuLanguage {
  const first = String(Array.isArray(header) ? header[0] : (header ?? ''))
    .split(',')[0]!
    .trim()
    .toLowerCase();
  if (first.startsWith('zh-tw') || first.startsWith('zh-hk') || first.startsWith('zh-hant')) return 'zh-TW';
  if (first.startsWith('en')) return 'en-US';
  return 'zh-CN';
}

/** English names of the built-in menus, by menu code. */
export const BUILT_IN_ENGLISH: Readonly<Record<string, string>> = {
  home: 'Home',
  dashboard: 'Dashboard',
  questionAnswering: 'Intelligent Q&A',
  'questionAnswering.zskManagement': 'Knowledge Bases',
  'questionAnswering.chat': 'Q&A Chat',
  onlineDev: 'Online Development',
  'onlineDev.webDesign': 'Function Design',
  'onlineDev.dataReport': 'Report Design',
  'onlineDev.visualPortal': 'Portal Design',
  'onlineDev.dataScreen': 'Data Screens',
  generator: 'Code Generator',
  'generator.webForm': 'Function Forms',
  'generator.flowForm': 'Flow Forms',
  system: 'System',
  'system.sysConfig': 'System Settings',
  'system.notice': 'Announcements',
  'system.task': 'Scheduled Tasks',
  'system.cache': 'Cache',
  'system.log': 'System Logs',
  'system.monitor': 'Monitor',
  'system.icons': 'Icons',
  'system.menu': 'Menus',
  'system.area': 'Areas',
  'system.billRule': 'Bill Rules',
  'system.printDev': 'Print Templates',
  'system.commonWords': 'Common Words',
  'system.language': 'Translations',
  'system.systemTemplate': 'System Templates',
  'system.smsTemplate': 'SMS Templates',
  systemData: 'Data',
  'systemData.dataSource': 'Data Sources',
  'systemData.dataModel': 'Data Models',
  'systemData.dataSync': 'Data Sync',
  'systemData.dataBackup': 'Data Backup',
  'systemData.dataInterface': 'Data Interfaces',
  'systemData.interfaceOauth': 'Interface Auth',
  'systemData.dictionary': 'Dictionaries',
  'systemData.map': 'Maps',
  permission: 'Permissions',
  'permission.gradeManage': 'Grade Admins',
  'permission.organize': 'Organizations',
  'permission.position': 'Positions',
  'permission.user': 'Users',
  'permission.role': 'Roles',
  'permission.group': 'Groups',
  'permission.authorize': 'Authorization',
  'permission.userOnline': 'Online Users',
  workFlow: 'Workflow',
  'workFlow.formDesign': 'Form Design',
  'workFlow.flowEngine': 'Flow Design',
  'workFlow.flowQuickLaunch': 'Start a Flow',
  'workFlow.flowLaunch': 'My Requests',
  'workFlow.flowTodo': 'To Do',
  'workFlow.flowDone': 'Done',
  'workFlow.flowCirculate': 'CC to Me',
  'workFlow.entrust': 'Delegation',
  'workFlow.flowMonitor': 'Flow Monitor',
  'workFlow.workFlowDetail': 'Flow Detail',
  msgCenter: 'Message Center',
  'msgCenter.accountConfig': 'Accounts',
  'msgCenter.msgTemplate': 'Message Templates',
  'msgCenter.sendConfig': 'Send Settings',
  'msgCenter.msgMonitor': 'Message Monitor',
  weChat: 'WeChat',
  'weChat.mp': 'Official Account',
  'weChat.mpConfig': 'Account Settings',
  'weChat.mpMenu': 'Custom Menu',
  'weChat.mpUser': 'Followers',
  'weChat.mpMessage': 'Messages',
  'weChat.mpMaterial': 'Material',
  'weChat.qy': 'Enterprise WeChat',
  'weChat.qyhConfig': 'Enterprise Settings',
  'weChat.qyDepartment': 'Department Sync',
  'weChat.qyUser': 'Member Sync',
  'weChat.qyMessage': 'App Messages',
  extend: 'Extended Apps',
  'extend.bigData': 'Big Data',
  'extend.importAndExport': 'Import and Export',
  'extend.schedule': 'Schedule',
  'extend.email': 'Email',
  'extend.document': 'Documents',
  'extend.documentPreview': 'Document Preview',
  'extend.barCode': 'Bar Codes',
  'extend.printData': 'Print Example',
  'extend.map': 'Map',
  'extend.order': 'Orders',
  'extend.saleOrder': 'Sales Orders',
  'extend.projectGantt': 'Project Plan',
  'extend.signature': 'Signature',
  'extend.signet': 'Signet',
  'extend.tableDemo': 'Table Examples',
  'extend.tableDemo.commonTable': 'Basic Table',
  'extend.tableDemo.statisticsTable': 'Table Totals',
  'extend.tableDemo.lockTable': 'Fixed Columns',
  'extend.tableDemo.groupingTable': 'Grouped Table',
  'extend.tableDemo.redactTable': 'Editable Table',
  'extend.tableDemo.complexHeader': 'Grouped Headers',
  'extend.tableDemo.mergeTable': 'Merged Cells',
  'extend.tableDemo.printTable': 'Table Printing',
  'extend.tableDemo.extension': 'Expandable Rows',
  'extend.tableDemo.tableTree': 'Tree in a Table',
  'extend.tableDemo.postilTable': 'Table Annotations',
  'extend.tableDemo.treeTable': 'Tree and Table',
  'extend.tableDemo.signTable': 'Row Marks',
  'extend.tableDemo.commonForm': 'Basic Form',
  'extend.graphDemo': 'Chart Examples',
  'extend.graphDemo.echartsBar': 'E Bar Chart',
  'extend.graphDemo.echartsBarAcross': 'E Horizontal Bar Chart',
  'extend.graphDemo.echartsCandlestick': 'E Candlestick Chart',
  'extend.graphDemo.echartsFunnel': 'E Funnel Chart',
  'extend.graphDemo.echartsGauge': 'E Gauge',
  'extend.graphDemo.echartsLineArea': 'E Area Chart',
  'extend.graphDemo.echartsLineBar': 'E Line and Bar Chart',
  'extend.graphDemo.echartsPie': 'E Pie Chart',
  'extend.graphDemo.echartsScatter': 'E Scatter Chart',
  'extend.graphDemo.echartsTree': 'E Tree Chart',
  'extend.graphDemo.highchartsArea': 'H Area Chart',
  'extend.graphDemo.highchartsBellcurve': 'H Bell Curve',
  'extend.graphDemo.highchartsBullet': 'H Bullet Chart',
  'extend.graphDemo.highchartsColumn': 'H Column Chart',
  'extend.graphDemo.highchartsFunnel': 'H Funnel Chart',
  'extend.graphDemo.highchartsGauge': 'H Gauge',
  'extend.graphDemo.highchartsLine': 'H Line Chart',
  'extend.graphDemo.highchartsPie': 'H Pie Chart',
  'extend.graphDemo.highchartsScatter': 'H Scatter Chart',
  'extend.graphDemo.highchartsWordcloud': 'H Word Cloud',
  'extend.formDemo': 'Form Examples',
  'extend.formDemo.fieldForm1': 'Text and Date Fields',
  'extend.formDemo.fieldForm2': 'Choice Fields',
  'extend.formDemo.fieldForm3': 'Upload Fields',
  'extend.formDemo.fieldForm4': 'Text Area and Rich Text',
  'extend.formDemo.fieldForm5': 'Customer and Goods Lines',
  'extend.formDemo.fieldForm6': 'Rating, Colour and Progress',
  'extend.formDemo.verifyForm': 'Form Validation',
  'extend.formDemo.verifyForm1': 'Form Validation (Inline)',
  demo: 'Generated Pages',
  'demo.generated': 'Online Form Example',
  'demo.leaveApply': 'Leave Request',
  'demo.politicalStatus': 'Political Status Dictionary',
  'demo.budgetReport': 'Department Budget Report',
  'demo.leaderPortal': 'Leadership Portal',
  'demo.dataScreen': 'City Operations Screen',
  'demo.links': 'Links',
  'demo.govPortal': 'Government Portal',
  'demo.policyLibrary': 'State Council Policy Library',
  basic: 'Basic Pages',
  'basic.messageRecord': 'Messages',
  'basic.profile': 'Profile',
  'basic.externalLink': 'External Link',
  'basic.lockScreen': 'Lock Screen',
  'basic.dynamicModel': 'Online Form',
  'basic.dynamicDictionary': 'Online Dictionary',
  'basic.dynamicDataReport': 'Online Report',
  'basic.dynamicPortal': 'Online Portal',
};

const require = createRequire(import.meta.url);

/**
 * OpenCC's Simplified → Taiwan converter: about 1.3–2.4 s to make and 45 MiB of heap (75 MiB
 * resident) while held (docs/benchmarks.md, "Server memory"). It is made when a name not converted
 * before needs it and dropped once idle for CONVERTER_IDLE_MS; the names it gave are kept in
 * `converted` (menus and dictionaries: a few hundred short names).
 */
let toTaiwan: ((text: string) => string) | null = null;
let lastConversion = 0;
let releaseTimer: NodeJS.Timeout | undefined;
const CONVERTER_IDLE_MS = 10_000;
const converted = new Map<string, string>();
const CONVERTED_MAX = 10_000;

function releaseWhenIdle() {
  const quiet = Date.now() - lastConversion;
  releaseTimer = setTimeout(
    () => {
      releaseTimer = undefined;
      if (Date.now() - lastConversion >= CONVERTER_IDLE_MS) toTaiwan = null;
      else releaseWhenIdle();
    },
    Math.max(0, CONVERTER_IDLE_MS - quiet),
  );
  releaseTimer.unref();
}

function convertToTaiwan(piece: string): string {
  const known = converted.get(piece);
  if (known !== undefined) return known;
  let convert = toTaiwan;
  if (!convert) {
    const OpenCC = require('opencc-js/cn2t') as {
      Converter(options: { from: 'cn'; to: 'twp' }): (text: string) => string;
    };
    convert = OpenCC.Converter({ from: 'cn', to: 'twp' });
    toTaiwan = convert;
  }
  lastConversion = Date.now();
  if (!releaseTimer) releaseWhenIdle();
  let out = convert(piece);
  for (const [from, to] of Object.entries(TAIWAN_PHRASES)) out = out.split(from).join(to);
  if (converted.size >= CONVERTED_MAX) converted.clear();
  converted.set(piece, out);
  return out;
}

/**
 * Corrections of the converter's output to the words Taiwan uses in a console (the same as the
 * phrases of web/src/locales/zh-TW.overrides.json): OpenCC's twp turns 权限 into 許可權 and 类型
 * into 型別, which read as "licence right" and "data type" here.
 */
export const TAIWAN_PHRASES: Readonly<Record<string, string>> = {
  賬號: '帳號',
  許可權: '權限',
  型別: '類型',
  賬戶: '帳戶',
  用戶: '使用者',
  電子郵箱: '電子郵件',
  郵箱: '電子郵件',
  字段: '欄位',
  自定義: '自訂',
  二維碼: 'QR碼',
  條形碼: '條碼',
  點擊: '點選',
};

/**
 * Simplified phrases taken out before conversion and put back as given (the sourcePhrases of
 * web/src/locales/zh-TW.overrides.json): the converter turns them into a word that fits another
 * meaning (城市运行 → 城市執行, 对象 → 物件, 实例 → 例項, 端口 → 埠), which no fix of its output undoes.
 */
export const TAIWAN_SOURCE_PHRASES: Readonly<Record<string, string>> = {
  城市运行: '城市運行',
  运行时间: '運行時間',
  运行状态: '運行狀態',
  运行情况: '運行情況',
  运行监控: '運行監控',
  对象: '對象',
  实例: '實例',
  端口: '連接埠',
};

const SOURCE_PATTERN = new RegExp(
  `(${Object.keys(TAIWAN_SOURCE_PHRASES)
    .sort((a, b) => b.length - a.length)
    .join('|')})`,
);

/**
 * Simplified Chinese → Taiwan Chinese with Taiwan phrases (TAIWAN_SOURCE_PHRASES as given, the
 * rest through OpenCC cn → twp and then TAIWAN_PHRASES).
 */
export function taiwanChinese(text: string): string {
  return text
    .split(SOURCE_PATTERN)
    .map((piece, index) => {
      if (index % 2 === 1) return TAIWAN_SOURCE_PHRASES[piece] ?? piece;
      if (!piece) return '';
      return convertToTaiwan(piece);
    })
    .join('');
}

/** The names set on menus in one language, by menu id. */
export async function storedMenuNames(
  db: DbOrTx,
  ids: string[],
  languages: readonly MenuLanguage[] = MENU_LANGUAGES,
): Promise<Map<string, Partial<Record<MenuLanguage, string>>>> {
  const names = new Map<string, Partial<Record<MenuLanguage, string>>>();
  if (ids.length === 0) return names;
  const rows = await db
    .select()
    .from(moduleNames)
    .where(and(inArray(moduleNames.moduleId, ids), inArray(moduleNames.language, [...languages])));
  for (const row of rows) {
    const entry = names.get(row.moduleId) ?? {};
    entry[row.language as MenuLanguage] = row.fullName;
    names.set(row.moduleId, entry);
  }
  return names;
}

/** The menus with their names in `language` (zh-CN: unchanged). */
export async function translateMenus<T extends { id: string; enCode: string; fullName: string }>(
  db: DbOrTx,
  menus: T[],
  language: 'zh-CN' | MenuLanguage,
): Promise<T[]> {
  if (language === 'zh-CN' || menus.length === 0) return menus;
  const stored = await storedMenuNames(
    db,
    menus.map((m) => m.id),
    [language],
  );
  return menus.map((menu) => {
    const name =
      stored.get(menu.id)?.[language] ||
      (language === 'en-US' ? BUILT_IN_ENGLISH[menu.enCode] : taiwanChinese(menu.fullName)) ||
      menu.fullName;
    return name === menu.fullName ? menu : { ...menu, fullName: name };
  });
}

/**
 * Writes a menu's names in the other languages: a non-empty name is kept, an empty one removed
 * (the built-in English or the converted Taiwan name then applies). Runs in the menu's transaction.
 */
export async function saveMenuNames(
  tx: DbOrTx,
  moduleId: string,
  names: Partial<Record<MenuLanguage, string | null | undefined>> | undefined,
): Promise<void> {
  if (!names) return;
  for (const language of MENU_LANGUAGES) {
    if (!(language in names)) continue;
    const fullName = names[language]?.trim() ?? '';
    await tx
      .delete(moduleNames)
      .where(and(eq(moduleNames.moduleId, moduleId), eq(moduleNames.language, language)));
    if (fullName) await tx.insert(moduleNames).values({ moduleId, language, fullName });
  }
}

/** A menu's names as the menu form shows them: what is set, '' where the default applies. */
export async function menuNamesOf(db: DbOrTx, moduleId: string): Promise<Record<MenuLanguage, string>> {
  const stored = (await storedMenuNames(db, [moduleId])).get(moduleId) ?? {};
  return { 'zh-TW': stored['zh-TW'] ?? '', 'en-US': stored['en-US'] ?? '' };
}

/** English name of the product's own system name (the web's common:appTitle). */
export const DEFAULT_SYS_NAME_EN = 'Intelligent Q&A Management Platform';

/**
 * The system name in the interface language: Taiwan Chinese by conversion; in English the
 * product's own name is translated, a name the administrators chose is kept as written.
 */
export function systemNameIn(name: string, language: 'zh-CN' | MenuLanguage): string {
  if (language === 'zh-TW') return taiwanChinese(name);
  if (language === 'en-US' && name === SYS_CONFIG_DEFAULTS.sysName) return DEFAULT_SYS_NAME_EN;
  return name;
}
