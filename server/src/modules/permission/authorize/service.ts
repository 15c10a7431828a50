import {
  type AuthorizeBatchBody,
  type AuthorizeDataBody,
  type AuthorizeModelBody,
  type AuthorizeTab,
  type AuthorizeTreeNode,
  type AuthorizeValues,
  type AuthorizeValuesBody,
  type ColumnSetting,
  type GrantObjectType,
  RelationType,
} from '@console/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import type { DbOrTx } from '../../../db/client.js';
import {
  authorizes,
  columnsPurviews,
  moduleButtons,
  moduleColumns,
  moduleDataSchemes,
  moduleForms,
  modules,
  organizeAdministrators,
  organizeRelations,
  positions,
  roles,
  systems,
  userRelations,
  users,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { pushToSockets } from '../../message/hub.js';
import { buildTree, subtreeIds, withAncestors } from '../../system/dictionary/tree.js';
import { GRADE_ADMIN_PAGES, loadGrants } from '../grants.js';
import { inScope, organizeScopeOf } from '../scope.js';

export const AuthorizeMessages = {
  saved: '操作成功',
  objectNotFound: '授权对象不存在',
  outOfScope: '授权对象不在您的管理范围内',
  notHeld: (name: string) => `不能授予自己没有的权限：${name}`,
  unknownItem: (tab: string, id: string) => `授权项不存在（${tab}）：${id}`,
  moduleWithoutSystem: (name: string) => `菜单“${name}”所属的应用未授权，请先勾选应用`,
  moduleWithoutParent: (name: string) => `菜单“${name}”的上级菜单未授权，请一并勾选上级菜单`,
  itemWithoutModule: (name: string) => `“${name}”所属的菜单未授权，请先勾选菜单`,
  buttonWithoutParent: (name: string) => `按钮“${name}”的上级按钮未授权`,
  modelItemNotFound: '菜单不存在',
  columnsSaved: '保存成功',
} as const;

const ITEM_TABS = ['button', 'column', 'form', 'resource'] as const;
const ITEM_TABLES = {
  button: moduleButtons,
  column: moduleColumns as unknown as typeof moduleButtons,
  form: moduleForms as unknown as typeof moduleButtons,
  resource: moduleDataSchemes as unknown as typeof moduleButtons,
} as const;
const TAB_TYPE: Record<AuthorizeTab, string> = {
  system: 'system',
  module: 'module',
  button: 'button',
  column: 'column',
  form: 'form',
  resource: 'resource',
};
const BODY_KEY = {
  system: 'systemIds',
  module: 'module',
  button: 'button',
  column: 'column',
  form: 'form',
  resource: 'resource',
} as const;

type Grants = Record<AuthorizeTab, Set<string>>;
const emptyGrants = (): Grants => ({
  system: new Set(),
  module: new Set(),
  button: new Set(),
  column: new Set(),
  form: new Set(),
  resource: new Set(),
});

interface CatalogueEntry {
  id: string;
  parentId: string;
  fullName: string;
  icon: string | null;
  sortCode: number;
  enabled: boolean;
  systemId?: string;
  moduleId?: string;
}

/** Everything that can be granted (not deleted), by tab. */
interface Catalogue {
  byTab: Record<AuthorizeTab, Map<string, CatalogueEntry>>;
}

/**
 * The authorise page: which applications, menus, buttons, list columns, form fields and
 * data-rule schemes a role, position or user holds. A grantor who is not an administrator sees
 * and grants only what it holds itself, and only to objects inside its grade scope; grants it
 * cannot see are kept as they are when it saves.
 */
export class AuthorizeService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private async catalogue(db: DbOrTx = this.db): Promise<Catalogue> {
    // One query after the other: inside a transaction they share one connection.
    const systemRows = await db
      .select()
      .from(systems)
      .where(eq(systems.deleteMark, 0))
      .orderBy(asc(systems.sortCode));
    const moduleRows = await db
      .select()
      .from(modules)
      .where(eq(modules.deleteMark, 0))
      .orderBy(asc(modules.sortCode), asc(modules.creatorTime));
    const itemRows: {
      id: string;
      parentId: string;
      fullName: string;
      sortCode: number;
      enabledMark: number;
      moduleId: string;
    }[][] = [];
    for (const tab of ITEM_TABS) {
      const t = ITEM_TABLES[tab];
      itemRows.push(
        await db
          .select({
            id: t.id,
            parentId: t.parentId,
            fullName: t.fullName,
            sortCode: t.sortCode,
            enabledMark: t.enabledMark,
            moduleId: t.moduleId,
          })
          .from(t)
          .where(eq(t.deleteMark, 0))
          .orderBy(asc(t.sortCode)),
      );
    }
    const byTab = {} as Catalogue['byTab'];
    byTab.system = new Map(
      systemRows.map((s) => [
        s.id,
        {
          id: s.id,
          parentId: '-1',
          fullName: s.fullName,
          icon: s.icon,
          sortCode: s.sortCode,
          enabled: s.enabledMark === 1,
        },
      ]),
    );
    byTab.module = new Map(
      moduleRows.map((m) => [
        m.id,
        {
          id: m.id,
          parentId: m.parentId,
          fullName: m.fullName,
          icon: m.icon,
          sortCode: m.sortCode,
          enabled: m.enabledMark === 1,
          systemId: m.systemId,
        },
      ]),
    );
    ITEM_TABS.forEach((tab, i) => {
      byTab[tab] = new Map(
        itemRows[i]!.map((r) => [
          r.id,
          {
            id: r.id,
            parentId: r.parentId,
            fullName: r.fullName,
            icon: null,
            sortCode: r.sortCode,
            enabled: r.enabledMark === 1,
            moduleId: r.moduleId,
          },
        ]),
      );
    });
    return { byTab };
  }

  /**
   * What the grantor may grant: null = everything (administrator). An application counts as held
   * when one of its menus is, as CurrentUser shows it.
   */
  private async grantable(
    session: Session,
    catalogue: Catalogue,
    db: DbOrTx = this.db,
  ): Promise<Grants | null> {
    if (session.isAdministrator) return null;
    const held = await loadGrants(db, session.userId);
    const grants = emptyGrants();
    for (const tab of Object.keys(grants) as AuthorizeTab[])
      grants[tab] = new Set(held.get(TAB_TYPE[tab]) ?? []);
    // A grade administrator keeps the permission pages to itself: their holder, without units of
    // its own, would administer every unit.
    const [grade] = await db
      .select({ id: organizeAdministrators.id })
      .from(organizeAdministrators)
      .where(eq(organizeAdministrators.userId, session.userId))
      .limit(1);
    if (grade) {
      const reserved = await db
        .select({ id: modules.id })
        .from(modules)
        .where(inArray(modules.enCode, [...GRADE_ADMIN_PAGES]));
      const pages = new Set(reserved.map((r) => r.id));
      for (const id of pages) grants.module.delete(id);
      for (const tab of ITEM_TABS)
        for (const id of [...grants[tab]])
          if (pages.has(catalogue.byTab[tab].get(id)?.moduleId ?? '')) grants[tab].delete(id);
    }
    for (const id of grants.module) {
      const systemId = catalogue.byTab.module.get(id)?.systemId;
      if (systemId) grants.system.add(systemId);
    }
    return grants;
  }

  private async objectGrants(db: DbOrTx, objectType: string, objectId: string): Promise<Grants> {
    const rows = await db
      .select({ itemType: authorizes.itemType, itemId: authorizes.itemId })
      .from(authorizes)
      .where(and(eq(authorizes.objectType, objectType), eq(authorizes.objectId, objectId)));
    const grants = emptyGrants();
    for (const row of rows) grants[row.itemType as AuthorizeTab]?.add(row.itemId);
    return grants;
  }

  /** The units an object belongs to: 'global' for a global role (only an unrestricted grantor may touch it). */
  private async objectUnits(
    db: DbOrTx,
    objectType: GrantObjectType,
    objectId: string,
  ): Promise<string[] | 'global' | null> {
    if (objectType === 'User') {
      const [row] = await db
        .select({ organizeId: users.organizeId })
        .from(users)
        .where(and(eq(users.id, objectId), eq(users.deleteMark, 0)));
      return row ? (row.organizeId ? [row.organizeId] : []) : null;
    }
    if (objectType === 'Position') {
      const [row] = await db
        .select({ organizeId: positions.organizeId })
        .from(positions)
        .where(and(eq(positions.id, objectId), eq(positions.deleteMark, 0)));
      return row ? [row.organizeId] : null;
    }
    const [role] = await db
      .select({ globalMark: roles.globalMark })
      .from(roles)
      .where(and(eq(roles.id, objectId), eq(roles.deleteMark, 0)));
    if (!role) return null;
    if (role.globalMark === 1) return 'global';
    const links = await db
      .select({ organizeId: organizeRelations.organizeId })
      .from(organizeRelations)
      .where(
        and(eq(organizeRelations.objectType, RelationType.Role), eq(organizeRelations.objectId, objectId)),
      );
    return links.map((l) => l.organizeId);
  }

  /** Refuses a missing object and one outside the grantor's grade scope. */
  private async assertObject(db: DbOrTx, session: Session, objectType: GrantObjectType, objectId: string) {
    const units = await this.objectUnits(db, objectType, objectId);
    if (units === null) throw badRequest(AuthorizeMessages.objectNotFound);
    const scope = await organizeScopeOf(db, session.userId, session.isAdministrator, 'edit');
    if (scope.all) return;
    if (units === 'global' || units.length === 0 || !units.every((u) => inScope(scope, u)))
      throw badRequest(AuthorizeMessages.outOfScope);
  }

  // ----- Reading one tab -----

  async values(session: Session, objectId: string, body: AuthorizeValuesBody): Promise<AuthorizeValues> {
    const catalogue = await this.catalogue();
    const grantable = await this.grantable(session, catalogue);
    const objectType = body.objectType ?? (await this.guessObjectType(objectId));
    if (objectType) await this.assertObject(this.db, session, objectType, objectId);
    const held = objectType ? await this.objectGrants(this.db, objectType, objectId) : emptyGrants();
    const may = (tab: AuthorizeTab, id: string) => grantable === null || grantable[tab].has(id);
    const node = (
      e: CatalogueEntry,
      type: string,
      parentId = e.parentId,
    ): Omit<AuthorizeTreeNode, 'hasChildren' | 'children'> => ({
      id: e.id,
      parentId,
      fullName: e.fullName,
      icon: e.icon,
      sortCode: e.sortCode,
      type,
      ...(e.moduleId ? { moduleId: e.moduleId } : {}),
    });
    const { byTab } = catalogue;
    const grantorSystems = new Set(
      [...byTab.system.values()].filter((s) => s.enabled && may('system', s.id)).map((s) => s.id),
    );

    if (body.type === 'system') {
      const list = [...byTab.system.values()].filter((s) => grantorSystems.has(s.id));
      const all = list.map((s) => s.id);
      return {
        list: buildTree(
          list.map((s) => node(s, 'system')),
          '-1',
        ) as AuthorizeTreeNode[],
        ids: all.filter((id) => held.system.has(id)),
        all,
      };
    }

    if (body.type === 'module') {
      const chosen = body.moduleIds.length ? body.moduleIds : [...grantorSystems];
      const systemList = chosen.flatMap((id) => {
        const s = byTab.system.get(id);
        return s && grantorSystems.has(id) ? [s] : [];
      });
      const menuRows = [...byTab.module.values()].filter(
        (m) => m.enabled && may('module', m.id) && systemList.some((s) => s.id === m.systemId),
      );
      const nodes = [
        ...systemList.map((s) => node(s, 'system')),
        ...menuRows.map((m) => node(m, 'module', m.parentId === '-1' ? m.systemId! : m.parentId)),
      ];
      const all = menuRows.map((m) => m.id);
      return {
        list: buildTree(nodes, '-1') as AuthorizeTreeNode[],
        ids: all.filter((id) => held.module.has(id)),
        all,
      };
    }

    const tab = body.type;
    const pageIds = new Set(body.moduleIds.length ? body.moduleIds : [...held.module]);
    const items = [...byTab[tab].values()].filter(
      (i) => i.enabled && pageIds.has(i.moduleId!) && may('module', i.moduleId!) && may(tab, i.id),
    );
    const pagesWithItems = new Set(items.map((i) => i.moduleId!));
    const menuRows = withAncestors([...byTab.module.values()], (m) => pagesWithItems.has(m.id));
    const nodes = [
      ...menuRows.map((m) => node(m, 'module')),
      ...items.map((i) =>
        node(i, tab, i.parentId === '-1' || !byTab[tab].has(i.parentId) ? i.moduleId! : i.parentId),
      ),
    ];
    const all = items.map((i) => i.id);
    return {
      list: buildTree(nodes, '-1') as AuthorizeTreeNode[],
      ids: all.filter((id) => held[tab].has(id)),
      all,
    };
  }

  /** The Values call may omit objectType: find the object among users, positions and roles. */
  private async guessObjectType(objectId: string): Promise<GrantObjectType | null> {
    for (const type of ['Role', 'Position', 'User'] as const)
      if ((await this.objectUnits(this.db, type, objectId)) !== null) return type;
    return null;
  }

  // ----- Writing -----

  /**
   * The object's grants after a change: `sent` holds, per tab, the ids the grantor asked for.
   * Checks existence and that the grantor holds each; keeps what the grantor cannot grant; then
   * checks parents for the ids sent (refused) and drops other grants left without a parent.
   */
  private resolve(
    catalogue: Catalogue,
    grantable: Grants | null,
    existing: Grants,
    sent: Partial<Record<AuthorizeTab, string[]>>,
    mode: 'replace' | 'add',
  ): Grants {
    const { byTab } = catalogue;
    const result = emptyGrants();
    const asked = emptyGrants();
    for (const tab of Object.keys(result) as AuthorizeTab[]) {
      const ids = sent[tab];
      // Tree parents of another kind come along with the 3.4.7 client's half-checked nodes.
      const parentKinds: AuthorizeTab[] =
        tab === 'module' ? ['system'] : tab === 'system' ? [] : ['module', 'system'];
      if (ids) {
        for (const id of ids) {
          if (byTab[tab].has(id)) {
            if (grantable && !grantable[tab].has(id))
              throw badRequest(AuthorizeMessages.notHeld(byTab[tab].get(id)!.fullName));
            asked[tab].add(id);
          } else if (!parentKinds.some((k) => byTab[k].has(id)))
            throw badRequest(AuthorizeMessages.unknownItem(tab, id));
        }
      }
      const keep =
        !ids || mode === 'add'
          ? existing[tab]
          : new Set([...existing[tab]].filter((id) => grantable && !grantable[tab].has(id)));
      result[tab] = new Set([...keep, ...asked[tab]].filter((id) => byTab[tab].has(id)));
    }

    // Parents: refuse for what was asked, drop the rest, until nothing changes.
    const parentOk = (tab: AuthorizeTab, id: string): string | null => {
      if (tab === 'system') return null;
      if (tab === 'module') {
        const m = byTab.module.get(id)!;
        if (!result.system.has(m.systemId!)) return AuthorizeMessages.moduleWithoutSystem(m.fullName);
        if (m.parentId !== '-1' && !result.module.has(m.parentId))
          return AuthorizeMessages.moduleWithoutParent(m.fullName);
        return null;
      }
      const item = byTab[tab].get(id)!;
      if (!result.module.has(item.moduleId!)) return AuthorizeMessages.itemWithoutModule(item.fullName);
      if (tab === 'button' && item.parentId !== '-1' && !result.button.has(item.parentId))
        return AuthorizeMessages.buttonWithoutParent(item.fullName);
      return null;
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (const tab of ['module', ...ITEM_TABS] as AuthorizeTab[]) {
        for (const id of [...result[tab]]) {
          const problem = parentOk(tab, id);
          if (!problem) continue;
          if (asked[tab].has(id)) throw badRequest(problem);
          result[tab].delete(id);
          changed = true;
        }
      }
    }
    return result;
  }

  private async write(db: DbOrTx, objectType: string, objectId: string, grants: Grants, userId: string) {
    await db
      .delete(authorizes)
      .where(and(eq(authorizes.objectType, objectType), eq(authorizes.objectId, objectId)));
    const now = Date.now();
    const rows = (Object.keys(grants) as AuthorizeTab[]).flatMap((tab) =>
      [...grants[tab]].map((itemId) => ({
        id: newId(),
        itemType: TAB_TYPE[tab],
        itemId,
        objectType,
        objectId,
        creatorTime: now,
        creatorUserId: userId,
      })),
    );
    for (let i = 0; i < rows.length; i += 500) await db.insert(authorizes).values(rows.slice(i, i + 500));
  }

  private sentOf(body: Partial<Record<(typeof BODY_KEY)[AuthorizeTab], string[] | undefined>>) {
    const sent: Partial<Record<AuthorizeTab, string[]>> = {};
    for (const tab of Object.keys(BODY_KEY) as AuthorizeTab[]) {
      const ids = body[BODY_KEY[tab]];
      if (ids) sent[tab] = ids;
    }
    return sent;
  }

  /** PUT Data/{objectId}: replaces the object's grants for the tabs sent, in one transaction. */
  async save(session: Session, objectId: string, body: AuthorizeDataBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.assertObject(tx, session, body.objectType, objectId);
      const catalogue = await this.catalogue(tx);
      const grantable = await this.grantable(session, catalogue, tx);
      const existing = await this.objectGrants(tx, body.objectType, objectId);
      const result = this.resolve(catalogue, grantable, existing, this.sentOf(body), 'replace');
      await this.write(tx, body.objectType, objectId, result, session.userId);
    });
    await this.granted([[body.objectType, objectId]]);
  }

  /** POST Data/Batch: adds the items to every object listed, all or nothing. */
  async batch(session: Session, body: AuthorizeBatchBody): Promise<void> {
    const objects = [
      ...body.roleIds.map((id) => ['Role', id] as const),
      ...body.positionIds.map((id) => ['Position', id] as const),
      ...body.userIds.map((id) => ['User', id] as const),
    ];
    await this.db.transaction(async (tx) => {
      const catalogue = await this.catalogue(tx);
      const grantable = await this.grantable(session, catalogue, tx);
      const sent = this.sentOf(body);
      for (const [objectType, objectId] of objects) {
        await this.assertObject(tx, session, objectType, objectId);
        const existing = await this.objectGrants(tx, objectType, objectId);
        const result = this.resolve(catalogue, grantable, existing, sent, 'add');
        await this.write(tx, objectType, objectId, result, session.userId);
      }
    });
    await this.granted(objects);
  }

  /**
   * After grants changed: every instance drops its cached CurrentUser answers, and the open pages
   * of the users holding the objects get `refresh`, so they reload with their new menus.
   */
  private async granted(objects: readonly (readonly [GrantObjectType, string])[]) {
    await bumpStamp(this.services.kv, StampKey.authorization);
    const userIds = new Set(objects.filter(([type]) => type === 'User').map(([, id]) => id));
    const throughMembership = objects.filter(([type]) => type !== 'User');
    if (throughMembership.length) {
      const members = await this.db
        .selectDistinct({ userId: userRelations.userId })
        .from(userRelations)
        .where(
          or(
            ...throughMembership.map(([type, id]) =>
              and(eq(userRelations.objectType, type), eq(userRelations.objectId, id)),
            ),
          ),
        );
      for (const { userId } of members) userIds.add(userId);
    }
    if (userIds.size) await pushToSockets(this.services, [...userIds], { method: 'refresh' });
  }

  /** GET Model/{itemId}/{objectType}: the objects of that type holding the menu (or application). */
  async holders(
    itemId: string,
    objectType: GrantObjectType,
    db: DbOrTx = this.db,
  ): Promise<{ ids: string[] }> {
    const rows = await db
      .select({ objectId: authorizes.objectId })
      .from(authorizes)
      .where(
        and(
          inArray(authorizes.itemType, ['module', 'system']),
          eq(authorizes.itemId, itemId),
          eq(authorizes.objectType, objectType),
        ),
      );
    return { ids: rows.map((r) => r.objectId) };
  }

  /**
   * PUT Model/{itemId}: exactly these objects of the type hold the menu. A new holder also gets
   * the menu's parents and application; a former one loses the menu with everything below it.
   * Holders outside the grantor's scope are left alone; naming one is refused.
   */
  async saveHolders(session: Session, itemId: string, body: AuthorizeModelBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const catalogue = await this.catalogue(tx);
      const grantable = await this.grantable(session, catalogue, tx);
      const menu = catalogue.byTab.module.get(itemId);
      if (!menu) throw badRequest(AuthorizeMessages.modelItemNotFound);
      const wanted = new Set(body.objectId);
      const current = new Set((await this.holders(itemId, body.objectType, tx)).ids);
      const scope = await organizeScopeOf(tx, session.userId, session.isAdministrator, 'edit');
      const menus = [...catalogue.byTab.module.values()];
      const chain: string[] = [];
      for (let m: CatalogueEntry | undefined = menu; m; m = catalogue.byTab.module.get(m.parentId))
        chain.push(m.id);
      const below = subtreeIds(menus, itemId);

      for (const objectId of new Set([...wanted, ...current])) {
        if (wanted.has(objectId) === current.has(objectId)) continue;
        const units = await this.objectUnits(tx, body.objectType, objectId);
        if (units === null) throw badRequest(AuthorizeMessages.objectNotFound);
        const reachable =
          scope.all || (units !== 'global' && units.length > 0 && units.every((u) => inScope(scope, u)));
        if (!reachable) {
          if (wanted.has(objectId)) throw badRequest(AuthorizeMessages.outOfScope);
          continue;
        }
        const existing = await this.objectGrants(tx, body.objectType, objectId);
        let result: Grants;
        if (wanted.has(objectId)) {
          result = this.resolve(
            catalogue,
            grantable,
            existing,
            { system: [menu.systemId!], module: chain },
            'add',
          );
        } else {
          if (grantable && !grantable.module.has(itemId))
            throw badRequest(AuthorizeMessages.notHeld(menu.fullName));
          result = existing;
          for (const id of below) result.module.delete(id);
          for (const tab of ITEM_TABS)
            for (const id of [...result[tab]])
              if (below.has(catalogue.byTab[tab].get(id)?.moduleId ?? '')) result[tab].delete(id);
        }
        await this.write(tx, body.objectType, objectId, result, session.userId);
      }
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  // ----- Column settings -----

  /** Non-administrators must hold the page whose columns they read or set. */
  private async assertPage(session: Session, moduleId: string) {
    const [page] = await this.db
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.id, moduleId), eq(modules.deleteMark, 0)));
    if (!page) throw badRequest(AuthorizeMessages.modelItemNotFound);
    if (session.isAdministrator) return;
    const held = await loadGrants(this.db, session.userId);
    if (!held.get('module')?.has(moduleId)) throw badRequest(Messages.permissionDenied);
  }

  async columns(session: Session, moduleId: string): Promise<ColumnSetting[]> {
    await this.assertPage(session, moduleId);
    const [row] = await this.db
      .select({ fieldList: columnsPurviews.fieldList })
      .from(columnsPurviews)
      .where(eq(columnsPurviews.moduleId, moduleId));
    return row ? (JSON.parse(row.fieldList) as ColumnSetting[]) : [];
  }

  /** One row per page; the 3.4.7 client sends no version, so the last save wins. */
  async setColumns(session: Session, moduleId: string, fieldList: ColumnSetting[]): Promise<void> {
    await this.assertPage(session, moduleId);
    const text = JSON.stringify(fieldList);
    await this.db
      .insert(columnsPurviews)
      .values({ moduleId, fieldList: text, creatorUserId: session.userId })
      .onConflictDoUpdate({
        target: columnsPurviews.moduleId,
        set: {
          fieldList: text,
          lastModifyTime: Date.now(),
          lastModifyUserId: session.userId,
          version: sql`${columnsPurviews.version} + 1`,
        },
      });
  }
}
