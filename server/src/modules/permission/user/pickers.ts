import {
  RelationType,
  type UserConditionBody,
  type UserPickerItem,
  type UserSelectorNode,
} from '@console/shared';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../../core/sessions.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import {
  groups,
  organizeRelations,
  organizes,
  positions,
  roles,
  userRelations,
  users,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { STORED_ROOT_ID, unitsSnapshot } from '../organize/units.js';
import { organizeScope, scopeFilter } from '../scope.js';
import { keywordMatch, relationsOf, unitsOf } from './service.js';
import { unitAndBelowIds, unitFacts, unitsBelow } from './units.js';

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'account' | 'realName' | 'headIcon' | 'organizeId'>;

const PICKER_COLUMNS = {
  id: users.id,
  account: users.account,
  realName: users.realName,
  headIcon: users.headIcon,
  organizeId: users.organizeId,
};

/** Users a picker may offer: not deleted, not disabled. */
const pickable = and(eq(users.deleteMark, 0), ne(users.enabledMark, 0))!;

const ORDER = [asc(users.sortCode), desc(users.creatorTime), desc(users.id)];

const COMPANY_ICON = 'icon-ym icon-ym-tree-organization3';
const DEPARTMENT_ICON = 'icon-ym icon-ym-tree-department1';
const USER_ICON = 'icon-ym icon-ym-tree-user2';

/** A user as a leaf of a unit tree (organize: the unit's path of names). */
const userNode = (r: UserRow, organize: string, organizeIds: string[]): UserSelectorNode => ({
  id: r.id,
  parentId: r.organizeId ?? '0',
  fullName: `${r.realName}/${r.account}`,
  type: 'user',
  organize,
  organizeIds,
  icon: USER_ICON,
  headIcon: r.headIcon ?? '',
  hasChildren: false,
  isLeaf: true,
});

/** Users who are members of any of the objects, as a subquery of user ids. */
const membersOf = (objectType: string, ids: string[] | SQL) =>
  sql`${users.id} IN (SELECT ${userRelations.userId} FROM ${userRelations} WHERE ${userRelations.objectType} = ${objectType} AND ${
    Array.isArray(ids) ? inArray(userRelations.objectId, ids) : sql`${userRelations.objectId} IN ${ids}`
  })`;

/** The user pickers of widgets.md: every signed-in user may look people up. */
export class UserPickerService {
  constructor(private readonly services: Services) {}

  private get db(): Db {
    return this.services.db;
  }

  /** Picker items with their unit paths, in the order of `rows`. */
  async items(rows: UserRow[]): Promise<UserPickerItem[]> {
    const relations = await relationsOf(
      this.db,
      rows.map((r) => r.id),
    );
    const facts = await unitFacts(
      this.db,
      rows.flatMap((r) => unitsOf(r, relations.get(r.id))),
    );
    return rows.map((r) => ({
      id: r.id,
      fullName: `${r.realName}/${r.account}`,
      realName: r.realName,
      account: r.account,
      headIcon: r.headIcon ?? '',
      organize: unitsOf(r, relations.get(r.id))
        .map((u) => facts.get(u)?.path)
        .filter(Boolean)
        .join(','),
      type: 'user' as const,
    }));
  }

  private async find(where: SQL | undefined, keyword = '', limit = 10_000): Promise<UserPickerItem[]> {
    const rows = await this.db
      .select(PICKER_COLUMNS)
      .from(users)
      .where(and(pickable, where, keyword ? keywordMatch(keyword) : undefined))
      .orderBy(...ORDER)
      .limit(limit);
    return this.items(rows);
  }

  private async page(
    where: SQL | undefined,
    query: { keyword: string; currentPage: number; pageSize: number },
  ) {
    const filter = and(pickable, where, query.keyword ? keywordMatch(query.keyword) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(PICKER_COLUMNS)
        .from(users)
        .where(filter)
        .orderBy(...ORDER)
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(users).where(filter),
    ]);
    return {
      list: await this.items(rows),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  /** GET /Users/All */
  async all() {
    return { list: await this.find(undefined, '', 100_000) };
  }

  /** POST /getUserList: the given users, in the given order. */
  async byIds(ids: string[]) {
    if (ids.length === 0) return { list: [] };
    const found = await this.find(inArray(users.id, ids));
    const byId = new Map(found.map((u) => [u.id, u]));
    return { list: ids.map((id) => byId.get(id)).filter((u) => u !== undefined) };
  }

  /**
   * GET /Users/Selector: the unit tree with each unit's users as leaves. With organizeId other
   * than '0', only that unit's direct child units and users (lazy loading).
   */
  async selector(organizeId: string, keyword: string): Promise<{ list: UserSelectorNode[] }> {
    const unitRows = await this.db
      .select({
        id: organizes.id,
        parentId: organizes.parentId,
        fullName: organizes.fullName,
        category: organizes.category,
        tree: organizes.organizeIdTree,
        enabledMark: organizes.enabledMark,
      })
      .from(organizes)
      .where(eq(organizes.deleteMark, 0))
      .orderBy(asc(organizes.sortCode), asc(organizes.creatorTime));
    const lazy = organizeId !== '0' && organizeId !== '';
    const userRows = await this.db
      .select(PICKER_COLUMNS)
      .from(users)
      .where(
        and(
          pickable,
          keyword ? keywordMatch(keyword) : undefined,
          lazy ? eq(users.organizeId, organizeId) : undefined,
        ),
      )
      .orderBy(...ORDER)
      .limit(100_000);
    const names = new Map(unitRows.map((u) => [u.id, u.fullName]));
    const unitNode = (u: (typeof unitRows)[number]): UserSelectorNode => {
      const ids = u.tree.split(',').filter(Boolean);
      return {
        id: u.id,
        parentId: u.parentId === '-1' ? '0' : u.parentId,
        fullName: u.fullName,
        type: u.category === 'company' ? 'company' : 'department',
        organize: ids.map((id) => names.get(id) ?? '').join('/'),
        organizeIds: ids,
        icon: u.category === 'company' ? COMPANY_ICON : DEPARTMENT_ICON,
        hasChildren: false,
        isLeaf: false,
        disabled: u.enabledMark !== 1,
        children: [],
      };
    };
    const nodes = new Map(unitRows.map((u) => [u.id, unitNode(u)]));
    const unitUser = (r: UserRow, unit: UserSelectorNode | undefined) =>
      userNode(r, unit?.organize ?? '', unit?.organizeIds ?? []);
    if (lazy) {
      const unit = nodes.get(organizeId);
      const children = unitRows
        .filter((u) => u.parentId === organizeId)
        .map((u) => ({ ...nodes.get(u.id)!, hasChildren: true, children: undefined }));
      return { list: [...children, ...userRows.map((r) => unitUser(r, unit))] };
    }
    // Child units first, then the unit's users.
    const roots: UserSelectorNode[] = [];
    for (const u of unitRows) {
      const node = nodes.get(u.id)!;
      const parent = nodes.get(u.parentId);
      if (parent) parent.children!.push(node);
      else roots.push(node);
    }
    for (const r of userRows) {
      const unit = r.organizeId ? nodes.get(r.organizeId) : undefined;
      unit?.children?.push(unitUser(r, unit));
    }
    const settle = (node: UserSelectorNode): boolean => {
      const kept = (node.children ?? []).filter((c) => c.type === 'user' || settle(c));
      node.children = kept;
      node.hasChildren = kept.length > 0;
      node.isLeaf = kept.length === 0;
      // With a keyword only the branches leading to matching users stay.
      return !keyword || kept.length > 0;
    };
    return { list: roots.filter(settle) };
  }

  /**
   * POST /ImUser/Selector/{organizeId}: the picker's search (a keyword: a page of users of every
   * unit) or, without a keyword, the unit's tree like GET /Selector.
   */
  async imSelector(organizeId: string, query: { keyword: string; currentPage: number; pageSize: number }) {
    if (query.keyword) return this.page(undefined, query);
    return this.selector(organizeId, '');
  }

  /** GET /getOrganization: users of a unit ('0' = the caller's own unit). */
  async ofUnit(session: Session, organizeId: string, keyword: string) {
    const unit = organizeId === '0' || organizeId === '' ? session.organizeId : organizeId;
    if (!unit) return { list: [] };
    return { list: await this.find(membersOf(RelationType.Organize, [unit]), keyword) };
  }

  /** POST /getSubordinates: the caller's direct reports. */
  async subordinates(session: Session, keyword: string) {
    return { list: await this.find(eq(users.managerId, session.userId), keyword) };
  }

  /** GET /GetUsersByPositionId */
  async byPosition(positionId: string, keyword: string) {
    if (!positionId) return { list: [] };
    return { list: await this.find(membersOf(RelationType.Position, [positionId]), keyword) };
  }

  /** GET /getUsersByRoleId (members of the role, optionally in a unit's subtree). */
  async byRole(roleId: string, organizeId: string, keyword: string) {
    if (!roleId) return { list: [] };
    const inUnit =
      organizeId && organizeId !== '0'
        ? membersOf(RelationType.Organize, unitAndBelowIds(organizeId))
        : undefined;
    return { list: await this.find(and(membersOf(RelationType.Role, [roleId]), inUnit), keyword) };
  }

  /**
   * GET /GetUsersByRoleOrgId: the people a role's member dialog offers, one level at a time: at
   * '0' the role's units (a global role: the top units), under a unit its child units and its
   * users; with a keyword the matching users anywhere in those units' subtrees.
   */
  async roleCandidates(roleId: string, organizeId: string, keyword: string): Promise<UserSelectorNode[]> {
    const units = await unitsSnapshot(this.services);
    const [role] = await this.db
      .select({ globalMark: roles.globalMark })
      .from(roles)
      .where(and(eq(roles.id, roleId), eq(roles.deleteMark, 0)));
    if (!role) return [];
    const tops =
      role.globalMark === 1
        ? units.rows.filter((u) => u.parentId === STORED_ROOT_ID).map((u) => u.id)
        : (
            await this.db
              .select({ organizeId: organizeRelations.organizeId })
              .from(organizeRelations)
              .where(
                and(
                  eq(organizeRelations.objectType, RelationType.Role),
                  eq(organizeRelations.objectId, roleId),
                ),
              )
          )
            .map((r) => r.organizeId)
            .filter((id) => units.byId.has(id));
    const within = new Set(tops.flatMap((id) => [...units.subtree(id)]));
    const unitNode = (id: string): UserSelectorNode => {
      const {
        enCode: _code,
        lastFullName: _path,
        ...fields
      } = units.pickerFields(units.byId.get(id)!, false);
      return { ...fields, hasChildren: true, isLeaf: false };
    };
    const usersOf = async (unitIds: string[], withKeyword: string) => {
      if (unitIds.length === 0) return [];
      const rows = await this.db
        .select(PICKER_COLUMNS)
        .from(users)
        .where(
          and(
            pickable,
            inArray(users.organizeId, unitIds),
            withKeyword ? keywordMatch(withKeyword) : undefined,
          ),
        )
        .orderBy(...ORDER)
        .limit(10_000);
      return rows.map((r) => userNode(r, units.pathName(r.organizeId!), units.pathIds(r.organizeId!)));
    };
    if (keyword) return usersOf([...within], keyword);
    if (organizeId === '0' || organizeId === '') return tops.map(unitNode);
    if (!within.has(organizeId)) return [];
    const children = units.rows.filter((u) => u.parentId === organizeId).map((u) => unitNode(u.id));
    return [...children, ...(await usersOf([organizeId], ''))];
  }

  /** The users allowed by a picker's limits (departments with their subtrees, positions, roles, groups, users). */
  private allowedFilter(limits: {
    departIds: string[];
    positionIds: string[];
    roleIds: string[];
    groupIds: string[];
    userIds: string[];
  }): Promise<SQL> {
    return usersFilter(this.db, limits);
  }

  /** POST /UserCondition: the picker limited to allowed users, paged. */
  async condition(body: UserConditionBody) {
    return this.page(await this.allowedFilter(body), body);
  }

  /** POST /getDefaultCurrentValueUserId: the caller's id when the limits allow the caller, else ''. */
  async defaultCurrentValue(
    session: Session,
    limits: Parameters<UserPickerService['allowedFilter']>[0],
  ): Promise<{ userId: string }> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, session.userId), await this.allowedFilter(limits)))
      .limit(1);
    return { userId: row?.id ?? '' };
  }

  /** POST /GetListByAuthorize/{organizeId}: users of a unit's subtree the caller may manage, paged. */
  async byAuthorize(
    session: Session,
    organizeId: string,
    query: { keyword: string; currentPage: number; pageSize: number },
  ) {
    const scope = await organizeScope(this.services, session, 'select');
    const inUnit =
      organizeId && organizeId !== '0'
        ? membersOf(RelationType.Organize, unitAndBelowIds(organizeId))
        : undefined;
    return this.page(and(inUnit, scopeFilter(scope, users.organizeId)), query);
  }

  /**
   * POST /getSelectedList: names of picked items. An id may carry its kind ("id--role"); a bare id
   * is looked up among users, units, positions, roles and groups.
   */
  async selected(ids: string[]) {
    const parsed = ids.map((raw) => {
      const [id, type] = raw.split('--');
      return { raw, id: id!, type: type ?? '' };
    });
    const plain = parsed.map((p) => p.id);
    if (plain.length === 0) return { list: [] };
    const [userItems, unitRows, positionRows, roleRows, groupRows] = await Promise.all([
      this.find(inArray(users.id, plain)),
      this.db
        .select({ id: organizes.id, fullName: organizes.fullName, category: organizes.category })
        .from(organizes)
        .where(and(inArray(organizes.id, plain), eq(organizes.deleteMark, 0))),
      this.db
        .select({ id: positions.id, fullName: positions.fullName, organizeId: positions.organizeId })
        .from(positions)
        .where(and(inArray(positions.id, plain), eq(positions.deleteMark, 0))),
      this.db
        .select({ id: roles.id, fullName: roles.fullName })
        .from(roles)
        .where(and(inArray(roles.id, plain), eq(roles.deleteMark, 0))),
      this.db
        .select({ id: groups.id, fullName: groups.fullName })
        .from(groups)
        .where(and(inArray(groups.id, plain), eq(groups.deleteMark, 0))),
    ]);
    const facts = await unitFacts(this.db, [
      ...unitRows.map((u) => u.id),
      ...positionRows.map((p) => p.organizeId),
    ]);
    const list: { id: string; fullName: string; type: string; organize: string; headIcon?: string }[] = [];
    for (const p of parsed) {
      const wants = (t: string) => p.type === '' || p.type === t;
      const user = wants('user') ? userItems.find((u) => u.id === p.id) : undefined;
      if (user) {
        list.push({
          id: p.raw,
          fullName: user.fullName,
          type: 'user',
          organize: user.organize,
          headIcon: user.headIcon,
        });
        continue;
      }
      const unit = unitRows.find((u) => u.id === p.id && (wants(u.category) || wants('organize')));
      if (unit) {
        list.push({
          id: p.raw,
          fullName: unit.fullName,
          type: unit.category,
          organize: facts.get(unit.id)?.path ?? '',
        });
        continue;
      }
      const position = wants('position') ? positionRows.find((x) => x.id === p.id) : undefined;
      if (position) {
        list.push({
          id: p.raw,
          fullName: position.fullName,
          type: 'position',
          organize: facts.get(position.organizeId)?.path ?? '',
        });
        continue;
      }
      const role = wants('role') ? roleRows.find((x) => x.id === p.id) : undefined;
      if (role) {
        list.push({ id: p.raw, fullName: role.fullName, type: 'role', organize: '' });
        continue;
      }
      const group = wants('group') ? groupRows.find((x) => x.id === p.id) : undefined;
      if (group) list.push({ id: p.raw, fullName: group.fullName, type: 'group', organize: '' });
    }
    return { list };
  }

  /** POST /getSelectedUserList: the users behind picked items (units with their subtrees, positions, roles, groups, users), paged. */
  async selectedUsers(ids: string[], query: { keyword: string; currentPage: number; pageSize: number }) {
    return this.page(await pickedUsersFilter(this.db, ids), query);
  }
}

/**
 * The users behind items of the existing clients' users picker (usersSelect: "id--user",
 * "id--company"/"id--department", "id--position", "id--role", "id--group"; a bare id is a user),
 * units with their subtrees, as a filter on users.
 */
export async function pickedUsersFilter(db: DbOrTx, ids: string[]): Promise<SQL> {
  const byType = {
    departIds: [] as string[],
    positionIds: [] as string[],
    roleIds: [] as string[],
    groupIds: [] as string[],
    userIds: [] as string[],
  };
  for (const raw of ids) {
    const [id, type = 'user'] = raw.split('--');
    if (!id) continue;
    if (type === 'company' || type === 'department' || type === 'organize') byType.departIds.push(id);
    else if (type === 'position') byType.positionIds.push(id);
    else if (type === 'role') byType.roleIds.push(id);
    else if (type === 'group') byType.groupIds.push(id);
    else byType.userIds.push(id);
  }
  return usersFilter(db, byType);
}

async function usersFilter(
  db: DbOrTx,
  limits: {
    departIds: string[];
    positionIds: string[];
    roleIds: string[];
    groupIds: string[];
    userIds: string[];
  },
): Promise<SQL> {
  const parts: SQL[] = [];
  if (limits.departIds.length) {
    const units = await unitsBelow(db, limits.departIds);
    if (units.length) parts.push(membersOf(RelationType.Organize, units));
  }
  if (limits.positionIds.length) parts.push(membersOf(RelationType.Position, limits.positionIds));
  if (limits.roleIds.length) parts.push(membersOf(RelationType.Role, limits.roleIds));
  if (limits.groupIds.length) parts.push(membersOf(RelationType.Group, limits.groupIds));
  if (limits.userIds.length) parts.push(inArray(users.id, limits.userIds));
  return parts.length ? or(...parts)! : sql`false`;
}
