import type { OnlineUserItem } from '@console/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { Messages } from '../../../core/messages.js';
import {
  authorizes,
  moduleButtons,
  modules,
  organizeAdministrators,
  organizes,
  roles,
  userRelations,
  userSessions,
} from '../../../db/schema/index.js';
import { OnlineUserMessages } from './routes.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;
const BASE = '/api/system/OnlineUser';

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

let counter = 0;
async function person(organizeId?: string) {
  counter += 1;
  const account = `online${counter}`;
  const id = await server.addUser(account, 'Passw0rd1', { organizeId });
  return { id, account, token: await server.login(account, 'Passw0rd1') };
}

/** Grants the online-user page, and optionally its force-offline button, through a new role. */
async function grant(userId: string, withButton: boolean) {
  const db = server.services.db;
  const roleId = newId();
  await db.insert(roles).values({ id: roleId, fullName: `在线${roleId}`, enCode: `online${roleId}` });
  await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
  const [page] = await db.select().from(modules).where(eq(modules.enCode, 'permission.userOnline'));
  const items = [{ itemType: 'module', itemId: page!.id }];
  if (withButton) {
    const [button] = await db
      .select()
      .from(moduleButtons)
      .where(and(eq(moduleButtons.moduleId, page!.id), eq(moduleButtons.enCode, 'btn_forced')));
    items.push({ itemType: 'button', itemId: button!.id });
  }
  await db
    .insert(authorizes)
    .values(items.map((i) => ({ id: newId(), ...i, objectType: 'Role', objectId: roleId })));
}

const liveSessions = async (userId: string) =>
  server.services.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedTime)));

describe('online users', () => {
  it('lists live sessions without tokens and forces one offline: its next request answers 601', async () => {
    const p = await person();
    const list = await server.request<OnlineUserItem[]>('GET', BASE, { token: admin });
    expect(list.code).toBe(200);
    const entry = list.data.find((s) => s.userId === p.id)!;
    expect(entry).toMatchObject({
      userAccount: p.account,
      userName: `用户${p.account}/${p.account}`,
      origin: 'pc',
    });
    expect(entry.loginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const text = JSON.stringify(list.data);
    expect(text).not.toContain(p.token.slice(7));
    expect(text).not.toContain('tokenHash');

    const forced = await server.request('DELETE', `${BASE}/${entry.id}`, { token: admin });
    expect([forced.code, forced.msg]).toEqual([200, OnlineUserMessages.forced]);
    const after = await server.request('GET', '/api/oauth/CurrentUser', { token: p.token });
    expect([after.code, after.msg]).toEqual([601, Messages.sessionKicked]);
    const again = await server.request('DELETE', `${BASE}/${entry.id}`, { token: admin });
    expect([again.code, again.msg]).toEqual([400, OnlineUserMessages.notFound]);
  });

  it('forces several offline in one call; refuses an empty list and the caller’s own session', async () => {
    const a = await person();
    const b = await person();
    const ids = [...(await liveSessions(a.id)), ...(await liveSessions(b.id))].map((s) => s.id);
    const empty = await server.request('DELETE', BASE, { token: admin, json: { ids: [] } });
    expect(empty.code).toBe(400);
    expect(await liveSessions(a.id)).toHaveLength(1);
    const batch = await server.request<{ count: number }>('DELETE', BASE, { token: admin, json: { ids } });
    expect([batch.code, batch.data.count]).toEqual([200, 2]);
    expect(await liveSessions(a.id)).toHaveLength(0);
    expect(await liveSessions(b.id)).toHaveLength(0);

    const list = await server.request<OnlineUserItem[]>('GET', BASE, { token: admin });
    const own = list.data.filter((s) => s.userAccount === 'admin').map((s) => s.id);
    const self = await server.request('DELETE', BASE, { token: admin, json: { ids: own } });
    expect(self.code).toBe(400);
    expect((await server.request('GET', BASE, { token: admin })).code).toBe(200);
  });

  it('needs the page to list and its button to force offline', async () => {
    const viewer = await person();
    const target = await person();
    const [targetSession] = await liveSessions(target.id);
    const refused = await server.request('GET', BASE, { token: viewer.token });
    expect([refused.code, refused.msg]).toEqual([400, Messages.permissionDenied]);
    await grant(viewer.id, false);
    expect((await server.request('GET', BASE, { token: viewer.token })).code).toBe(200);
    const noButton = await server.request('DELETE', `${BASE}/${targetSession!.id}`, { token: viewer.token });
    expect([noButton.code, noButton.msg]).toEqual([400, Messages.permissionDenied]);
    expect(await liveSessions(target.id)).toHaveLength(1);
    await grant(viewer.id, true);
    expect(
      (await server.request('DELETE', `${BASE}/${targetSession!.id}`, { token: viewer.token })).code,
    ).toBe(200);
    expect((await server.request('GET', BASE)).code).toBe(602);
  });

  it('lets a page holder end neither an administrator nor, in one batch, sessions it may not end', async () => {
    const holder = await person();
    await grant(holder.id, true);
    const target = await person();
    const [targetSession] = await liveSessions(target.id);
    const adminSessions = (await server.request<OnlineUserItem[]>('GET', BASE, { token: admin })).data
      .filter((s) => s.userAccount === 'admin')
      .map((s) => s.id);
    const listed = await server.request<OnlineUserItem[]>('GET', BASE, { token: holder.token });
    expect(listed.data.some((s) => s.userAccount === 'admin')).toBe(false);
    const mixed = await server.request('DELETE', BASE, {
      token: holder.token,
      json: { ids: [targetSession!.id, ...adminSessions] },
    });
    expect([mixed.code, mixed.msg]).toEqual([400, OnlineUserMessages.partly]);
    expect(await liveSessions(target.id)).toHaveLength(1);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token: admin })).code).toBe(200);
  });

  it('lets a grade administrator with view-only rights see but not end its units’ sessions', async () => {
    const db = server.services.db;
    const unitId = newId();
    await db.insert(organizes).values({
      id: unitId,
      parentId: '-1',
      category: 'company',
      fullName: '在线测试单位',
      enCode: `online-unit-${counter}`,
      organizeIdTree: unitId,
    });
    const grade = await person(unitId);
    await db.insert(organizeAdministrators).values({ id: newId(), userId: grade.id, organizeId: unitId });
    const member = await person(unitId);
    const [memberSession] = await liveSessions(member.id);
    const listed = await server.request<OnlineUserItem[]>('GET', BASE, { token: grade.token });
    expect(listed.data.map((s) => s.id)).toContain(memberSession!.id);
    const forced = await server.request('DELETE', `${BASE}/${memberSession!.id}`, { token: grade.token });
    expect([forced.code, forced.msg]).toEqual([400, OnlineUserMessages.notFound]);
    expect(await liveSessions(member.id)).toHaveLength(1);
    await db
      .update(organizeAdministrators)
      .set({ thisLayerEdit: 1 })
      .where(eq(organizeAdministrators.userId, grade.id));
    expect(
      (await server.request('DELETE', `${BASE}/${memberSession!.id}`, { token: grade.token })).code,
    ).toBe(200);
    expect(await liveSessions(member.id)).toHaveLength(0);
  });
});
