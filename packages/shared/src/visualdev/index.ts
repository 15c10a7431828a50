import { z } from 'zod';
import { FormDataString } from '../form/schema.js';
import { PageQuery } from '../system.js';

/**
 * Online development designs (forms.md 4) and the generated pages' runtime calls (forms.md 5).
 * JSON parts travel as strings, as the 3.4.7 client sends them.
 */

/** A JSON text field that may be empty; when present it must parse. */
const JsonText = (name: string, max = 2_000_000) =>
  z
    .string({ error: `${name} must be a JSON string` })
    .max(max, `${name} is too large`)
    .optional()
    .default('')
    .superRefine((text, ctx) => {
      if (!text) return;
      try {
        JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} is not valid JSON` });
      }
    });

/** One entry of `tables` (forms.md 4). */
export const VisualTableSchema = z.looseObject({
  table: z.string().min(1).max(63),
  tableName: z.string().max(100).nullish(),
  typeId: z.enum(['0', '1']),
  relationTable: z.string().max(63).nullish(),
  relationField: z.string().max(63).nullish(),
  tableField: z.string().max(63).nullish(),
});
export type VisualTable = z.infer<typeof VisualTableSchema>;

const TablesText = z
  .string()
  .max(100_000)
  .optional()
  .default('[]')
  .superRefine((text, ctx) => {
    if (!text) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'tables is not valid JSON' });
      return;
    }
    const parsed = z.array(VisualTableSchema).max(20).safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      ctx.addIssue({ code: 'custom', message: `tables[${issue.path.join('.')}]: ${issue.message}` });
    }
  });

export const VisualDevType = { Web: 1, App: 2, FlowForm: 3, CodeGenWeb: 4, CodeGenApp: 5 } as const;
export const VisualWebType = { Form: 1, FormList: 2, FormListFlow: 3, DataView: 4 } as const;

/** POST /api/visualdev/Base and PUT /Base/{id} (whole record). */
export const VisualDevBody = z.object({
  fullName: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称最多为50个字符！'),
  enCode: z
    .string({ error: '请输入编码' })
    .trim()
    .min(1, '请输入编码')
    .max(50, '编码最多为50个字符！')
    .regex(/^[A-Za-z][A-Za-z0-9_.]*$/, '编码只能以字母开头，由字母、数字、下划线和点组成'),
  category: z.string({ error: '请选择分类' }).trim().min(1, '请选择分类').max(64),
  type: z.coerce.number().int().min(1).max(5).default(1),
  webType: z.coerce.number().int().min(1).max(4).default(2),
  enableFlow: z.coerce.number().int().min(0).max(1).default(0),
  state: z.coerce.number().int().min(0).max(1).default(1),
  sortCode: z.coerce
    .number()
    .int()
    .min(0, '排序范围为0-999999')
    .max(999_999, '排序范围为0-999999')
    .default(0),
  description: z.string().max(500, '说明最多为500个字符！').nullish(),
  dbLinkId: z.string().max(64).optional().default('0'),
  tables: TablesText,
  formData: FormDataString.optional(),
  columnData: JsonText('columnData'),
  appColumnData: JsonText('appColumnData'),
  interfaceId: z.string().max(64).nullish(),
  interfaceName: z.string().max(100).nullish(),
  interfaceParam: JsonText('interfaceParam'),
  flowTemplateJson: JsonText('flowTemplateJson'),
});
export type VisualDevBody = z.infer<typeof VisualDevBody>;

/** PUT /Base/{id}: the record plus the version it was read at (optimistic locking). */
export const VisualDevUpdateBody = VisualDevBody.extend({
  version: z.coerce.number().int().min(0).optional(),
});
export type VisualDevUpdateBody = z.infer<typeof VisualDevUpdateBody>;

export const VisualDevListQuery = PageQuery.extend({
  type: z.coerce.number().int().min(1).max(5).optional(),
  category: z.string().trim().max(64).optional().default(''),
});

export const VisualDevSelectorQuery = z.object({
  type: z.coerce.number().int().min(1).max(5).optional(),
  isRelease: z.coerce.number().int().min(0).max(1).optional(),
  webType: z.string().max(20).optional(),
  enableFlow: z.coerce.number().int().min(0).max(1).optional(),
});

/** POST /Base/{id}/Actions/Release (forms.md 4). */
export const VisualDevReleaseBody = z
  .object({
    pc: z.coerce.number().int().min(0).max(1).default(1),
    app: z.coerce.number().int().min(0).max(1).default(0),
    pcModuleParentId: z.string().max(64).optional().default(''),
    appModuleParentId: z.string().max(64).optional().default(''),
    pcSystemId: z.string().max(64).optional().default(''),
    appSystemId: z.string().max(64).optional().default(''),
  })
  .refine((b) => b.pc === 1 || b.app === 1, { message: '请至少选择一个发布端（pc 或 app）' })
  .refine((b) => b.pc === 0 || b.pcModuleParentId, {
    message: '请选择上级菜单（pcModuleParentId）',
    path: ['pcModuleParentId'],
  })
  .refine((b) => b.app === 0 || b.appModuleParentId, {
    message: '请选择 APP 端的上级菜单（appModuleParentId）',
    path: ['appModuleParentId'],
  });
export type VisualDevReleaseBody = z.infer<typeof VisualDevReleaseBody>;

/** A design as the list answers it (no JSON bodies). */
export interface VisualDevListItem {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  categoryName: string | null;
  type: number;
  webType: number;
  enableFlow: number;
  state: number;
  sortCode: number;
  description: string | null;
  isRelease: number;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** The whole record (GET /Base/{id}). */
export interface VisualDevInfo extends VisualDevListItem {
  dbLinkId: string;
  tables: string;
  formData: string;
  columnData: string;
  appColumnData: string;
  interfaceId: string | null;
  interfaceName: string | null;
  interfaceParam: string;
  flowTemplateJson: string;
}

// ----- Generated pages (forms.md 5) -----

/** POST /OnlineDev/{modelId}/List. */
export const OnlineListBody = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).default(20),
  sort: z.enum(['asc', 'desc']).optional().default('desc'),
  sidx: z.string().max(100).optional().default(''),
  keyword: z.string().trim().max(100).optional().default(''),
  menuId: z.string().max(64).optional().default(''),
  queryJson: z.string().max(20_000).optional().default(''),
  superQueryJson: z.string().max(50_000).optional().default(''),
  dataType: z.coerce.number().int().min(0).max(1).optional(),
});
export type OnlineListBody = z.infer<typeof OnlineListBody>;

/** POST /OnlineDev/{modelId} and PUT /OnlineDev/{modelId}/{id}: the record as a JSON string. */
export const OnlineDataBody = z.object({
  id: z.string().max(64).optional(),
  data: z.string({ error: 'data must be the record as a JSON string' }).min(2).max(5_000_000),
});
export type OnlineDataBody = z.infer<typeof OnlineDataBody>;

export const OnlineBatchDeleteBody = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, '请选择要删除的记录').max(1000),
});

export const OnlineExportBody = OnlineListBody.extend({
  dataType: z.coerce.number().int().min(0).max(1).default(0),
  selectKey: z.array(z.string().min(1).max(200)).min(1, '请选择导出字段').max(500),
});
export type OnlineExportBody = z.infer<typeof OnlineExportBody>;

/** GET /OnlineDev/{modelId}/Config. */
export interface OnlineConfig {
  formData: string;
  columnData: string;
  appColumnData: string;
  webType: number;
  enableFlow: number;
  flowId: string | null;
  flowEnCode: string | null;
  flowTemplateJson: string;
  fullName: string;
}

/** GET /OnlineDev/{modelId}/{id} and /DataChange. */
export interface OnlineRecord {
  id: string;
  data: string;
}

/** What the generated page's menu grants (the menu's enCode prefix of its items). */
export const GENERATED_BUTTONS = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
  ['btn_detail', '详情'],
  ['btn_export', '导出'],
  ['btn_import', '导入'],
  ['btn_batchRemove', '批量删除'],
] as const;
/** Class names of generated code: the only user input the code generator writes as an identifier. */
export const GeneratorClassName = /^[A-Z][A-Za-z0-9]{0,49}$/;
export const GeneratorModuleName = /^[a-z][a-zA-Z0-9]{0,29}$/;
export const GeneratorMessages = {
  className: '类名只能由字母和数字组成，以大写字母开头，最长50个字符',
  moduleName: '模块名只能由字母和数字组成，以小写字母开头，最长30个字符',
} as const;

/** POST /Generater/{id}/Actions/CodePreview and /DownloadCode (other.md 3). */
export const GeneratorCodeBody = z.object({
  module: z
    .string({ error: '请选择模块' })
    .trim()
    .regex(GeneratorModuleName, GeneratorMessages.moduleName)
    .default('example'),
  className: z
    .string({ error: '请输入类名' })
    .trim()
    .min(1, '请输入类名')
    .regex(GeneratorClassName, GeneratorMessages.className),
  subClassName: z
    .array(z.string().trim().regex(GeneratorClassName, GeneratorMessages.className))
    .max(20)
    .default([]),
  description: z.string().max(500, '说明最多为500个字符！').optional().default(''),
  modulePackageName: z.string().max(100).optional(),
});
export type GeneratorCodeBody = z.infer<typeof GeneratorCodeBody>;

export * from './reportPortal.js';
export * from './samples.js';
