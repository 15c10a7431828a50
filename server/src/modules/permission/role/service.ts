import {
  GLOBAL_ROLE_NODE_ID,
  RelationType,
  type RoleBody,
  type RoleInfo,
  type RoleItem,
  type RoleListQuery,
  type RoleTreeNode,
  type RoleUpdateBody,
} from '@console/shared';
import { and, asc, eq, exists, inArray, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { toggleEnabledVersioned, updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { authorizes, organizeRelations, roles, userRelations } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { loadUnits, UnitIcons, type Units, unitsSnapshot, unitTreeWithLeaves } from '../organize/units.js';
import { type OrganizeScope, organizeScope, type ScopeAction, ScopeMessages } from '../scope.js';

export const RoleMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  stateChanged: '更新角色状态成功',
  notFound: '角色不存在',
  organizeNotFound: '所属组织不存在',
  codeExists: '角色编码已存在',
  inUse: '该角色下有用户，不能删除',
  globalOnlyAdmin: '只有超级管理员才能管理全局角色',
  globalNode: '全局',
  unitScope: '组织',
} as const;

type Row = typeof roles.$inferSelect;

const SORTABLE = {
  fullName: roles.fullName,
  enCode: roles.enCode,
  sortCode: roles.sortCode,
  creatorTime: roles.creatorTime,
} as const;

const live = eq(roles.deleteMark, 0);
const ordered = [asc(roles.sortCode), asc(roles.creatorTime), asc(roles.id)];

export class RoleService {
  constructor(private readonly services: Services) {}

  /** Roles linked to one of the units (a correlated sub-select on roles.id). */
  private linkedTo(unitIds: string[]): SQL {
    return exists(
      this.db
        .select({ id: organizeRelations.id })
        .from(organizeRelations)
        .where(
          and(
            eq(organizeRelations.objectType, RelationType.Role),
            eq(organizeRelations.objectId, roles.id),
            inArray(organizeRelations.organizeId, [...unitIds, '']),
          ),
        ),
    );
  }

  private get db() {
    return this.services.db;
  }

  /** Unit ids of each role. */
  private async unitsOf(db: DbOrTx, roleIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (roleIds.length === 0) return map;
    const rows = await db
      .select({ roleId: organizeRelations.objectId, organizeId: organizeRelations.organizeId })
      .from(organizeRelations)
      .where(
        and(
          eq(organizeRelations.objectType, RelationType.Role),
          inArray(organizeRelations.objectId, roleIds),
        ),
      )
      .orderBy(asc(organizeRelations.creatorTime));
    for (const r of rows) map.set(r.roleId, [...(map.get(r.roleId) ?? []), r.organizeId]);
    return map;
  }

  private item(units: Units, r: Row, unitIds: string[]): RoleItem {
    return {
      id: r.id,
      fullName: r.fullName,
      enCode: r.enCode,
      type: r.globalMark === 1 ? RoleMessages.globalNode : RoleMessages.unitScope,
      globalMark: r.globalMark,
      organizeInfo: unitIds.map((u) => units.pathName(u)).join(','),
      sortCode: r.sortCode,
      enabledMark: r.enabledMark,
      description: r.description,
      creatorTime: r.creatorTime,
      version: r.version,
    };
  }

  /** Narrows roles to what a scope shows: global roles and roles of in-scope units, or only the latter. */
  private scopeFilter(scope: OrganizeScope): SQL | undefined {
    if (scope.all) return undefined;
    return and(eq(roles.globalMark, 0), this.linkedTo([...scope.organizeIds]));
  }

  async list(session: Session, query: RoleListQuery) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      organizeScope(this.services, session, 'select'),
    ]);
    const filters: (SQL | undefined)[] = [live, this.scopeFilter(scope)];
    filters.push(keywordMatch(query.keyword, roles.fullName, roles.enCode));
    if (query.organizeId === GLOBAL_ROLE_NODE_ID) filters.push(eq(roles.globalMark, 1));
    else if (query.organizeId) filters.push(and(eq(roles.globalMark, 0), this.linkedTo([query.organizeId])));
    const where = and(...filters);
    const order = listOrder(SORTABLE, query, asc(roles.id), ordered);
    const { rows, pagination } = await selectPage(this.db, roles, where, order, query);
    const linked = await this.unitsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return {
      list: rows.map((r) => this.item(units, r, linked.get(r.id) ?? [])),
      pagination,
    };
  }

  /**
   * The role picker tree: node '1' with the global roles (only for those not confined to units),
   * then the units with their roles. `onlyUnits` limits it to the roles of those units.
   */
  async selector(session: Session, action: ScopeAction, onlyUnits?: string[]) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      organizeScope(this.services, session, action),
    ]);
    const rows = await this.db
      .select()
      .from(roles)
      .where(and(live, eq(roles.enabledMark, 1), this.scopeFilter(scope)))
      .orderBy(...ordered);
    const linked = await this.unitsOf(
      this.db,
      rows.filter((r) => r.globalMark === 0).map((r) => r.id),
    );
    const only = onlyUnits ? new Set(onlyUnits) : undefined;
    const leaves = rows
      .filter((r) => r.globalMark === 0)
      .flatMap((r) => (linked.get(r.id) ?? []).map((organizeId) => ({ ...r, organizeId })))
      .filter((l) => units.byId.has(l.organizeId) && (!only || only.has(l.organizeId)));
    type Node = Omit<RoleTreeNode, 'hasChildren' | 'children'>;
    const roleNode = (r: Row, parentId: string, organize: string, organizeIds: string[]): Node => ({
      id: r.id,
      onlyId: `${parentId}--${r.id}`,
      parentId,
      fullName: r.fullName,
      enCode: r.enCode,
      type: 'role',
      icon: UnitIcons.role,
      organize,
      organizeIds,
      lastFullName: organize ? `${organize}/${r.fullName}` : r.fullName,
      disabled: false,
      isLeaf: true,
    });
    const unitTree = unitTreeWithLeaves<(typeof leaves)[number], Node>(
      units,
      scope,
      leaves,
      (row, disabled) => ({ ...units.pickerFields(row, disabled), onlyId: row.id, isLeaf: false }),
      (l, unit) => roleNode(l, unit.id, units.pathName(unit.id), units.pathIds(unit.id)),
    );
    const globals = rows.filter((r) => r.globalMark === 1);
    // Global roles fit every unit, so the roles of chosen units (the user form) include them.
    if (!scope.all) return { list: unitTree };
    const globalNode = {
      id: GLOBAL_ROLE_NODE_ID,
      onlyId: GLOBAL_ROLE_NODE_ID,
      parentId: '0',
      fullName: RoleMessages.globalNode,
      enCode: '',
      type: 'global' as const,
      icon: UnitIcons.role,
      organize: '',
      organizeIds: [],
      lastFullName: '',
      disabled: false,
      isLeaf: false,
      hasChildren: globals.length > 0,
      children: globals.map((r) => ({
        ...roleNode(r, GLOBAL_ROLE_NODE_ID, '', []),
        hasChildren: false,
        children: [],
      })),
    };
    return { list: [globalNode, ...unitTree] };
  }

  private async row(db: DbOrTx, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.id, id), live));
    if (!row) throw badRequest(RoleMessages.notFound);
    return row;
  }

  /**
   * Refuses unless the caller may act on the role: global roles are for administrators only;
   * a grade administrator needs the action on every unit of the role (`any` for reading: one).
   */
  private assertMayAct(
    session: Session,
    scope: OrganizeScope,
    role: { globalMark: number },
    unitIds: string[],
    any = false,
  ) {
    if (role.globalMark === 1) {
      if (!session.isAdministrator) throw badRequest(RoleMessages.globalOnlyAdmin);
      return;
    }
    if (scope.all) return;
    const inside = unitIds.filter((u) => scope.organizeIds.has(u));
    if (any ? inside.length === 0 : inside.length !== unitIds.length)
      throw badRequest(ScopeMessages.outOfScope);
  }

  /** Reading a global role is open to anyone with the page who is not confined to units. */
  async info(session: Session, id: string): Promise<RoleInfo> {
    const [units, scope, row] = await Promise.all([
      unitsSnapshot(this.services),
      organizeScope(this.services, session, 'select'),
      this.row(this.db, id),
    ]);
    const unitIds = (await this.unitsOf(this.db, [id])).get(id) ?? [];
    if (row.globalMark === 1 && !scope.all) throw badRequest(ScopeMessages.outOfScope);
    if (row.globalMark === 0) this.assertMayAct(session, scope, row, unitIds, true);
    return {
      ...this.item(units, row, unitIds),
      type: row.type,
      organizeIdsTree: unitIds.filter((u) => units.byId.has(u)).map((u) => units.pathIds(u)),
    };
  }

  /** The units of a role form (the last id of each cascader path), checked to exist. */
  private unitIdsOf(units: Units, body: RoleBody): string[] {
    if (body.globalMark === 1) return [];
    const ids = [...new Set(body.organizeIdsTree.map((path) => path[path.length - 1]!))];
    for (const id of ids) if (!units.byId.has(id)) throw badRequest(RoleMessages.organizeNotFound);
    return ids;
  }

  private async link(db: DbOrTx, roleId: string, unitIds: string[]) {
    await db
      .delete(organizeRelations)
      .where(
        and(eq(organizeRelations.objectType, RelationType.Role), eq(organizeRelations.objectId, roleId)),
      );
    if (unitIds.length === 0) return;
    await db.insert(organizeRelations).values(
      unitIds.map((organizeId) => ({
        id: newId(),
        organizeId,
        objectType: RelationType.Role,
        objectId: roleId,
      })),
    );
  }

  async create(session: Session, body: RoleBody): Promise<string> {
    const scope = await organizeScope(this.services, session, 'add');
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        const unitIds = this.unitIdsOf(await loadUnits(tx), body);
        this.assertMayAct(session, scope, body, unitIds);
        await tx.insert(roles).values({
          id,
          fullName: body.fullName,
          enCode: body.enCode,
          type: body.type || null,
          globalMark: body.globalMark,
          sortCode: body.sortCode,
          enabledMark: body.enabledMark,
          description: body.description ?? null,
          creatorUserId: session.userId,
        });
        await this.link(tx, id, unitIds);
      })
      .catch(uniqueAs(RoleMessages.codeExists));
    return id;
  }

  async update(session: Session, id: string, body: RoleUpdateBody): Promise<void> {
    const scope = await organizeScope(this.services, session, 'edit');
    await this.db
      .transaction(async (tx) => {
        const row = await this.row(tx, id);
        this.assertMayAct(session, scope, row, (await this.unitsOf(tx, [id])).get(id) ?? []);
        const unitIds = this.unitIdsOf(await loadUnits(tx), body);
        this.assertMayAct(session, scope, body, unitIds);
        await updateVersioned(
          tx,
          roles,
          { id, version: body.version, userId: session.userId },
          {
            fullName: body.fullName,
            enCode: body.enCode,
            type: body.type || null,
            globalMark: body.globalMark,
            sortCode: body.sortCode,
            enabledMark: body.enabledMark,
            description: body.description ?? null,
          },
        );
        await this.link(tx, id, unitIds);
      })
      .catch(uniqueAs(RoleMessages.codeExists));
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  /** Enables or disables a role; a disabled role's grants stop counting from the next request. */
  async toggleState(session: Session, id: string): Promise<void> {
    const scope = await organizeScope(this.services, session, 'edit');
    await this.db.transaction(async (tx) => {
      const row = await this.row(tx, id);
      this.assertMayAct(session, scope, row, (await this.unitsOf(tx, [id])).get(id) ?? []);
      await toggleEnabledVersioned(tx, roles, row, session.userId);
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  async remove(session: Session, id: string): Promise<void> {
    const scope = await organizeScope(this.services, session, 'delete');
    await this.db.transaction(async (tx) => {
      const row = await this.row(tx, id);
      this.assertMayAct(session, scope, row, (await this.unitsOf(tx, [id])).get(id) ?? []);
      const [held] = await tx
        .select({ id: userRelations.id })
        .from(userRelations)
        .where(and(eq(userRelations.objectType, RelationType.Role), eq(userRelations.objectId, id)))
        .limit(1);
      if (held) throw badRequest(RoleMessages.inUse);
      await tx
        .delete(authorizes)
        .where(and(eq(authorizes.objectType, RelationType.Role), eq(authorizes.objectId, id)));
      await this.link(tx, id, []);
      await tx.delete(roles).where(eq(roles.id, id));
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }
}
