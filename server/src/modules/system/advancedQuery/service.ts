import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Db } from '../../../db/client.js';
import { advancedQuerySchemes, modules } from '../../../db/schema/index.js';

export const AdvancedQueryMessages = {
  created: '保存成功',
  updated: '更新成功',
  deleted: '删除成功',
  notFound: '查询方案不存在或不是您保存的方案',
  menuMissing: '菜单不存在，无法为它保存查询方案',
  conditionJson: (why: string) => `查询条件（conditionJson）有误：${why}`,
} as const;

/** Symbols of a superQuery condition (forms.md 5). */
export const SUPER_QUERY_SYMBOLS = ['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'] as const;

const Condition = z.object(
  {
    field: z
      .string({ message: '每个条件都需要字段（field）' })
      .trim()
      .min(1, '每个条件都需要字段（field）')
      .max(100),
    fieldValue: z
      .union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.array(z.unknown()).max(200)], {
        message: '条件值（fieldValue）只能是文字、数字或数组',
      })
      .optional(),
    symbol: z.enum(SUPER_QUERY_SYMBOLS, {
      message: `条件符号（symbol）只能是 ${SUPER_QUERY_SYMBOLS.join('、')}`,
    }),
    jnpfKey: z.string({ message: '控件类型（jnpfKey）须为文字' }).max(64).optional().default(''),
  },
  { message: '每个条件须为 {field, fieldValue, symbol, jnpfKey} 对象' },
);
const Conditions = z
  .array(Condition, { message: '须为条件数组' })
  .min(1, '至少需要一个条件')
  .max(50, '最多50个条件');

/** conditionJson: the JSON text (as the clients send it) or the array itself; stored as JSON text. */
const ConditionJson = z
  .union([z.string().max(100_000, '条件过长'), z.array(z.unknown())], {
    message: AdvancedQueryMessages.conditionJson('须为条件数组的JSON文本'),
  })
  .transform((value, ctx) => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: AdvancedQueryMessages.conditionJson('不是有效的JSON') });
        return z.NEVER;
      }
    }
    const result = Conditions.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const at = typeof issue.path[0] === 'number' ? `第${issue.path[0] + 1}个条件：` : '';
      ctx.addIssue({ code: 'custom', message: AdvancedQueryMessages.conditionJson(`${at}${issue.message}`) });
      return z.NEVER;
    }
    return JSON.stringify(result.data);
  });

export const AdvancedQueryBody = z.object({
  fullName: z
    .string({ message: '请输入方案名称' })
    .trim()
    .min(1, '请输入方案名称')
    .max(50, '方案名称最多为50个字符'),
  matchLogic: z
    .string({ message: '匹配逻辑只能是 AND 或 OR' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(['AND', 'OR'], { message: '匹配逻辑只能是 AND 或 OR' }))
    .default('AND'),
  moduleId: z.string({ message: '缺少菜单（moduleId）' }).trim().min(1, '缺少菜单（moduleId）').max(64),
  conditionJson: ConditionJson,
});
export type AdvancedQueryBody = z.infer<typeof AdvancedQueryBody>;

type Row = typeof advancedQuerySchemes.$inferSelect;

const view = (r: Row) => ({
  id: r.id,
  fullName: r.fullName,
  matchLogic: r.matchLogic,
  moduleId: r.moduleId,
  conditionJson: r.conditionJson,
  creatorTime: r.creatorTime,
  lastModifyTime: r.lastModifyTime,
});

/** Saved superQuery schemes; each belongs to its creator, who alone reads and changes it. */
export class AdvancedQueryService {
  constructor(private readonly db: Db) {}

  /** The menu's code (for the permission check), or 400 when there is no such menu. */
  async menuCode(moduleId: string): Promise<string> {
    const [menu] = await this.db
      .select({ enCode: modules.enCode })
      .from(modules)
      .where(and(eq(modules.id, moduleId), eq(modules.deleteMark, 0)));
    if (!menu) throw badRequest(AdvancedQueryMessages.menuMissing);
    return menu.enCode;
  }

  async list(moduleId: string, userId: string) {
    const rows = await this.db
      .select()
      .from(advancedQuerySchemes)
      .where(and(eq(advancedQuerySchemes.moduleId, moduleId), eq(advancedQuerySchemes.creatorUserId, userId)))
      .orderBy(desc(advancedQuerySchemes.creatorTime), desc(advancedQuerySchemes.id));
    return { list: rows.map(view) };
  }

  /** The caller's own scheme; another person's is answered as not found. */
  async own(id: string, userId: string): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(advancedQuerySchemes)
      .where(and(eq(advancedQuerySchemes.id, id), eq(advancedQuerySchemes.creatorUserId, userId)));
    if (!row) throw badRequest(AdvancedQueryMessages.notFound);
    return row;
  }

  async info(id: string, userId: string) {
    return view(await this.own(id, userId));
  }

  async create(body: AdvancedQueryBody, userId: string): Promise<string> {
    const id = newId();
    await this.db.insert(advancedQuerySchemes).values({ id, ...body, creatorUserId: userId });
    return id;
  }

  async update(id: string, body: AdvancedQueryBody, userId: string): Promise<void> {
    await this.own(id, userId);
    await this.db
      .update(advancedQuerySchemes)
      .set({ ...body, lastModifyTime: Date.now(), lastModifyUserId: userId, version: 0 })
      .where(and(eq(advancedQuerySchemes.id, id), eq(advancedQuerySchemes.creatorUserId, userId)));
  }

  async remove(id: string, userId: string): Promise<void> {
    await this.own(id, userId);
    await this.db
      .delete(advancedQuerySchemes)
      .where(and(eq(advancedQuerySchemes.id, id), eq(advancedQuerySchemes.creatorUserId, userId)));
  }
}
