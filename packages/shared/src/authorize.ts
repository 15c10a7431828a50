/** Requests of permission/authorize (console.md 2.6) and the list column settings. */
import { z } from 'zod';

/** The objects grants are given to. */
export const GRANT_OBJECT_TYPES = ['Role', 'Position', 'User'] as const;
export type GrantObjectType = (typeof GRANT_OBJECT_TYPES)[number];
const objectType = z.enum(GRANT_OBJECT_TYPES, { message: '授权对象类型只能是Role、Position或User' });

/** The six tabs of the authorise page, in order. */
export const AUTHORIZE_TABS = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type AuthorizeTab = (typeof AUTHORIZE_TABS)[number];

const ids = z
  .array(z.string().trim().min(1).max(64), { message: '授权项必须是id列表' })
  .max(20_000, '授权项过多');
/** A comma list of ids (the 3.4.7 client joins them). */
const idList = z
  .string()
  .max(400_000)
  .optional()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * POST Authority/Data/{objectId}/Values: one tab's tree. `moduleIds` narrows it: for the module tab
 * the chosen application ids, for the item tabs the chosen menu ids (empty: the object's own).
 */
export const AuthorizeValuesBody = z.object({
  type: z.enum(AUTHORIZE_TABS, { message: '类型不能为空' }),
  moduleIds: idList,
  objectType: objectType.optional(),
});
export type AuthorizeValuesBody = z.infer<typeof AuthorizeValuesBody>;

/** A node of a tab's tree: an application, a menu, or an item of a page. */
export interface AuthorizeTreeNode {
  id: string;
  parentId: string;
  fullName: string;
  icon: string | null;
  sortCode: number;
  /** system | module | button | column | form | resource */
  type: string;
  /** The page an item belongs to (items only). */
  moduleId?: string;
  hasChildren: boolean;
  children: AuthorizeTreeNode[];
}
export interface AuthorizeValues {
  list: AuthorizeTreeNode[];
  /** Ids in this tree the object holds. */
  ids: string[];
  /** Every id in this tree (for select all). */
  all: string[];
}

/**
 * PUT Authority/Data/{objectId}: replaces the object's grants for every tab sent (an omitted tab
 * stays as it is). Ids of tree parents of another kind (applications in `module`, menus in the
 * item tabs) are accepted and ignored, as the 3.4.7 client sends its half-checked nodes.
 */
export const AuthorizeDataBody = z.object({
  objectType,
  systemIds: ids.optional(),
  module: ids.optional(),
  button: ids.optional(),
  column: ids.optional(),
  form: ids.optional(),
  resource: ids.optional(),
});
export type AuthorizeDataBody = z.infer<typeof AuthorizeDataBody>;

/** POST Authority/Data/Batch: adds the items to every object listed (nothing is removed). */
export const AuthorizeBatchBody = z
  .object({
    roleIds: ids.optional().default([]),
    positionIds: ids.optional().default([]),
    userIds: ids.optional().default([]),
    systemIds: ids.optional().default([]),
    module: ids.optional().default([]),
    button: ids.optional().default([]),
    column: ids.optional().default([]),
    form: ids.optional().default([]),
    resource: ids.optional().default([]),
  })
  .refine((b) => b.roleIds.length + b.positionIds.length + b.userIds.length > 0, '请选择授权对象');
export type AuthorizeBatchBody = z.infer<typeof AuthorizeBatchBody>;

/** GET Authority/Model/{itemId}/{objectType} answers `{ ids }`: the objects of that type holding the menu. */
export const AuthorizeModelParams = z.object({
  itemId: z.string().trim().min(1).max(64),
  objectType,
});

/**
 * PUT Authority/Model/{itemId}: the objects of one type that hold this menu, replacing the
 * previous holders of that type. Granting adds the menu's parents and application; revoking
 * removes the menu's children and items too.
 */
export const AuthorizeModelBody = z.object({
  objectType,
  objectId: z.preprocess((v) => (typeof v === 'string' ? (v ? v.split(',') : []) : v), ids),
});
export type AuthorizeModelBody = z.infer<typeof AuthorizeModelBody>;

/** One column of a list's column settings (the ColumnSettings drawer of list pages). */
export const columnSettingSchema = z
  .object({
    prop: z.string({ message: '列设置缺少字段prop' }).trim().min(1, '列设置缺少字段prop').max(100),
    label: z.string().max(100).optional(),
    visible: z.boolean({ message: '列设置的visible必须是true或false' }).optional(),
    width: z.number().min(0).max(5000).nullish(),
    fixed: z.union([z.enum(['left', 'right']), z.boolean()]).nullish(),
  })
  .catchall(z.union([z.string().max(500), z.number(), z.boolean(), z.null()]));
export type ColumnSetting = z.infer<typeof columnSettingSchema>;

/** PUT Authority/SetColumnsByModuleId: fieldList is the JSON text of ColumnSetting[]. */
export const ColumnsSettingBody = z.object({
  moduleId: z.string({ message: '缺少菜单' }).trim().min(1, '缺少菜单').max(64),
  fieldList: z
    .string({ message: '列设置必须是JSON文本' })
    .max(100_000, '列设置过长')
    .transform((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: '列设置不是有效的JSON' });
        return z.NEVER;
      }
      const result = z.array(columnSettingSchema).max(500, '列设置最多500列').safeParse(parsed);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        ctx.addIssue({ code: 'custom', message: issue.message || '列设置格式错误' });
        return z.NEVER;
      }
      const props = result.data.map((c) => c.prop);
      if (new Set(props).size !== props.length) {
        ctx.addIssue({ code: 'custom', message: '列设置中的字段prop不能重复' });
        return z.NEVER;
      }
      return result.data;
    }),
});
export type ColumnsSettingBody = z.infer<typeof ColumnsSettingBody>;
