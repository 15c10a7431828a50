import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { organizes, users } from '../../../db/schema/index.js';
import { UserMessages } from './service.js';

/** Issue 23 item 1: a user added on 新建用户 can sign in with the initial password answered once. */
let database: TestDatabase;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, demo: true });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

interface Me {
  userInfo: { userAccount: string; changePasswordDate: number | null };
  menuList: unknown[];
}

describe('the initial password of a new user', () => {
  it('is generated, answered once, works for the first sign-in and must then be changed', async () => {
    const [unit] = await server.services.db.select().from(organizes).where(eq(organizes.enCode, 'QZF-BGS'));
    const account = `ip${Date.now().toString(36)}`;
    const created = await server.request<{ id: string; password: string }>('POST', '/api/permission/Users', {
      token: admin,
      json: { account, realName: '首次登录', gender: 1, organizeId: unit!.id },
    });
    expect([created.code, created.msg]).toEqual([200, UserMessages.created]);
    const { id, password } = created.data;
    expect(password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9]{12}$/);

    // Only its hash is kept, and the user form never shows it again.
    const [row] = await server.services.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash).toBeTruthy();
    expect(row!.passwordHash).not.toContain(password);
    expect(row!.passwordHash).not.toContain(md5(password));
    expect(row!.mustChangePassword).toBe(1);
    const form = await server.request('GET', `/api/permission/Users/${id}`, { token: admin });
    expect(JSON.stringify(form.data)).not.toContain(password);

    // The user signs in with it; other pages wait for the password change.
    const token = await server.login(account, password);
    const me = await server.request<Me>('GET', '/api/oauth/CurrentUser', { token });
    expect(me.code).toBe(200);
    expect(me.data.userInfo.changePasswordDate).toBeNull();
    // No role and no pages granted: the menus are empty (the sign-in page says so, see e2e 130).
    expect(me.data.menuList).toEqual([]);
    const blocked = await server.request('GET', '/api/permission/Users', { token });
    expect(blocked.code).toBe(400);

    const { timestamp, code } = await server.imageCode();
    const changed = await server.request('POST', '/api/oauth/updatePasswordMessage', {
      token,
      json: { oldPassword: md5(password), password: md5('Chang3dPass'), code, timestamp },
    });
    expect(changed.code).toBe(200);
    const after = await server.request<Me>('GET', '/api/oauth/CurrentUser', { token });
    expect(after.data.userInfo.changePasswordDate).not.toBeNull();
    expect((await server.loginAnswer(account, password)).code).not.toBe(200);
    await server.login(account, 'Chang3dPass');
  });

  it('is not made when the user is refused (bad input changes nothing)', async () => {
    const refused = await server.request('POST', '/api/permission/Users', {
      token: admin,
      json: { account: 'has space', realName: '', organizeId: '' },
    });
    expect(refused.code).toBe(400);
    expect(refused.data ?? null).toBeNull();
  });
});
