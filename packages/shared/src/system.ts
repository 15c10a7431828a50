/** Requests of dictionaries, bill rules, areas and system configuration (console.md 5 and 7). */
import { z } from 'zod';
import { BILL_DATE_FORMATS, type BillDateFormat } from './format.js';
import { Limits, Patterns } from './patterns.js';

const sortCode = z.coerce
  .number({ message: '排序必须是数字' })
  .int('排序必须是整数')
  .min(Limits.sortMin, '排序范围为0-999999')
  .max(Limits.sortMax, '排序范围为0-999999')
  .default(0);
const flag = (message: string) =>
  z.coerce
    .number({ message })
    .int(message)
    .refine((v) => v === 0 || v === 1, message);
const description = z.string().max(500, '说明最多为500个字符').nullish();
const version = z.coerce.number({ message: '缺少版本号' }).int().min(0);

const nameField = (required: string, tooLong: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(Limits.nameMax, tooLong)
    .regex(Patterns.name, '名称不能含有特殊字符');
const codeField = (required: string, tooLong: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(Limits.codeMax, tooLong)
    .regex(Patterns.code, '编码只能包含英文字母、数字和点，且点不能在开头或结尾');
const parentField = z.string({ message: '上级不能为空' }).trim().min(1, '上级不能为空').max(64);

/** The field rules above, for the request schemas of other features (menu, authorise, ...). */
export const FormFields = {
  sortCode,
  flag,
  description,
  version,
  nameField,
  codeField,
  parentField,
} as const;

/** Paged list query (api-contract.md Transport). */
export const PageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).default(20),
  keyword: z.string().trim().max(100).optional().default(''),
  sort: z.enum(['asc', 'desc']).optional().default('desc'),
  sidx: z.string().max(50).optional().default(''),
});
export type PageQuery = z.infer<typeof PageQuery>;

// ----- Dictionaries -----

/** POST /api/system/DictionaryType */
export const DictionaryTypeBody = z.object({
  parentId: parentField,
  fullName: nameField('请输入名称', '字典名称最多为50个字符！'),
  enCode: codeField('请输入编码', '字典编码最多为50个字符！'),
  isTree: flag('是否树形只能为0或1').default(0),
  sortCode,
  description,
});
export type DictionaryTypeBody = z.infer<typeof DictionaryTypeBody>;
/** PUT /api/system/DictionaryType/{id}: isTree may be sent but cannot change. */
export const DictionaryTypeUpdateBody = DictionaryTypeBody.extend({ version });
export type DictionaryTypeUpdateBody = z.infer<typeof DictionaryTypeUpdateBody>;

/** POST /api/system/DictionaryData; a parentId equal to the type id means '0'. */
export const DictionaryDataBody = z.object({
  dictionaryTypeId: z.string({ message: '请选择字典分类' }).trim().min(1, '请选择字典分类').max(64),
  parentId: parentField,
  fullName: nameField('请输入名称', '字典名称最多为50个字符！'),
  // Entry codes have no character rule (as the 3.4.7 client's entry form); category codes do.
  enCode: z
    .string({ message: '请输入编码' })
    .trim()
    .min(1, '请输入编码')
    .max(Limits.codeMax, '字典编码最多为50个字符！'),
  enabledMark: flag('状态只能为0或1').default(1),
  sortCode,
  description,
});
export type DictionaryDataBody = z.infer<typeof DictionaryDataBody>;
export const DictionaryDataUpdateBody = DictionaryDataBody.extend({ version });
export type DictionaryDataUpdateBody = z.infer<typeof DictionaryDataUpdateBody>;

/** GET /api/system/DictionaryData/{typeId}?keyword=&isTree= */
export const DictionaryDataQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  isTree: z.coerce.number().int().optional(),
});

export interface DictionaryTypeNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description: string | null;
  version: number;
  hasChildren: boolean;
  children: DictionaryTypeNode[];
}

export interface DictionaryDataNode {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  description: string | null;
  version: number;
  hasChildren: boolean;
  children: DictionaryDataNode[];
}

/** One type of GET /api/system/DictionaryData/All. */
export interface DictionaryAllItem {
  id: string;
  enCode: string;
  isTree: number;
  dictionaryList: { id: string; enCode: string; fullName: string; parentId: string; children: unknown[] }[];
}

// ----- Bill rules -----

export const BillRuleBody = z.object({
  fullName: z
    .string({ message: '请输入业务名称' })
    .trim()
    .min(1, '请输入业务名称')
    .max(Limits.nameMax, '业务名称最多为50个字符！')
    .regex(Patterns.name, '业务名称不能含有特殊字符'),
  enCode: z
    .string({ message: '请输入业务编码' })
    .trim()
    .min(1, '请输入业务编码')
    .max(Limits.codeMax, '业务编码最多为50个字符！')
    .regex(Patterns.code, '业务编码只能包含英文字母、数字和点，且点不能在开头或结尾'),
  category: z.string({ message: '请选择业务分类' }).trim().min(1, '请选择业务分类').max(64),
  prefix: z
    .string({ message: '请输入流水前缀' })
    .trim()
    .min(1, '请输入流水前缀')
    .max(20, '流水前缀最多为20个字符')
    .regex(/^[A-Za-z0-9_\-\p{Script=Han}]+$/u, '流水前缀只能包含字母、数字、汉字、下划线和连字符'),
  dateFormat: z.enum(BILL_DATE_FORMATS as [BillDateFormat, ...BillDateFormat[]], {
    message: '请选择流水日期',
  }),
  digit: z.coerce
    .string({ message: '请输入流水位数' })
    .regex(/^[1-9]$/, '流水位数必须是1-9的正整数')
    .transform(Number),
  startNumber: z.coerce
    .string({ message: '请输入流水起始' })
    .trim()
    .min(1, '请输入流水起始')
    .regex(/^\d+$/, '流水起始只能是数字')
    .refine((v) => !/^0+$/.test(v), '流水起始不能全为0'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type BillRuleBody = z.infer<typeof BillRuleBody>;
export const BillRuleUpdateBody = BillRuleBody.extend({ version });
export type BillRuleUpdateBody = z.infer<typeof BillRuleUpdateBody>;

export const BillRuleListQuery = PageQuery.extend({
  categoryId: z.string().trim().max(64).optional().default(''),
});

export interface BillRuleItem {
  id: string;
  fullName: string;
  enCode: string;
  /** The businessType entry's id; in lists its name (the id when the entry is gone). */
  category: string;
  categoryName: string | null;
  prefix: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: string;
  example: string;
  /** The last number handed out, or '' before the first. */
  outputNumber: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  /** "realName/account" of the creator. */
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

// ----- Areas -----

export const AreaBody = z.object({
  parentId: z.string({ message: '上级不能为空' }).trim().min(1, '上级不能为空').max(64),
  fullName: nameField('请输入区域名称', '区域名称最多为50个字符！'),
  enCode: z
    .string({ message: '请输入区域编码' })
    .trim()
    .min(1, '请输入区域编码')
    .max(Limits.codeMax, '区域编码最多为50个字符！')
    .regex(Patterns.code, '区域编码只能包含英文字母、数字和点，且点不能在开头或结尾'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type AreaBody = z.infer<typeof AreaBody>;
export const AreaUpdateBody = AreaBody.extend({ version });
export type AreaUpdateBody = z.infer<typeof AreaUpdateBody>;

/** POST /api/system/Area/GetAreaByIds: each inner list is one path of ids. */
export const AreaByIdsBody = z.object({
  idsList: z
    .array(z.array(z.string().max(64)).max(10), { message: 'idsList必须是数组的数组' })
    .max(500, '一次最多500条'),
});

export interface AreaNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: number;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  version: number;
  isLeaf: boolean;
  hasChildren: boolean;
}

// ----- System configuration -----

const int = (min: number, max: number, label: string) =>
  z.coerce
    .number({ message: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(min, `${label}范围为${min}-${max}`)
    .max(max, `${label}范围为${min}-${max}`);
const switch01 = (label: string) =>
  z.coerce.number({ message: `${label}只能为0或1` }).refine((v) => v === 0 || v === 1, `${label}只能为0或1`);
const text = (max: number, label: string) => z.string().max(max, `${label}最多为${max}个字符`);
const baseUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(200, `${label}最多为200个字符`)
    .regex(/^https?:\/\/[^\s/?#]+(?::\d+)?(\/[^\s?#]*)?$/, `${label}必须是http或https地址`)
    .transform((v) => v.replace(/\/+$/, ''));

/**
 * PUT /api/system/SysConfig: the settings the page edits. Every key is optional (only what is
 * sent changes); keys the server does not know are refused. Settings added later that are
 * not named here are accepted by the server with the type of their default.
 */
export const SysConfigFields = {
  sysName: z.string().trim().min(1, '请输入系统名称').max(50, '系统名称最多为50个字符'),
  sysVersion: text(50, '系统版本'),
  copyright: text(200, '版权信息'),
  companyName: text(100, '公司名称'),
  logoIcon: text(500, '系统图标'),
  navigationIcon: text(500, '导航图标'),
  loginIcon: text(500, '登录图标'),
  passwordStrengthLimit: switch01('密码强度限制'),
  passwordLengthMin: switch01('密码最小长度'),
  passwordLengthMinNumber: int(6, 16, '最小长度值'),
  containsNumbers: switch01('包含数字'),
  includeLowercaseLetters: switch01('包含小写字母'),
  includeUppercaseLetters: switch01('包含大写字母'),
  containsCharacters: switch01('包含字符'),
  mandatoryModificationOfInitialPassword: switch01('强制修改初始密码'),
  enableVerificationCode: switch01('登录验证码'),
  verificationCodeNumber: int(3, 6, '验证码位数'),
  passwordErrorsNumber: int(3, 20, '密码错误次数'),
  lockTime: int(1, 1440, '锁定时间'),
  tokenTimeout: int(5, 10_080, '登录超时'),
  singleLogin: z.coerce
    .number({ message: '登录方式只能为1或2' })
    .refine((v) => v === 1 || v === 2, '登录方式只能为1或2'),
  qyhBaseUrl: baseUrl('企业微信接口地址'),
  qyhCorpId: text(100, '企业号Id'),
  qyhAgentId: text(100, '应用凭证'),
  qyhAgentSecret: text(200, '凭证密钥'),
  qyhCorpSecret: text(200, '同步密钥'),
  dingBaseUrl: baseUrl('钉钉接口地址'),
  dingSynAppKey: text(100, 'AppKey'),
  dingSynAppSecret: text(200, 'AppSecret'),
  dingAgentId: text(100, 'AgentId'),
} as const;

/** POST /api/system/SysConfig/{type}/testQyWebChatConnect; missing fields come from the settings. */
export const QyWebChatTestBody = z.object({
  qyhCorpId: text(100, '企业号Id').optional(),
  qyhAgentSecret: text(200, '凭证密钥').optional(),
  qyhCorpSecret: text(200, '同步密钥').optional(),
});
/** POST /api/system/SysConfig/testDingTalkConnect */
export const DingTalkTestBody = z.object({
  dingSynAppKey: text(100, 'AppKey').optional(),
  dingSynAppSecret: text(200, 'AppSecret').optional(),
});

/** PUT /api/system/SysConfig/setAdminList */
export const SetAdminListBody = z.object({
  adminIds: z.array(z.string().min(1).max(64), { message: 'adminIds必须是数组' }).max(1000),
});

/** One row of GET /api/system/SynThirdInfo/getSynThirdTotal/{type}. */
export interface SynThirdTotal {
  synType: '组织' | '用户';
  recordTotal: number;
  synSuccessCount: number;
  synFailCount: number;
  unSynCount: number;
  synDate: number | null;
}
