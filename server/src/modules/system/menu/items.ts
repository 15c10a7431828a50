import type {
  DataRuleSchemeCondition,
  ModuleDataFieldBody,
  ModuleItemBody,
  ModuleSchemeBody,
} from '@console/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch } from '../../../db/query.js';
import {
  authorizes,
  moduleButtons,
  moduleColumns,
  moduleDataFields,
  moduleDataSchemes,
  moduleForms,
  modules,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { uniqueAs } from '../dictionary/service.js';
import { buildTree, subtreeIds } from '../dictionary/tree.js';
import { MenuMessages } from './service.js';

/** The per-page item kinds; itemType is what a grant of one names (authorizes.itemType). */
export const ITEM_KINDS = {
  button: { table: moduleButtons, itemType: 'button', label: '按钮' },
  column: { table: moduleColumns, itemType: 'column', label: '列表字段' },
  form: { table: moduleForms, itemType: 'form', label: '表单字段' },
  scheme: { table: moduleDataSchemes, itemType: 'resource', label: '数据权限方案' },
  dataField: { table: moduleDataFields, itemType: null, label: '数据权限字段' },
} as const;
export type ItemKind = keyof typeof ITEM_KINDS;

// The five tables share moduleItemColumns and the audit columns; one table type serves the queries.
type ItemTable = typeof moduleButtons;
const tableOf = (kind: ItemKind) => ITEM_KINDS[kind].table as unknown as ItemTable;

/** An item as answered: without the soft-delete bookkeeping. */
export const answerOf = <
  T extends { deleteMark: number; deleteTime: number | null; deleteUserId: string | null },
>({
  deleteMark: _m,
  deleteTime: _t,
  deleteUserId: _u,
  ...item
}: T) => item;

export const ItemMessages = {
  notFound: (label: string) => `${label}不存在`,
  codeExists: (label: string) => `${label}编码已存在`,
  duplicateInBatch: (code: string) => `字段编码重复：${code}`,
  parentNotFound: '上级按钮不存在或不属于该菜单',
  parentIsSelf: '上级按钮不能是自己或自己的下级',
  hasChildren: '该按钮下还有子按钮，请先删除子按钮',
  conditionsRequired: '非全部数据的方案至少需要一个条件',
  unknownField: (field: string) => `条件字段“${field}”不是该菜单的数据权限字段，请先在数据权限字段中添加`,
  fieldOperator: (field: string, op: string) => `字段“${field}”不允许使用条件符号“${op}”`,
  fieldValueType: (field: string, valueType: string) => `字段“${field}”不允许使用条件内容“${valueType}”`,
} as const;

/**
 * Buttons, list columns, form fields, data-rule fields and data-rule schemes of one page. The
 * data-rule fields live in their own table (base_module_data_authorize): a scheme's conditions
 * may only name them. Writes that change what CurrentUser answers bump the authorization stamp.
 */
export class ModuleItemService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private async page(moduleId: string, db: DbOrTx = this.db) {
    const [row] = await db
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.id, moduleId), eq(modules.deleteMark, 0)));
    if (!row) throw badRequest(MenuMessages.menuNotFound);
    return row;
  }

  private changed(kind: ItemKind) {
    // Data-rule fields are not in any CurrentUser answer.
    if (kind === 'dataField') return Promise.resolve();
    return bumpStamp(this.services.kv, StampKey.authorization);
  }

  /** A page's items; buttons as a tree (a button may sit under another), the rest flat. */
  async list(kind: ItemKind, moduleId: string, keyword: string, onlyEnabled = false) {
    await this.page(moduleId);
    const table = tableOf(kind);
    const rows = await this.db
      .select()
      .from(table)
      .where(
        and(
          eq(table.moduleId, moduleId),
          eq(table.deleteMark, 0),
          onlyEnabled ? eq(table.enabledMark, 1) : undefined,
          keywordMatch(keyword, table.fullName, table.enCode),
        ),
      )
      .orderBy(asc(table.sortCode), asc(table.creatorTime));
    const list = rows.map(answerOf);
    if (kind === 'button' && !keyword) return { list: buildTree(list, '-1') };
    return { list };
  }

  async get(kind: ItemKind, id: string, db: DbOrTx = this.db) {
    const table = tableOf(kind);
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.deleteMark, 0)));
    if (!row) throw badRequest(ItemMessages.notFound(ITEM_KINDS[kind].label));
    return row;
  }

  private async check(
    tx: DbOrTx,
    kind: ItemKind,
    body: { moduleId: string; enCode: string; parentId?: string },
    selfId?: string,
  ) {
    await this.page(body.moduleId, tx);
    const table = tableOf(kind);
    const [other] = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.moduleId, body.moduleId),
          eq(table.enCode, body.enCode),
          selfId ? ne(table.id, selfId) : undefined,
        ),
      );
    if (other) throw badRequest(ItemMessages.codeExists(ITEM_KINDS[kind].label));
    if (body.parentId && body.parentId !== '-1') {
      const siblings = await tx
        .select({ id: table.id, parentId: table.parentId })
        .from(table)
        .where(eq(table.moduleId, body.moduleId));
      if (!siblings.some((s) => s.id === body.parentId)) throw badRequest(ItemMessages.parentNotFound);
      if (selfId && subtreeIds(siblings, selfId).has(body.parentId))
        throw badRequest(ItemMessages.parentIsSelf);
    }
  }

  /** Checks a scheme's conditions against the page's data-rule fields. */
  private async checkScheme(tx: DbOrTx, body: ModuleSchemeBody): Promise<DataRuleSchemeCondition | null> {
    if (body.allData === 1) return null;
    const condition = body.conditionJson;
    if (!condition || condition.conditions.length === 0) throw badRequest(ItemMessages.conditionsRequired);
    const fields = await tx
      .select()
      .from(moduleDataFields)
      .where(
        and(
          eq(moduleDataFields.moduleId, body.moduleId),
          eq(moduleDataFields.deleteMark, 0),
          eq(moduleDataFields.enabledMark, 1),
        ),
      );
    const byCode = new Map(fields.map((f) => [f.enCode, f]));
    for (const c of condition.conditions) {
      const field = byCode.get(c.field);
      if (!field) throw badRequest(ItemMessages.unknownField(c.field));
      if (!field.conditionSymbol.split(',').includes(c.op))
        throw badRequest(ItemMessages.fieldOperator(c.field, c.op));
      if (!field.conditionText.split(',').includes(c.valueType))
        throw badRequest(ItemMessages.fieldValueType(c.field, c.valueType));
    }
    return condition;
  }

  private async values(tx: DbOrTx, kind: ItemKind, body: Record<string, unknown>) {
    const { version: _v, ...values } = body;
    if (kind === 'scheme') {
      const conditionJson = await this.checkScheme(tx, body as ModuleSchemeBody);
      return { ...values, conditionJson };
    }
    if (kind === 'button') delete values.bindTable;
    return values;
  }

  async create(
    kind: ItemKind,
    body: ModuleItemBody | ModuleDataFieldBody | ModuleSchemeBody,
    userId: string,
  ): Promise<string> {
    const id = newId();
    const table = tableOf(kind);
    await this.db
      .transaction(async (tx) => {
        await this.check(tx, kind, body);
        const values = await this.values(tx, kind, body);
        await tx.insert(table).values({ id, ...values, creatorUserId: userId } as typeof table.$inferInsert);
      })
      .catch(uniqueAs(ItemMessages.codeExists(ITEM_KINDS[kind].label)));
    await this.changed(kind);
    return id;
  }

  /** Several list columns or form fields of one page, all or nothing. */
  async createBatch(
    kind: 'column' | 'form',
    moduleId: string,
    bindTable: string | null,
    items: Omit<ModuleItemBody, 'moduleId' | 'parentId' | 'bindTable'>[],
    userId: string,
  ): Promise<string[]> {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.enCode)) throw badRequest(ItemMessages.duplicateInBatch(item.enCode));
      seen.add(item.enCode);
    }
    const table = tableOf(kind);
    const rows = items.map((item) => ({
      id: newId(),
      moduleId,
      parentId: '-1',
      bindTable,
      ...item,
      description: item.description ?? null,
      creatorUserId: userId,
    }));
    await this.db
      .transaction(async (tx) => {
        await this.page(moduleId, tx);
        const existing = await tx
          .select({ enCode: table.enCode })
          .from(table)
          .where(and(eq(table.moduleId, moduleId), inArray(table.enCode, [...seen])));
        if (existing[0])
          throw badRequest(`${ItemMessages.codeExists(ITEM_KINDS[kind].label)}：${existing[0].enCode}`);
        await tx.insert(table).values(rows as (typeof table.$inferInsert)[]);
      })
      .catch(uniqueAs(ItemMessages.codeExists(ITEM_KINDS[kind].label)));
    await this.changed(kind);
    return rows.map((r) => r.id);
  }

  async update(
    kind: ItemKind,
    id: string,
    body: (ModuleItemBody | ModuleDataFieldBody | ModuleSchemeBody) & { version: number },
    userId: string,
  ): Promise<void> {
    const table = tableOf(kind);
    await this.db
      .transaction(async (tx) => {
        const current = await this.get(kind, id, tx);
        // An item stays on its page: a changed moduleId would orphan its grants.
        const fixed = { ...body, moduleId: current.moduleId };
        await this.check(tx, kind, fixed, id);
        const values = await this.values(tx, kind, fixed);
        await updateVersioned(tx, table, { id, version: body.version, userId }, values);
      })
      .catch(uniqueAs(ItemMessages.codeExists(ITEM_KINDS[kind].label)));
    await this.changed(kind);
  }

  async toggle(kind: ItemKind, id: string, userId: string): Promise<void> {
    const table = tableOf(kind);
    const updated = await this.db
      .update(table)
      .set({
        enabledMark: sql`1 - ${table.enabledMark}`,
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: sql`${table.version} + 1`,
      })
      .where(and(eq(table.id, id), eq(table.deleteMark, 0)))
      .returning({ id: table.id });
    if (updated.length === 0) throw badRequest(ItemMessages.notFound(ITEM_KINDS[kind].label));
    await this.changed(kind);
  }

  /** Removes the item and every grant of it; a button with sub-buttons is refused. */
  async remove(kind: ItemKind, id: string): Promise<void> {
    const table = tableOf(kind);
    await this.db.transaction(async (tx) => {
      await this.get(kind, id, tx);
      const [child] = await tx.select({ id: table.id }).from(table).where(eq(table.parentId, id)).limit(1);
      if (child) throw badRequest(ItemMessages.hasChildren);
      const itemType = ITEM_KINDS[kind].itemType;
      if (itemType)
        await tx.delete(authorizes).where(and(eq(authorizes.itemType, itemType), eq(authorizes.itemId, id)));
      await tx.delete(table).where(eq(table.id, id));
    });
    await this.changed(kind);
  }

  /**
   * Fields known for the page that a batch may add as `kind`: the codes of its other columns,
   * form fields and data-rule fields that `kind` does not have yet.
   */
  async fields(kind: 'column' | 'form', moduleId: string) {
    await this.page(moduleId);
    const lists = await Promise.all(
      (['column', 'form', 'dataField'] as const).map((k) => {
        const table = tableOf(k);
        return this.db
          .select({ enCode: table.enCode, fullName: table.fullName })
          .from(table)
          .where(and(eq(table.moduleId, moduleId), eq(table.deleteMark, 0)))
          .orderBy(asc(table.sortCode));
      }),
    );
    const own = new Set((kind === 'column' ? lists[0] : lists[1])!.map((r) => r.enCode));
    const found = new Map<string, string>();
    for (const list of lists)
      for (const row of list)
        if (!own.has(row.enCode) && !found.has(row.enCode)) found.set(row.enCode, row.fullName);
    return { list: [...found].map(([field, fieldName]) => ({ field, fieldName })) };
  }
}
