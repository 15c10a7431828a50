import type {
  ImportPreview,
  ImportResult,
  UserFormInfo,
  UserListItem,
  UserPickerItem,
  UserSelectorNode,
} from '@console/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import {
  authorizes,
  moduleButtons,
  moduleColumns,
  moduleDataSchemes,
  moduleForms,
  modules,
  organizeAdministrators,
  organizeRelations,
  organizes,
  positions,
  roles,
  storedFiles,
  userRelations,
  users,
} from '../../../db/schema/index.js';
import { GrantMessages } from '../grants.js';
import { ScopeMessages } from '../scope.js';
import { ImportMessages, USER_SHEET_COLUMNS } from './importExport.js';
import { UserMessages } from './service.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;
const BASE = '/api/permission/Users';

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, demo: true });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

/** Test fixtures of the permission tests: units, people and grants written as an administrator would. */
function fixtures(server: TestServer) {
  const db = server.services.db;
  let counter = 0;

  const unit = async (enCode: string) => {
    const [row] = await db.select().from(organizes).where(eq(organizes.enCode, enCode));
    if (!row) throw new Error(`no unit ${enCode}`);
    return row;
  };

  /** A user in a unit (with its Organize relation) who can sign in with Passw0rd1. */
  const person = async (organizeId: string, fields: Partial<typeof users.$inferInsert> = {}) => {
    counter += 1;
    const account = `t${Date.now().toString(36)}${counter}`;
    const id = await server.addUser(account, 'Passw0rd1', {
      organizeId,
      realName: `测试${counter}`,
      ...fields,
    });
    await db
      .insert(userRelations)
      .values({ id: newId(), userId: id, objectType: 'Organize', objectId: organizeId });
    return { id, account, token: () => server.login(account, 'Passw0rd1') };
  };

  /** Grants a page to a new role held by the user: buttons, columns, forms and schemes by code ('all' = every one). */
  const grantPage = async (
    userId: string,
    moduleCode: string,
    pick: {
      buttons?: string[] | 'all';
      columns?: string[] | 'all';
      forms?: string[] | 'all';
      schemes?: string[];
    } = {},
  ) => {
    const roleId = newId();
    counter += 1;
    await db
      .insert(roles)
      .values({ id: roleId, fullName: `测试角色${counter}`, enCode: `testRole${counter}${Date.now()}` });
    await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
    const [page] = await db.select().from(modules).where(eq(modules.enCode, moduleCode));
    if (!page) throw new Error(`no page ${moduleCode}`);
    const rows: { itemType: string; itemId: string }[] = [{ itemType: 'module', itemId: page.id }];
    const items = async (
      table: typeof moduleButtons | typeof moduleColumns | typeof moduleForms | typeof moduleDataSchemes,
      itemType: string,
      codes: string[] | 'all' | undefined,
    ) => {
      if (!codes) return;
      const found = await db
        .select({ id: table.id, enCode: table.enCode })
        .from(table)
        .where(
          codes === 'all'
            ? eq(table.moduleId, page.id)
            : and(eq(table.moduleId, page.id), inArray(table.enCode, codes)),
        );
      for (const f of found) rows.push({ itemType, itemId: f.id });
    };
    await items(moduleButtons, 'button', pick.buttons);
    await items(moduleColumns, 'column', pick.columns);
    await items(moduleForms, 'form', pick.forms);
    await items(moduleDataSchemes, 'resource', pick.schemes);
    await db
      .insert(authorizes)
      .values(rows.map((r) => ({ id: newId(), ...r, objectType: 'Role', objectId: roleId })));
    return roleId;
  };

  /** Makes the user a grade administrator of a unit and everything below it. */
  const gradeAdmin = async (userId: string, organizeId: string) => {
    const all = { Select: 1, Add: 1, Edit: 1, Delete: 1 };
    await db.insert(organizeAdministrators).values({
      id: newId(),
      userId,
      organizeId,
      thisLayerSelect: all.Select,
      thisLayerAdd: all.Add,
      thisLayerEdit: all.Edit,
      thisLayerDelete: all.Delete,
      subLayerSelect: 1,
      subLayerAdd: 1,
      subLayerEdit: 1,
      subLayerDelete: 1,
    });
  };

  const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0]!;
  const relationRows = async (userId: string) =>
    db
      .select({ objectType: userRelations.objectType, objectId: userRelations.objectId })
      .from(userRelations)
      .where(eq(userRelations.userId, userId))
      .orderBy(userRelations.objectType, userRelations.objectId);

  return { unit, person, grantPage, gradeAdmin, userRow, relationRows };
}

const f = () => fixtures(server);
type Page<T> = { list: T[]; pagination: { currentPage: number; pageSize: number; total: number } };

/** A form body for a new user in a unit. */
const form = (organizeId: string, extra: Record<string, unknown> = {}) => ({
  account: `n${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`,
  realName: '李新建',
  gender: 1,
  organizeId,
  ...extra,
});

const userCount = async () => (await server.services.db.select({ n: count() }).from(users))[0]!.n;

describe('user CRUD (administrator)', () => {
  it('creates a user with its relations, reads it back as the form expects, updates and deletes it', async () => {
    const office = await f().unit('QZF-BGS');
    const [position] = await server.services.db
      .select()
      .from(positions)
      .where(eq(positions.organizeId, office.id));
    const [role] = await server.services.db.select().from(roles).limit(1);
    const body = form(office.id, {
      positionId: position!.id,
      roleId: [role!.id],
      mobilePhone: '13912340001',
      email: 'li@example.com',
      nation: '汉族',
      entryDate: Date.UTC(2020, 0, 1),
      passwordHash: 'stolen',
      creatorUserId: 'someone',
    });
    const created = await server.request<{ id: string }>('POST', BASE, { token: admin, json: body });
    expect([created.code, created.msg]).toEqual([200, UserMessages.created]);
    const id = created.data.id;
    const row = await f().userRow(id);
    expect(row).toMatchObject({
      account: body.account,
      quickQuery: 'lxj',
      organizeId: office.id,
      mustChangePassword: 1,
      isAdministrator: 0,
    });
    expect(row.creatorUserId).not.toBe('someone');

    const info = await server.request<UserFormInfo>('GET', `${BASE}/${id}`, { token: admin });
    expect(info.data).toMatchObject({
      id,
      organizeId: office.id,
      positionId: position!.id,
      roleId: role!.id,
      nation: '汉族',
      entryDate: Date.UTC(2020, 0, 1),
    });
    expect(info.data.organizeIdTree[0]!.at(-1)).toBe(office.id);
    expect(info.data.organizeIdTree[0]!.length).toBe(2);

    const updated = await server.request('PUT', `${BASE}/${id}`, {
      token: admin,
      json: { ...body, version: info.data.version, realName: '张三丰', roleId: '', positionId: '' },
    });
    expect([updated.code, updated.msg]).toEqual([200, UserMessages.updated]);
    expect(await f().userRow(id)).toMatchObject({ realName: '张三丰', quickQuery: 'zsf' });
    expect((await f().relationRows(id)).map((r) => r.objectType)).toEqual(['Organize']);

    const stale = await server.request('PUT', `${BASE}/${id}`, {
      token: admin,
      json: { version: info.data.version, realName: '过期' },
    });
    expect([stale.code, stale.msg]).toEqual([400, STALE_VERSION_MESSAGE]);

    const removed = await server.request('DELETE', `${BASE}/${id}`, { token: admin });
    expect([removed.code, removed.msg]).toEqual([200, UserMessages.deleted]);
    expect((await f().userRow(id)).deleteMark).toBe(1);
    const gone = await server.request('GET', `${BASE}/${id}`, { token: admin });
    expect([gone.code, gone.msg]).toEqual([400, UserMessages.notFound]);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const office = await f().unit('QZF-BGS');
    const before = await userCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [form(office.id, { realName: '' }), /^realName：请输入姓名/],
      [form(office.id, { account: 'bad account!' }), /^account：账户只能包含英文字母和数字/],
      [form(office.id, { organizeId: '' }), /^organizeId：请选择所属组织/],
      [form('no-such-unit'), new RegExp(UserMessages.unitMissing)],
      [form(office.id, { roleId: 'no-such-role' }), new RegExp(UserMessages.roleMissing)],
      [form(office.id, { mobilePhone: '123' }), /^mobilePhone：请输入正确的手机号码/],
      [form(office.id, { account: 'admin' }), new RegExp(UserMessages.accountExists)],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request('POST', BASE, { token: admin, json: body });
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('pages a keyword list in list order with the exact total, its units and an allow-listed sort', async () => {
    const section = await f().unit('QZF-SJJ-XXHK');
    const tag = `kwp${Date.now().toString(36)}`;
    // 23 matches over three sort codes (list order: sort code, then newest first), one more
    // that the keyword misses and one deleted match.
    const made: { id: string; account: string; sortCode: number; creatorTime: number }[] = [];
    for (let i = 0; i < 23; i++) {
      const sortCode = i % 3;
      const creatorTime = 1_700_000_000_000 + i;
      const p = await f().person(section.id, { realName: `${tag}${i}`, sortCode, creatorTime });
      made.push({ id: p.id, account: p.account, sortCode, creatorTime });
    }
    await f().person(section.id, { realName: '不相干' });
    await f().person(section.id, { realName: `${tag}x`, deleteMark: 1 });
    const expected = [...made]
      .sort((a, b) => a.sortCode - b.sortCode || b.creatorTime - a.creatorTime)
      .map((u) => u.id);
    const page = (n: number, extra = '') =>
      server.request<Page<UserListItem>>(
        'GET',
        `${BASE}?keyword=${tag}&currentPage=${n}&pageSize=10${extra}`,
        {
          token: admin,
        },
      );
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => p.data.pagination.total)).toEqual([23, 23, 23, 23]);
    expect(pages.flatMap((p) => p.data.list.map((u) => u.id))).toEqual(expected);
    expect(pages[0]!.data.list[0]!.organize).toContain('数据资源管理局/信息化科');
    const byAccount = await page(2, '&sidx=account&sort=desc');
    expect(byAccount.data.pagination.total).toBe(23);
    expect(byAccount.data.list.map((u) => u.account)).toEqual(
      made
        .map((u) => u.account)
        .sort()
        .reverse()
        .slice(10, 20),
    );
  });

  it('lists with keyword over account, name and pinyin initials, the unit subtree and allow-listed sorting', async () => {
    const bureau = await f().unit('QZF-SJJ');
    const section = await f().unit('QZF-SJJ-XXHK');
    const a = await f().person(section.id, { realName: '欧阳修远', quickQuery: 'oyxy' });
    const byInitials = await server.request<Page<UserListItem>>('GET', `${BASE}?keyword=oyxy`, {
      token: admin,
    });
    expect(byInitials.data.list.map((u) => u.id)).toEqual([a.id]);
    const byName = await server.request<Page<UserListItem>>(
      'GET',
      `${BASE}?keyword=${encodeURIComponent('阳修')}`,
      {
        token: admin,
      },
    );
    expect(byName.data.list.map((u) => u.id)).toEqual([a.id]);
    const byAccount = await server.request<Page<UserListItem>>('GET', `${BASE}?keyword=${a.account}`, {
      token: admin,
    });
    expect(byAccount.data.list[0]).toMatchObject({ id: a.id, fullName: `欧阳修远/${a.account}` });
    expect(byAccount.data.list[0]!.organize).toContain('数据资源管理局/信息化科');

    const subtree = await server.request<Page<UserListItem>>(
      'GET',
      `${BASE}?organizeId=${bureau.id}&pageSize=500`,
      { token: admin },
    );
    expect(subtree.data.list.map((u) => u.id)).toContain(a.id);
    const other = await server.request<Page<UserListItem>>(
      'GET',
      `${BASE}?organizeId=${(await f().unit('QZF-CZJ')).id}&pageSize=500`,
      { token: admin },
    );
    expect(other.data.list.map((u) => u.id)).not.toContain(a.id);
    expect(other.data.pagination.total).toBe(other.data.list.length);

    const sorted = await server.request<Page<UserListItem>>(
      'GET',
      `${BASE}?sidx=account&sort=asc&pageSize=500`,
      {
        token: admin,
      },
    );
    const accounts = sorted.data.list.map((u) => u.account);
    expect(accounts).toEqual([...accounts].sort());
    // An unknown sort field is refused, naming the allowed ones (issue #10), not silently ignored.
    for (const sidx of ['password_hash', 'toString', 'constructor']) {
      const refused = await server.request('GET', `${BASE}?sidx=${sidx}`, { token: admin });
      expect([refused.code, refused.msg]).toEqual([
        400,
        'sidx：只能按以下字段排序：account、realName、gender、sortCode、enabledMark、creatorTime、lastModifyTime',
      ]);
    }
    // A list in a fixed order takes no sort field at all.
    const fixed = await server.request('GET', '/api/permission/organizeAdminIsTrator?sidx=account', {
      token: admin,
    });
    expect([fixed.code, fixed.msg]).toEqual([400, 'sidx：该列表按固定顺序排列，不能指定排序字段']);
    expect(
      (await server.request('GET', '/api/permission/organizeAdminIsTrator?sidx=', { token: admin })).code,
    ).toBe(200);
  });
});

describe('administrative actions', () => {
  it('resets a password to the administrator’s choice: sessions end, the new one must be changed', async () => {
    const unit = await f().unit('QZF-CZJ');
    const p = await f().person(unit.id);
    const token = await p.token();
    const mismatch = await server.request('POST', `${BASE}/${p.id}/Actions/ResetPassword`, {
      token: admin,
      json: { userPassword: md5('NewPass1'), validatePassword: md5('Other1') },
    });
    expect([mismatch.code, mismatch.msg]).toEqual([400, 'validatePassword：两次密码输入不一致']);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);

    const reset = await server.request('POST', `${BASE}/${p.id}/Actions/ResetPassword`, {
      token: admin,
      json: { userPassword: md5('NewPass1'), validatePassword: md5('NewPass1') },
    });
    expect([reset.code, reset.data]).toEqual([200, {}]);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
    expect((await f().userRow(p.id)).mustChangePassword).toBe(1);
    expect((await server.loginAnswer(p.account, 'Passw0rd1')).code).toBe(400);
    expect((await server.loginAnswer(p.account, 'NewPass1')).code).toBe(200);
  });

  it('generates a random password when none is sent and answers it once', async () => {
    const p = await f().person((await f().unit('QZF-CZJ')).id);
    const reset = await server.request<{ password: string }>(
      'POST',
      `${BASE}/${p.id}/Actions/ResetPassword`,
      {
        token: admin,
        json: {},
      },
    );
    expect(reset.data.password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await server.loginAnswer(p.account, reset.data.password)).code).toBe(200);
  });

  it('disabling ends the sessions at once (601); enabling, unlocking; nobody disables or deletes themself', async () => {
    const p = await f().person((await f().unit('QZF-CZJ')).id);
    const token = await p.token();
    const off = await server.request<{ enabledMark: number }>('PUT', `${BASE}/${p.id}/Actions/State`, {
      token: admin,
    });
    expect([off.code, off.data.enabledMark]).toEqual([200, 0]);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(601);
    expect((await server.loginAnswer(p.account, 'Passw0rd1')).code).toBe(400);
    const on = await server.request<{ enabledMark: number }>('PUT', `${BASE}/${p.id}/Actions/State`, {
      token: admin,
    });
    expect(on.data.enabledMark).toBe(1);

    await server.services.db.update(users).set({ enabledMark: 2 }).where(eq(users.id, p.id));
    await server.services.signInGuard.fail(p.account, '10.0.0.1');
    const unlocked = await server.request('PUT', `${BASE}/${p.id}/Actions/unlock`, { token: admin });
    expect([unlocked.code, unlocked.msg]).toEqual([200, UserMessages.unlocked]);
    expect((await f().userRow(p.id)).enabledMark).toBe(1);
    expect((await server.loginAnswer(p.account, 'Passw0rd1')).code).toBe(200);

    const [me] = await server.services.db.select().from(users).where(eq(users.account, 'admin'));
    const selfState = await server.request('PUT', `${BASE}/${me!.id}/Actions/State`, { token: admin });
    expect([selfState.code, selfState.msg]).toEqual([400, UserMessages.selfDisable]);
    const selfDelete = await server.request('DELETE', `${BASE}/${me!.id}`, { token: admin });
    expect([selfDelete.code, selfDelete.msg]).toEqual([400, UserMessages.selfDelete]);
    expect((await f().userRow(me!.id)).enabledMark).toBe(1);
  });
});

describe('permissions', () => {
  it('refuses every user route to a signed-in user without the page, and to anonymous callers', async () => {
    const p = await f().person((await f().unit('QZF-CZJ')).id);
    const victim = await f().person((await f().unit('QZF-CZJ')).id);
    const token = await p.token();
    const calls: [string, string, unknown?][] = [
      ['GET', BASE],
      ['POST', BASE, form(victim.id)],
      ['GET', `${BASE}/${victim.id}`],
      ['PUT', `${BASE}/${victim.id}`, { version: 0, realName: '改' }],
      ['DELETE', `${BASE}/${victim.id}`],
      ['POST', `${BASE}/${victim.id}/Actions/ResetPassword`, {}],
      ['PUT', `${BASE}/${victim.id}/Actions/State`],
      ['PUT', `${BASE}/${victim.id}/Actions/unlock`],
      ['GET', `${BASE}/ExportExcel`],
      ['GET', `${BASE}/TemplateDownload`],
      ['POST', `${BASE}/ImportData`, { list: [{ account: 'x' }] }],
      ['POST', '/api/permission/UserRelation/x', { objectType: 'Role', userIds: [] }],
    ];
    const before = await f().userRow(victim.id);
    for (const [method, path, json] of calls) {
      const answer = await server.request(method, path, { token, json });
      expect([answer.code, answer.msg], `${method} ${path}`).toEqual([400, Messages.permissionDenied]);
      expect((await server.request(method, path, { json })).code, `anonymous ${method} ${path}`).toBe(602);
    }
    expect(await f().userRow(victim.id)).toEqual(before);
    // Pickers are for every signed-in user.
    expect(
      (await server.request('POST', `${BASE}/getUserList`, { token, json: { userId: [victim.id] } })).code,
    ).toBe(200);
  });

  it('a page holder needs the button of each action', async () => {
    const unit = await f().unit('QZF-CZJ');
    const p = await f().person(unit.id);
    const victim = await f().person(unit.id);
    await f().grantPage(p.id, 'permission.user', { buttons: ['btn_edit'] });
    const token = await p.token();
    expect((await server.request('GET', BASE, { token })).code).toBe(200);
    const refused = await server.request('PUT', `${BASE}/${victim.id}/Actions/State`, { token });
    expect([refused.code, refused.msg]).toEqual([400, Messages.permissionDenied]);
    const created = await server.request('POST', BASE, { token, json: form(unit.id) });
    expect(created.msg).toBe(Messages.permissionDenied);
  });

  it('only administrators change an administrator or grant administrator rights; mass assignment is dropped', async () => {
    const unit = await f().unit('QZF-CZJ');
    const holder = await f().person(unit.id);
    await f().grantPage(holder.id, 'permission.user', {
      buttons: 'all',
      columns: 'all',
      forms: 'all',
      schemes: ['all'],
    });
    const token = await holder.token();
    const [adminRow] = await server.services.db.select().from(users).where(eq(users.account, 'admin'));
    const before = await f().userRow(adminRow!.id);
    for (const [method, path, json] of [
      ['PUT', `${BASE}/${adminRow!.id}`, { version: before.version, realName: '篡改' }],
      ['POST', `${BASE}/${adminRow!.id}/Actions/ResetPassword`, {}],
      ['PUT', `${BASE}/${adminRow!.id}/Actions/State`, undefined],
    ] as const) {
      const answer = await server.request(method, path, { token, json });
      expect([answer.code, answer.msg], path).toEqual([400, UserMessages.adminOnly]);
    }
    expect(await f().userRow(adminRow!.id)).toEqual(before);

    const grant = await server.request('POST', BASE, { token, json: form(unit.id, { isAdministrator: 1 }) });
    expect([grant.code, grant.msg]).toEqual([400, UserMessages.adminOnly]);
    const victim = await f().person(unit.id);
    const v = await f().userRow(victim.id);
    const raise = await server.request('PUT', `${BASE}/${victim.id}`, {
      token,
      json: { version: v.version, isAdministrator: 1 },
    });
    expect([raise.code, raise.msg]).toEqual([400, UserMessages.adminOnly]);
    const sneaky = await server.request('PUT', `${BASE}/${victim.id}`, {
      token,
      json: {
        version: v.version,
        realName: '正常修改',
        passwordHash: 'x',
        deleteMark: 1,
        creatorUserId: 'x',
      },
    });
    expect(sneaky.code).toBe(200);
    expect(await f().userRow(victim.id)).toMatchObject({
      realName: '正常修改',
      passwordHash: v.passwordHash,
      deleteMark: 0,
      creatorUserId: v.creatorUserId,
      isAdministrator: 0,
    });
  });

  it('the profile (Users/Current/BaseInfo) cannot change roles, units or state', async () => {
    const p = await f().person((await f().unit('QZF-CZJ')).id);
    const token = await p.token();
    const before = await f().userRow(p.id);
    const relations = await f().relationRows(p.id);
    for (const extra of [
      { organizeId: (await f().unit('QZF-BGS')).id },
      { roleId: 'x' },
      { enabledMark: 0 },
      { isAdministrator: 1 },
    ]) {
      const answer = await server.request('PUT', `${BASE}/Current/BaseInfo`, {
        token,
        json: { version: before.version, realName: '自己改', ...extra },
      });
      expect(answer.code).toBe(400);
    }
    expect(await f().userRow(p.id)).toEqual(before);
    expect(await f().relationRows(p.id)).toEqual(relations);
  });
});

describe('grade administrators (IDOR)', () => {
  it('manage only users of their subtree: foreign users cannot be read, changed, reset, disabled or deleted', async () => {
    const bureau = await f().unit('QZF-SJJ');
    const section = await f().unit('QZF-SJJ-XXHK');
    const foreignUnit = await f().unit('QZF-CZJ');
    const grade = await f().person(bureau.id);
    await f().grantPage(grade.id, 'permission.user', {
      buttons: 'all',
      columns: 'all',
      forms: 'all',
      schemes: ['all'],
    });
    await f().gradeAdmin(grade.id, bureau.id);
    const token = await grade.token();
    const mine = await f().person(section.id);
    const foreign = await f().person(foreignUnit.id);

    const list = await server.request<Page<UserListItem>>('GET', `${BASE}?pageSize=500`, { token });
    const ids = list.data.list.map((u) => u.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(foreign.id);
    expect(list.data.list.every((u) => u.organize.includes('数据资源管理局'))).toBe(true);

    const before = await f().userRow(foreign.id);
    const foreignRelations = await f().relationRows(foreign.id);
    const attempts: [string, string, unknown?][] = [
      ['GET', `${BASE}/${foreign.id}`],
      ['PUT', `${BASE}/${foreign.id}`, { version: before.version, realName: '越权' }],
      ['DELETE', `${BASE}/${foreign.id}`],
      ['POST', `${BASE}/${foreign.id}/Actions/ResetPassword`, {}],
      ['PUT', `${BASE}/${foreign.id}/Actions/State`],
      ['PUT', `${BASE}/${foreign.id}/Actions/unlock`],
    ];
    for (const [method, path, json] of attempts) {
      const answer = await server.request(method, path, { token, json });
      expect([answer.code, answer.msg], `${method} ${path}`).toEqual([400, UserMessages.notFound]);
    }
    expect(await f().userRow(foreign.id)).toEqual(before);
    expect(await f().relationRows(foreign.id)).toEqual(foreignRelations);

    // Inside the subtree it works, but a user cannot be moved (or created) outside it.
    const m = await f().userRow(mine.id);
    const move = await server.request('PUT', `${BASE}/${mine.id}`, {
      token,
      json: { version: m.version, organizeId: foreignUnit.id },
    });
    expect([move.code, move.msg]).toEqual([400, ScopeMessages.outOfScope]);
    expect(await f().userRow(mine.id)).toEqual(m);
    const outside = await server.request('POST', BASE, { token, json: form(foreignUnit.id) });
    expect([outside.code, outside.msg]).toEqual([400, ScopeMessages.outOfScope]);
    const [globalRole] = await server.services.db
      .select()
      .from(roles)
      .where(eq(roles.globalMark, 1))
      .limit(1);
    const escalate = await server.request('PUT', `${BASE}/${mine.id}`, {
      token,
      json: { version: m.version, roleId: globalRole!.id },
    });
    expect([escalate.code, escalate.msg]).toEqual([400, UserMessages.roleOutOfScope]);
    const ok = await server.request('PUT', `${BASE}/${mine.id}`, {
      token,
      json: { version: m.version, realName: '本部门' },
    });
    expect(ok.code).toBe(200);
  });
});

describe('password resets by grade administrators (issue #10)', () => {
  it('refuses a user of its units who holds grants the grade administrator lacks; others still work', async () => {
    const bureau = await f().unit('QZF-SJJ');
    const grade = await f().person(bureau.id);
    await f().gradeAdmin(grade.id, bureau.id);
    const token = await grade.token();
    const powerful = await f().person(bureau.id);
    await f().grantPage(powerful.id, 'system.sysConfig');
    const before = await f().userRow(powerful.id);
    const refused = await server.request('POST', `${BASE}/${powerful.id}/Actions/ResetPassword`, {
      token,
      json: {},
    });
    expect([refused.code, refused.msg]).toEqual([400, GrantMessages.userBeyond]);
    expect(await f().userRow(powerful.id)).toEqual(before);
    expect((await server.loginAnswer(powerful.account, 'Passw0rd1')).code).toBe(200);

    const plain = await f().person(bureau.id);
    const reset = await server.request('POST', `${BASE}/${plain.id}/Actions/ResetPassword`, {
      token,
      json: { userPassword: md5('NewPass1'), validatePassword: md5('NewPass1') },
    });
    expect(reset.code).toBe(200);
    expect((await server.loginAnswer(plain.account, 'NewPass1')).code).toBe(200);
  });
});

describe('data, column and form rules on the user list', () => {
  it('a scheme "own organisation" shows only those rows; all data after the grant changes, at the next request', async () => {
    const unit = await f().unit('QZF-FGJ');
    const viewer = await f().person(unit.id);
    const colleague = await f().person(unit.id);
    const stranger = await f().person((await f().unit('QZF-CZJ')).id);
    const roleId = await f().grantPage(viewer.id, 'permission.user', { schemes: ['org'] });
    const token = await viewer.token();
    const list = await server.request<Page<UserListItem>>('GET', `${BASE}?pageSize=500`, { token });
    expect(list.data.list.length).toBeGreaterThan(1);
    expect(list.data.list.every((u) => u.organizeId === unit.id)).toBe(true);
    expect(list.data.list.map((u) => u.id)).toContain(colleague.id);
    expect((await server.request('GET', `${BASE}/${stranger.id}`, { token })).msg).toBe(
      UserMessages.notFound,
    );
    expect((await server.request('GET', `${BASE}/${colleague.id}`, { token })).code).toBe(200);

    // Without any granted scheme: no rows.
    await server.services.db
      .delete(authorizes)
      .where(and(eq(authorizes.objectId, roleId), eq(authorizes.itemType, 'resource')));
    const none = await server.request<Page<UserListItem>>('GET', BASE, { token });
    expect(none.data.pagination.total).toBe(0);

    const [page] = await server.services.db
      .select()
      .from(modules)
      .where(eq(modules.enCode, 'permission.user'));
    const [all] = await server.services.db
      .select()
      .from(moduleDataSchemes)
      .where(and(eq(moduleDataSchemes.moduleId, page!.id), eq(moduleDataSchemes.enCode, 'all')));
    await server.services.db
      .insert(authorizes)
      .values({ id: newId(), itemType: 'resource', itemId: all!.id, objectType: 'Role', objectId: roleId });
    const everything = await server.request<Page<UserListItem>>('GET', `${BASE}?pageSize=500`, { token });
    expect(everything.data.list.map((u) => u.id)).toContain(stranger.id);
  });

  it('a scheme naming an unknown field does not break the list (and grants nothing by it)', async () => {
    const unit = await f().unit('QZF-FGJ');
    const viewer = await f().person(unit.id);
    const [page] = await server.services.db
      .select()
      .from(modules)
      .where(eq(modules.enCode, 'permission.user'));
    const schemeId = newId();
    await server.services.db.insert(moduleDataSchemes).values({
      id: schemeId,
      moduleId: page!.id,
      fullName: '坏方案',
      enCode: `bad${Date.now()}`,
      conditionJson: {
        matchLogic: 'and',
        conditions: [
          { field: 'no_such_column', op: '==', valueType: 'text', value: 'x' },
          { field: 'organizeId', op: '==', valueType: 'currentOrganize', value: '' },
        ],
      },
    });
    const roleId = await f().grantPage(viewer.id, 'permission.user');
    await server.services.db
      .insert(authorizes)
      .values({ id: newId(), itemType: 'resource', itemId: schemeId, objectType: 'Role', objectId: roleId });
    const list = await server.request<Page<UserListItem>>('GET', `${BASE}?pageSize=500`, {
      token: await viewer.token(),
    });
    expect(list.code).toBe(200);
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((u) => u.organizeId === unit.id)).toBe(true);
  });

  it('column rules keep only granted columns; form rules hide fields on read and refuse writes to them', async () => {
    const unit = await f().unit('QZF-JYJ');
    const viewer = await f().person(unit.id);
    const victim = await f().person(unit.id, { mobilePhone: '13912349999' });
    await f().grantPage(viewer.id, 'permission.user', {
      buttons: 'all',
      columns: ['account', 'realName'],
      forms: ['account', 'realName', 'gender', 'organizeId'],
      schemes: ['all'],
    });
    const token = await viewer.token();
    const list = await server.request<Page<UserListItem>>('GET', `${BASE}?keyword=${victim.account}`, {
      token,
    });
    const row = list.data.list[0]! as unknown as Record<string, unknown>;
    expect(row).toMatchObject({ id: victim.id, account: victim.account });
    for (const hidden of ['mobilePhone', 'organize', 'gender', 'enabledMark', 'creatorTime'])
      expect(row).not.toHaveProperty(hidden);

    const info = await server.request<Record<string, unknown>>('GET', `${BASE}/${victim.id}`, { token });
    expect(info.data).toHaveProperty('realName');
    expect(info.data).toHaveProperty('organizeIdTree');
    for (const hidden of ['mobilePhone', 'roleId', 'positionId', 'email'])
      expect(info.data).not.toHaveProperty(hidden);

    const before = await f().userRow(victim.id);
    const refused = await server.request('PUT', `${BASE}/${victim.id}`, {
      token,
      json: { version: before.version, realName: '可以', mobilePhone: '13900000000' },
    });
    expect([refused.code, refused.msg]).toEqual([400, '没有权限填写字段：mobilePhone']);
    expect(await f().userRow(victim.id)).toEqual(before);
    const allowed = await server.request('PUT', `${BASE}/${victim.id}`, {
      token,
      json: { version: before.version, realName: '可以' },
    });
    expect(allowed.code).toBe(200);
    expect(await f().userRow(victim.id)).toMatchObject({ realName: '可以', mobilePhone: '13912349999' });
  });
});

describe('user relations (member dialogs)', () => {
  it('sets and reads the members of a role; refuses unknown users and kinds', async () => {
    const unit = await f().unit('QZF-MZJ');
    const a = await f().person(unit.id);
    const b = await f().person(unit.id);
    const roleId = newId();
    await server.services.db
      .insert(roles)
      .values({ id: roleId, fullName: '成员测试', enCode: `m${Date.now()}` });
    const path = `/api/permission/UserRelation/${roleId}`;
    const saved = await server.request('POST', path, {
      token: admin,
      json: { objectType: 'Role', userIds: [a.id, b.id] },
    });
    expect(saved.code).toBe(200);
    const read = await server.request<{ ids: string[] }>('GET', `${path}?objectType=Role`, { token: admin });
    expect(read.data.ids.sort()).toEqual([a.id, b.id].sort());
    await server.request('POST', path, { token: admin, json: { objectType: 'Role', userIds: [b.id] } });
    expect(
      (await server.request<{ ids: string[] }>('GET', `${path}?objectType=Role`, { token: admin })).data.ids,
    ).toEqual([b.id]);
    const unknown = await server.request('POST', path, {
      token: admin,
      json: { objectType: 'Role', userIds: ['nobody'] },
    });
    expect(unknown.code).toBe(400);
    const kind = await server.request('POST', path, {
      token: admin,
      json: { objectType: 'Organize', userIds: [] },
    });
    expect(kind.code).toBe(400);
    expect(
      (await server.request<{ ids: string[] }>('GET', `${path}?objectType=Role`, { token: admin })).data.ids,
    ).toEqual([b.id]);
  });
});

describe('relation writes apply the user form’s scope rules (issue #10)', () => {
  /** A role (global unless units are given) carrying one page, bound to nobody. */
  const roleWithPage = async (moduleCode: string, units: string[] = []) => {
    const db = server.services.db;
    const roleId = newId();
    await db.insert(roles).values({
      id: roleId,
      fullName: `载权角色${roleId.slice(-6)}`,
      enCode: `carry${roleId.replace(/-/g, '')}`,
      globalMark: units.length ? 0 : 1,
    });
    for (const organizeId of units)
      await db
        .insert(organizeRelations)
        .values({ id: newId(), organizeId, objectType: 'Role', objectId: roleId });
    const [page] = await db.select().from(modules).where(eq(modules.enCode, moduleCode));
    await db
      .insert(authorizes)
      .values({ id: newId(), itemType: 'module', itemId: page!.id, objectType: 'Role', objectId: roleId });
    return roleId;
  };
  const members = async (objectId: string) =>
    (
      await server.services.db
        .select({ userId: userRelations.userId })
        .from(userRelations)
        .where(eq(userRelations.objectId, objectId))
    )
      .map((r) => r.userId)
      .sort();
  const bind = (token: string, objectId: string, objectType: string, userIds: string[]) =>
    server.request('POST', `/api/permission/UserRelation/${objectId}`, {
      token,
      json: { objectType, userIds },
    });

  it('a grade administrator cannot join itself or others to a global role; roles of its units still work', async () => {
    const bureau = await f().unit('QZF-SJJ');
    const grade = await f().person(bureau.id);
    const colleague = await f().person(bureau.id);
    await f().gradeAdmin(grade.id, bureau.id);
    const token = await grade.token();
    const systemRole = await roleWithPage('system.sysConfig');
    for (const userIds of [[grade.id], [colleague.id]]) {
      const refused = await bind(token, systemRole, 'Role', userIds);
      expect([refused.code, refused.msg]).toEqual([400, UserMessages.roleOutOfScope]);
    }
    expect(await members(systemRole)).toEqual([]);
    // Without the page only the settings every user reads (the password rules), not the page's.
    const sysConfig = await server.request<Record<string, unknown>>('GET', '/api/system/SysConfig', {
      token,
    });
    expect(sysConfig.data).not.toHaveProperty('tokenTimeout');

    // A role of another unit is refused as well; a role of its own unit works.
    const foreignRole = await roleWithPage('permission.user', [(await f().unit('QZF-CZJ')).id]);
    expect((await bind(token, foreignRole, 'Role', [colleague.id])).msg).toBe(UserMessages.roleOutOfScope);
    expect(await members(foreignRole)).toEqual([]);
    const ownRole = await roleWithPage('permission.user', [bureau.id]);
    const ok = await bind(token, ownRole, 'Role', [colleague.id]);
    expect(ok.code).toBe(200);
    expect(await members(ownRole)).toEqual([colleague.id]);
    // Removing a member of a global role stays possible inside its units (as on the user form).
    await server.services.db
      .insert(userRelations)
      .values({ id: newId(), userId: colleague.id, objectType: 'Role', objectId: systemRole });
    expect((await bind(token, systemRole, 'Role', [])).code).toBe(200);
    expect(await members(systemRole)).toEqual([]);
  });

  it('only administrators bind users to roles or positions carrying pages the caller lacks', async () => {
    const unit = await f().unit('QZF-CZJ');
    const holder = await f().person(unit.id);
    const other = await f().person(unit.id);
    await f().grantPage(holder.id, 'permission.role', { buttons: 'all' });
    // The pages' data scope is everything, so only the grants it lacks hold it back.
    await f().grantPage(holder.id, 'permission.position', { buttons: 'all', schemes: ['all'] });
    await f().grantPage(holder.id, 'permission.user', { buttons: 'all', forms: 'all', schemes: ['all'] });
    const token = await holder.token();
    const systemRole = await roleWithPage('system.sysConfig');
    for (const userIds of [[holder.id], [other.id]]) {
      const refused = await bind(token, systemRole, 'Role', userIds);
      expect([refused.code, refused.msg]).toEqual([400, GrantMessages.roleBeyond]);
    }
    expect(await members(systemRole)).toEqual([]);
    const before = await f().userRow(other.id);
    const viaForm = await server.request('PUT', `${BASE}/${other.id}`, {
      token,
      json: { version: before.version, roleId: systemRole },
    });
    expect([viaForm.code, viaForm.msg]).toEqual([400, GrantMessages.roleBeyond]);
    const [systemRoleRow] = await server.services.db.select().from(roles).where(eq(roles.id, systemRole));
    const imported = await server.request<ImportResult>('POST', `${BASE}/ImportData`, {
      token,
      json: {
        list: [
          {
            account: `imp${Date.now().toString(36)}`,
            realName: '导入越权',
            gender: '男',
            organizeId: '示范区人民政府/财政局',
            roleId: systemRoleRow!.fullName,
          },
        ],
      },
    });
    expect(imported.data).toMatchObject({ snum: 0, fnum: 1 });
    expect(imported.data.failResult[0]!.errorsInfo).toBe(
      `${GrantMessages.roleBeyond}（${systemRoleRow!.fullName}）`,
    );
    expect(await members(systemRole)).toEqual([]);

    const [position] = await server.services.db
      .select()
      .from(positions)
      .where(eq(positions.organizeId, unit.id));
    const [sysConfig] = await server.services.db
      .select()
      .from(modules)
      .where(eq(modules.enCode, 'system.sysConfig'));
    await server.services.db.insert(authorizes).values({
      id: newId(),
      itemType: 'module',
      itemId: sysConfig!.id,
      objectType: 'Position',
      objectId: position!.id,
    });
    const positionMembers = await members(position!.id);
    const refusedPosition = await bind(token, position!.id, 'Position', [...positionMembers, other.id]);
    expect([refusedPosition.code, refusedPosition.msg]).toEqual([400, GrantMessages.positionBeyond]);
    expect(await members(position!.id)).toEqual(positionMembers);

    // A global role carrying only what the caller holds, and administrators, still work.
    const plainRole = await roleWithPage('permission.user');
    expect((await bind(token, plainRole, 'Role', [other.id])).code).toBe(200);
    expect(await members(plainRole)).toEqual([other.id]);
    expect((await bind(admin, systemRole, 'Role', [other.id])).code).toBe(200);
    expect(await members(systemRole)).toEqual([other.id]);
  });
});

describe('pickers', () => {
  it('answers users by ids in order, the unit tree with users, and the caller’s subordinates', async () => {
    const unit = await f().unit('QZF-WJJ');
    const boss = await f().person(unit.id);
    const report = await f().person(unit.id, { managerId: boss.id });
    const byIds = await server.request<{ list: UserPickerItem[] }>('POST', `${BASE}/getUserList`, {
      token: admin,
      json: { userId: [report.id, boss.id] },
    });
    expect(byIds.data.list.map((u) => u.id)).toEqual([report.id, boss.id]);
    expect(byIds.data.list[0]).toMatchObject({
      type: 'user',
      organize: expect.stringContaining('卫生健康局'),
    });

    const tree = await server.request<{ list: UserSelectorNode[] }>('GET', `${BASE}/Selector`, {
      token: admin,
    });
    const find = (nodes: UserSelectorNode[], id: string): UserSelectorNode | undefined =>
      nodes.map((n) => (n.id === id ? n : find(n.children ?? [], id))).find(Boolean);
    const unitNode = find(tree.data.list, unit.id)!;
    expect(unitNode.type).toBe('department');
    expect(unitNode.children!.map((c) => c.id)).toContain(boss.id);

    const subs = await server.request<{ list: UserPickerItem[] }>('POST', `${BASE}/getSubordinates`, {
      token: await boss.token(),
      json: { keyword: '' },
    });
    expect(subs.data.list.map((u) => u.id)).toEqual([report.id]);

    const selected = await server.request<{ list: { id: string; type: string }[] }>(
      'POST',
      `${BASE}/getSelectedList`,
      {
        token: admin,
        json: { ids: [`${unit.id}--department`, boss.id] },
      },
    );
    expect(selected.data.list.map((s) => s.type)).toEqual(['department', 'user']);
  });

  it('lets a user without the user page search people (ImUser/Selector): picker fields only, paged', async () => {
    const unit = await f().unit('QZF-WJJ');
    const wanted = await f().person(unit.id, { realName: '司马光远', quickQuery: 'smgy' });
    const caller = await f().person(unit.id);
    const token = await caller.token();
    // The management list stays closed to them.
    expect((await server.request('GET', `${BASE}?keyword=smgy`, { token })).code).not.toBe(200);

    const found = await server.request<{
      list: Record<string, unknown>[];
      pagination: { currentPage: number; pageSize: number; total: number };
    }>('POST', `${BASE}/ImUser/Selector/0`, {
      token,
      json: { keyword: 'smgy', currentPage: 1, pageSize: 20 },
    });
    expect(found.code, found.msg).toBe(200);
    expect(found.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 1 });
    expect(found.data.list).toHaveLength(1);
    expect(found.data.list[0]).toMatchObject({
      id: wanted.id,
      fullName: `司马光远/${wanted.account}`,
      type: 'user',
      organize: expect.stringContaining('卫生健康局'),
    });
    expect(Object.keys(found.data.list[0]!).sort()).toEqual(
      ['account', 'fullName', 'headIcon', 'id', 'organize', 'realName', 'type'].sort(),
    );

    // Without a keyword: the unit's members as a tree level.
    const level = await server.request<{ list: UserSelectorNode[] }>(
      'POST',
      `${BASE}/ImUser/Selector/${unit.id}`,
      {
        token,
        json: {},
      },
    );
    expect(level.code, level.msg).toBe(200);
    expect(level.data.list.map((n) => n.id)).toEqual(expect.arrayContaining([wanted.id, caller.id]));

    const bad = await server.request('POST', `${BASE}/ImUser/Selector/0`, {
      token,
      json: { keyword: 'smgy', pageSize: 0 },
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('pageSize');
    expect(
      (await server.request('POST', `${BASE}/ImUser/Selector/0`, { json: { keyword: 'smgy' } })).code,
    ).toBe(602);
  });
});

/** An xlsx with the template's header and the rows. */
async function sheet(
  rows: Record<string, string>[],
  header: string[] = USER_SHEET_COLUMNS.map((c) => c.fullName),
) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('用户信息');
  ws.addRow(header);
  for (const row of rows) ws.addRow(USER_SHEET_COLUMNS.map((c) => row[c.id] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(token: string, content: Buffer, name = 'users.xlsx') {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${server.baseUrl}${BASE}/Uploader`, {
    method: 'POST',
    headers: { authorization: token },
    body,
  });
  return (await response.json()) as { code: number; msg: string; data: { name: string } };
}

async function download(url: string) {
  const response = await fetch(`${server.baseUrl}${url}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('import and export', () => {
  it('imports 50 rows with two bad ones: 48 written, the two reported and exported', async () => {
    const template = await server.request<{ name: string; url: string }>('GET', `${BASE}/TemplateDownload`, {
      token: admin,
    });
    const header = (await download(template.data.url)).getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual(USER_SHEET_COLUMNS.map((c) => c.fullName));

    const stamp = Date.now().toString(36);
    const rows = Array.from({ length: 50 }, (_, i) => ({
      account: `imp${stamp}${i}`,
      realName: `导入用户${i}`,
      gender: i % 2 ? '男' : '女',
      organizeId: '示范区人民政府/民政局',
      positionId: '',
      mobilePhone: '',
      entryDate: '2021-03-01',
      enabledMark: '启用',
    }));
    rows[7]!.organizeId = '示范区人民政府/不存在的局';
    rows[23]!.account = rows[22]!.account;
    const uploaded = await upload(admin, await sheet(rows));
    expect([uploaded.code, uploaded.msg]).toEqual([200, ImportMessages.uploaded]);
    const previewed = await server.request<ImportPreview>(
      'GET',
      `${BASE}/ImportPreview?fileName=${uploaded.data.name}`,
      { token: admin },
    );
    expect(previewed.data.headerRow[0]).toEqual({ id: 'account', fullName: '账户' });
    expect(previewed.data.dataRow).toHaveLength(50);

    const before = await userCount();
    const result = await server.request<ImportResult>('POST', `${BASE}/ImportData`, {
      token: admin,
      json: { list: previewed.data.dataRow },
    });
    expect(result.data).toMatchObject({ snum: 48, fnum: 2, resultType: 1 });
    expect(result.data.failResult.map((r) => r.account)).toEqual([rows[7]!.account, rows[23]!.account]);
    expect(result.data.failResult[0]!.errorsInfo).toContain('找不到该所属组织');
    expect(result.data.failResult[1]!.errorsInfo).toContain('账户已存在');
    expect(await userCount()).toBe(before + 48);
    const [imported] = await server.services.db
      .select()
      .from(users)
      .where(eq(users.account, rows[0]!.account));
    expect(imported).toMatchObject({ gender: 2, quickQuery: 'dryh0', entryDate: Date.UTC(2021, 2, 1) });
    expect((await f().relationRows(imported!.id)).map((r) => r.objectType)).toEqual(['Organize']);

    const errors = await server.request<{ url: string }>('POST', `${BASE}/ExportExceptionData`, {
      token: admin,
      json: { list: result.data.failResult },
    });
    const ws = await download(errors.data.url);
    expect(ws.getRow(1).getCell(USER_SHEET_COLUMNS.length + 1).value).toBe('错误信息');
    expect(ws.getRow(2).getCell(1).value).toBe(rows[7]!.account);
  });

  it('keeps only the latest uploaded sheet of each user', async () => {
    const first = await upload(admin, await sheet([{ account: 'keep1', realName: '甲' }]));
    const second = await upload(admin, await sheet([{ account: 'keep2', realName: '乙' }]));
    expect([first.code, second.code]).toEqual([200, 200]);
    const kept = await server.services.db
      .select({ name: storedFiles.name })
      .from(storedFiles)
      .where(eq(storedFiles.folder, 'userImport'));
    expect(kept.map((f) => f.name)).toEqual([second.data.name]);
    const stale = await server.request('GET', `${BASE}/ImportPreview?fileName=${first.data.name}`, {
      token: admin,
    });
    expect([stale.code, stale.msg]).toEqual([400, ImportMessages.fileMissing]);
  });

  it('refuses a wrong header, a non-xlsx file, an oversized file and more than 1000 rows; writes nothing', async () => {
    const before = await userCount();
    const wrongHeader = await upload(admin, await sheet([{ account: 'x' }], ['账号', '姓名']));
    expect([wrongHeader.code, wrongHeader.msg]).toEqual([400, ImportMessages.badHeader]);
    const fake = await upload(admin, Buffer.from('account,realName\nx,y\n'), 'users.xlsx');
    expect([fake.code, fake.msg]).toEqual([400, ImportMessages.notXlsx]);
    const big = await upload(admin, Buffer.alloc(600 * 1024, 1), 'big.xlsx');
    expect([big.code, big.msg]).toEqual([400, ImportMessages.tooLarge]);
    const many = await upload(
      admin,
      await sheet(Array.from({ length: 1001 }, (_, i) => ({ account: `m${i}`, realName: 'x' }))),
    );
    expect([many.code, many.msg]).toEqual([400, ImportMessages.tooManyRows]);
    const notMine = await server.request(
      'GET',
      `${BASE}/ImportPreview?fileName=00000000-0000-7000-8000-000000000000.xlsx`,
      {
        token: admin,
      },
    );
    expect([notMine.code, notMine.msg]).toEqual([400, ImportMessages.fileMissing]);
    const empty = await server.request('POST', `${BASE}/ImportData`, { token: admin, json: { list: [] } });
    expect([empty.code, empty.msg]).toEqual([400, `list：${ImportMessages.empty}`]);
    expect(await userCount()).toBe(before);
  });

  it('exports the matching users with formula-like cells neutralised', async () => {
    const unit = await f().unit('QZF-RSJ');
    const p = await f().person(unit.id, { realName: '=HYPERLINK("x")', description: '@SUM(1)' });
    const exported = await server.request<{ name: string; url: string }>(
      'GET',
      `${BASE}/ExportExcel?keyword=${p.account}`,
      { token: admin },
    );
    expect(exported.data.name).toBe('用户信息.xlsx');
    const ws = await download(exported.data.url);
    expect(ws.rowCount).toBe(2);
    const values = (ws.getRow(2).values as unknown[]).map(String);
    expect(values).toContain(`'=HYPERLINK("x")`);
    expect(values).toContain(`'@SUM(1)`);
    expect(values).toContain('示范区人民政府/人力资源和社会保障局');
    const again = await fetch(`${server.baseUrl}${exported.data.url}`);
    expect(((await again.json()) as { code: number }).code).toBe(400);
  });
});
