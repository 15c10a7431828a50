/** Requests and answers of print templates and the print log (system-admin.md 7.3). */
import { z } from 'zod';
import { FormFields, PageQuery } from '../system.js';

/** Paper sizes of pageParam.type in millimetres (portrait): 1 A3, 2 A4, 3 A5, 4 B3, 5 B5; 6 custom. */
export const PRINT_PAPER: Readonly<Record<string, { width: number; height: number }>> = {
  '1': { width: 297, height: 420 },
  '2': { width: 210, height: 297 },
  '3': { width: 148, height: 210 },
  '4': { width: 353, height: 500 },
  '5': { width: 176, height: 250 },
};

export const PageParam = z.object({
  type: z.enum(['1', '2', '3', '4', '5', '6'], { message: '请选择纸张大小' }).default('2'),
  width: z.coerce.number().min(10, '纸张宽度为10-2000毫米').max(2000, '纸张宽度为10-2000毫米').default(210),
  height: z.coerce.number().min(10, '纸张高度为10-2000毫米').max(2000, '纸张高度为10-2000毫米').default(297),
  direction: z.enum(['纵向', '横向'], { message: '纸张方向只能是纵向或横向' }).default('纵向'),
  mt: z.coerce.number().min(0, '页边距为0-100毫米').max(100, '页边距为0-100毫米').default(10),
  mb: z.coerce.number().min(0, '页边距为0-100毫米').max(100, '页边距为0-100毫米').default(10),
  ml: z.coerce.number().min(0, '页边距为0-100毫米').max(100, '页边距为0-100毫米').default(10),
  mr: z.coerce.number().min(0, '页边距为0-100毫米').max(100, '页边距为0-100毫米').default(10),
});
export type PageParam = z.infer<typeof PageParam>;
export const DEFAULT_PAGE_PARAM: PageParam = PageParam.parse({});

/** Reads a stored pageParam text; anything unreadable is the default A4 page. */
export function readPageParam(text: string | null | undefined): PageParam {
  if (!text) return DEFAULT_PAGE_PARAM;
  try {
    const parsed = PageParam.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : DEFAULT_PAGE_PARAM;
  } catch {
    return DEFAULT_PAGE_PARAM;
  }
}

/** Page width and height in mm after the direction. */
export function pageSize(param: PageParam): { width: number; height: number } {
  const paper = PRINT_PAPER[param.type] ?? { width: param.width, height: param.height };
  const [short, long] = [Math.min(paper.width, paper.height), Math.max(paper.width, paper.height)];
  return param.direction === '横向' ? { width: long, height: short } : { width: short, height: long };
}

/** At most this many SQL statements: the header and nine detail groups. */
export const PRINT_SQL_MAX = 10;

/** sqlTemplate: JSON text of [{sql}], each a single SELECT naming @formId. */
export const SqlTemplate = z
  .string({ message: '请输入数据SQL' })
  .max(20_000, '数据SQL最多为20000个字符')
  .superRefine((text, ctx) => {
    let list: unknown;
    try {
      list = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: '数据SQL格式错误：应为 [{"sql": "select …"}]' });
      return;
    }
    if (!Array.isArray(list) || list.length === 0) {
      ctx.addIssue({ code: 'custom', message: '请至少输入一条数据SQL（第一条为主表）' });
      return;
    }
    if (list.length > PRINT_SQL_MAX) {
      ctx.addIssue({ code: 'custom', message: `数据SQL最多${PRINT_SQL_MAX}条` });
      return;
    }
    list.forEach((item, i) => {
      const sql = item && typeof item === 'object' ? (item as { sql?: unknown }).sql : undefined;
      if (typeof sql !== 'string' || !sql.trim())
        ctx.addIssue({ code: 'custom', message: `第${i + 1}条数据SQL为空` });
      else if (!sql.includes('@formId'))
        ctx.addIssue({ code: 'custom', message: `第${i + 1}条数据SQL必须用 @formId 过滤业务主键` });
    });
  });

/** The statements of a stored sqlTemplate (already checked when saved). */
export function sqlStatements(text: string): string[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list)
      ? list.map((item) => String((item as { sql?: unknown } | null)?.sql ?? '')).filter(Boolean)
      : [];
  } catch {
    return [];
  }
}

/** POST /api/system/printDev */
export const PrintDevBody = z.object({
  fullName: FormFields.nameField('请输入模板名称', '模板名称最多为50个字符！'),
  enCode: FormFields.codeField('请输入模板编码', '模板编码最多为50个字符！'),
  category: z.string({ message: '请选择模板分类' }).trim().min(1, '请选择模板分类').max(64),
  type: z.coerce
    .number({ message: '请选择模板类型' })
    .int()
    .refine((v) => v === 1 || v === 2, '模板类型只能是1（流程表单）或2（功能表单）'),
  dbLinkId: z.string().trim().max(64).default('0'),
  sqlTemplate: SqlTemplate,
  leftFields: z.string().max(2000).nullish(),
  printTemplate: z.string({ message: '请设计模板内容' }).max(500_000, '模板内容最多为500000个字符'),
  pageParam: z
    .string()
    .max(1000)
    .nullish()
    .superRefine((text, ctx) => {
      if (!text) return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: '纸张设置格式错误' });
        return;
      }
      const parsed = PageParam.safeParse(value);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '纸张设置错误' });
    }),
  sortCode: FormFields.sortCode,
  enabledMark: FormFields.flag('状态只能是0或1').default(1),
  description: FormFields.description,
});
export type PrintDevBody = z.infer<typeof PrintDevBody>;
export const PrintDevUpdateBody = PrintDevBody.extend({ version: FormFields.version });
export type PrintDevUpdateBody = z.infer<typeof PrintDevUpdateBody>;

export const PrintDevListQuery = PageQuery.extend({
  category: z.string().trim().max(64).optional().default(''),
});

/** GET /printDev/Data and /BatchData: the template and the record key(s). */
export const PrintDataQuery = z.object({
  id: z.string({ message: '请选择打印模板' }).trim().min(1, '请选择打印模板').max(64),
  formId: z.string({ message: '缺少业务主键formId' }).trim().min(1, '缺少业务主键formId').max(4000),
});

export const PrintFieldsBody = z.object({
  dbLinkId: z.string().trim().max(64).default('0'),
  sqlTemplate: SqlTemplate,
});

export const PrintLogBody = z.object({
  printId: z.string({ message: '缺少打印模板' }).trim().min(1, '缺少打印模板').max(64),
  printTitle: z
    .string({ message: '缺少打印标题' })
    .trim()
    .min(1, '缺少打印标题')
    .max(200, '打印标题最多为200个字符'),
  printNum: z.coerce
    .number({ message: '打印份数必须是数字' })
    .int('打印份数必须是整数')
    .min(1, '打印份数为1-10000')
    .max(10_000, '打印份数为1-10000'),
});

export const PrintLogQuery = PageQuery.extend({
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
});

export interface PrintDevItem {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  categoryName: string | null;
  type: number;
  dbLinkId: string;
  sqlTemplate: string;
  leftFields: string;
  printTemplate: string;
  pageParam: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

export interface PrintFieldGroup {
  id: string;
  fullName: string;
  children: { id: string; fullName: string }[];
}

export interface PrintDataAnswer {
  printTemplate: string;
  pageParam: string;
  fullName: string;
  printData: Record<string, unknown>;
  operatorRecordList: {
    nodeName: string | null;
    userName: string | null;
    handleTime: number | null;
    handleStatus: number | null;
    handleOpinion: string | null;
  }[];
}

export interface PrintLogItem {
  id: string;
  printTitle: string;
  printMan: string;
  printTime: number;
  printNum: number;
}
