import { z } from 'zod';
import { FormFields, PageQuery } from '../system.js';

/**
 * Data reports (`{reportServer}/api/datareport/Data`) and visual portals (`/api/visualdev/Portal`),
 * other.md 3. A report reads the rows of one data interface and shows them as a table (columns
 * with formats and totals) and charts; its filters are the interface's parameters. A portal is a
 * grid of widgets (formData) or a custom page/URL.
 */

// ----- Reports -----

export const REPORT_FORMATS = ['text', 'number', 'money', 'percent', 'date'] as const;
export const REPORT_TOTALS = ['none', 'sum', 'avg', 'count'] as const;
export const REPORT_CHARTS = ['bar', 'line', 'pie'] as const;

const fieldName = (what: string) =>
  z
    .string({ error: `${what}：请选择字段` })
    .trim()
    .min(1, `${what}：请选择字段`)
    .max(100, `${what}：字段名最多100个字符`);

export const ReportFilter = z.object({
  field: fieldName('查询条件'),
  label: z.string().trim().max(50, '查询条件名称最多50个字符').default(''),
  type: z
    .enum(['text', 'number', 'date'], { error: '查询条件类型只能是 text、number 或 date' })
    .default('text'),
  defaultValue: z.string().max(200).optional().default(''),
});
export type ReportFilter = z.infer<typeof ReportFilter>;

export const ReportColumn = z.object({
  field: fieldName('表格列'),
  label: z.string().trim().max(50, '列名最多50个字符').default(''),
  format: z
    .enum(REPORT_FORMATS, { error: '列格式只能是 text、number、money、percent 或 date' })
    .default('text'),
  decimals: z.coerce.number().int().min(0).max(6, '小数位数为0-6').default(2),
  width: z.coerce.number().int().min(40).max(800).optional(),
  total: z.enum(REPORT_TOTALS, { error: '合计方式只能是 none、sum、avg 或 count' }).default('none'),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportChart = z
  .object({
    type: z.enum(REPORT_CHARTS, { error: '图表类型只能是 bar、line 或 pie' }),
    title: z.string().trim().max(50, '图表标题最多50个字符').default(''),
    xField: fieldName('图表分类轴'),
    yFields: z.array(fieldName('图表数值')).min(1, '图表至少需要一个数值字段').max(8, '图表最多8个数值字段'),
  })
  .refine((c) => c.type !== 'pie' || c.yFields.length === 1, '饼图只能有一个数值字段');
export type ReportChart = z.infer<typeof ReportChart>;

export const ReportDefinition = z.object({
  filters: z.array(ReportFilter).max(20, '查询条件最多20个').default([]),
  columns: z.array(ReportColumn).min(1, '报表至少需要一列').max(100, '报表最多100列'),
  charts: z.array(ReportChart).max(6, '图表最多6个').default([]),
});
export type ReportDefinition = z.infer<typeof ReportDefinition>;

/** The definition in a report's JSON text, or the reason it is not one. */
export function parseReportData(
  text: string,
): { ok: true; report: ReportDefinition } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'reportData 不是有效的 JSON' };
  }
  const parsed = ReportDefinition.safeParse(value);
  if (parsed.success) return { ok: true, report: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, message: `reportData.${issue.path.join('.')}：${issue.message}` };
}

const ReportDataText = z
  .string({ error: '请设计报表' })
  .max(200_000, '报表定义过大')
  .superRefine((text, ctx) => {
    const parsed = parseReportData(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

/** POST {reportServer}/api/datareport/Data and PUT /Data/{id}. */
export const DataReportBody = z.object({
  fullName: FormFields.nameField('请输入报表名称', '报表名称最多为50个字符！'),
  enCode: FormFields.codeField('请输入报表编码', '报表编码最多为50个字符！'),
  categoryId: z.string({ error: '请选择报表分类' }).trim().min(1, '请选择报表分类').max(64),
  interfaceId: z.string({ error: '请选择数据接口' }).trim().min(1, '请选择数据接口').max(64),
  reportData: ReportDataText,
  sortCode: FormFields.sortCode,
  enabledMark: FormFields.flag('状态只能为0或1').default(1),
  description: FormFields.description,
});
export type DataReportBody = z.infer<typeof DataReportBody>;
export const DataReportUpdateBody = DataReportBody.extend({ version: FormFields.version });
export type DataReportUpdateBody = z.infer<typeof DataReportUpdateBody>;

export const DataReportListQuery = PageQuery.extend({
  categoryId: z.string().trim().max(64).optional().default(''),
});

/** Running a report: values of its filters by field. */
export const DataReportRunBody = z.object({
  params: z
    .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.null()]), {
      error: 'params 必须是以参数名为键的对象',
    })
    .optional()
    .default({}),
});

export interface DataReportItem {
  id: string;
  fullName: string;
  enCode: string;
  categoryId: string;
  categoryName: string | null;
  interfaceId: string;
  interfaceName: string | null;
  reportData: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

const NUMBER_FORMATS = new Set<string>(['number', 'money', 'percent']);

/** A cell's number, or null when it is not one (totals skip it). */
export function cellNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A cell as the column formats it (thousands separators, currency, percent, date). */
export function formatReportCell(value: unknown, column: Pick<ReportColumn, 'format' | 'decimals'>): string {
  if (value === null || value === undefined) return '';
  if (NUMBER_FORMATS.has(column.format)) {
    const n = cellNumber(value);
    if (n === null) return String(value);
    const digits = { minimumFractionDigits: column.decimals, maximumFractionDigits: column.decimals };
    if (column.format === 'percent') return `${(n * 100).toLocaleString('en-US', digits)}%`;
    const text = n.toLocaleString('en-US', digits);
    return column.format === 'money' ? `¥${text}` : text;
  }
  if (column.format === 'date') {
    const n = cellNumber(value);
    const date = n !== null ? new Date(n) : new Date(String(value));
    if (Number.isNaN(date.getTime())) return String(value);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A column's total over the rows (null when the column has none or no numbers). */
export function reportColumnTotal(rows: Record<string, unknown>[], column: ReportColumn): number | null {
  if (column.total === 'none') return null;
  if (column.total === 'count')
    return rows.filter((r) => r[column.field] != null && r[column.field] !== '').length;
  const numbers = rows.map((r) => cellNumber(r[column.field])).filter((n): n is number => n !== null);
  if (numbers.length === 0) return null;
  const sum = numbers.reduce((a, b) => a + b, 0);
  return column.total === 'sum' ? sum : sum / numbers.length;
}

// ----- Portals -----

/** The portal grid's width in columns. */
export const PORTAL_COLUMNS = 24;

/** The 23 widget keys of other.md 3. */
export const PORTAL_WIDGET_KEYS = [
  'card',
  'tab',
  'collapse',
  'notice',
  'email',
  'todoList',
  'todo',
  'commonFunc',
  'dataBoard',
  'tableList',
  'text',
  'image',
  'carousel',
  'video',
  'schedule',
  'iframe',
  'barChart',
  'pieChart',
  'lineChart',
  'radarChart',
  'mapChart',
  'rankList',
  'timeAxis',
] as const;

/** One widget on the grid: place, size, key, title and the key's own props. */
export const PortalLayoutItem = z
  .looseObject({
    i: z.string({ error: '组件缺少标识 i' }).min(1, '组件缺少标识 i').max(64),
    x: z.coerce
      .number()
      .int()
      .min(0, 'x 不能小于0')
      .max(PORTAL_COLUMNS - 1),
    y: z.coerce.number().int().min(0, 'y 不能小于0').max(10_000),
    w: z.coerce.number().int().min(1, '宽度至少为1').max(PORTAL_COLUMNS, `宽度最多为${PORTAL_COLUMNS}`),
    h: z.coerce.number().int().min(1, '高度至少为1').max(100, '高度最多为100'),
    jnpfKey: z.string({ error: '组件缺少 jnpfKey' }).min(1).max(50),
    title: z.string().max(100).optional(),
  })
  .refine((item) => item.x + item.w <= PORTAL_COLUMNS, `组件超出了${PORTAL_COLUMNS}列的宽度`);
export type PortalLayoutItem = z.infer<typeof PortalLayoutItem>;

export const PortalFormData = z.looseObject({
  layoutId: z.string().max(64).optional(),
  layout: z
    .array(PortalLayoutItem)
    .max(60, '一个门户最多60个组件')
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      for (const item of items) {
        if (seen.has(item.i)) ctx.addIssue({ code: 'custom', message: `组件标识重复：${item.i}` });
        seen.add(item.i);
      }
    }),
  refresh: z
    .object({
      autoRefresh: z.boolean().default(false),
      autoRefreshTime: z.coerce.number().int().min(1).max(1440).default(10),
    })
    .optional(),
});
export type PortalFormData = z.infer<typeof PortalFormData>;

/** The layout in a portal's formData text, or the reason it is not one. */
export function parsePortalFormData(
  text: string,
): { ok: true; form: PortalFormData } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'formData 不是有效的 JSON' };
  }
  const parsed = PortalFormData.safeParse(value);
  if (parsed.success) return { ok: true, form: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, message: `formData.${issue.path.join('.')}：${issue.message}` };
}

const PortalFormText = z
  .string()
  .max(500_000, '门户设计过大')
  .superRefine((text, ctx) => {
    if (!text) return;
    const parsed = parsePortalFormData(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  });

const HttpUrl = z
  .string()
  .trim()
  .max(500, '链接地址最多500个字符')
  .refine((v) => !v || /^(https?:\/\/|\/)/i.test(v), '链接地址须以 http://、https:// 或 / 开头');

/** POST /api/visualdev/Portal and PUT /Portal/{id}. */
export const PortalBody = z
  .object({
    fullName: FormFields.nameField('请输入门户名称', '门户名称最多为50个字符！'),
    enCode: FormFields.codeField('请输入门户编码', '门户编码最多为50个字符！'),
    category: z.string({ error: '请选择门户分类' }).trim().min(1, '请选择门户分类').max(64),
    type: z.coerce.number().int().min(0).max(1, '门户类型只能是0（设计）或1（自定义）').default(0),
    linkType: z.coerce.number().int().min(0).max(1, '链接类型只能是0（页面）或1（外链）').default(0),
    customUrl: HttpUrl.nullish(),
    appCustomUrl: HttpUrl.nullish(),
    enabledLock: FormFields.flag('锁定只能为0或1').default(1),
    formData: PortalFormText.optional().default(''),
    sortCode: FormFields.sortCode,
    enabledMark: FormFields.flag('状态只能为0或1').default(1),
    description: FormFields.description,
  })
  .refine((b) => b.type === 0 || Boolean(b.customUrl), {
    message: '自定义门户请填写页面或链接地址',
    path: ['customUrl'],
  });
export type PortalBody = z.infer<typeof PortalBody>;
export const PortalUpdateBody = PortalBody.and(z.object({ version: FormFields.version }));
export type PortalUpdateBody = z.infer<typeof PortalUpdateBody>;

export const PortalListQuery = PageQuery.extend({
  category: z.string().trim().max(64).optional().default(''),
});

/** PUT /Portal/Custom/Save/{id}: the user's own layout. */
export const PortalCustomBody = z.object({
  formData: z
    .string({ error: '请提供布局 formData' })
    .min(1, '请提供布局 formData')
    .max(500_000, '门户设计过大')
    .superRefine((text, ctx) => {
      const parsed = parsePortalFormData(text);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
    }),
});

/** PUT /Portal/Actions/release/{id}: the parent directory of the type-8 menu. */
export const PortalReleaseBody = z.object({
  pcModuleParentId: z.string({ error: '请选择上级菜单' }).trim().min(1, '请选择上级菜单').max(64),
});

export interface PortalItem {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  categoryName: string | null;
  type: number;
  linkType: number;
  customUrl: string | null;
  appCustomUrl: string | null;
  enabledLock: number;
  formData: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** GET /Portal/{id}/auth: what the runtime shows (the user's own layout when the portal allows one). */
export interface PortalAuth {
  id: string;
  fullName: string;
  type: number;
  linkType: number;
  customUrl: string | null;
  enabledLock: number;
  formData: string;
  /** 1 when formData is the user's own layout. */
  isCustom: number;
}
