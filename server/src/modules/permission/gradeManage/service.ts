import {
  GRADE_RIGHTS,
  type GradeAdminBody,
  type GradeAdminInfo,
  type GradeAdminItem,
  type GradeRight,
  type GradeTreeNode,
  type GradeUnitRights,
  type PageQuery,
} from '@console/shared';
import { and, asc, count, eq, exists, inArray, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import type { DbOrTx } from '../../../db/client.js';
import { assertFixedOrder, keywordMatch } from '../../../db/query.js';
import { organizeAdministrators, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { loadUnits, type Units, unitsSnapshot } from '../organize/units.js';

export const GradeMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  onlyAdministrator: '只有超级管理员才能设置分级管理员',
  notFound: '该用户不是分级管理员',
  userNotFound: '用户不存在',
  alreadyGrade: '该用户已是分级管理员，请编辑其管理组织',
  administrator: '超级管理员拥有全部权限，无需设置分级管理',
  organizeNotFound: '管理组织不存在',
} as const;

type Rights = Record<GradeRight, 0 | 1>;
const NO_RIGHTS = Object.fromEntries(GRADE_RIGHTS.map((r) => [r, 0])) as Rights;
const rightsOf = (row: Record<GradeRight, number>): Rights =>
  Object.fromEntries(GRADE_RIGHTS.map((r) => [r, row[r] === 1 ? 1 : 0])) as Rights;

export class GradeManageService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  private assertAdministrator(session: Session) {
    if (!session.isAdministrator) throw badRequest(GradeMessages.onlyAdministrator);
  }

  private administers(): SQL {
    return exists(
      this.db
        .select({ id: organizeAdministrators.id })
        .from(organizeAdministrators)
        .where(eq(organizeAdministrators.userId, users.id)),
    );
  }

  /** GET organizeAdminIsTrator: one row per grade administrator. */
  async list(query: PageQuery) {
    assertFixedOrder(query.sidx);
    const filters: (SQL | undefined)[] = [eq(users.deleteMark, 0), this.administers()];
    filters.push(keywordMatch(query.keyword, users.account, users.realName));
    const where = and(...filters);
    const [rows, [total], units] = await Promise.all([
      this.db
        .select({
          id: users.id,
          account: users.account,
          realName: users.realName,
          gender: users.gender,
          mobilePhone: users.mobilePhone,
        })
        .from(users)
        .where(where)
        .orderBy(asc(users.account))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(users).where(where),
      unitsSnapshot(this.services),
    ]);
    const assignments = rows.length
      ? await this.db
          .select({
            userId: organizeAdministrators.userId,
            organizeId: organizeAdministrators.organizeId,
            creatorTime: organizeAdministrators.creatorTime,
          })
          .from(organizeAdministrators)
          .where(
            inArray(
              organizeAdministrators.userId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(organizeAdministrators.creatorTime))
      : [];
    const list: GradeAdminItem[] = rows.map((r) => {
      const own = assignments.filter((a) => a.userId === r.id);
      return {
        ...r,
        userId: r.id,
        organizeName: own.map((a) => units.pathName(a.organizeId)).join(','),
        creatorTime: Math.min(...own.map((a) => a.creatorTime)),
      };
    });
    return {
      list,
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  private async assignments(db: DbOrTx, userId: string) {
    return db
      .select()
      .from(organizeAdministrators)
      .where(eq(organizeAdministrators.userId, userId))
      .orderBy(asc(organizeAdministrators.creatorTime));
  }

  /** GET organizeAdminIsTrator/Selector/{userId|0}: every unit with that user's rights on it. */
  async selector(session: Session, userId: string) {
    this.assertAdministrator(session);
    const [units, own] = await Promise.all([
      unitsSnapshot(this.services),
      userId && userId !== '0' ? this.assignments(this.db, userId) : Promise.resolve([]),
    ]);
    const byUnit = new Map(own.map((a) => [a.organizeId, rightsOf(a)]));
    const nodes = units.rows.map((row) => {
      const { id, parentId, fullName, enCode, type, icon } = units.pickerFields(row, false);
      return { id, parentId, fullName, enCode, type, icon, ...(byUnit.get(row.id) ?? NO_RIGHTS) };
    });
    return { list: units.tree(nodes) as GradeTreeNode[] };
  }

  private async user(db: DbOrTx, userId: string) {
    const [user] = await db
      .select({
        id: users.id,
        account: users.account,
        realName: users.realName,
        isAdministrator: users.isAdministrator,
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.deleteMark, 0)));
    if (!user) throw badRequest(GradeMessages.userNotFound);
    return user;
  }

  async info(session: Session, userId: string): Promise<GradeAdminInfo> {
    this.assertAdministrator(session);
    const [user, own, units] = await Promise.all([
      this.user(this.db, userId),
      this.assignments(this.db, userId),
      unitsSnapshot(this.services),
    ]);
    if (own.length === 0) throw badRequest(GradeMessages.notFound);
    return {
      userId: user.id,
      account: user.account,
      realName: user.realName,
      organizeAdminList: own.map((a) => ({
        organizeId: a.organizeId,
        fullName: units.pathName(a.organizeId),
        organizeIds: units.pathIds(a.organizeId),
        ...rightsOf(a),
      })),
    };
  }

  private async write(db: DbOrTx, units: Units, session: Session, userId: string, list: GradeUnitRights[]) {
    for (const unit of list)
      if (!units.byId.has(unit.organizeId)) throw badRequest(GradeMessages.organizeNotFound);
    await db.delete(organizeAdministrators).where(eq(organizeAdministrators.userId, userId));
    await db.insert(organizeAdministrators).values(
      list.map((unit) => ({
        id: newId(),
        userId,
        organizeId: unit.organizeId,
        ...rightsOf(unit),
        creatorUserId: session.userId,
      })),
    );
  }

  async create(session: Session, body: GradeAdminBody): Promise<void> {
    this.assertAdministrator(session);
    await this.db.transaction(async (tx) => {
      const user = await this.user(tx, body.userId);
      if (user.isAdministrator === 1) throw badRequest(GradeMessages.administrator);
      if ((await this.assignments(tx, body.userId)).length) throw badRequest(GradeMessages.alreadyGrade);
      await this.write(tx, await loadUnits(tx), session, body.userId, body.organizeAdminList);
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  async update(session: Session, userId: string, list: GradeUnitRights[]): Promise<void> {
    this.assertAdministrator(session);
    await this.db.transaction(async (tx) => {
      await this.user(tx, userId);
      if ((await this.assignments(tx, userId)).length === 0) throw badRequest(GradeMessages.notFound);
      await this.write(tx, await loadUnits(tx), session, userId, list);
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  async remove(session: Session, userId: string): Promise<void> {
    this.assertAdministrator(session);
    const removed = await this.db
      .delete(organizeAdministrators)
      .where(eq(organizeAdministrators.userId, userId))
      .returning({ id: organizeAdministrators.id });
    if (removed.length === 0) throw badRequest(GradeMessages.notFound);
    await bumpStamp(this.services.kv, StampKey.authorization);
  }
}
