import {
  type OrganizeBody,
  type OrganizeCategory,
  type OrganizeInfo,
  type OrganizeNode,
  type OrganizeUpdateBody,
  RelationType,
  ResultCode,
} from '@console/shared';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { toggleEnabledVersioned, updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import {
  organizeAdministrators,
  organizeRelations,
  organizes,
  positions,
  userRelations,
  users,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { uniqueAs } from '../../system/dictionary/service.js';
import { assertInScope, type OrganizeScope, organizeScope, pageScope } from '../scope.js';
import {
  STORED_ROOT_ID,
  storedParent,
  UnitIcons,
  type UnitRow,
  type Units,
  unitsSnapshot,
  wireParent,
} from './units.js';

export const OrganizeMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  stateChanged: '更新组织状态成功',
  notFound: '组织不存在',
  parentNotFound: '上级组织不存在',
  parentIsSelf: '上级组织不能选择自己或自己的下级',
  companyParent: '公司的上级只能是公司',
  departmentParent: '部门的上级只能是公司或部门，不能是顶级',
  codeExists: '组织编码已存在',
  managerNotFound: '主管不存在',
  deleteBlocked: (blockers: string[]) => `该组织下有${blockers.join('、')}，不能删除`,
} as const;

/** The wire node of the management tree (a plain literal: thousands are built per answer). */
function organizeNode(
  units: Units,
  row: UnitRow,
  disabled: boolean,
): Omit<OrganizeNode, 'hasChildren' | 'children'> {
  const path = units.pathName(row.id);
  return {
    id: row.id,
    parentId: wireParent(row.parentId),
    fullName: row.fullName,
    enCode: row.enCode,
    type: row.category,
    category: row.category,
    icon: UnitIcons[row.category],
    organize: path,
    organizeIds: units.pathIds(row.id),
    lastFullName: path,
    disabled,
    shortName: row.shortName,
    managerId: row.managerId,
    sortCode: row.sortCode,
    enabledMark: row.enabledMark,
    description: row.description,
    creatorTime: row.creatorTime,
  };
}

/** A whole answer envelope already serialised, for the route to send as it is. */
export class SerializedAnswer {
  constructor(readonly json: string) {}
}

const matchesKeyword = (keyword: string) => {
  const k = keyword.toLowerCase();
  return (row: UnitRow) =>
    !k || row.fullName.toLowerCase().includes(k) || row.enCode.toLowerCase().includes(k);
};

export class OrganizeService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  /**
   * GET Organize (and Tree): companies and departments in scope, ancestors as disabled path
   * nodes. The unfiltered tree is the same for every unrestricted caller of one snapshot: its
   * whole answer is serialised once (megabytes for thousands of units) and sent as it is.
   */
  /**
   * The unit tree in the caller's scope; `page`: the organisation page's list, narrowed further by
   * that page's data rules (`pageScope`), as its writes are.
   */
  async list(
    session: Session,
    keyword: string,
    category?: OrganizeCategory,
    page = false,
  ): Promise<{ list: OrganizeNode[] } | SerializedAnswer> {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      page
        ? pageScope(this.services, session, 'permission.organize', 'select')
        : organizeScope(this.services, session, 'select'),
    ]);
    const match = matchesKeyword(keyword);
    const build = () => {
      const rows = units.visible(
        scope,
        keyword || category ? (r) => match(r) && (!category || r.category === category) : undefined,
      );
      return { list: units.tree(rows.map(({ row, disabled }) => organizeNode(units, row, disabled))) };
    };
    if (!scope.all || keyword) return build();
    return units.memo(
      `list:${category ?? ''}`,
      () =>
        new SerializedAnswer(
          JSON.stringify({ code: ResultCode.Success, msg: Messages.success, data: build() }),
        ),
    );
  }

  /**
   * Selector/{id}: the units a unit may be placed under (companies only for a company), without
   * `excludeId` and the units below it.
   */
  async selector(session: Session, excludeId: string, onlyCompanies: boolean, byAuth: boolean) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      byAuth ? this.authScope(session) : organizeScope(this.services, session, 'select'),
    ]);
    const excluded = excludeId && excludeId !== '0' ? units.subtree(excludeId) : new Set<string>();
    const rows = units.visible(
      scope,
      (r) => !excluded.has(r.id) && (!onlyCompanies || r.category === 'company'),
    );
    return {
      list: units.tree(rows.map(({ row, disabled }) => organizeNode(units, row, disabled))),
    };
  }

  /**
   * Auth mode of the pickers: a grade administrator's units; for someone else who is not an
   * administrator, the units they belong to and everything below them.
   */
  private async authScope(session: Session): Promise<OrganizeScope> {
    const scope = await organizeScope(this.services, session, 'select');
    if (!scope.all || session.isAdministrator) return scope;
    const own = await this.db
      .select({ id: userRelations.objectId })
      .from(userRelations)
      .where(
        and(eq(userRelations.userId, session.userId), eq(userRelations.objectType, RelationType.Organize)),
      );
    const roots = [
      ...new Set([...own.map((o) => o.id), ...(session.organizeId ? [session.organizeId] : [])]),
    ];
    if (roots.length === 0) return { all: false, organizeIds: new Set() };
    const below = await this.db
      .select({ id: organizes.id })
      .from(organizes)
      .where(
        and(
          eq(organizes.deleteMark, 0),
          or(inArray(organizes.id, roots), ...roots.map((r) => like(organizes.organizeIdTree, `%${r},%`))),
        ),
      );
    return { all: false, organizeIds: new Set(below.map((b) => b.id)) };
  }

  /** GET Organize/{id}/Department: the departments of a company (not those of companies below it). */
  async departmentsOf(session: Session, companyId: string, keyword: string) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      pageScope(this.services, session, 'permission.organize', 'select'),
    ]);
    const company = units.byId.get(companyId);
    if (!company) throw badRequest(OrganizeMessages.notFound);
    assertInScope(scope, companyId);
    const ownCompany = (row: UnitRow) => {
      const path = units.pathIds(row.id);
      const nearest = path.reverse().find((id) => units.byId.get(id)?.category === 'company');
      return nearest === companyId;
    };
    const match = matchesKeyword(keyword);
    const rows = units
      .visible(scope, (r) => r.category === 'department' && ownCompany(r) && match(r))
      .filter(({ row }) => row.id !== companyId && units.pathIds(row.id).includes(companyId));
    return { list: units.tree(rows.map(({ row, disabled }) => organizeNode(units, row, disabled))) };
  }

  /** POST OrganizeCondition: the given units (custom picker mode) with their paths. */
  async condition(session: Session, departIds: string[], keyword: string) {
    const [units, scope] = await Promise.all([
      unitsSnapshot(this.services),
      organizeScope(this.services, session, 'select'),
    ]);
    const allowed = new Set(departIds);
    const match = matchesKeyword(keyword);
    const rows = units.visible(scope, (r) => allowed.has(r.id) && match(r));
    return {
      list: units.tree(
        rows.map(({ row, disabled }) => organizeNode(units, row, disabled || !allowed.has(row.id))),
      ),
    };
  }

  /** The caller's own unit when it is among `departIds` (or any is allowed), else ''. */
  defaultDepartment(session: Session, departIds: string[]) {
    const id = session.organizeId ?? '';
    return { departmentId: id && (departIds.length === 0 || departIds.includes(id)) ? id : '' };
  }

  async info(session: Session, id: string): Promise<OrganizeInfo> {
    const units = await unitsSnapshot(this.services);
    const row = units.byId.get(id);
    if (!row) throw badRequest(OrganizeMessages.notFound);
    assertInScope(await organizeScope(this.services, session, 'select'), id);
    return {
      id: row.id,
      parentId: wireParent(row.parentId),
      category: row.category,
      fullName: row.fullName,
      enCode: row.enCode,
      shortName: row.shortName,
      managerId: row.managerId,
      propertyJson: row.propertyJson,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description,
      organizeIdTree: units.pathIds(row.id).slice(0, -1),
      version: row.version,
    };
  }

  /** One unit's row (without the rest of the tree), or the not-found refusal. */
  private async unit(db: DbOrTx, id: string, message: string = OrganizeMessages.notFound) {
    const [row] = await db
      .select({
        id: organizes.id,
        parentId: organizes.parentId,
        category: organizes.category,
        organizeIdTree: organizes.organizeIdTree,
        enabledMark: organizes.enabledMark,
        version: organizes.version,
      })
      .from(organizes)
      .where(and(eq(organizes.id, id), eq(organizes.deleteMark, 0)));
    if (!row) throw badRequest(message);
    return row;
  }

  /** Checks the parent for a unit of `category` and returns the parent's stored id and path. */
  private async parentOf(db: DbOrTx, category: string, parentId: string) {
    const stored = storedParent(parentId);
    if (stored === STORED_ROOT_ID) {
      if (category === 'department') throw badRequest(OrganizeMessages.departmentParent);
      return { parentId: stored, path: [] as string[] };
    }
    const parent = await this.unit(db, stored, OrganizeMessages.parentNotFound);
    if (category === 'company' && parent.category !== 'company')
      throw badRequest(OrganizeMessages.companyParent);
    return { parentId: stored, path: parent.organizeIdTree.split(',') };
  }

  private async checkManager(db: DbOrTx, managerId: string | null | undefined) {
    if (!managerId) return;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, managerId), eq(users.deleteMark, 0)));
    if (!user) throw badRequest(OrganizeMessages.managerNotFound);
  }

  async create(session: Session, category: OrganizeCategory, body: OrganizeBody): Promise<string> {
    const scope = await pageScope(this.services, session, 'permission.organize', 'add');
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        const parent = await this.parentOf(tx, category, body.parentId);
        // Adding a unit acts on its parent; only an unrestricted caller adds at the top.
        if (!scope.all) assertInScope(scope, parent.parentId === STORED_ROOT_ID ? null : parent.parentId);
        await this.checkManager(tx, body.managerId);
        await tx.insert(organizes).values({
          id,
          parentId: parent.parentId,
          category,
          fullName: body.fullName,
          enCode: body.enCode,
          shortName: body.shortName || null,
          managerId: body.managerId || null,
          propertyJson: body.propertyJson || null,
          organizeIdTree: [...parent.path, id].join(','),
          sortCode: body.sortCode,
          enabledMark: body.enabledMark,
          description: body.description ?? null,
          creatorUserId: session.userId,
        });
      })
      .catch(uniqueAs(OrganizeMessages.codeExists));
    await bumpStamp(this.services.kv, StampKey.authorization);
    return id;
  }

  /**
   * Edits a unit; a new parent moves it with everything below it (the paths of the whole
   * subtree change in the same transaction).
   */
  async update(session: Session, id: string, body: OrganizeUpdateBody): Promise<void> {
    const [editScope, addScope] = await Promise.all([
      pageScope(this.services, session, 'permission.organize', 'edit'),
      pageScope(this.services, session, 'permission.organize', 'add'),
    ]);
    await this.db
      .transaction(async (tx) => {
        const row = await this.unit(tx, id);
        assertInScope(editScope, id);
        const parent = await this.parentOf(tx, row.category, body.parentId);
        if (parent.path.includes(id)) throw badRequest(OrganizeMessages.parentIsSelf);
        const moved = parent.parentId !== row.parentId;
        if (moved && !addScope.all) {
          assertInScope(addScope, parent.parentId === STORED_ROOT_ID ? null : parent.parentId);
        }
        await this.checkManager(tx, body.managerId);
        const newTree = [...parent.path, id].join(',');
        await updateVersioned(
          tx,
          organizes,
          { id, version: body.version, userId: session.userId },
          {
            parentId: parent.parentId,
            fullName: body.fullName,
            enCode: body.enCode,
            shortName: body.shortName || null,
            managerId: body.managerId || null,
            propertyJson: body.propertyJson || null,
            organizeIdTree: newTree,
            sortCode: body.sortCode,
            enabledMark: body.enabledMark,
            description: body.description ?? null,
          },
        );
        if (moved) {
          const oldTree = row.organizeIdTree;
          await tx
            .update(organizes)
            .set({
              organizeIdTree: sql`${newTree} || substr(${organizes.organizeIdTree}, ${oldTree.length + 1})`,
            })
            .where(like(organizes.organizeIdTree, `${oldTree},%`));
        }
      })
      .catch(uniqueAs(OrganizeMessages.codeExists));
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  async toggleState(session: Session, id: string): Promise<void> {
    const scope = await pageScope(this.services, session, 'permission.organize', 'edit');
    await this.db.transaction(async (tx) => {
      const row = await this.unit(tx, id);
      assertInScope(scope, id);
      await toggleEnabledVersioned(tx, organizes, row, session.userId);
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  /** Deletes a unit that nothing refers to; otherwise names what blocks it. */
  async remove(session: Session, id: string): Promise<void> {
    const scope = await pageScope(this.services, session, 'permission.organize', 'delete');
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: organizes.id })
        .from(organizes)
        .where(and(eq(organizes.id, id), eq(organizes.deleteMark, 0)));
      if (!row) throw badRequest(OrganizeMessages.notFound);
      assertInScope(scope, id);
      const exists = (q: { limit: (n: number) => Promise<unknown[]> }) =>
        q.limit(1).then((r) => r.length > 0);
      const [children, members, relations, held, roles] = await Promise.all([
        exists(
          tx
            .select({ id: organizes.id })
            .from(organizes)
            .where(and(eq(organizes.parentId, id), eq(organizes.deleteMark, 0))),
        ),
        exists(
          tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.organizeId, id), eq(users.deleteMark, 0))),
        ),
        exists(
          tx
            .select({ id: userRelations.id })
            .from(userRelations)
            .where(and(eq(userRelations.objectType, RelationType.Organize), eq(userRelations.objectId, id))),
        ),
        exists(
          tx
            .select({ id: positions.id })
            .from(positions)
            .where(and(eq(positions.organizeId, id), eq(positions.deleteMark, 0))),
        ),
        exists(
          tx
            .select({ id: organizeRelations.id })
            .from(organizeRelations)
            .where(
              and(eq(organizeRelations.organizeId, id), eq(organizeRelations.objectType, RelationType.Role)),
            ),
        ),
      ]);
      const blockers = [
        children && '下级组织',
        (members || relations) && '用户',
        held && '岗位',
        roles && '角色',
      ].filter((b): b is string => Boolean(b));
      if (blockers.length) throw badRequest(OrganizeMessages.deleteBlocked(blockers));
      await tx.delete(organizeAdministrators).where(eq(organizeAdministrators.organizeId, id));
      await tx.delete(organizeRelations).where(eq(organizeRelations.organizeId, id));
      await tx.delete(organizes).where(eq(organizes.id, id));
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }
}
