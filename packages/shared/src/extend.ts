import { z } from 'zod';
import { Limits, Patterns } from './patterns.js';
import { PageQuery } from './system.js';

// ----- extend/document: the personal document centre (knowledge.md 3) -----

/** 0 folder, 1 file. */
export const DocumentType = { Folder: 0, File: 1 } as const;

/** A name of a folder or file: no path separators or control characters. */
const documentName = z
  .string({ message: '请输入名称' })
  .trim()
  .min(1, '请输入名称')
  .max(100, '名称最多为100个字符')
  .refine(
    (name) => !/[\\/:*?"<>|]/.test(name) && [...name].every((c) => c.charCodeAt(0) >= 0x20),
    '名称不能包含 \\ / : * ? " < > | 或控制字符',
  );

const documentId = z.string().trim().min(1, '请选择文件夹').max(64, '文件夹无效');

/** GET /api/extend/Document */
export const DocumentListQuery = z.object({
  keyword: z.string().trim().max(100, '关键词最多为100个字符').optional().default(''),
  parentId: documentId.optional().default('0'),
  sidx: PageQuery.shape.sidx,
});
export type DocumentListQuery = z.infer<typeof DocumentListQuery>;

/** POST /api/extend/Document: a new folder. */
export const DocumentFolderBody = z.object({
  fullName: documentName,
  type: z.coerce.number().pipe(z.literal(0, '只能新建文件夹（type 为 0）')).default(0),
  parentId: documentId.default('0'),
});
export type DocumentFolderBody = z.infer<typeof DocumentFolderBody>;

/** PUT /api/extend/Document/{id}: rename. */
export const DocumentRenameBody = z.object({
  fullName: documentName,
  version: z.coerce.number().int().min(0).optional(),
});
export type DocumentRenameBody = z.infer<typeof DocumentRenameBody>;

/** POST /api/extend/Document/{id}/Actions/Share: the users who see the file from now on. */
export const DocumentShareBody = z.object({
  userId: z
    .string({ message: '请选择共享人员' })
    .trim()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64)).min(1, '请选择共享人员').max(200, '一次最多共享给200人')),
});
export type DocumentShareBody = z.infer<typeof DocumentShareBody>;

/** POST /api/extend/Document/merge: a chunk-uploaded file (see /api/file/chunk) becomes a document. */
export const DocumentMergeBody = z.object({
  identifier: z.string().regex(/^[0-9a-f]{32}$/, '文件标识无效，请重新选择文件'),
  totalSize: z.coerce.number('文件大小无效').int('文件大小无效').min(1, '文件大小无效'),
  fileName: documentName,
  extension: z
    .string()
    .transform((value) => value.trim().toLowerCase().replace(/^\./, ''))
    .pipe(z.string().regex(/^[a-z0-9]{0,8}$/, '文件扩展名无效'))
    .optional()
    .default(''),
  parentId: documentId.default('0'),
});
export type DocumentMergeBody = z.infer<typeof DocumentMergeBody>;

/** A row of the document lists. */
export interface DocumentRow {
  id: string;
  fullName: string;
  type: 0 | 1;
  parentId: string;
  fileSize: number;
  fileExtension: string;
  isShare: number;
  /** 1 when the browser can show it (images, PDF, plain text). */
  isPreview: number;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
  /** Shared-to-me: who shared it; share lists: when. */
  creatorUserName?: string;
  shareTime?: number;
  deleteTime?: number | null;
}

/** A folder of the move-to tree; id '0' is the top (全部文档). */
export interface DocumentFolderNode {
  id: string;
  fullName: string;
  parentId: string;
  children: DocumentFolderNode[];
}

/** A user a file is shared with (GET /Document/ShareUser/{id}). */
export interface DocumentShareUser {
  shareUserId: string;
  realName: string;
  account: string;
  shareTime: number;
}

/** Extensions the browser shows in the preview dialog. */
export const DOCUMENT_PREVIEW_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'bmp',
  'pdf',
  'txt',
  'md',
  'csv',
  'log',
  'json',
];

// ----- extend/bigData -----

/** GET /api/extend/BigData */
export const BigDataQuery = PageQuery;
export type BigDataQuery = z.infer<typeof BigDataQuery>;

export interface BigDataRow {
  id: string;
  enCode: string;
  fullName: string;
  description: string | null;
  creatorTime: number;
}

// ----- extend/projectGantt -----

const ganttTime = (label: string) =>
  z.coerce.number(`请选择${label}`).int(`请选择${label}`).min(1, `请选择${label}`);
const ganttCommon = {
  fullName: z.string({ message: '请输入名称' }).trim().min(1, '请输入名称').max(100, '名称最多为100个字符'),
  startTime: ganttTime('开始时间'),
  endTime: ganttTime('结束时间'),
  timeLimit: z.coerce
    .number('工期应为整数')
    .int('工期应为整数')
    .min(0, '工期不能为负')
    .max(3650, '工期最多3650天')
    .default(0),
  schedule: z.coerce
    .number('完成进度应为0到100')
    .int('完成进度应为0到100')
    .min(0, '完成进度应为0到100')
    .max(100, '完成进度应为0到100')
    .default(0),
  signColor: z
    .string()
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, '标记颜色应为 #RRGGBB')
    .optional()
    .default(''),
  /** Comma-joined user ids. */
  managerIds: z
    .string()
    .trim()
    .max(2000, '负责人过多')
    .optional()
    .default('')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ]),
  description: z.string().trim().max(500, '说明最多为500个字符').optional().default(''),
  version: z.coerce.number().int().min(0).optional(),
};
const endAfterStart = (body: { startTime: number; endTime: number }) => body.endTime >= body.startTime;
const END_MESSAGE = { message: '结束时间不能早于开始时间', path: ['endTime'] };

/** POST/PUT /api/extend/ProjectGantt */
export const ProjectBody = z
  .object({
    ...ganttCommon,
    enCode: z.string().trim().max(50, '编码最多为50个字符').optional().default(''),
    state: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], '状态应为1进行中、2已完成或3已暂停'))
      .default(1),
  })
  .refine(endAfterStart, END_MESSAGE);
export type ProjectBody = z.infer<typeof ProjectBody>;

/** POST/PUT /api/extend/ProjectGantt/Task: parentId is the project (top level) or one of its tasks. */
export const ProjectTaskBody = z
  .object({
    ...ganttCommon,
    projectId: z.string({ message: '请选择项目' }).trim().min(1, '请选择项目').max(64),
    parentId: z.string().trim().max(64).optional().default(''),
  })
  .refine(endAfterStart, END_MESSAGE);
export type ProjectTaskBody = z.infer<typeof ProjectTaskBody>;

export interface GanttManager {
  id: string;
  realName: string;
  account: string;
}

export interface ProjectRow {
  id: string;
  enCode: string;
  fullName: string;
  startTime: number;
  endTime: number;
  timeLimit: number;
  schedule: number;
  state: number;
  signColor: string;
  managerIds: string;
  managersInfo: GanttManager[];
  description: string;
  creatorTime: number;
  version: number;
}

export interface ProjectTaskNode {
  id: string;
  projectId: string;
  parentId: string;
  fullName: string;
  startTime: number;
  endTime: number;
  timeLimit: number;
  schedule: number;
  signColor: string;
  managerIds: string;
  managersInfo: GanttManager[];
  description: string;
  version: number;
  children: ProjectTaskNode[];
}

// ----- extend/importAndExport: the employee roster -----

/** GET /api/extend/Employee and GET /Employee/ExportExcelData */
export const EmployeeListQuery = PageQuery;
export type EmployeeListQuery = z.infer<typeof EmployeeListQuery>;

const optionalText = (label: string, max = 50) =>
  z.string().trim().max(max, `${label}最多为${max}个字符`).optional().default('');
const optionalPattern = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), message)
    .optional()
    .default('');

/**
 * One employee as the import sheet holds it: texts as typed, dates as epoch ms or null (the
 * server reads 'yyyy-mm-dd' cells into them first).
 */
export const EmployeeBody = z.object({
  enCode: z
    .string({ message: '请输入工号' })
    .trim()
    .min(1, '请输入工号')
    .max(Limits.codeMax, `工号最多为${Limits.codeMax}个字符`)
    .regex(/^[A-Za-z0-9_-]+$/, '工号只能包含字母、数字、下划线和连字符'),
  fullName: z
    .string({ message: '请输入姓名' })
    .trim()
    .min(1, '请输入姓名')
    .max(Limits.nameMax, `姓名最多为${Limits.nameMax}个字符`),
  gender: z
    .string()
    .trim()
    .refine((v): boolean => ['', '男', '女'].includes(v), '性别只能为男或女')
    .optional()
    .default(''),
  departmentName: optionalText('部门'),
  positionName: optionalText('岗位'),
  workingNature: optionalText('用工性质'),
  idNumber: optionalPattern(Patterns.idCard, '身份证号格式不正确'),
  telephone: optionalPattern(Patterns.mobile, '联系电话应为11位手机号'),
  birthday: z.number().int().nullable().default(null),
  attendWorkTime: z.number().int().nullable().default(null),
  education: optionalText('最高学历'),
  major: optionalText('所学专业'),
  graduationAcademy: optionalText('毕业院校', 100),
  graduationTime: z.number().int().nullable().default(null),
});
export type EmployeeBody = z.infer<typeof EmployeeBody>;

/** A row of the employee list. */
export interface EmployeeRow extends EmployeeBody {
  id: string;
  creatorTime: number;
}

// ----- extend/saleOrder: sales orders with customers, goods and order lines -----

/** GET /api/extend/saleOrder/Product */
export const SaleProductListQuery = PageQuery;
export type SaleProductListQuery = z.infer<typeof SaleProductListQuery>;

/** GET /saleOrder/Customer, /Goods, /Goods/Selector */
export const SaleLookupQuery = PageQuery;
export type SaleLookupQuery = z.infer<typeof SaleLookupQuery>;

/** GET /saleOrder/Goods/getGoodList?type= */
export const SaleGoodsTypeQuery = z.object({
  type: z.string({ message: '请选择商品分类' }).trim().min(1, '请选择商品分类').max(50),
});

export const money = (label: string) =>
  z.coerce
    .number(`请输入${label}`)
    .min(0, `${label}不能为负数`)
    .max(9_999_999_999, `${label}过大`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}最多两位小数`)
    .transform((v) => Math.round(v * 100) / 100);

/** One line of a sales order: the goods, how many and at what price (the amount is worked out). */
export const SaleProductLine = z.object({
  goodsId: z.string({ message: '请选择商品' }).trim().min(1, '请选择商品').max(64),
  qty: money('数量').refine((v) => v > 0, '数量必须大于0'),
  price: money('单价'),
  description: z.string().trim().max(200, '备注最多为200个字符').optional().default(''),
});
export type SaleProductLine = z.infer<typeof SaleProductLine>;

/** POST /api/extend/saleOrder/Product; PUT /Product/{id} adds the version read. */
export const SaleProductBody = z.object({
  code: z
    .string({ message: '请输入订单编号' })
    .trim()
    .min(1, '请输入订单编号')
    .max(Limits.codeMax, `订单编号最多为${Limits.codeMax}个字符`)
    .regex(/^[A-Za-z0-9_-]+$/, '订单编号只能包含字母、数字、下划线和连字符'),
  customerId: z.string({ message: '请选择客户' }).trim().min(1, '请选择客户').max(64),
  salesmanName: z
    .string()
    .trim()
    .max(Limits.nameMax, `业务员最多为${Limits.nameMax}个字符`)
    .optional()
    .default(''),
  salesmanDate: z.coerce.number('请选择销售日期').int('请选择销售日期').min(1, '请选择销售日期'),
  description: z.string().trim().max(500, '说明最多为500个字符').optional().default(''),
  goodsList: z
    .array(SaleProductLine, { message: '请添加订单明细' })
    .min(1, '请添加订单明细')
    .max(200, '订单明细最多200行'),
});
export type SaleProductBody = z.infer<typeof SaleProductBody>;
export const SaleProductUpdateBody = SaleProductBody.extend({
  version: z.coerce.number('缺少数据版本，请刷新后重试').int().min(0),
});
export type SaleProductUpdateBody = z.infer<typeof SaleProductUpdateBody>;

export interface SaleCustomer {
  id: string;
  code: string;
  fullName: string;
  contactName: string;
  contactTel: string;
  address: string;
}

export interface SaleGoods {
  id: string;
  code: string;
  fullName: string;
  type: string;
  specification: string;
  unit: string;
  price: number;
}

export interface SaleProductEntry {
  id: string;
  goodsId: string;
  goodsCode: string;
  goodsName: string;
  specification: string;
  unit: string;
  qty: number;
  price: number;
  amount: number;
  description: string;
}

/** A row of the sales order list. */
export interface SaleProductRow {
  id: string;
  code: string;
  customerId: string;
  customerName: string;
  salesmanName: string;
  salesmanDate: number;
  amount: number;
  description: string;
  creatorTime: number;
  version: number;
}

/** GET /Product/{id}: the order with its lines. */
export interface SaleProductInfo extends SaleProductRow {
  goodsList: SaleProductEntry[];
}

/** GET /saleOrder/Classify: the goods categories as a tree (one level). */
export interface SaleClassifyNode {
  id: string;
  fullName: string;
  children: SaleClassifyNode[];
}

// ----- extend demos: the 3.4.7 client's catalogue pages (src/views/extend/{tableDemo,graphDemo,formDemo}) -----

/** Table demos; their data is /api/extend/TableExample. */
export const TABLE_DEMOS = [
  'commonTable',
  'statisticsTable',
  'lockTable',
  'groupingTable',
  'redactTable',
  'complexHeader',
  'mergeTable',
  'printTable',
  'extension',
  'tableTree',
  'postilTable',
  'treeTable',
  'signTable',
  'commonForm',
] as const;
export type TableDemo = (typeof TABLE_DEMOS)[number];

/** Chart demos, all drawn with echarts (the second family's own library is not free for government use). */
export const GRAPH_DEMOS = [
  'echartsBar',
  'echartsBarAcross',
  'echartsCandlestick',
  'echartsFunnel',
  'echartsGauge',
  'echartsLineArea',
  'echartsLineBar',
  'echartsPie',
  'echartsScatter',
  'echartsTree',
  'highchartsArea',
  'highchartsBellcurve',
  'highchartsBullet',
  'highchartsColumn',
  'highchartsFunnel',
  'highchartsGauge',
  'highchartsLine',
  'highchartsPie',
  'highchartsScatter',
  'highchartsWordcloud',
] as const;
export type GraphDemo = (typeof GRAPH_DEMOS)[number];

/** Form demos: six field layouts, two validation forms. */
export const FORM_DEMOS = [
  'fieldForm1',
  'fieldForm2',
  'fieldForm3',
  'fieldForm4',
  'fieldForm5',
  'fieldForm6',
  'verifyForm',
  'verifyForm1',
] as const;
export type FormDemo = (typeof FORM_DEMOS)[number];
