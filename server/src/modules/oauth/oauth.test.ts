import type { CurrentUserResult, MenuNode } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { newId } from '../../core/ids.js';
import { hashPassword } from '../../core/passwords.js';
import { bumpStamp, StampKey } from '../../core/stamps.js';
import { authorizes, modules, userSessions, users } from '../../db/schema/index.js';
import { PAGE_ADDRESSES } from '../../db/seed/menus.js';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, demo: true });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const sessionCount = async () => (await server.services.db.select({ n: count() }).from(userSessions))[0]!.n;

/** Gives a demo staff member a password, as an administrator's reset would. */
async function setPassword(account: string, password: string) {
  await server.services.db
    .update(users)
    .set({
      passwordHash: await hashPassword(md5(password)),
      mustChangePassword: 0,
      changePasswordDate: Date.now(),
    })
    .where(eq(users.account, account));
}

describe('sign-in', () => {
  it('answers a Bearer token and the user layout', async () => {
    const answer = await server.loginAnswer('admin', ADMIN_PASSWORD);
    expect(answer.code).toBe(200);
    expect(answer.data.token).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(answer.data.theme).toBe('functional');
  });

  it('makes the administrator replace the initial password before any other work', async () => {
    const token = await server.login('admin', ADMIN_PASSWORD);
    const me = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });
    expect(me.code).toBe(200);
    expect(me.data.userInfo.changePasswordDate).toBeNull();
    expect(me.data.sysConfigInfo.mandatoryModificationOfInitialPassword).toBe(1);
    const blocked = await server.request('POST', '/api/oauth/LockScreen', {
      token,
      json: { account: 'admin', password: md5(ADMIN_PASSWORD) },
    });
    expect(blocked.code).toBe(400);
    expect(blocked.msg).toBe('请先修改初始密码');

    const { timestamp, code } = await server.imageCode();
    const wrongOld = await server.request('POST', '/api/oauth/updatePasswordMessage', {
      token,
      json: { oldPassword: md5('nope'), password: md5('NewPass123'), code, timestamp },
    });
    expect(wrongOld.code).toBe(400);
    expect(wrongOld.msg).toBe('旧密码错误');
    // The code was used by the failed attempt; reusing it fails.
    const reused = await server.request('POST', '/api/oauth/updatePasswordMessage', {
      token,
      json: { oldPassword: md5(ADMIN_PASSWORD), password: md5(`${ADMIN_PASSWORD}x`), code, timestamp },
    });
    expect(reused.msg).toBe('验证码错误或已过期');

    const changedBy = await server.adminToken();
    const after = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', {
      token: changedBy,
    });
    expect(after.code).toBe(200);
    // The change ends the account's other sessions: they must sign in with the new password.
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
    expect(after.data.userInfo.changePasswordDate).toEqual(expect.any(Number));
    expect((await server.loginAnswer('admin', ADMIN_PASSWORD)).code).toBe(400);
  });

  it('gives the administrator every page address, userInfo and sysConfigInfo', async () => {
    const token = await server.adminToken();
    const me = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });
    const pages = flatten(me.data.menuList)
      .filter((m) => m.type === 2)
      // A page's address may carry what its page reads (basic/externalLink?href=…).
      .map((m) => m.urlAddress?.split('?')[0]);
    for (const address of PAGE_ADDRESSES) expect(pages).toContain(address);
    expect(me.data.userInfo).toMatchObject({
      userAccount: 'admin',
      userName: '管理员',
      isAdministrator: true,
      prevLogin: 1,
    });
    expect(me.data.userInfo.systemIds.filter((s) => s.currentSystem)).toHaveLength(1);
    expect(me.data.routerList[0]!.children).toEqual(me.data.menuList);
    expect(me.data.sysConfigInfo).toMatchObject({
      sysName: '智能问答管理平台',
      sysVersion: 'V3.4.7',
      passwordLengthMinNumber: 6,
    });
    const userPage = me.data.permissionList.find(
      (p) => flatten(me.data.menuList).find((m) => m.id === p.modelId)?.urlAddress === 'permission/user',
    );
    expect(userPage?.button.map((b) => b.enCode)).toEqual(
      expect.arrayContaining(['btn_add', 'btn_edit', 'btn_remove']),
    );
  });

  it('gives a staff member only the menus granted to its roles', async () => {
    const [staff] = await server.services.db
      .select()
      .from(users)
      .where(eq(users.isAdministrator, 0))
      .limit(1);
    await setPassword(staff!.account, 'Staff12345');
    const token = await server.login(staff!.account, 'Staff12345');
    const me = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });
    expect(me.code).toBe(200);
    expect(me.data.userInfo.isAdministrator).toBe(false);
    expect(me.data.userInfo.organizeName).not.toBe('');
    const pages = flatten(me.data.menuList).filter((m) => m.type === 2);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.length).toBeLessThan(PAGE_ADDRESSES.length);
    const grantedIds = new Set(flatten(me.data.menuList).map((m) => m.id));
    for (const entry of me.data.permissionList) expect(grantedIds.has(entry.modelId)).toBe(true);
  });
});

describe('CurrentUser answers', () => {
  it('follow a grant as soon as the authorization stamp moves', async () => {
    const [staff] = await server.services.db
      .select()
      .from(users)
      .where(eq(users.isAdministrator, 0))
      .offset(2)
      .limit(1);
    await setPassword(staff!.account, 'Staff12345');
    const token = await server.login(staff!.account, 'Staff12345');
    const before = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });
    const [page] = await server.services.db
      .select()
      .from(modules)
      .where(eq(modules.urlAddress, 'extend/barCode'))
      .limit(1);
    expect(flatten(before.data.menuList).some((m) => m.id === page!.id)).toBe(false);
    await server.services.db.insert(authorizes).values([
      { id: newId(), itemType: 'module', itemId: page!.id, objectType: 'User', objectId: staff!.id },
      { id: newId(), itemType: 'module', itemId: page!.parentId, objectType: 'User', objectId: staff!.id },
    ]);
    await bumpStamp(server.services.kv, StampKey.authorization);
    const after = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });
    expect(flatten(after.data.menuList).some((m) => m.id === page!.id)).toBe(true);
  });

  it('are the same JSON gzipped and plain', async () => {
    const token = await server.adminToken();
    const plain = await fetch(`${server.baseUrl}/api/oauth/CurrentUser`, {
      headers: { authorization: token, 'accept-encoding': 'identity' },
    });
    const zipped = await fetch(`${server.baseUrl}/api/oauth/CurrentUser`, {
      headers: { authorization: token, 'accept-encoding': 'gzip' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes gzip itself; both bodies must be the same answer.
    expect(await zipped.json()).toEqual(await plain.json());
  });
});

describe('bad input changes nothing', () => {
  it('refuses a wrong password with the same answer as an unknown account', async () => {
    const before = await sessionCount();
    const wrong = await server.loginAnswer('admin', 'wrong-password');
    const unknown = await server.loginAnswer('nobody-here', 'wrong-password');
    expect([wrong.code, wrong.msg]).toEqual([400, '账号或密码错误']);
    expect([unknown.code, unknown.msg]).toEqual([400, '账号或密码错误']);
    expect(await sessionCount()).toBe(before);
  });

  it('treats SQL metacharacters as plain text', async () => {
    const before = await sessionCount();
    for (const account of [
      "admin' OR '1'='1",
      'admin"; DROP TABLE base_user; --',
      "' UNION SELECT * FROM base_user --",
    ]) {
      const answer = await server.loginAnswer(account, "x' OR 1=1 --");
      expect(answer.code).toBe(400);
    }
    const stillThere = await server.services.db.select({ n: count() }).from(users);
    expect(stillThere[0]!.n).toBeGreaterThan(1);
    expect(await sessionCount()).toBe(before);
  });

  it('names the missing or malformed field', async () => {
    const missing = await server.request('POST', '/api/oauth/Login', { form: { password: md5('x') } });
    expect(missing.code).toBe(400);
    expect(missing.msg).toMatch(/^account：/);
    const notHashed = await server.request('POST', '/api/oauth/Login', {
      form: { account: 'admin', password: 'plain' },
    });
    expect(notHashed.code).toBe(400);
    expect(notHashed.msg).toMatch(/^password：/);
  });

  it('refuses a 5 MB body and a wrong content type with the envelope', async () => {
    const before = await sessionCount();
    const huge = await server.request('POST', '/api/oauth/Login', {
      form: { account: 'admin', password: md5(ADMIN_PASSWORD), filler: 'x'.repeat(5 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.code).toBe(400);
    expect(huge.msg).toBe('请求内容过大');
    const text = await server.request('POST', '/api/oauth/Login', {
      body: 'account=admin',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.code).toBe(400);
    const badJson = await server.request('POST', '/api/oauth/Login', {
      body: '{"account":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.code).toBe(400);
    expect(await sessionCount()).toBe(before);
  });

  it('answers 602 for forged, malformed and missing tokens', async () => {
    for (const token of [`Bearer ${'A'.repeat(43)}`, 'Bearer short', 'garbage', undefined]) {
      const answer = await server.request('GET', '/api/oauth/CurrentUser', token ? { token } : {});
      expect(answer.status).toBe(200);
      expect(answer.code).toBe(602);
    }
  });

  it('answers unknown API routes with the envelope', async () => {
    const answer = await server.request('GET', '/api/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.code).toBe(404);
  });
});

describe('sessions', () => {
  it('kills a token at logout', async () => {
    const token = await server.adminToken();
    expect((await server.request('GET', '/api/oauth/Logout', { token })).code).toBe(200);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(602);
  });

  it('expires an idle session with 600', async () => {
    const token = await server.adminToken();
    // Age the session past the idle timeout (120 minutes by default).
    await server.services.db.update(userSessions).set({ lastActiveTime: Date.now() - 121 * 60_000 });
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
  });

  it('expires a session past its absolute lifetime with 600, however active', async () => {
    const token = await server.adminToken();
    // SESSION_MAX_HOURS defaults to a week.
    await server.services.db
      .update(userSessions)
      .set({ createdTime: Date.now() - 7 * 24 * 3_600_000 - 60_000 });
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(600);
  });

  it('ends earlier sessions with 601 when single login is on', async () => {
    const { sysConfig, db } = server.services;
    await sysConfig.write(db, { singleLogin: 1 }, null);
    await sysConfig.invalidate();
    try {
      const first = await server.adminToken();
      const second = await server.login('admin', `${ADMIN_PASSWORD}x`);
      expect((await server.request('GET', '/api/oauth/CurrentUser', { token: first })).code).toBe(601);
      expect((await server.request('GET', '/api/oauth/CurrentUser', { token: second })).code).toBe(200);
    } finally {
      await sysConfig.write(db, { singleLogin: 2 }, null);
      await sysConfig.invalidate();
    }
  });

  it('ends the sessions of a disabled user with 601', async () => {
    const [staff] = await server.services.db
      .select()
      .from(users)
      .where(eq(users.isAdministrator, 0))
      .offset(1)
      .limit(1);
    await setPassword(staff!.account, 'Staff12345');
    const token = await server.login(staff!.account, 'Staff12345');
    await server.services.db.update(users).set({ enabledMark: 0 }).where(eq(users.id, staff!.id));
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(601);
    expect((await server.loginAnswer(staff!.account, 'Staff12345')).msg).toBe('账号已被禁用，请联系管理员');
  });

  it('unlocks the screen only with the right password', async () => {
    const token = await server.adminToken();
    const wrong = await server.request('POST', '/api/oauth/LockScreen', {
      token,
      json: { account: 'admin', password: md5('wrong') },
    });
    expect([wrong.code, wrong.msg]).toEqual([400, '密码错误']);
    const right = await server.request('POST', '/api/oauth/LockScreen', {
      token,
      json: { account: 'admin', password: md5(`${ADMIN_PASSWORD}x`) },
    });
    expect(right.code).toBe(200);
  });

  it('shows the previous sign-in', async () => {
    const token = await server.adminToken();
    const me = await server.request<CurrentUserResult>('GET', '/api/oauth/CurrentUser', { token });
    expect(me.data.userInfo.prevLogin).toBe(1);
    expect(me.data.userInfo.prevLoginIPAddress).toBe('127.0.0.1');
    expect(me.data.userInfo.prevLoginIPAddressName).toBe('本地局域网');
  });
});
