import type { HomeOverview } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { hashPassword } from '../../core/passwords.js';
import { organizes, roles, users } from '../../db/schema/index.js';
import { startOfToday } from './routes.js';

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

const rows = async (table: typeof users | typeof organizes | typeof roles) =>
  (await server.services.db.select({ n: count() }).from(table).where(eq(table.deleteMark, 0)))[0]!.n;

describe('home overview', () => {
  it('gives administrators the directory counts, live sessions and the latest sign-ins', async () => {
    const admin = await server.adminToken();
    await server.loginAnswer('admin', 'wrong-password');
    const answer = await server.request<HomeOverview>('GET', '/api/home/Overview', { token: admin });
    expect(answer.code).toBe(200);
    expect(answer.data.isAdministrator).toBe(true);
    expect(answer.data.counts).toEqual({
      users: await rows(users),
      organizes: await rows(organizes),
      roles: await rows(roles),
      onlineSessions: 1,
      // The failed attempt does not count.
      signInsToday: 1,
    });
    const second = await server.login('admin', 'Admin12345x');
    const again = await server.request<HomeOverview>('GET', '/api/home/Overview', { token: second });
    expect(again.data.counts).toMatchObject({ onlineSessions: 2, signInsToday: 2 });
    expect(again.data.recentSignIns).toHaveLength(2);
    const [latest, earlier] = again.data.recentSignIns;
    expect(latest).toMatchObject({
      userName: '管理员',
      loginMark: 1,
      ipAddress: '127.0.0.1',
      ipAddressName: '本地局域网',
    });
    expect(latest!.creatorTime).toBeGreaterThanOrEqual(earlier!.creatorTime);
    expect(answer.data).not.toHaveProperty('messages');
  });

  it('gives anyone else only their own latest sign-ins', async () => {
    const [staff] = await server.services.db
      .select()
      .from(users)
      .where(eq(users.isAdministrator, 0))
      .limit(1);
    await server.services.db
      .update(users)
      .set({
        passwordHash: await hashPassword(md5('Staff12345')),
        mustChangePassword: 0,
        changePasswordDate: 1,
      })
      .where(eq(users.id, staff!.id));
    await server.loginAnswer(staff!.account, 'wrong-password');
    const token = await server.login(staff!.account, 'Staff12345');
    const answer = await server.request<HomeOverview>('GET', '/api/home/Overview', { token });
    expect(answer.code).toBe(200);
    expect(answer.data.isAdministrator).toBe(false);
    expect(answer.data.counts).toBeUndefined();
    expect(answer.data.recentSignIns.map((r) => r.loginMark)).toEqual([1, 0]);
    expect(answer.data.recentSignIns[0]!.userName).toBe(staff!.realName);
  });

  it('shows the user’s whole organisation path (CurrentUser’s organizeName, what home reads)', async () => {
    await server.services.db
      .update(users)
      .set({
        passwordHash: await hashPassword(md5('Staff12345')),
        mustChangePassword: 0,
        changePasswordDate: 1,
      })
      .where(eq(users.account, 'huanglei'));
    const token = await server.login('huanglei', 'Staff12345');
    const me = await server.request<{ userInfo: { organizeName: string; departmentName: string } }>(
      'GET',
      '/api/oauth/CurrentUser',
      { token },
    );
    expect(me.code, me.msg).toBe(200);
    expect(me.data.userInfo).toMatchObject({
      organizeName: '示范区人民政府/财政局',
      departmentName: '财政局',
    });
  });

  it('needs a session', async () => {
    expect((await server.request('GET', '/api/home/Overview')).code).toBe(602);
  });

  it('counts the day from midnight in China Standard Time', () => {
    // 2026-01-01 15:59:59 UTC is 23:59:59 in Beijing; 16:00 UTC is the next day there.
    expect(startOfToday(Date.UTC(2026, 0, 1, 15, 59, 59))).toBe(Date.UTC(2025, 11, 31, 16));
    expect(startOfToday(Date.UTC(2026, 0, 1, 16, 0, 0))).toBe(Date.UTC(2026, 0, 1, 16));
  });
});
