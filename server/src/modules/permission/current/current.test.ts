import type {
  AuthorizeNode,
  CurrentBaseInfo,
  CurrentUserResult,
  SignImgEntry,
  SignInRecord,
  SubordinateNode,
  UserMembership,
} from '@console/shared';
import { count, eq, isNotNull, ne } from 'drizzle-orm';
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
import { hashPassword } from '../../../core/passwords.js';
import { positions, signImages, userRelations, users } from '../../../db/schema/index.js';

let database: TestDatabase;
let server: TestServer;

const BASE = '/api/permission/Users/Current';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, demo: true });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

type UserRow = typeof users.$inferSelect;

/** Gives a demo staff member a password (as an administrator's reset would) and signs in. */
async function signIn(user: UserRow): Promise<string> {
  await server.services.db
    .update(users)
    .set({
      passwordHash: await hashPassword(md5('Staff12345')),
      mustChangePassword: 0,
      changePasswordDate: Date.now(),
    })
    .where(eq(users.id, user.id));
  return server.login(user.account, 'Staff12345');
}

async function staff(offset: number): Promise<UserRow> {
  const [row] = await server.services.db
    .select()
    .from(users)
    .where(eq(users.isAdministrator, 0))
    .orderBy(users.sortCode)
    .offset(offset)
    .limit(1);
  return row!;
}

const userRow = async (id: string) =>
  (await server.services.db.select().from(users).where(eq(users.id, id)).limit(1))[0]!;
const me = async (token: string) =>
  (await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token })).data.userInfo;

async function upload(token: string, type: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'x.png');
  const response = await fetch(`${server.baseUrl}/api/file/Uploader/${type}`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const body = (await response.json()) as { code: number; data: { name: string; url: string } };
  expect(body.code).toBe(200);
  return body.data;
}

describe('BaseInfo', () => {
  it('reads the profile and saves the editable fields, refreshing CurrentUser', async () => {
    const user = await staff(0);
    const token = await signIn(user);
    const info = await server.request<CurrentBaseInfo>('GET', `${BASE}/BaseInfo`, { token });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({ id: user.id, account: user.account, realName: user.realName });
    expect(info.data.organizeName).toContain('/');
    expect(info.data.positionName).not.toBe('');

    const saved = await server.request('PUT', `${BASE}/BaseInfo`, {
      token,
      json: {
        version: info.data.version,
        realName: '王建国新',
        nation: '汉族',
        education: '本科',
        postalAddress: '某区某路1号',
        urgentContacts: '张三',
        urgentTelePhone: '13800001111',
        signature: '为人民服务',
        email: '',
        gender: 1,
      },
    });
    expect([saved.code, saved.msg]).toEqual([200, '保存成功']);
    const after = await server.request<CurrentBaseInfo>('GET', `${BASE}/BaseInfo`, { token });
    expect(after.data).toMatchObject({
      realName: '王建国新',
      nation: '汉族',
      education: '本科',
      signature: '为人民服务',
      email: null,
      version: info.data.version + 1,
    });
    expect((await me(token)).userName).toBe('王建国新');
    expect((await userRow(user.id)).quickQuery).toBe('wjgx');
  });

  it('refuses protected and unknown fields with 400 naming them, and writes nothing', async () => {
    const user = await staff(1);
    const token = await signIn(user);
    const before = await userRow(user.id);
    for (const [extra, named] of [
      [{ roleIds: ['x'] }, 'roleIds'],
      [{ organizeId: 'x' }, 'organizeId'],
      [{ isAdministrator: 1, enabledMark: 1 }, 'isAdministrator, enabledMark'],
      [{ account: 'root' }, 'account'],
      [{ passwordHash: 'x' }, 'passwordHash'],
      [{ positionIds: [] }, 'positionIds'],
    ] as const) {
      const answer = await server.request('PUT', `${BASE}/BaseInfo`, {
        token,
        json: { version: before.version, realName: '改名', ...extra },
      });
      expect([answer.code, answer.msg]).toEqual([400, `不允许修改的字段: ${named}`]);
    }
    const badEmail = await server.request('PUT', `${BASE}/BaseInfo`, {
      token,
      json: { version: before.version, email: 'not-an-email' },
    });
    expect([badEmail.code, badEmail.msg]).toEqual([400, 'email：请输入正确的邮箱']);
    // Without a version (the 3.4.7 form sends none) a save applies as last-wins: client347.test.
    const other = await staff(2);
    const phoneTaken = await server.request('PUT', `${BASE}/BaseInfo`, {
      token,
      json: { version: before.version, mobilePhone: other.mobilePhone },
    });
    expect([phoneTaken.code, phoneTaken.msg]).toEqual([400, 'mobilePhone：该手机号已被其他用户使用']);
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses a stale version', async () => {
    const user = await staff(3);
    const token = await signIn(user);
    const { version } = await userRow(user.id);
    expect(
      (await server.request('PUT', `${BASE}/BaseInfo`, { token, json: { version, nation: '回族' } })).code,
    ).toBe(200);
    const stale = await server.request('PUT', `${BASE}/BaseInfo`, {
      token,
      json: { version, nation: '满族' },
    });
    expect([stale.code, stale.msg]).toEqual([400, STALE_VERSION_MESSAGE]);
    expect((await userRow(user.id)).nation).toBe('回族');
  });
});

describe('avatar, theme and language', () => {
  it('sets the avatar to an image the user uploaded, and only such', async () => {
    const user = await staff(4);
    const token = await signIn(user);
    const { name, url } = await upload(token, 'userAvatar', PNG);
    const set = await server.request('PUT', `${BASE}/Avatar/${name}`, { token });
    expect([set.code, set.msg]).toEqual([200, '头像修改成功']);
    expect((await me(token)).headIcon).toBe(url);

    const otherToken = await signIn(await staff(5));
    const foreign = await server.request('PUT', `${BASE}/Avatar/${name}`, { token: otherToken });
    expect([foreign.code, foreign.msg]).toEqual([400, '头像文件不存在，请重新上传']);
    const sign = await upload(token, 'signImg', PNG);
    const wrongFolder = await server.request('PUT', `${BASE}/Avatar/${sign.name}`, { token });
    expect(wrongFolder.code).toBe(400);
    const malformed = await server.request('PUT', `${BASE}/Avatar/..%2Fx`, { token });
    expect(malformed.code).toBe(400);
    expect((await me(token)).headIcon).toBe(url);
  });

  it('saves the layout and the language on the user row', async () => {
    const user = await staff(6);
    const token = await signIn(user);
    expect(
      (await server.request('PUT', `${BASE}/SystemTheme`, { token, json: { theme: 'blend' } })).code,
    ).toBe(200);
    expect(
      (await server.request('PUT', `${BASE}/SystemLanguage`, { token, json: { language: 'en-US' } })).code,
    ).toBe(200);
    const info = await me(token);
    expect([info.theme, info.language]).toEqual(['blend', 'en-US']);
    // The next sign-in answers the saved layout.
    expect((await server.loginAnswer(user.account, 'Staff12345')).data.theme).toBe('blend');

    const badTheme = await server.request('PUT', `${BASE}/SystemTheme`, { token, json: { theme: 'dark' } });
    expect([badTheme.code, badTheme.msg]).toEqual([400, 'theme：请选择正确的布局']);
    const badLanguage = await server.request('PUT', `${BASE}/SystemLanguage`, {
      token,
      json: { language: 'fr' },
    });
    expect([badLanguage.code, badLanguage.msg]).toEqual([400, 'language：请选择正确的语言']);
    const after = await me(token);
    expect([after.theme, after.language]).toEqual(['blend', 'en-US']);
  });
});

describe('ModifyPassword', () => {
  it('follows the rules of updatePasswordMessage', async () => {
    const user = await staff(7);
    const token = await signIn(user);
    const other = await server.login(user.account, 'Staff12345');
    const first = await server.imageCode();
    const wrong = await server.request('POST', `${BASE}/Actions/ModifyPassword`, {
      token,
      json: { oldPassword: md5('nope'), password: md5('NewPass123'), ...first },
    });
    expect([wrong.code, wrong.msg]).toEqual([400, '旧密码错误']);
    const missing = await server.request('POST', `${BASE}/Actions/ModifyPassword`, {
      token,
      json: { oldPassword: md5('Staff12345'), password: md5('NewPass123') },
    });
    expect(missing.code).toBe(400);
    const second = await server.imageCode();
    const changed = await server.request('POST', `${BASE}/Actions/ModifyPassword`, {
      token,
      json: { oldPassword: md5('Staff12345'), password: md5('NewPass123'), ...second },
    });
    expect([changed.code, changed.msg]).toEqual([200, '密码修改成功，请牢记新密码']);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token: other })).code).toBe(600);
    expect((await server.loginAnswer(user.account, 'NewPass123')).code).toBe(200);
  });
});

describe('subordinates, authorisation and sign-in log', () => {
  it('lists direct reports, one level at a time, only below the user', async () => {
    const { db } = server.services;
    const [head] = await db
      .select({ managerId: users.managerId, n: count() })
      .from(users)
      .where(isNotNull(users.managerId))
      .groupBy(users.managerId)
      .orderBy(users.managerId)
      .limit(1);
    const manager = await userRow(head!.managerId!);
    const token = await signIn(manager);
    const answer = await server.request<SubordinateNode[]>('GET', `${BASE}/Subordinate/0`, {
      token,
    });
    expect(answer.code).toBe(200);
    expect(answer.data).toHaveLength(head!.n);
    for (const node of answer.data) {
      expect((await userRow(node.id)).managerId).toBe(manager.id);
      expect(node.parentId).toBe('0');
    }
    const withChildren = answer.data.find((n) => n.hasChildren);
    if (withChildren) {
      const deeper = await server.request<SubordinateNode[]>(
        'GET',
        `${BASE}/Subordinate/${withChildren.id}`,
        { token },
      );
      expect(deeper.data.length).toBeGreaterThan(0);
      expect(deeper.data.every((n) => n.parentId === withChildren.id)).toBe(true);
    }
    // Someone who is not below the user: the administrator.
    const [admin] = await db.select().from(users).where(eq(users.account, 'admin')).limit(1);
    expect(await isBelow(admin!.id, manager.id)).toBe(false);
    const refused = await server.request('GET', `${BASE}/Subordinate/${admin!.id}`, { token });
    expect([refused.code, refused.msg]).toEqual([400, '只能查看自己的下属']);
  });

  it('shows the granted menus with their buttons as a tree under each application', async () => {
    const user = await staff(8);
    const token = await signIn(user);
    const answer = await server.request<{ list: AuthorizeNode[] }>('GET', `${BASE}/Authorize`, { token });
    expect(answer.code).toBe(200);
    const [system] = answer.data.list;
    expect(system?.type).toBe('system');
    const flat = (nodes: AuthorizeNode[]): AuthorizeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const current = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });
    const menuIds = new Set(flat(answer.data.list).map((n) => n.id));
    for (const entry of current.data.permissionList) {
      expect(menuIds.has(entry.modelId)).toBe(true);
      const node = flat(answer.data.list).find((n) => n.id === entry.modelId)!;
      expect(node.button.map((b) => b.enCode)).toEqual(entry.button.map((b) => b.enCode));
    }
  });

  it('pages the user’s own sign-in log with keyword and time range', async () => {
    const user = await staff(9);
    const start = Date.now();
    const token = await signIn(user);
    await server.loginAnswer(user.account, 'wrong-password');
    await server.login(user.account, 'Staff12345');
    type Page = {
      list: SignInRecord[];
      pagination: { currentPage: number; pageSize: number; total: number };
    };
    const all = await server.request<Page>('GET', `${BASE}/SystemLog?currentPage=1&pageSize=2`, { token });
    expect(all.code).toBe(200);
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(all.data.list).toHaveLength(2);
    expect(all.data.list[0]!.creatorTime).toBeGreaterThanOrEqual(all.data.list[1]!.creatorTime);
    const failed = await server.request<Page>('GET', `${BASE}/SystemLog?keyword=wrong`, { token });
    expect(failed.data.list.map((r) => r.loginMark)).toEqual([0]);
    const later = await server.request<Page>('GET', `${BASE}/SystemLog?endTime=${start - 1}`, { token });
    expect(later.data.pagination.total).toBe(0);
    const bad = await server.request('GET', `${BASE}/SystemLog?currentPage=0`, { token });
    expect(bad.code).toBe(400);
    expect(bad.msg).toMatch(/^currentPage：/);
    // Nobody else's sign-ins.
    const admin = await server.adminToken();
    const adminLog = await server.request<Page>('GET', `${BASE}/SystemLog?pageSize=100`, { token: admin });
    expect(adminLog.data.list.every((r) => r.userName !== user.realName)).toBe(true);
  });
});

async function isBelow(userId: string, managerId: string): Promise<boolean> {
  let current: string | null = userId;
  for (let i = 0; current && i < 32; i++) {
    const row: UserRow = await userRow(current);
    if (row.managerId === managerId) return true;
    current = row.managerId;
  }
  return false;
}

describe('organisations, positions, roles and the major switch', () => {
  it('lists memberships with the current one marked and switches among the user’s own', async () => {
    const { db } = server.services;
    const user = await staff(10);
    const token = await signIn(user);
    // Give the user a second position in another unit, as an administrator would.
    const [otherPosition] = await db
      .select()
      .from(positions)
      .where(ne(positions.organizeId, user.organizeId!))
      .limit(1);
    await db.insert(userRelations).values([
      { id: newId(), userId: user.id, objectType: 'Position', objectId: otherPosition!.id, sortCode: 5 },
      {
        id: newId(),
        userId: user.id,
        objectType: 'Organize',
        objectId: otherPosition!.organizeId,
        sortCode: 5,
      },
    ]);

    const organizes = await server.request<UserMembership[]>('GET', `${BASE}/getUserOrganizes`, {
      token,
    });
    expect(organizes.data).toHaveLength(2);
    expect(organizes.data.find((o) => o.isDefault)?.id).toBe(user.organizeId);
    const held = await server.request<UserMembership[]>('GET', `${BASE}/getUserPositions`, {
      token,
    });
    expect(held.data).toHaveLength(2);
    expect(held.data.filter((p) => p.isDefault)).toHaveLength(1);
    expect(held.data.find((p) => p.isDefault)?.id).not.toBe(otherPosition!.id);
    const roleList = await server.request<UserMembership[]>('GET', `${BASE}/getUserRoles`, {
      token,
    });
    expect(roleList.data.length).toBeGreaterThan(0);

    const switched = await server.request('PUT', `${BASE}/major`, {
      token,
      json: { majorId: otherPosition!.id, majorType: 'Position' },
    });
    expect([switched.code, switched.msg]).toEqual([200, '切换成功']);
    expect((await me(token)).organizeId).toBe(otherPosition!.organizeId);
    const after = await server.request<UserMembership[]>('GET', `${BASE}/getUserPositions`, {
      token,
    });
    expect(after.data.find((p) => p.isDefault)?.id).toBe(otherPosition!.id);

    const back = await server.request('PUT', `${BASE}/major`, {
      token,
      json: { majorId: user.organizeId, majorType: 'Organize' },
    });
    expect(back.code).toBe(200);
    expect((await me(token)).organizeId).toBe(user.organizeId);
  });

  it('refuses organisations and positions that are not the user’s, and bad input', async () => {
    const { db } = server.services;
    const user = await staff(11);
    const token = await signIn(user);
    const before = await userRow(user.id);
    const [foreignPosition] = await db
      .select()
      .from(positions)
      .where(ne(positions.organizeId, user.organizeId!))
      .limit(1);
    const position = await server.request('PUT', `${BASE}/major`, {
      token,
      json: { majorId: foreignPosition!.id, majorType: 'Position' },
    });
    expect([position.code, position.msg]).toEqual([400, '只能切换到自己所属的岗位']);
    const organize = await server.request('PUT', `${BASE}/major`, {
      token,
      json: { majorId: foreignPosition!.organizeId, majorType: 'Organize' },
    });
    expect([organize.code, organize.msg]).toEqual([400, '只能切换到自己所属的组织']);
    const badType = await server.request('PUT', `${BASE}/major`, {
      token,
      json: { majorId: user.organizeId, majorType: 'Role' },
    });
    expect(badType.code).toBe(400);
    expect(badType.msg).toMatch(/^majorType：/);
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe('signature images', () => {
  it('adds, lists, picks the default and deletes', async () => {
    const user = await staff(12);
    const token = await signIn(user);
    const first = await upload(token, 'signImg', PNG);
    const second = await upload(token, 'signImg', PNG);
    expect(
      (await server.request('POST', `${BASE}/SignImg`, { token, json: { signImg: first.name } })).code,
    ).toBe(200);
    expect((await me(token)).signImg).toBe(first.url);
    expect(
      (await server.request('POST', `${BASE}/SignImg`, { token, json: { signImg: second.name } })).code,
    ).toBe(200);
    const list = async () => (await server.request<SignImgEntry[]>('GET', `${BASE}/SignImg`, { token })).data;
    let entries = await list();
    expect(entries).toHaveLength(2);
    expect(entries.filter((e) => e.isDefault).map((e) => e.name)).toEqual([first.name]);

    const secondId = entries.find((e) => e.name === second.name)!.id;
    const made = await server.request('PUT', `${BASE}/${secondId}/SignImg`, { token });
    expect([made.code, made.msg]).toEqual([200, '已设为默认签名']);
    expect((await me(token)).signImg).toBe(second.url);
    entries = await list();
    expect(entries.filter((e) => e.isDefault).map((e) => e.id)).toEqual([secondId]);

    const removed = await server.request('DELETE', `${BASE}/${secondId}/SignImg`, { token });
    expect([removed.code, removed.msg]).toEqual([200, '删除成功']);
    entries = await list();
    expect(entries.map((e) => [e.name, e.isDefault])).toEqual([[first.name, true]]);
    expect((await me(token)).signImg).toBe(first.url);
    await server.request('DELETE', `${BASE}/${entries[0]!.id}/SignImg`, { token });
    expect((await me(token)).signImg).toBeNull();
  });

  it('refuses files that are not the user’s signature uploads and other users’ signatures', async () => {
    const { db } = server.services;
    const user = await staff(13);
    const token = await signIn(user);
    const otherToken = await signIn(await staff(14));
    const avatar = await upload(token, 'userAvatar', PNG);
    const foreign = await upload(otherToken, 'signImg', PNG);
    const count0 = (await db.select({ n: count() }).from(signImages))[0]!.n;
    for (const signImg of [avatar.name, foreign.name, 'nothing.png', '']) {
      const answer = await server.request('POST', `${BASE}/SignImg`, { token, json: { signImg } });
      expect(answer.code).toBe(400);
    }
    const mine = await upload(token, 'signImg', PNG);
    await server.request('POST', `${BASE}/SignImg`, { token, json: { signImg: mine.name } });
    const duplicate = await server.request('POST', `${BASE}/SignImg`, {
      token,
      json: { signImg: mine.name },
    });
    expect([duplicate.code, duplicate.msg]).toEqual([400, '该签名图片已添加']);
    const [entry] = (await server.request<SignImgEntry[]>('GET', `${BASE}/SignImg`, { token })).data;
    for (const method of ['PUT', 'DELETE']) {
      const answer = await server.request(method, `${BASE}/${entry!.id}/SignImg`, { token: otherToken });
      expect([answer.code, answer.msg]).toEqual([400, '签名不存在或已删除']);
    }
    expect((await db.select({ n: count() }).from(signImages))[0]!.n).toBe(count0 + 1);
  });
});

describe('access', () => {
  it('needs a session for every Current call', async () => {
    for (const [method, path] of [
      ['GET', 'BaseInfo'],
      ['PUT', 'SystemTheme'],
      ['GET', 'SignImg'],
      ['GET', 'SystemLog'],
    ]) {
      const options = method === 'GET' ? {} : { json: {} };
      expect((await server.request(method!, `${BASE}/${path}`, options)).code).toBe(602);
    }
  });
});
