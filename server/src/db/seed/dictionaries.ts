/**
 * The dictionaries the product needs (console.md 3: flow statuses, urgency; forms: sex,
 * nation, education, certificate types; bill rules: business categories …). Written once,
 * when there are no dictionary types yet; afterwards they belong to the administrators.
 */
import { count, eq } from 'drizzle-orm';
import { newId } from '../../core/ids.js';
import type { Tx } from '../client.js';
import { dictionaryData, dictionaryTypes } from '../schema/index.js';

interface EntrySeed {
  enCode: string;
  fullName: string;
  children?: EntrySeed[];
}
interface TypeSeed {
  enCode: string;
  fullName: string;
  isTree?: 1;
  entries?: EntrySeed[];
  children?: TypeSeed[];
}

/** 'code:名称,code:名称' → entries. */
const list = (spec: string): EntrySeed[] =>
  spec.split(',').map((pair) => {
    const [enCode, fullName] = pair.split(':');
    if (!enCode || !fullName) throw new Error(`bad entry spec: ${pair}`);
    return { enCode, fullName };
  });

const NATIONS =
  '汉族,蒙古族,回族,藏族,维吾尔族,苗族,彝族,壮族,布依族,朝鲜族,满族,侗族,瑶族,白族,土家族,哈尼族,哈萨克族,傣族,黎族,' +
  '傈僳族,佤族,畲族,高山族,拉祜族,水族,东乡族,纳西族,景颇族,柯尔克孜族,土族,达斡尔族,仫佬族,羌族,布朗族,撒拉族,' +
  '毛南族,仡佬族,锡伯族,阿昌族,普米族,塔吉克族,怒族,乌孜别克族,俄罗斯族,鄂温克族,德昂族,保安族,裕固族,京族,' +
  '塔塔尔族,独龙族,鄂伦春族,赫哲族,门巴族,珞巴族,基诺族';

/** Also in server/drizzle/*_workflow_category_dictionary.sql (keep the two alike). */
const WORKFLOW_CATEGORIES =
  'personnel:人事管理,finance:财务管理,administration:行政事务,office:办公事务,government:政务服务,other:其他';

export const DICTIONARY_SEED: TypeSeed[] = [
  {
    enCode: 'baseData',
    fullName: '基础数据',
    children: [
      { enCode: 'sex', fullName: '性别', entries: list('1:男,2:女,0:未知') },
      {
        enCode: 'Nation',
        fullName: '民族',
        entries: NATIONS.split(',').map((fullName, i) => ({
          enCode: String(i + 1).padStart(2, '0'),
          fullName,
        })),
      },
      {
        enCode: 'Education',
        fullName: '学历',
        entries: list(
          '11:博士研究生,14:硕士研究生,21:大学本科,31:大学专科,41:中等专科,61:普通高中,71:初中,81:小学,90:其他',
        ),
      },
      {
        enCode: 'certificateType',
        fullName: '证件类型',
        entries: list(
          '1:居民身份证,2:护照,3:港澳居民来往内地通行证,4:台湾居民来往大陆通行证,5:外国人永久居留身份证,6:军官证,9:其他证件',
        ),
      },
      {
        enCode: 'MaritalStatus',
        fullName: '婚姻状况',
        entries: list('10:未婚,20:已婚,30:丧偶,40:离婚,90:其他'),
      },
      {
        enCode: 'PoliticalStatus',
        fullName: '政治面貌',
        entries: list('01:中共党员,02:中共预备党员,03:共青团员,12:民主党派,13:群众'),
      },
    ],
  },
  {
    enCode: 'businessData',
    fullName: '业务数据',
    children: [
      {
        enCode: 'businessType',
        fullName: '业务分类',
        entries: list(
          'government:政务服务,office:办公事务,finance:财务管理,purchase:采购管理,contract:合同管理,' +
            'personnel:人事管理,asset:资产管理,archive:档案管理',
        ),
      },
      {
        enCode: 'IndustryType',
        fullName: '行业类型',
        isTree: 1,
        entries: [
          { enCode: 'A', fullName: '农林牧渔业' },
          { enCode: 'B', fullName: '采矿业' },
          {
            enCode: 'C',
            fullName: '制造业',
            children: list(
              'C13:农副食品加工业,C26:化学原料和化学制品制造业,C39:计算机通信和其他电子设备制造业',
            ),
          },
          { enCode: 'D', fullName: '电力热力燃气及水生产和供应业' },
          { enCode: 'E', fullName: '建筑业' },
          { enCode: 'F', fullName: '批发和零售业' },
          { enCode: 'G', fullName: '交通运输仓储和邮政业' },
          { enCode: 'H', fullName: '住宿和餐饮业' },
          {
            enCode: 'I',
            fullName: '信息传输软件和信息技术服务业',
            children: list('I63:电信广播电视和卫星传输服务,I64:互联网和相关服务,I65:软件和信息技术服务业'),
          },
          { enCode: 'J', fullName: '金融业' },
          { enCode: 'K', fullName: '房地产业' },
          { enCode: 'L', fullName: '租赁和商务服务业' },
          { enCode: 'M', fullName: '科学研究和技术服务业' },
          { enCode: 'N', fullName: '水利环境和公共设施管理业' },
          { enCode: 'O', fullName: '居民服务修理和其他服务业' },
          { enCode: 'P', fullName: '教育' },
          { enCode: 'Q', fullName: '卫生和社会工作' },
          { enCode: 'R', fullName: '文化体育和娱乐业' },
          { enCode: 'S', fullName: '公共管理社会保障和社会组织' },
          { enCode: 'T', fullName: '国际组织' },
        ],
      },
      {
        enCode: 'printDev',
        fullName: '打印模板分类',
        entries: list('flowForm:流程表单,functionForm:功能表单,report:报表单据'),
      },
      {
        enCode: 'DataInterfaceType',
        fullName: '数据接口分类',
        entries: list('common:通用接口,form:表单选项,report:报表数据,external:对外接口'),
      },
      {
        enCode: 'webDesign',
        fullName: '功能设计分类',
        entries: list('office:办公管理,business:业务办理,hr:人事管理,finance:财务管理'),
      },
      {
        enCode: 'ReportSort',
        fullName: '报表分类',
        entries: list('finance:财务报表,office:办公报表,hr:人事报表'),
      },
      {
        enCode: 'portalDesigner',
        fullName: '门户分类',
        entries: list('leader:领导门户,office:办公门户,service:服务门户'),
      },
      {
        enCode: 'DocumentType',
        fullName: '公文类型',
        entries: list('notice:通知,report:报告,request:请示,reply:批复,letter:函,minutes:纪要'),
      },
      // The notice's 类型 (message.ts NoticeBody.category): the 3.4.7 notice form starts at '1'.
      { enCode: 'NoticeType', fullName: '公告类型', entries: list('1:通知公告,2:工作动态,3:政策文件') },
    ],
  },
  {
    enCode: 'flowData',
    fullName: '流程数据',
    children: [
      {
        enCode: 'flowStatus',
        fullName: '流程状态',
        entries: list('1:等待审核,2:审核通过,3:审核退回,4:流程撤回,5:审核终止'),
      },
      { enCode: 'Urgency', fullName: '紧急程度', entries: list('1:普通,2:重要,3:紧急') },
      // Flow template categories (workflow.md: flow_template.category is one of these entries'
      // ids): quick launch groups its cards by them. server/drizzle/*_workflow_category_dictionary.sql
      // adds them to databases seeded before.
      { enCode: 'WorkFlowCategory', fullName: '流程分类', entries: list(WORKFLOW_CATEGORIES) },
      {
        enCode: 'scheduleType',
        fullName: '日程类型',
        entries: list('1:会议,2:出差,3:培训,4:接待,5:个人事务,9:其他'),
      },
    ],
  },
];

/**
 * Writes the seeded type `enCode` (with its entries, under its seeded parent type) into a database
 * whose dictionaries were seeded before it existed; nothing when dictionaries are absent or the
 * type is there.
 */
export async function addMissingDictionaryType(tx: Tx, enCode: string): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(dictionaryTypes);
  if ((existing?.n ?? 0) === 0) return;
  const [present] = await tx
    .select({ id: dictionaryTypes.id })
    .from(dictionaryTypes)
    .where(eq(dictionaryTypes.enCode, enCode));
  if (present) return;
  const parent = DICTIONARY_SEED.find((p) => p.children?.some((c) => c.enCode === enCode));
  const seed = parent?.children?.find((c) => c.enCode === enCode);
  if (!parent || !seed) return;
  const [parentRow] = await tx
    .select({ id: dictionaryTypes.id })
    .from(dictionaryTypes)
    .where(eq(dictionaryTypes.enCode, parent.enCode));
  const id = newId();
  await tx.insert(dictionaryTypes).values({
    id,
    parentId: parentRow?.id ?? '0',
    fullName: seed.fullName,
    enCode: seed.enCode,
    isTree: seed.isTree ?? 0,
    sortCode: parent.children!.indexOf(seed),
  });
  const entries = seed.entries ?? [];
  if (entries.length)
    await tx.insert(dictionaryData).values(
      entries.map((entry, i) => ({
        id: newId(),
        dictionaryTypeId: id,
        parentId: '0',
        fullName: entry.fullName,
        enCode: entry.enCode,
        sortCode: i,
      })),
    );
}

/** Writes the product's dictionaries when there are none yet. */
export async function seedDictionaries(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(dictionaryTypes);
  if ((existing?.n ?? 0) > 0) return;
  const types: (typeof dictionaryTypes.$inferInsert)[] = [];
  const entries: (typeof dictionaryData.$inferInsert)[] = [];
  const addEntries = (typeId: string, parentId: string, seeds: EntrySeed[]) =>
    seeds.forEach((seed, i) => {
      const id = newId();
      entries.push({
        id,
        dictionaryTypeId: typeId,
        parentId,
        fullName: seed.fullName,
        enCode: seed.enCode,
        sortCode: i,
      });
      if (seed.children) addEntries(typeId, id, seed.children);
    });
  const addTypes = (parentId: string, seeds: TypeSeed[]) =>
    seeds.forEach((seed, i) => {
      const id = newId();
      types.push({
        id,
        parentId,
        fullName: seed.fullName,
        enCode: seed.enCode,
        isTree: seed.isTree ?? 0,
        sortCode: i,
      });
      if (seed.entries) addEntries(id, '0', seed.entries);
      if (seed.children) addTypes(id, seed.children);
    });
  addTypes('0', DICTIONARY_SEED);
  await tx.insert(dictionaryTypes).values(types);
  await tx.insert(dictionaryData).values(entries);
}
