/** Data interfaces and interface auth (system-data.md 3 and 4). */
import { z } from 'zod';
import { FormFields, PageQuery } from '../system.js';

/** dataType: 1 SQL, 2 static data, 3 HTTP API. */
export const DATA_INTERFACE_TYPES = [1, 2, 3] as const;
/** requestMethod of SQL (select only here) and of HTTP (6 GET, 7 POST). */
export const SQL_METHOD_SELECT = '3';
export const HTTP_METHODS = ['6', '7'] as const;

const jsonText = (label: string) =>
  z
    .string()
    .max(20_000, `${label}过长`)
    .optional()
    .default('[]')
    .refine((v) => {
      try {
        return Array.isArray(JSON.parse(v || '[]'));
      } catch {
        return false;
      }
    }, `${label}必须是JSON数组`);

export const RequestParameter = z.object({
  field: z
    .string({ message: '请输入参数名' })
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, '参数名只能由字母、数字和下划线组成，以字母或下划线开头'),
  fieldName: z.string().trim().max(50).optional().default(''),
  dataType: z.enum(['varchar', 'int', 'datetime', 'decimal']).optional().default('varchar'),
  required: z.coerce.number().int().min(0).max(1).optional().default(0),
  defaultValue: z.unknown().optional(),
});
export type RequestParameter = z.infer<typeof RequestParameter>;

export const FieldMapping = z.object({
  source: z.string().trim().min(1, '请输入原字段').max(100),
  target: z.string().trim().min(1, '请输入新字段').max(100),
});

export const DataInterfaceBody = z.object({
  categoryId: z.string({ message: '请选择接口分类' }).trim().min(1, '请选择接口分类').max(64),
  fullName: FormFields.nameField('请输入接口名称', '接口名称最多为50个字符'),
  enCode: FormFields.codeField('请输入接口编码', '接口编码最多为50个字符'),
  dataType: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2 || v === 3, '接口类型只能是1 SQL、2 静态数据、3 API'),
  requestMethod: z.string().trim().max(2).optional().default(''),
  dbLinkId: z.string().trim().max(64).nullish(),
  query: z.string().max(100_000, '查询语句过长').nullish(),
  path: z.string().trim().max(2000, '接口路径过长').nullish(),
  requestHeaders: jsonText('请求头'),
  requestParameters: jsonText('请求参数'),
  responseType: z.string().trim().max(20).optional().default('json'),
  checkType: z.coerce.number().int().min(0).max(1).optional().default(0),
  propertyJson: z.string().max(100_000).nullish(),
  /** Field mapping of result rows: [{source, target}] JSON. */
  fieldMapping: jsonText('字段映射'),
  /** The 3.4.7 client's JS post-processing: never run on this server, so only an empty one is taken. */
  dataProcessing: z.string().max(0, '本系统不在服务器上执行数据处理脚本，请改用字段映射').nullish(),
  sortCode: FormFields.sortCode,
  enabledMark: FormFields.flag('状态只能为0或1').default(1),
  description: FormFields.description,
});
export type DataInterfaceBody = z.infer<typeof DataInterfaceBody>;
export const DataInterfaceUpdateBody = DataInterfaceBody.extend({ version: FormFields.version });
export type DataInterfaceUpdateBody = z.infer<typeof DataInterfaceUpdateBody>;

export const DataInterfaceListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100).optional().default(''),
  categoryId: z.string().trim().max(64).optional().default(''),
  dataType: z.string().trim().max(2).optional().default(''),
  sidx: PageQuery.shape.sidx,
});

const ParamListItem = z
  .object({ field: z.string().max(100), defaultValue: z.unknown().optional() })
  .passthrough();
export const DataInterfacePreviewBody = z.object({
  paramList: z.array(ParamListItem).max(200).optional().default([]),
  tenantId: z.string().max(64).optional(),
});

export const DataInterfaceListBody = DataInterfacePreviewBody.extend({
  propsValue: z.string().max(100).optional().default(''),
  relationField: z.string().max(100).optional().default(''),
  columnOptions: z.string().max(2000).optional().default(''),
  keyword: z.string().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).optional().default(20),
});

export const DataInterfaceInfoByIdsBody = DataInterfacePreviewBody.extend({
  ids: z
    .array(z.union([z.string(), z.number()]))
    .max(1000)
    .optional()
    .default([]),
  propsValue: z.string().max(100).optional().default('id'),
  relationField: z.string().max(100).optional().default(''),
});

export interface DataInterfaceItem {
  id: string;
  categoryId: string;
  fullName: string;
  enCode: string;
  dataType: number;
  requestMethod: string;
  dbLinkId: string | null;
  query: string | null;
  path: string | null;
  requestHeaders: string;
  requestParameters: string;
  responseType: string;
  checkType: number;
  propertyJson: string;
  fieldMapping: string;
  dataProcessing: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
  tenantId: string | null;
}

// ----- Interface auth -----

export const InterfaceOauthBody = z.object({
  appId: z
    .string({ message: '请输入应用ID' })
    .trim()
    .min(1, '请输入应用ID')
    .max(50, '应用ID最多为50个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '应用ID只能由字母、数字、下划线和连字符组成'),
  appName: FormFields.nameField('请输入应用名称', '应用名称最多为50个字符'),
  appSecret: z
    .string({ message: '请生成应用秘钥' })
    .trim()
    .regex(/^[A-Za-z0-9+/=_-]{16,128}$/, '应用秘钥须为16-128位字母数字（可用"获取秘钥"生成）'),
  verifySignature: FormFields.flag('签名验证只能为0或1').default(0),
  usefulLife: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.coerce.number({ message: '有效期必须是日期' }).int().min(0).nullable(),
  ),
  whiteList: z.string().max(4000, '白名单过长').nullish(),
  blackList: z.string().max(4000).nullish(),
  dataInterfaceIds: z.string().max(20_000).optional().default(''),
  sortCode: FormFields.sortCode,
  enabledMark: FormFields.flag('状态只能为0或1').default(1),
  description: FormFields.description,
});
export type InterfaceOauthBody = z.infer<typeof InterfaceOauthBody>;
export const InterfaceOauthUpdateBody = InterfaceOauthBody.extend({ version: FormFields.version });
export type InterfaceOauthUpdateBody = z.infer<typeof InterfaceOauthUpdateBody>;

export const SaveInterfaceListBody = z.object({
  interfaceIdentId: z.string({ message: '缺少应用' }).trim().min(1, '缺少应用').max(64),
  dataInterfaceIds: z.string().max(20_000).optional().default(''),
});

export interface InterfaceOauthItem {
  id: string;
  appId: string;
  appName: string;
  appSecret: string;
  verifySignature: number;
  usefulLife: number | null;
  whiteList: string | null;
  blackList: string | null;
  dataInterfaceIds: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** One call in the log of an interface or an app. */
export interface DataInterfaceLogItem {
  id: string;
  fullName?: string;
  enCode?: string;
  url?: string;
  invokTime: number;
  userId: string;
  invokIp: string | null;
  invokDevice: string | null;
  invokType: string;
  invokWasteTime: number;
  success: number;
  message: string | null;
}
