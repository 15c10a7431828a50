import {
  RelationType,
  type ResetPasswordBody,
  type UserBody,
  type UserFormInfo,
  type UserListItem,
  type UserListQuery,
  type UserUpdateBody,
} from '@console/shared';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BizError, badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { hashPassword } from '../../../core/passwords.js';
import type { Session } from '../../../core/sessions.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { escapeLike, KEEP_SUBQUERY, listOrder } from '../../../db/query.js';
import { groups, organizes, positions, roles, userRelations, users } from '../../../db/schema/index.js';
import { quickQueryOf } from '../../../db/seed/demo.js';
import { generatePassword, md5Hex } from '../../../db/seed/index.js';
import type { Services } from '../../../services.js';
import { dataRuleFilter, type RuleLog } from '../dataRules.js';
import {
  applyColumnRules,
  applyFormRules,
  assertFormWritable,
  type KeyMap,
  loadFieldRules,
} from '../fieldRules.js';
import { type GrantCeiling, GrantMessages, grantCeiling } from '../grants.js';
import {
  assertAllInScope,
  assertInScope,
  assertRolesInScope,
  inScope,
  type OrganizeScope,
  organizeScope,
  pageScope,
  ScopeMessages,
  scopeFilter,
} from '../scope.js';
import { existingUnits, unitAndBelowIds, unitFacts, unitFactsCached } from './units.js';

export const USER_MODULE = 'permission.user';

export const UserMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  stateChanged: '更新状态成功',
  unlocked: '解除锁定成功',
  passwordReset: '重置密码成功',
  notFound: '用户不存在或已删除',
  accountExists: '账户已存在',
  accountFixed: '账户不能修改',
  phoneTaken: '该手机号已被其他用户使用',
  unitMissing: '所属组织不存在，请重新选择',
  positionMissing: '岗位不存在，请重新选择',
  roleMissing: '角色不存在，请重新选择',
  groupMissing: '分组不存在，请重新选择',
  managerMissing: '直属主管不存在，请重新选择',
  managerSelf: '直属主管不能是自己',
  adminOnly: '只有超级管理员才能修改管理员账户或设置管理员',
  selfDisable: '不能禁用或锁定自己的账户',
  selfDelete: '不能删除自己的账户',
  adminDelete: '管理员账户不能删除',
  managerDelete: '该用户是组织的负责人，请先更换负责人',
  roleOutOfScope: ScopeMessages.roleOutOfScope,
  positionOutOfScope: '没有权限分配该岗位：只能分配所管理组织的岗位',
} as const;

type UserRow = typeof users.$inferSelect;

/** Fields data-rule schemes of the user page may name. */
export const USER_RULE_FIELDS: Record<string, AnyPgColumn> = {
  id: users.id,
  userId: users.id,
  account: users.account,
  realName: users.realName,
  gender: users.gender,
  organizeId: users.organizeId,
  managerId: users.managerId,
  enabledMark: users.enabledMark,
  creatorUserId: users.creatorUserId,
};

/** Column 'organizeName' is shown as `organize`; form field 'organizeId' is read also as its tree. */
export const USER_COLUMN_KEYS: KeyMap = { organizeName: ['organize'] };
export const USER_FORM_KEYS: KeyMap = { organizeId: ['organizeIdTree'] };

const SORTABLE = {
  account: users.account,
  realName: users.realName,
  gender: users.gender,
  sortCode: users.sortCode,
  enabledMark: users.enabledMark,
  creatorTime: users.creatorTime,
  lastModifyTime: users.lastModifyTime,
} as const;

/** SORTABLE's names as the columns of a subquery that selected them (`{ id, ...SORTABLE }`). */
const matchSortable = (m: { [K in keyof typeof SORTABLE]: AnyPgColumn | SQL.Aliased }) =>
  Object.fromEntries(Object.keys(SORTABLE).map((k) => [k, m[k as keyof typeof SORTABLE]])) as Record<
    string,
    AnyPgColumn
  >;

/**
 * The keyword searched over account, name and pinyin initials. One expression, matched by the
 * trigram index of migration 0003 where pg_trgm is available.
 */
export const keywordMatch = (keyword: string): SQL =>
  sql`(${users.account} || ' ' || ${users.realName} || ' ' || coalesce(${users.quickQuery}, '')) ILIKE ${`%${escapeLike(keyword)}%`}`;

const emptyToNull = <T>(value: T | '' | undefined): T | null | undefined => (value === '' ? null : value);

/** Columns of the user form (not the relations), as written. */
function columnValues(body: Partial<UserBody>): Partial<UserRow> {
  const values: Record<string, unknown> = {};
  const plain = [
    'realName',
    'nickName',
    'gender',
    'headIcon',
    'managerId',
    'mobilePhone',
    'email',
    'entryDate',
    'birthday',
    'nation',
    'nativePlace',
    'certificatesType',
    'certificatesNumber',
    'education',
    'telePhone',
    'landline',
    'urgentContacts',
    'urgentTelePhone',
    'postalAddress',
    'sortCode',
    'enabledMark',
    'isAdministrator',
    'description',
  ] as const;
  for (const key of plain) {
    const value = body[key];
    if (value !== undefined) values[key] = emptyToNull(value as never);
  }
  if (body.realName) values.quickQuery = quickQueryOf(body.realName);
  if (body.organizeId) values.organizeId = body.organizeId[0] ?? null;
  return values as Partial<UserRow>;
}

interface Relations {
  organizeIds: string[];
  positionIds: string[];
  roleIds: string[];
  groupIds: string[];
}

export async function relationsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, Relations>> {
  const map = new Map<string, Relations>();
  for (const id of userIds) map.set(id, { organizeIds: [], positionIds: [], roleIds: [], groupIds: [] });
  if (userIds.length === 0) return map;
  const rows = await db
    .select({
      userId: userRelations.userId,
      objectType: userRelations.objectType,
      objectId: userRelations.objectId,
    })
    .from(userRelations)
    .where(inArray(userRelations.userId, userIds))
    .orderBy(asc(userRelations.sortCode), asc(userRelations.creatorTime));
  const key = {
    [RelationType.Organize]: 'organizeIds',
    [RelationType.Position]: 'positionIds',
    [RelationType.Role]: 'roleIds',
    [RelationType.Group]: 'groupIds',
  } as const;
  for (const row of rows) {
    const field = key[row.objectType as keyof typeof key];
    if (field) map.get(row.userId)?.[field].push(row.objectId);
  }
  return map;
}

/** The user's units: its current one first, then the other memberships. */
export const unitsOf = (
  user: Pick<UserRow, 'organizeId'>,
  relations: Pick<Relations, 'organizeIds'> | undefined,
) => {
  const ids = [...(relations?.organizeIds ?? [])];
  if (user.organizeId && !ids.includes(user.organizeId)) ids.unshift(user.organizeId);
  else if (user.organizeId) ids.sort((a, b) => (a === user.organizeId ? -1 : b === user.organizeId ? 1 : 0));
  return ids;
};

/**
 * What a list row needs of a user, with its unit memberships gathered by the same query: a list
 * answers with one database round trip fewer (the user list is the busiest page of the console).
 */
const LIST_COLUMNS = {
  id: users.id,
  account: users.account,
  realName: users.realName,
  gender: users.gender,
  mobilePhone: users.mobilePhone,
  email: users.email,
  headIcon: users.headIcon,
  organizeId: users.organizeId,
  enabledMark: users.enabledMark,
  isAdministrator: users.isAdministrator,
  sortCode: users.sortCode,
  description: users.description,
  creatorTime: users.creatorTime,
  // Spelled out: drizzle writes columns unqualified in a selected expression, and an unqualified
  // "id" inside the subquery would be the relation's own.
  organizeIds: sql<string[]>`array(
    select ur.object_id from base_user_relation ur
    where ur.user_id = base_user.id and ur.object_type = ${RelationType.Organize}
    order by ur.sort_code, ur.creator_time)`,
};
type ListRow = Pick<UserRow, Exclude<keyof typeof LIST_COLUMNS, 'organizeIds'>> & { organizeIds: string[] };

/** Rows of a list: names of the users' units joined in (from the unit copy of this stamp). */
async function listItems(db: DbOrTx, rows: ListRow[], stamp: string | null): Promise<UserListItem[]> {
  const unitIds = rows.map((row) => unitsOf(row, row));
  const units = await unitFactsCached(db, unitIds.flat(), stamp);
  return rows.map(({ organizeIds: _, ...row }, i) => ({
    ...row,
    fullName: `${row.realName}/${row.account}`,
    headIcon: row.headIcon ?? '',
    organize: unitIds[i]!.map((id) => units.get(id)?.path)
      .filter(Boolean)
      .join(','),
  }));
}

export class UserService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  /** The filter of every user list: not deleted, inside the grade scope and the page's data rules. */
  async visibleFilter(session: Session, log: RuleLog): Promise<SQL> {
    const [scope, rules] = await Promise.all([
      organizeScope(this.services, session, 'select'),
      dataRuleFilter(this.db, session, USER_MODULE, USER_RULE_FIELDS, log),
    ]);
    return and(eq(users.deleteMark, 0), scopeFilter(scope, users.organizeId), rules)!;
  }

  /** Filters of the list query: unit subtree, keyword, state, gender. */
  queryFilter(query: Pick<UserListQuery, 'organizeId' | 'keyword' | 'enabledMark' | 'gender'>): SQL[] {
    const filters: SQL[] = [];
    if (query.organizeId && query.organizeId !== '0') {
      filters.push(
        inArray(
          users.id,
          this.db
            .select({ id: userRelations.userId })
            .from(userRelations)
            .where(
              and(
                eq(userRelations.objectType, RelationType.Organize),
                sql`${userRelations.objectId} IN ${unitAndBelowIds(query.organizeId)}`,
              ),
            ),
        ),
      );
    }
    if (query.keyword) filters.push(keywordMatch(query.keyword));
    if (query.enabledMark !== undefined && query.enabledMark !== '')
      filters.push(eq(users.enabledMark, query.enabledMark));
    if (query.gender !== undefined && query.gender !== '') filters.push(eq(users.gender, query.gender));
    return filters;
  }

  async list(session: Session, query: UserListQuery, log: RuleLog, stamp: string | null) {
    const [visible, fieldRules] = await Promise.all([
      this.visibleFilter(session, log),
      loadFieldRules(this.db, session, USER_MODULE),
    ]);
    const where = and(visible, ...this.queryFilter(query));
    const order = listOrder(SORTABLE, query, desc(users.id), [
      asc(users.sortCode),
      desc(users.creatorTime),
      desc(users.id),
    ]);
    const offset = (query.currentPage - 1) * query.pageSize;
    const countAll = async () => (await this.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
    let rows: ListRow[];
    let total: number;
    if (query.keyword) {
      // A keyword (issue 24): the page's 20 ids come from the matches alone, sorted after they
      // are found, and the total is counted apart. `offset 0` keeps the matches a subquery of
      // their own, planned for all of them (the trigram index, or a scan when most rows match);
      // without it the planner, seeing LIMIT 20, walked the list-order index and tested the
      // keyword on every row of the table until it had 20 (or, with the total counted in the
      // same statement, all of them). The cost now grows with the matches, not with the table.
      const matches = this.db
        .select({ id: users.id, ...SORTABLE })
        .from(users)
        .where(where)
        .offset(KEEP_SUBQUERY)
        .as('m');
      const page = this.db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(
          ...listOrder(matchSortable(matches), query, desc(matches.id), [
            asc(matches.sortCode),
            desc(matches.creatorTime),
            desc(matches.id),
          ]),
        )
        .limit(query.pageSize)
        .offset(offset)
        .as('p');
      [rows, total] = await Promise.all([
        this.db
          .select(LIST_COLUMNS)
          .from(page)
          .innerJoin(users, eq(users.id, page.id))
          .orderBy(...order),
        countAll(),
      ]);
    } else {
      [rows, total] = await Promise.all([
        this.db
          .select(LIST_COLUMNS)
          .from(users)
          .where(where)
          .orderBy(...order)
          .limit(query.pageSize)
          .offset(offset),
        countAll(),
      ]);
    }
    return {
      list: applyColumnRules(fieldRules, await listItems(this.db, rows, stamp), USER_COLUMN_KEYS),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total },
    };
  }

  /** The user row if the caller may see it (grade scope and data rules); otherwise 'not found'. */
  async visibleRow(session: Session, id: string, log: RuleLog, db: DbOrTx = this.db): Promise<UserRow> {
    const visible = await this.visibleFilter(session, log);
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), visible))
      .limit(1);
    if (!row) throw badRequest(UserMessages.notFound);
    return row;
  }

  async info(session: Session, id: string, log: RuleLog): Promise<UserFormInfo> {
    const row = await this.visibleRow(session, id, log);
    const [relations, fieldRules] = await Promise.all([
      relationsOf(this.db, [id]),
      loadFieldRules(this.db, session, USER_MODULE),
    ]);
    const rel = relations.get(id)!;
    const unitIds = unitsOf(row, rel);
    const facts = await unitFacts(this.db, unitIds);
    const info: UserFormInfo = {
      id: row.id,
      account: row.account,
      realName: row.realName,
      nickName: row.nickName,
      gender: row.gender,
      headIcon: row.headIcon,
      organizeId: unitIds.join(','),
      organizeIdTree: unitIds.map((u) => facts.get(u)?.idPath ?? [u]),
      managerId: row.managerId,
      positionId: rel.positionIds.join(','),
      roleId: rel.roleIds.join(','),
      groupId: rel.groupIds.join(','),
      mobilePhone: row.mobilePhone,
      email: row.email,
      entryDate: row.entryDate,
      birthday: row.birthday,
      nation: row.nation,
      nativePlace: row.nativePlace,
      certificatesType: row.certificatesType,
      certificatesNumber: row.certificatesNumber,
      education: row.education,
      telePhone: row.telePhone,
      landline: row.landline,
      urgentContacts: row.urgentContacts,
      urgentTelePhone: row.urgentTelePhone,
      postalAddress: row.postalAddress,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      isAdministrator: row.isAdministrator,
      description: row.description,
      version: row.version,
    };
    return applyFormRules(fieldRules, info, USER_FORM_KEYS);
  }

  /**
   * Checks the references of the form; grade administrators only within their units, and
   * non-administrators never add roles or positions carrying grants they lack.
   */
  private async checkReferences(
    tx: DbOrTx,
    scope: OrganizeScope,
    ceiling: GrantCeiling,
    body: Partial<UserBody>,
    selfId: string | null,
    current: Relations | undefined,
  ) {
    if (body.organizeId) {
      const found = await existingUnits(tx, body.organizeId);
      if (body.organizeId.some((u) => !found.has(u))) throw badRequest(UserMessages.unitMissing);
    }
    if (body.positionId?.length) {
      const rows = await tx
        .select({ id: positions.id, organizeId: positions.organizeId })
        .from(positions)
        .where(and(inArray(positions.id, body.positionId), eq(positions.deleteMark, 0)));
      if (rows.length !== body.positionId.length) throw badRequest(UserMessages.positionMissing);
      const added = rows.filter((p) => !current?.positionIds.includes(p.id));
      if (added.some((p) => !inScope(scope, p.organizeId))) throw badRequest(UserMessages.positionOutOfScope);
      const beyond = await ceiling.exceeding(
        RelationType.Position,
        added.map((p) => p.id),
      );
      if (beyond.length) throw badRequest(GrantMessages.positionBeyond);
    }
    if (body.roleId?.length) {
      const rows = await tx
        .select({ id: roles.id, globalMark: roles.globalMark })
        .from(roles)
        .where(and(inArray(roles.id, body.roleId), eq(roles.deleteMark, 0)));
      if (rows.length !== body.roleId.length) throw badRequest(UserMessages.roleMissing);
      const added = rows.filter((r) => !current?.roleIds.includes(r.id));
      await assertRolesInScope(tx, scope, added);
      const beyond = await ceiling.exceeding(
        RelationType.Role,
        added.map((r) => r.id),
      );
      if (beyond.length) throw badRequest(GrantMessages.roleBeyond);
    }
    if (body.groupId?.length) {
      const rows = await tx
        .select({ id: groups.id })
        .from(groups)
        .where(and(inArray(groups.id, body.groupId), eq(groups.deleteMark, 0)));
      if (rows.length !== body.groupId.length) throw badRequest(UserMessages.groupMissing);
    }
    if (body.managerId) {
      if (body.managerId === selfId) throw badRequest(UserMessages.managerSelf);
      const [manager] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, body.managerId), eq(users.deleteMark, 0)));
      if (!manager) throw badRequest(UserMessages.managerMissing);
    }
    if (body.mobilePhone) {
      const conditions = [eq(users.mobilePhone, body.mobilePhone), eq(users.deleteMark, 0)];
      if (selfId) conditions.push(ne(users.id, selfId));
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(...conditions))
        .limit(1);
      if (taken) throw badRequest(UserMessages.phoneTaken);
    }
  }

  /** Replaces the memberships of the kinds present in `body`. */
  private async writeRelations(tx: DbOrTx, userId: string, body: Partial<UserBody>, actorId: string) {
    const kinds: [string, string[] | undefined][] = [
      [RelationType.Organize, body.organizeId],
      [RelationType.Position, body.positionId],
      [RelationType.Role, body.roleId],
      [RelationType.Group, body.groupId],
    ];
    for (const [objectType, ids] of kinds) {
      if (ids === undefined) continue;
      await tx
        .delete(userRelations)
        .where(and(eq(userRelations.userId, userId), eq(userRelations.objectType, objectType)));
      if (ids.length === 0) continue;
      const now = Date.now();
      await tx.insert(userRelations).values(
        ids.map((objectId, i) => ({
          id: newId(),
          userId,
          objectType,
          objectId,
          sortCode: i,
          creatorTime: now,
          creatorUserId: actorId,
        })),
      );
    }
  }

  private assertAdminRights(
    session: Session,
    target: Pick<UserRow, 'isAdministrator'> | null,
    body?: Partial<UserBody>,
  ) {
    if (session.isAdministrator) return;
    if (target?.isAdministrator === 1) throw badRequest(UserMessages.adminOnly);
    if (body?.isAdministrator !== undefined && body.isAdministrator !== (target?.isAdministrator ?? 0))
      throw badRequest(UserMessages.adminOnly);
  }

  private static uniqueAccount(error: unknown): never {
    const text = String(
      (error as { message?: string; cause?: { message?: string } })?.cause?.message ?? error,
    );
    if (text.includes('base_user_account')) throw badRequest(UserMessages.accountExists);
    throw error;
  }

  /**
   * Adds a user with a generated one-time initial password, answered once (the administrator shows
   * or passes it on; only its hash is kept). The user must change it at the first sign-in.
   */
  async create(
    session: Session,
    body: UserBody,
    rawBody: unknown,
  ): Promise<{ id: string; password: string }> {
    const fieldRules = await loadFieldRules(this.db, session, USER_MODULE);
    assertFormWritable(fieldRules, rawBody, USER_FORM_KEYS);
    this.assertAdminRights(session, null, body);
    const scope = await organizeScope(this.services, session, 'add');
    assertAllInScope(await pageScope(this.services, session, USER_MODULE, 'add'), body.organizeId);
    const id = newId();
    const password = generatePassword();
    const passwordHash = await hashPassword(md5Hex(password));
    await this.db
      .transaction(async (tx) => {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.account, body.account));
        if (taken) throw badRequest(UserMessages.accountExists);
        await this.checkReferences(tx, scope, await grantCeiling(tx, session), body, null, undefined);
        await tx.insert(users).values({
          id,
          account: body.account,
          realName: body.realName,
          ...columnValues(body),
          passwordHash,
          mustChangePassword: 1,
          systemId: null,
          creatorUserId: session.userId,
          creatorTime: Date.now(),
        });
        await this.writeRelations(tx, id, body, session.userId);
      })
      .catch((error) => {
        if (error instanceof BizError) throw error;
        UserService.uniqueAccount(error);
      });
    await bumpStamp(this.services.kv, StampKey.authorization);
    return { id, password };
  }

  async update(session: Session, id: string, body: UserUpdateBody, rawBody: unknown, log: RuleLog) {
    const fieldRules = await loadFieldRules(this.db, session, USER_MODULE);
    assertFormWritable(fieldRules, rawBody, USER_FORM_KEYS);
    const current = await this.visibleRow(session, id, log);
    this.assertAdminRights(session, current, body);
    if (body.account !== undefined && body.account !== current.account)
      throw badRequest(UserMessages.accountFixed);
    if (id === session.userId && body.enabledMark !== undefined && body.enabledMark !== 1)
      throw badRequest(UserMessages.selfDisable);
    if (id === session.userId && body.isAdministrator === 0 && current.isAdministrator === 1)
      throw badRequest(UserMessages.adminOnly);
    const scope = await organizeScope(this.services, session, 'edit');
    assertInScope(scope, current.organizeId);
    if (body.organizeId)
      assertAllInScope(await pageScope(this.services, session, USER_MODULE, 'edit'), body.organizeId);
    const relations = (await relationsOf(this.db, [id])).get(id);
    await this.db.transaction(async (tx) => {
      await this.checkReferences(tx, scope, await grantCeiling(tx, session), body, id, relations);
      await updateVersioned(
        tx,
        users,
        { id, version: body.version, userId: session.userId },
        columnValues(body),
      );
      await this.writeRelations(tx, id, body, session.userId);
      if (body.enabledMark !== undefined && body.enabledMark !== 1 && current.enabledMark === 1)
        await this.services.sessions.endAllForUser(tx, id, 'disabled');
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  async remove(session: Session, id: string, log: RuleLog) {
    if (id === session.userId) throw badRequest(UserMessages.selfDelete);
    const current = await this.visibleRow(session, id, log);
    if (current.isAdministrator === 1) throw badRequest(UserMessages.adminDelete);
    assertInScope(await organizeScope(this.services, session, 'delete'), current.organizeId);
    await this.db.transaction(async (tx) => {
      const [managing] = await tx
        .select({ id: organizes.id })
        .from(organizes)
        .where(and(eq(organizes.managerId, id), eq(organizes.deleteMark, 0)))
        .limit(1);
      if (managing) throw badRequest(UserMessages.managerDelete);
      const now = Date.now();
      const deleted = await tx
        .update(users)
        .set({
          deleteMark: 1,
          deleteTime: now,
          deleteUserId: session.userId,
          version: sql`${users.version} + 1`,
        })
        .where(and(eq(users.id, id), eq(users.deleteMark, 0)))
        .returning({ id: users.id });
      if (deleted.length === 0) throw badRequest(UserMessages.notFound);
      await tx.delete(userRelations).where(eq(userRelations.userId, id));
      await tx.update(users).set({ managerId: null }).where(eq(users.managerId, id));
      await this.services.sessions.endAllForUser(tx, id, 'disabled');
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
  }

  /** The target of an administrative action: visible, in the edit scope, and an administrator only for administrators. */
  private async editableTarget(session: Session, id: string, log: RuleLog) {
    const row = await this.visibleRow(session, id, log);
    this.assertAdminRights(session, row);
    assertInScope(await organizeScope(this.services, session, 'edit'), row.organizeId);
    return row;
  }

  /**
   * Sets the password the administrator chose (its MD5) or a random one, which is answered once.
   * Either way the user must change it at the next sign-in, and its sessions end. Only an
   * administrator resets the password of someone holding grants the caller lacks (else the
   * caller could sign in as them and gain those grants).
   */
  async resetPassword(
    session: Session,
    id: string,
    body: ResetPasswordBody,
    log: RuleLog,
  ): Promise<{ password?: string }> {
    await this.editableTarget(session, id, log);
    if (await (await grantCeiling(this.db, session)).exceededByUser(id))
      throw badRequest(GrantMessages.userBeyond);
    const generated = body.userPassword ? undefined : generatePassword();
    const digest = body.userPassword ?? md5Hex(generated!);
    const passwordHash = await hashPassword(digest);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          passwordHash,
          mustChangePassword: 1,
          lastModifyTime: Date.now(),
          lastModifyUserId: session.userId,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, id));
      await this.services.sessions.endAllForUser(
        tx,
        id,
        'passwordChanged',
        id === session.userId ? session.id : undefined,
      );
    });
    return generated ? { password: generated } : {};
  }

  /** Enables a disabled or locked user, or disables an enabled one (its sessions end at once). */
  async toggleState(session: Session, id: string, log: RuleLog): Promise<number> {
    if (id === session.userId) throw badRequest(UserMessages.selfDisable);
    const row = await this.editableTarget(session, id, log);
    const next = row.enabledMark === 1 ? 0 : 1;
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          enabledMark: next,
          unlockTime: null,
          lastModifyTime: Date.now(),
          lastModifyUserId: session.userId,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, id));
      if (next === 0) await this.services.sessions.endAllForUser(tx, id, 'disabled');
    });
    await bumpStamp(this.services.kv, StampKey.authorization);
    return next;
  }

  /** Ends a lock: the sign-in guard's (too many failures) and a lock set on the form. */
  async unlock(session: Session, id: string, log: RuleLog) {
    const row = await this.editableTarget(session, id, log);
    await this.services.signInGuard.unlock(row.account);
    if (row.enabledMark === 2 || row.unlockTime !== null) {
      await this.db
        .update(users)
        .set({
          enabledMark: row.enabledMark === 2 ? 1 : row.enabledMark,
          unlockTime: null,
          lastModifyTime: Date.now(),
          lastModifyUserId: session.userId,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, id));
    }
  }

  /** Every visible user matching the list query (export), in list order. */
  async exportRows(session: Session, query: UserListQuery, log: RuleLog) {
    const where = and(await this.visibleFilter(session, log), ...this.queryFilter(query));
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.sortCode), desc(users.creatorTime), desc(users.id))
      .limit(100_000);
    const relations = await relationsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return { rows, relations };
  }
}
