import {
  type MenuBody,
  MenuBody as MenuBodySchema,
  type MenuCategory,
  type MenuItem,
  type MenuTreeNode,
  ModuleDataFieldBody,
  ModuleItemBody,
  ModuleSchemeBody,
  type SystemBody,
  type SystemItem,
  type SystemUpdateBody,
} from '@console/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { parseInput } from '../../../core/validation.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch } from '../../../db/query.js';
import {
  authorizes,
  columnsPurviews,
  moduleButtons,
  moduleColumns,
  moduleDataFields,
  moduleDataSchemes,
  moduleForms,
  modules,
  systems,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { saveMenuNames } from '../baseLang/menuNames.js';
import { uniqueAs } from '../dictionary/service.js';
import { buildTree, subtreeIds, withAncestors } from '../dictionary/tree.js';

export const MenuMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  stateChanged: '更新状态成功',
  imported: '导入成功',
  systemNotFound: '应用不存在',
  systemCodeExists: '应用编码已存在',
  mainSystemDelete: '主系统不能删除',
  mainSystemDisable: '主系统不能禁用',
  systemHasMenus: '该应用下还有菜单，请先删除菜单',
  menuNotFound: '菜单不存在',
  menuCodeExists: '菜单编码已存在（同一应用、同一分类内编码不能重复）',
  parentNotFound: '上级菜单不存在',
  parentOtherSystem: '上级菜单必须属于同一应用和分类',
  parentNotDirectory: '上级菜单只能是目录或分类',
  parentIsSelf: '上级菜单不能是自己或自己的下级',
  hasChildren: '该菜单下还有子菜单，请先删除子菜单',
  childrenNeedDirectory: '该菜单下还有子菜单，只能是目录或分类',
  importMalformed: '导入文件格式错误：不是有效的JSON',
} as const;

type SystemRow = typeof systems.$inferSelect;
type ModuleRow = typeof modules.$inferSelect;

export const systemItem = (row: SystemRow): SystemItem => ({
  id: row.id,
  fullName: row.fullName,
  enCode: row.enCode,
  icon: row.icon,
  propertyJson: row.propertyJson,
  isMain: row.isMain,
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

export const menuItem = (row: ModuleRow): MenuItem => ({
  id: row.id,
  systemId: row.systemId,
  parentId: row.parentId,
  category: row.category as MenuCategory,
  type: row.type,
  fullName: row.fullName,
  enCode: row.enCode,
  icon: row.icon,
  urlAddress: row.urlAddress,
  linkTarget: row.linkTarget,
  propertyJson: row.propertyJson,
  isButtonAuthorize: row.isButtonAuthorize,
  isColumnAuthorize: row.isColumnAuthorize,
  isFormAuthorize: row.isFormAuthorize,
  isDataAuthorize: row.isDataAuthorize,
  sortCode: row.sortCode,
  enabledMark: row.enabledMark,
  description: row.description,
  creatorTime: row.creatorTime,
  lastModifyTime: row.lastModifyTime,
  version: row.version,
});

/** A node of the parent trees answered by selectorAllSystems. */
export interface SelectorTreeNode {
  id: string;
  type: unknown;
  hasChildren?: boolean;
  children?: SelectorTreeNode[];
}

/** Menu types a menu may sit under: directory and category. */
const CONTAINER_TYPES = new Set([0, 1]);

/**
 * Applications and the menu tree. Every write that changes what CurrentUser answers bumps the
 * authorization stamp after its transaction commits.
 */
export class MenuService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private changed() {
    return bumpStamp(this.services.kv, StampKey.authorization);
  }

  // ----- Applications -----

  async listSystems(keyword: string): Promise<{ list: SystemItem[] }> {
    const rows = await this.db
      .select()
      .from(systems)
      .where(and(eq(systems.deleteMark, 0), keywordMatch(keyword, systems.fullName, systems.enCode)))
      .orderBy(asc(systems.sortCode), asc(systems.creatorTime));
    return { list: rows.map(systemItem) };
  }

  async mainSystemId(): Promise<string> {
    const [main] = await this.db
      .select({ id: systems.id })
      .from(systems)
      .where(and(eq(systems.isMain, 1), eq(systems.deleteMark, 0)))
      .limit(1);
    if (!main) throw badRequest(MenuMessages.systemNotFound);
    return main.id;
  }

  async getSystem(id: string, db: DbOrTx = this.db): Promise<SystemRow> {
    const [row] = await db
      .select()
      .from(systems)
      .where(and(eq(systems.id, id), eq(systems.deleteMark, 0)));
    if (!row) throw badRequest(MenuMessages.systemNotFound);
    return row;
  }

  async createSystem(body: SystemBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .insert(systems)
      .values({ id, ...body, description: body.description ?? null, creatorUserId: userId })
      .catch(uniqueAs(MenuMessages.systemCodeExists));
    await this.changed();
    return id;
  }

  async updateSystem(id: string, body: SystemUpdateBody, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.getSystem(id, tx);
        if (current.isMain === 1 && body.enabledMark !== 1) throw badRequest(MenuMessages.mainSystemDisable);
        const { version, ...values } = body;
        await updateVersioned(
          tx,
          systems,
          { id, version, userId },
          { ...values, description: values.description ?? null },
        );
      })
      .catch(uniqueAs(MenuMessages.systemCodeExists));
    await this.changed();
  }

  /** Refused for the main application and for one that still has menus. */
  async removeSystem(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.getSystem(id, tx);
      if (current.isMain === 1) throw badRequest(MenuMessages.mainSystemDelete);
      const [menu] = await tx
        .select({ id: modules.id })
        .from(modules)
        .where(and(eq(modules.systemId, id), eq(modules.deleteMark, 0)))
        .limit(1);
      if (menu) throw badRequest(MenuMessages.systemHasMenus);
      await tx.delete(authorizes).where(and(eq(authorizes.itemType, 'system'), eq(authorizes.itemId, id)));
      await tx.delete(systems).where(eq(systems.id, id));
    });
    await this.changed();
  }

  // ----- Menus -----

  private async systemMenus(systemId: string, category: string, db: DbOrTx = this.db) {
    return db
      .select()
      .from(modules)
      .where(and(eq(modules.systemId, systemId), eq(modules.category, category), eq(modules.deleteMark, 0)))
      .orderBy(asc(modules.sortCode), asc(modules.creatorTime));
  }

  /** The menu tree of one application; a keyword keeps the matches and their ancestors. */
  async tree(systemId: string, category: string, keyword: string): Promise<{ list: MenuTreeNode[] }> {
    await this.getSystem(systemId);
    let rows = await this.systemMenus(systemId, category);
    if (keyword) {
      const k = keyword.toLowerCase();
      rows = withAncestors(
        rows,
        (r) =>
          r.fullName.toLowerCase().includes(k) ||
          r.enCode.toLowerCase().includes(k) ||
          (r.urlAddress ?? '').toLowerCase().includes(k),
      );
    }
    return { list: buildTree(rows.map(menuItem), '-1') as MenuTreeNode[] };
  }

  /**
   * Parents a menu may choose: directories and categories of the application, without the menu
   * itself and its descendants ('0' = a new menu).
   */
  async selector(id: string, category: string, systemId?: string): Promise<{ list: MenuTreeNode[] }> {
    let system = systemId;
    if (id !== '0') {
      const self = await this.getMenu(id);
      system ??= self.systemId;
      category = self.category;
    }
    system ??= await this.mainSystemId();
    const rows = await this.systemMenus(system, category);
    const excluded = id === '0' ? new Set<string>() : subtreeIds(rows, id);
    const allowed = rows.filter((r) => CONTAINER_TYPES.has(r.type) && !excluded.has(r.id));
    return { list: buildTree(allowed.map(menuItem), '-1') as MenuTreeNode[] };
  }

  /**
   * The parents a menu may take in any enabled application: each application a root holding its
   * directories and categories (less `id` and its subtree), every node carrying its systemId.
   */
  async selectorAllSystems(id: string, category: string) {
    const all = await this.selectorAll(id === '0' ? category : (await this.getMenu(id)).category);
    // Only directories and categories; `id` itself goes with its subtree.
    const keep = (nodes: SelectorTreeNode[]): SelectorTreeNode[] =>
      nodes
        .filter((n) => CONTAINER_TYPES.has(n.type as number) && n.id !== id)
        .map((n) => {
          const children = keep(n.children ?? []);
          return { ...n, hasChildren: children.length > 0, children };
        });
    return {
      list: all.list.map((system) => {
        const children = keep(system.children as SelectorTreeNode[]);
        return { ...system, systemId: system.id, hasChildren: children.length > 0, children };
      }),
    };
  }

  /** Every enabled menu of every enabled application, the applications as roots. */
  async selectorAll(category: string) {
    const [allSystems, rows] = await Promise.all([
      this.db
        .select()
        .from(systems)
        .where(and(eq(systems.deleteMark, 0), eq(systems.enabledMark, 1)))
        .orderBy(asc(systems.sortCode)),
      this.db
        .select()
        .from(modules)
        .where(and(eq(modules.category, category), eq(modules.deleteMark, 0), eq(modules.enabledMark, 1)))
        .orderBy(asc(modules.sortCode), asc(modules.creatorTime)),
    ]);
    return {
      list: allSystems.map((s) => {
        const children = buildTree(
          rows.filter((r) => r.systemId === s.id).map(menuItem),
          '-1',
        ) as MenuTreeNode[];
        return {
          id: s.id,
          parentId: '-1',
          fullName: s.fullName,
          enCode: s.enCode,
          icon: s.icon,
          type: 'system',
          sortCode: s.sortCode,
          hasChildren: children.length > 0,
          children,
        };
      }),
    };
  }

  async getMenu(id: string, db: DbOrTx = this.db): Promise<ModuleRow> {
    const [row] = await db
      .select()
      .from(modules)
      .where(and(eq(modules.id, id), eq(modules.deleteMark, 0)));
    if (!row) throw badRequest(MenuMessages.menuNotFound);
    return row;
  }

  private async checkMenu(tx: DbOrTx, body: MenuBody, selfId?: string) {
    await this.getSystem(body.systemId, tx);
    if (body.parentId !== '-1') {
      const [parent] = await tx
        .select()
        .from(modules)
        .where(and(eq(modules.id, body.parentId), eq(modules.deleteMark, 0)));
      if (!parent) throw badRequest(MenuMessages.parentNotFound);
      if (parent.systemId !== body.systemId || parent.category !== body.category)
        throw badRequest(MenuMessages.parentOtherSystem);
      if (!CONTAINER_TYPES.has(parent.type)) throw badRequest(MenuMessages.parentNotDirectory);
      if (selfId) {
        const rows = await this.systemMenus(body.systemId, body.category, tx);
        if (subtreeIds(rows, selfId).has(body.parentId)) throw badRequest(MenuMessages.parentIsSelf);
      }
    }
    const [other] = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(
        and(
          eq(modules.systemId, body.systemId),
          eq(modules.category, body.category),
          eq(modules.enCode, body.enCode),
          selfId ? ne(modules.id, selfId) : undefined,
        ),
      );
    if (other) throw badRequest(MenuMessages.menuCodeExists);
  }

  private menuValues(body: MenuBody) {
    return {
      systemId: body.systemId,
      parentId: body.parentId,
      category: body.category,
      type: body.type,
      fullName: body.fullName,
      enCode: body.enCode,
      icon: body.icon,
      urlAddress: body.urlAddress,
      linkTarget: body.linkTarget,
      propertyJson: body.propertyJson,
      isButtonAuthorize: body.isButtonAuthorize,
      isColumnAuthorize: body.isColumnAuthorize,
      isFormAuthorize: body.isFormAuthorize,
      isDataAuthorize: body.isDataAuthorize,
      sortCode: body.sortCode,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
    };
  }

  async createMenu(body: MenuBody, userId: string): Promise<string> {
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.checkMenu(tx, body);
        await tx.insert(modules).values({ id, ...this.menuValues(body), creatorUserId: userId });
        await saveMenuNames(tx, id, body.fullNameI18n);
      })
      .catch(uniqueAs(MenuMessages.menuCodeExists));
    await this.changed();
    return id;
  }

  /** Moving a menu to another application or category moves its whole subtree with it. */
  async updateMenu(id: string, body: MenuBody & { version: number }, userId: string): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const current = await this.getMenu(id, tx);
        await this.checkMenu(tx, body, id);
        if (!CONTAINER_TYPES.has(body.type)) {
          const [child] = await tx
            .select({ id: modules.id })
            .from(modules)
            .where(and(eq(modules.parentId, id), eq(modules.deleteMark, 0)))
            .limit(1);
          if (child) throw badRequest(MenuMessages.childrenNeedDirectory);
        }
        await updateVersioned(tx, modules, { id, version: body.version, userId }, this.menuValues(body));
        await saveMenuNames(tx, id, body.fullNameI18n);
        if (current.systemId !== body.systemId || current.category !== body.category) {
          const below = subtreeIds(await this.systemMenus(current.systemId, current.category, tx), id);
          below.delete(id);
          if (below.size > 0)
            await tx
              .update(modules)
              .set({ systemId: body.systemId, category: body.category })
              .where(inArray(modules.id, [...below]));
        }
      })
      .catch(uniqueAs(MenuMessages.menuCodeExists));
    await this.changed();
  }

  async toggleMenu(id: string, userId: string): Promise<void> {
    const updated = await this.db
      .update(modules)
      .set({
        enabledMark: sql`1 - ${modules.enabledMark}`,
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: sql`${modules.version} + 1`,
      })
      .where(and(eq(modules.id, id), eq(modules.deleteMark, 0)))
      .returning({ id: modules.id });
    if (updated.length === 0) throw badRequest(MenuMessages.menuNotFound);
    await this.changed();
  }

  /**
   * Refused while the menu has children. Removes the menu with its buttons, columns, forms,
   * data-rule fields and schemes, every grant of them, and its column settings, in one transaction.
   */
  async removeMenu(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.getMenu(id, tx);
      const [child] = await tx
        .select({ id: modules.id })
        .from(modules)
        .where(and(eq(modules.parentId, id), eq(modules.deleteMark, 0)))
        .limit(1);
      if (child) throw badRequest(MenuMessages.hasChildren);
      const itemTables = [
        ['button', moduleButtons],
        ['column', moduleColumns],
        ['form', moduleForms],
        ['resource', moduleDataSchemes],
      ] as const;
      for (const [itemType, table] of itemTables) {
        const items = tx.select({ id: table.id }).from(table).where(eq(table.moduleId, id));
        await tx
          .delete(authorizes)
          .where(and(eq(authorizes.itemType, itemType), inArray(authorizes.itemId, items)));
        await tx.delete(table).where(eq(table.moduleId, id));
      }
      await tx.delete(moduleDataFields).where(eq(moduleDataFields.moduleId, id));
      await tx.delete(authorizes).where(and(eq(authorizes.itemType, 'module'), eq(authorizes.itemId, id)));
      await tx.delete(columnsPurviews).where(eq(columnsPurviews.moduleId, id));
      await tx.delete(modules).where(eq(modules.id, id));
    });
    await this.changed();
  }

  /** The export file: the menu with its buttons, columns, forms, data-rule fields and schemes. */
  async exportMenu(id: string) {
    const menu = await this.getMenu(id);
    const items = (table: typeof moduleButtons) =>
      this.db.select().from(table).where(eq(table.moduleId, id)).orderBy(asc(table.sortCode));
    const [buttons, columns, forms, dataFields, schemes] = await Promise.all([
      items(moduleButtons),
      items(moduleColumns as unknown as typeof moduleButtons),
      items(moduleForms as unknown as typeof moduleButtons),
      items(moduleDataFields as unknown as typeof moduleButtons),
      items(moduleDataSchemes as unknown as typeof moduleButtons),
    ]);
    return { menu: menuItem(menu), buttons, columns, forms, dataFields, schemes };
  }

  /**
   * Imports an exported menu file into an application, all or nothing: the menu (under its old
   * parent when that parent is a directory of the same application, else at the top) with new
   * ids for it and its items. A code already used there is refused.
   */
  async importMenu(content: Buffer, systemId: string, userId: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw badRequest(MenuMessages.importMalformed);
    }
    const file = parseInput(ImportFile, parsed);
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await this.getSystem(systemId, tx);
        const source = file.menu;
        let parentId = '-1';
        if (source.parentId !== '-1') {
          const [parent] = await tx
            .select()
            .from(modules)
            .where(and(eq(modules.id, source.parentId), eq(modules.deleteMark, 0)));
          if (
            parent &&
            parent.systemId === systemId &&
            parent.category === source.category &&
            CONTAINER_TYPES.has(parent.type)
          )
            parentId = parent.id;
        }
        const body = parseInput(MenuBodySchema, { ...source, systemId, parentId });
        await this.checkMenu(tx, body);
        await tx.insert(modules).values({ id, ...this.menuValues(body), creatorUserId: userId });
        const now = Date.now();
        const fresh = <T extends { enCode: string; description?: string | null }>(rows: T[]) =>
          rows.map((r) => ({
            ...r,
            description: r.description ?? null,
            moduleId: id,
            creatorUserId: userId,
            creatorTime: now,
          }));
        // Buttons keep their nesting under new ids.
        const buttonIds = new Map(file.buttons.map((b) => [b.id, newId()]));
        const buttons = fresh(file.buttons).map(({ id: old, parentId: oldParent, bindTable: _b, ...b }) => ({
          ...b,
          id: buttonIds.get(old)!,
          parentId: buttonIds.get(oldParent) ?? '-1',
        }));
        const plain = <T extends { id: string }>(rows: T[]) => rows.map((r) => ({ ...r, id: newId() }));
        if (buttons.length) await tx.insert(moduleButtons).values(buttons);
        const columns = plain(fresh(file.columns)).map(({ parentId: _p, ...c }) => c);
        if (columns.length) await tx.insert(moduleColumns).values(columns);
        const forms = plain(fresh(file.forms)).map(({ parentId: _p, ...f }) => f);
        if (forms.length) await tx.insert(moduleForms).values(forms);
        const fields = plain(fresh(file.dataFields));
        if (fields.length) await tx.insert(moduleDataFields).values(fields);
        const schemes = plain(fresh(file.schemes)).map((s) => ({
          ...s,
          conditionJson: s.allData === 1 ? null : s.conditionJson,
        }));
        if (schemes.length) await tx.insert(moduleDataSchemes).values(schemes);
      })
      .catch(uniqueAs(MenuMessages.menuCodeExists));
    await this.changed();
    return id;
  }
}

const withId = { id: z.string().trim().min(1).max(64) };
/** The most items of each kind one menu import may hold. */
export const MENU_IMPORT_MAX_ITEMS = 500;
const itemList = <S extends z.ZodType>(item: S, what: string) =>
  z.array(item).max(MENU_IMPORT_MAX_ITEMS, `导入文件的${what}最多${MENU_IMPORT_MAX_ITEMS}个`).default([]);
/** The export file: what exportMenu writes (items keep their old ids only to rebuild nesting). */
const ImportFile = z.object({
  menu: z.looseObject({
    parentId: z.string().default('-1'),
    category: z.enum(['Web', 'App']).default('Web'),
  }),
  buttons: itemList(ModuleItemBody.omit({ moduleId: true }).extend(withId), '按钮'),
  columns: itemList(ModuleItemBody.omit({ moduleId: true }).extend(withId), '列表字段'),
  forms: itemList(ModuleItemBody.omit({ moduleId: true }).extend(withId), '表单字段'),
  dataFields: itemList(ModuleDataFieldBody.omit({ moduleId: true }).extend(withId), '数据权限字段'),
  schemes: itemList(ModuleSchemeBody.omit({ moduleId: true }).extend(withId), '数据权限方案'),
});
