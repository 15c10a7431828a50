import {
  type AuthorizeAnswer,
  type AuthorizeNode,
  type AuthorizeTabNode,
  type CurrentBaseInfo,
  type CurrentBaseInfoBody,
  DEFAULT_LAYOUT,
  type MajorBody,
  type MenuNode,
  type ModulePermission,
  RelationType,
  type SignImgEntry,
  type SignInRecord,
  type SubordinateNode,
  type SystemLogQuery,
  type UserMembership,
} from '@console/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Session } from '../../../core/sessions.js';
import type { Stamps } from '../../../core/stamps.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import {
  logs,
  organizes,
  positions,
  roles,
  signImages,
  userRelations,
  users,
} from '../../../db/schema/index.js';
import { quickQueryOf } from '../../../db/seed/demo.js';
import type { Services } from '../../../services.js';
import { fileUrl, findOwnFile } from '../../file/storage.js';
import { buildCurrentUser } from '../../oauth/currentUser.js';

export const CurrentMessages = {
  saved: '保存成功',
  avatarSaved: '头像修改成功',
  avatarMissing: '头像文件不存在，请重新上传',
  themeSaved: '布局已保存',
  languageSaved: '语言已保存',
  majorSwitched: '切换成功',
  notYourOrganize: '只能切换到自己所属的组织',
  notYourPosition: '只能切换到自己所属的岗位',
  notSubordinate: '只能查看自己的下属',
  phoneTaken: 'mobilePhone：该手机号已被其他用户使用',
  signImgMissing: '签名图片不存在，请重新上传',
  signImgDuplicate: '该签名图片已添加',
  signImgNotFound: '签名不存在或已删除',
  signImgAdded: '添加成功',
  signImgDefault: '已设为默认签名',
  signImgDeleted: '删除成功',
} as const;

type UserRow = typeof users.$inferSelect;

/** Id and path name ("区人民政府/办公室") of each unit. */
async function unitPaths(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const units = await db
    .select({ id: organizes.id, tree: organizes.organizeIdTree })
    .from(organizes)
    .where(and(inArray(organizes.id, ids), eq(organizes.deleteMark, 0)));
  const allIds = [...new Set(units.flatMap((u) => u.tree.split(',')))];
  const names = new Map(
    (
      await db
        .select({ id: organizes.id, fullName: organizes.fullName })
        .from(organizes)
        .where(inArray(organizes.id, allIds))
    ).map((r) => [r.id, r.fullName]),
  );
  return new Map(
    units.map((u) => [
      u.id,
      u.tree
        .split(',')
        .map((id) => names.get(id) ?? '')
        .filter(Boolean)
        .join('/'),
    ]),
  );
}

/** The user's memberships of one kind (Organize | Position | Role). */
async function relatedIds(db: DbOrTx, userId: string, objectType: string): Promise<string[]> {
  const rows = await db
    .select({ objectId: userRelations.objectId })
    .from(userRelations)
    .where(and(eq(userRelations.userId, userId), eq(userRelations.objectType, objectType)))
    .orderBy(asc(userRelations.sortCode), asc(userRelations.creatorTime));
  return rows.map((r) => r.objectId);
}

/** The organisations a user belongs to: its relations plus its current unit. */
async function userOrganizeIds(db: DbOrTx, user: Pick<UserRow, 'id' | 'organizeId'>): Promise<string[]> {
  const ids = await relatedIds(db, user.id, RelationType.Organize);
  if (user.organizeId && !ids.includes(user.organizeId)) ids.unshift(user.organizeId);
  return ids;
}

async function userPositionRows(db: DbOrTx, userId: string) {
  const ids = await relatedIds(db, userId, RelationType.Position);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: positions.id, fullName: positions.fullName, organizeId: positions.organizeId })
    .from(positions)
    .where(and(inArray(positions.id, ids), eq(positions.deleteMark, 0)));
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r) => r !== undefined);
}

/** The current position: the chosen one while the user still holds it, else the first in the current unit. */
function currentPositionId(
  user: Pick<UserRow, 'positionId' | 'organizeId'>,
  held: { id: string; organizeId: string }[],
): string | null {
  if (user.positionId && held.some((p) => p.id === user.positionId)) return user.positionId;
  return (held.find((p) => p.organizeId === user.organizeId) ?? held[0])?.id ?? null;
}

const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);

export class CurrentUserService {
  constructor(private readonly services: Services) {}

  private async user(userId: string): Promise<UserRow> {
    const [user] = await this.services.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw badRequest(STALE_VERSION_MESSAGE);
    return user;
  }

  /** Updates the user's own row and bumps its version, so CurrentUser is rebuilt. */
  private async touchUser(tx: DbOrTx, userId: string, changes: Partial<UserRow>): Promise<void> {
    await tx
      .update(users)
      .set({
        ...changes,
        lastModifyTime: Date.now(),
        lastModifyUserId: userId,
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, userId));
  }

  async baseInfo(userId: string): Promise<CurrentBaseInfo> {
    const { db } = this.services;
    const user = await this.user(userId);
    const [paths, held, roleIds, manager] = await Promise.all([
      unitPaths(db, user.organizeId ? [user.organizeId] : []),
      userPositionRows(db, userId),
      relatedIds(db, userId, RelationType.Role),
      user.managerId
        ? db
            .select({ realName: users.realName, account: users.account })
            .from(users)
            .where(eq(users.id, user.managerId))
            .limit(1)
        : Promise.resolve([]),
    ]);
    const roleRows = roleIds.length
      ? await db
          .select({ id: roles.id, fullName: roles.fullName })
          .from(roles)
          .where(and(inArray(roles.id, roleIds), eq(roles.deleteMark, 0)))
      : [];
    const positionId = currentPositionId(user, held);
    const roleName = roleIds
      .map((id) => roleRows.find((r) => r.id === id)?.fullName)
      .filter(Boolean)
      .join(',');
    return {
      id: user.id,
      account: user.account,
      realName: user.realName,
      nickName: user.nickName,
      headIcon: user.headIcon ?? '',
      gender: user.gender,
      birthday: user.birthday,
      mobilePhone: user.mobilePhone,
      email: user.email,
      nation: user.nation,
      nativePlace: user.nativePlace,
      certificatesType: user.certificatesType,
      certificatesNumber: user.certificatesNumber,
      education: user.education,
      telePhone: user.telePhone,
      landline: user.landline,
      urgentContacts: user.urgentContacts,
      urgentTelePhone: user.urgentTelePhone,
      postalAddress: user.postalAddress,
      signature: user.signature,
      description: user.description,
      organizeId: user.organizeId,
      organizeName: (user.organizeId && paths.get(user.organizeId)) || '',
      positionName: held.find((p) => p.id === positionId)?.fullName ?? '',
      roleName,
      managerId: user.managerId,
      managerName: manager[0]?.realName ?? '',
      entryDate: user.entryDate,
      isAdministrator: user.isAdministrator === 1,
      theme: user.theme ?? DEFAULT_LAYOUT,
      language: user.language,
      signImg: user.signImg,
      creatorTime: user.creatorTime,
      prevLoginTime: user.prevLogTime,
      changePasswordDate: user.changePasswordDate,
      version: user.version,
      organize: (user.organizeId && paths.get(user.organizeId)) || '',
      manager: manager[0] ? `${manager[0].realName}/${manager[0].account}` : '',
      position: held.find((p) => p.id === positionId)?.fullName ?? '',
      roleId: roleName,
      prevLogTime: user.prevLogTime,
      avatar: user.headIcon ?? '',
    };
  }

  async updateBaseInfo(session: Session, input: CurrentBaseInfoBody): Promise<void> {
    const { db } = this.services;
    const { version, ...fields } = input;
    const changes: Partial<UserRow> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      (changes as Record<string, unknown>)[key] = typeof value === 'string' ? emptyToNull(value) : value;
    }
    if (changes.realName) changes.quickQuery = quickQueryOf(changes.realName);
    if (changes.mobilePhone) {
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.mobilePhone, changes.mobilePhone),
            eq(users.deleteMark, 0),
            ne(users.id, session.userId),
          ),
        )
        .limit(1);
      if (taken) throw badRequest(CurrentMessages.phoneTaken);
    }
    // The 3.4.7 form sends no version: its save applies to the row as it is now.
    const rowVersion = version ?? (await this.user(session.userId)).version;
    await db.transaction(async (tx) => {
      await updateVersioned(
        tx,
        users,
        { id: session.userId, version: rowVersion, userId: session.userId },
        {
          ...changes,
        },
      );
    });
  }

  async setAvatar(session: Session, name: string): Promise<void> {
    const { db } = this.services;
    const file = await findOwnFile(db, 'userAvatar', name, session.userId);
    if (!file) throw badRequest(CurrentMessages.avatarMissing);
    await db.transaction((tx) =>
      this.touchUser(tx, session.userId, { headIcon: fileUrl('userAvatar', name) }),
    );
  }

  async setTheme(session: Session, theme: string): Promise<void> {
    await this.services.db.transaction((tx) => this.touchUser(tx, session.userId, { theme }));
  }

  async setLanguage(session: Session, language: string): Promise<void> {
    await this.services.db.transaction((tx) => this.touchUser(tx, session.userId, { language }));
  }

  /** Direct reports of `id` ('0' = the user), only within the user's own chain of reports. */
  async subordinates(session: Session, id: string): Promise<SubordinateNode[]> {
    const { db } = this.services;
    const managerId = id === '0' ? session.userId : id;
    if (managerId !== session.userId && !(await this.reportsTo(managerId, session.userId))) {
      throw badRequest(CurrentMessages.notSubordinate);
    }
    const rows = await db
      .select({
        id: users.id,
        account: users.account,
        realName: users.realName,
        headIcon: users.headIcon,
        organizeId: users.organizeId,
        positionId: users.positionId,
      })
      .from(users)
      .where(and(eq(users.managerId, managerId), eq(users.deleteMark, 0), ne(users.id, session.userId)))
      .orderBy(asc(users.sortCode), asc(users.account));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [childCounts, units, positionRelations] = await Promise.all([
      db
        .select({ managerId: users.managerId, n: count() })
        .from(users)
        .where(and(inArray(users.managerId, ids), eq(users.deleteMark, 0)))
        .groupBy(users.managerId),
      db
        .select({ id: organizes.id, fullName: organizes.fullName })
        .from(organizes)
        .where(
          inArray(
            organizes.id,
            rows.map((r) => r.organizeId).filter((v) => v !== null),
          ),
        ),
      db
        .select({
          userId: userRelations.userId,
          positionId: positions.id,
          fullName: positions.fullName,
          organizeId: positions.organizeId,
        })
        .from(userRelations)
        .innerJoin(positions, eq(positions.id, userRelations.objectId))
        .where(and(inArray(userRelations.userId, ids), eq(userRelations.objectType, RelationType.Position)))
        .orderBy(asc(userRelations.sortCode)),
    ]);
    return rows.map((row) => {
      const held = positionRelations
        .filter((p) => p.userId === row.id)
        .map((p) => ({ id: p.positionId, fullName: p.fullName, organizeId: p.organizeId }));
      const positionId = currentPositionId(row, held);
      const hasChildren = childCounts.some((c) => c.managerId === row.id && c.n > 0);
      return {
        id: row.id,
        parentId: id,
        account: row.account,
        fullName: row.realName,
        headIcon: row.headIcon ?? '',
        userName: row.realName,
        avatar: row.headIcon ?? '',
        department: units.find((u) => u.id === row.organizeId)?.fullName ?? '',
        position: held.find((p) => p.id === positionId)?.fullName ?? '',
        hasChildren,
        isLeaf: !hasChildren,
      };
    });
  }

  /** Whether `userId` reports to `managerId`, directly or through others. */
  private async reportsTo(userId: string, managerId: string): Promise<boolean> {
    let current: string | null = userId;
    for (let depth = 0; current && depth < 32; depth++) {
      const [row]: { managerId: string | null }[] = await this.services.db
        .select({ managerId: users.managerId })
        .from(users)
        .where(and(eq(users.id, current), eq(users.deleteMark, 0)))
        .limit(1);
      if (!row?.managerId) return false;
      if (row.managerId === managerId) return true;
      current = row.managerId;
    }
    return false;
  }

  /** The user's granted menus, per application, with the buttons, columns, forms and data rules of each page. */
  async authorize(session: Session, stamps: Stamps): Promise<AuthorizeAnswer> {
    const config = await this.services.sysConfig.get(stamps.sysConfig);
    const current = await buildCurrentUser(this.services.db, session.userId, config);
    const permissions = new Map(current.permissionList.map((p) => [p.modelId, p]));
    const toNode = (menu: MenuNode): AuthorizeNode => {
      const items: ModulePermission | undefined = permissions.get(menu.id);
      const children = menu.children.map(toNode);
      return {
        id: menu.id,
        parentId: menu.parentId,
        fullName: menu.fullName,
        enCode: menu.enCode,
        type: menu.type,
        icon: menu.icon,
        hasChildren: children.length > 0,
        children,
        button: items?.button ?? [],
        column: items?.column ?? [],
        form: items?.form ?? [],
        resource: items?.resource ?? [],
      };
    };
    const list: AuthorizeNode[] = current.routerList.map((system) => {
      const children = system.children.map(toNode);
      return {
        id: system.id,
        parentId: '0',
        fullName: system.name,
        enCode: '',
        type: 'system',
        icon: system.icon,
        hasChildren: children.length > 0,
        children,
        button: [],
        column: [],
        form: [],
        resource: [],
      };
    });
    // The 3.4.7 tabs: the menu tree, and per kind the menus holding such items with the items
    // as their leaves (menus without any are left out).
    const tab = (kind: 'module' | 'button' | 'column' | 'form' | 'resource') => {
      const walk = (node: AuthorizeNode): AuthorizeTabNode | null => {
        const items =
          kind === 'module'
            ? []
            : node[kind].map((item) => ({
                id: item.id,
                parentId: node.id,
                fullName: item.fullName,
                icon: '',
                children: [],
              }));
        const children = [...node.children.map(walk).filter((c) => c !== null), ...items];
        if (kind !== 'module' && children.length === 0) return null;
        return {
          id: node.id,
          parentId: node.parentId,
          fullName: node.fullName,
          icon: node.icon ?? '',
          children,
        };
      };
      return list.map(walk).filter((n) => n !== null);
    };
    return {
      list,
      module: tab('module'),
      button: tab('button'),
      column: tab('column'),
      form: tab('form'),
      resource: tab('resource'),
    };
  }

  /** The user's own sign-in log. */
  async systemLog(session: Session, query: SystemLogQuery) {
    const { db } = this.services;
    const conditions: SQL[] = [eq(logs.category, 1), eq(logs.userId, session.userId)];
    if (query.startTime !== undefined) conditions.push(gte(logs.creatorTime, query.startTime));
    if (query.endTime !== undefined) conditions.push(lte(logs.creatorTime, query.endTime));
    if (query.keyword) {
      const pattern = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(logs.ipAddress, pattern),
          ilike(logs.ipAddressName, pattern),
          ilike(logs.browser, pattern),
          ilike(logs.platForm, pattern),
          ilike(logs.abstracts, pattern),
        )!,
      );
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select(signInColumns)
        .from(logs)
        .where(where)
        .orderBy(query.sort === 'asc' ? asc(logs.creatorTime) : desc(logs.creatorTime), desc(logs.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      db.select({ n: count() }).from(logs).where(where),
    ]);
    return {
      list: rows as SignInRecord[],
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  async organizes(session: Session): Promise<UserMembership[]> {
    const user = await this.user(session.userId);
    const ids = await userOrganizeIds(this.services.db, user);
    const paths = await unitPaths(this.services.db, ids);
    return ids
      .filter((id) => paths.has(id))
      .map((id) => ({ id, fullName: paths.get(id)!, isDefault: id === user.organizeId }));
  }

  async positions(session: Session): Promise<UserMembership[]> {
    const user = await this.user(session.userId);
    const held = await userPositionRows(this.services.db, session.userId);
    const current = currentPositionId(user, held);
    return held.map((p) => ({ id: p.id, fullName: p.fullName, isDefault: p.id === current }));
  }

  async roles(session: Session): Promise<UserMembership[]> {
    const { db } = this.services;
    const ids = await relatedIds(db, session.userId, RelationType.Role);
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: roles.id, fullName: roles.fullName, enabledMark: roles.enabledMark })
      .from(roles)
      .where(and(inArray(roles.id, ids), eq(roles.deleteMark, 0)));
    return ids
      .map((id) => rows.find((r) => r.id === id))
      .filter((r) => r !== undefined)
      .map((r) => ({ id: r.id, fullName: r.fullName, isDefault: r.enabledMark === 1 }));
  }

  /** Switches the current organisation or position, among the user's own. */
  async switchMajor(session: Session, input: MajorBody): Promise<void> {
    const { db } = this.services;
    const user = await this.user(session.userId);
    const held = await userPositionRows(db, session.userId);
    const orgIds = await userOrganizeIds(db, user);
    let changes: Partial<UserRow>;
    if (input.majorType === 'Organize') {
      if (!orgIds.includes(input.majorId)) throw badRequest(CurrentMessages.notYourOrganize);
      const [unit] = await db
        .select({ id: organizes.id })
        .from(organizes)
        .where(and(eq(organizes.id, input.majorId), eq(organizes.deleteMark, 0)))
        .limit(1);
      if (!unit) throw badRequest(CurrentMessages.notYourOrganize);
      const position = held.find((p) => p.organizeId === input.majorId);
      changes = { organizeId: input.majorId, positionId: position?.id ?? null };
    } else {
      const position = held.find((p) => p.id === input.majorId);
      if (!position) throw badRequest(CurrentMessages.notYourPosition);
      changes = { positionId: position.id };
      // A position belongs to a unit: switching to it switches the unit when it is the user's.
      if (orgIds.includes(position.organizeId)) changes.organizeId = position.organizeId;
    }
    await db.transaction((tx) => this.touchUser(tx, session.userId, changes));
  }

  async signImgs(session: Session): Promise<SignImgEntry[]> {
    const rows = await this.services.db
      .select()
      .from(signImages)
      .where(eq(signImages.userId, session.userId))
      .orderBy(desc(signImages.creatorTime), desc(signImages.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.fileName,
      signImg: fileUrl('signImg', r.fileName),
      isDefault: r.isDefault === 1,
      creatorTime: r.creatorTime,
    }));
  }

  async addSignImg(session: Session, name: string, makeDefault: boolean): Promise<void> {
    const { db } = this.services;
    if (!(await findOwnFile(db, 'signImg', name, session.userId))) {
      throw badRequest(CurrentMessages.signImgMissing);
    }
    await db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: signImages.id, fileName: signImages.fileName })
        .from(signImages)
        .where(eq(signImages.userId, session.userId));
      if (existing.some((e) => e.fileName === name)) throw badRequest(CurrentMessages.signImgDuplicate);
      const id = newId();
      const isDefault = makeDefault || existing.length === 0;
      if (isDefault)
        await tx.update(signImages).set({ isDefault: 0 }).where(eq(signImages.userId, session.userId));
      await tx
        .insert(signImages)
        .values({ id, userId: session.userId, fileName: name, isDefault: isDefault ? 1 : 0 });
      if (isDefault) await this.touchUser(tx, session.userId, { signImg: fileUrl('signImg', name) });
    });
  }

  async setDefaultSignImg(session: Session, id: string): Promise<void> {
    await this.services.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(signImages)
        .where(and(eq(signImages.id, id), eq(signImages.userId, session.userId)))
        .limit(1);
      if (!row) throw badRequest(CurrentMessages.signImgNotFound);
      await tx.update(signImages).set({ isDefault: 0 }).where(eq(signImages.userId, session.userId));
      await tx.update(signImages).set({ isDefault: 1 }).where(eq(signImages.id, id));
      await this.touchUser(tx, session.userId, { signImg: fileUrl('signImg', row.fileName) });
    });
  }

  /** Deletes a signature; when it was the default, the newest remaining one takes its place. */
  async deleteSignImg(session: Session, id: string): Promise<void> {
    await this.services.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(signImages)
        .where(and(eq(signImages.id, id), eq(signImages.userId, session.userId)))
        .returning();
      if (!row) throw badRequest(CurrentMessages.signImgNotFound);
      if (row.isDefault !== 1) return;
      const [next] = await tx
        .select()
        .from(signImages)
        .where(eq(signImages.userId, session.userId))
        .orderBy(desc(signImages.creatorTime), desc(signImages.id))
        .limit(1);
      if (next) await tx.update(signImages).set({ isDefault: 1 }).where(eq(signImages.id, next.id));
      await this.touchUser(tx, session.userId, { signImg: next ? fileUrl('signImg', next.fileName) : null });
    });
  }
}

/** Columns of a sign-in record (SystemLog, Home). */
export const signInColumns = {
  id: logs.id,
  userName: sql<string>`coalesce(${logs.userName}, '')`,
  creatorTime: logs.creatorTime,
  loginMark: sql<number>`coalesce(${logs.loginMark}, 0)`,
  ipAddress: logs.ipAddress,
  ipAddressName: logs.ipAddressName,
  browser: logs.browser,
  platForm: logs.platForm,
  abstracts: logs.abstracts,
};
