import { readFileSync } from 'node:fs';
import type { UserListItem } from '@console/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { hashPassword } from '../../core/passwords.js';
import { GrantMessages } from '../../modules/permission/grants.js';
import { authorizes, moduleDataSchemes, modules, roles, users } from '../schema/index.js';

let database: TestDatabase;
let server: TestServer;
const BASE = '/api/permission/Users';
const PAGES = ['permission.user', 'permission.organize', 'permission.position'];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, demo: true });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const userRow = async (account: string) =>
  (await server.services.db.select().from(users).where(eq(users.account, account)))[0]!;

/** Signs a demo person in (demo staff have no password until an administrator sets one). */
async function signIn(account: string) {
  await server.services.db
    .update(users)
    .set({ passwordHash: await hashPassword(md5('Passw0rd1')), changePasswordDate: Date.now() })
    .where(eq(users.account, account));
  return server.login(account, 'Passw0rd1');
}

/** The unit ids of every user the person's user list shows. */
async function listedUnits(token: string) {
  const list = await server.request<{ list: UserListItem[] }>('GET', `${BASE}?pageSize=500`, { token });
  expect(list.code).toBe(200);
  return new Set(list.data.list.map((u) => u.organizeId));
}

/** The data schemes (by code) the role 部门管理员 holds on its three pages. */
async function deptAdminSchemes() {
  const rows = await server.services.db
    .select({ code: moduleDataSchemes.enCode })
    .from(authorizes)
    .innerJoin(roles, eq(roles.id, authorizes.objectId))
    .innerJoin(moduleDataSchemes, eq(moduleDataSchemes.id, authorizes.itemId))
    .innerJoin(modules, eq(modules.id, moduleDataSchemes.moduleId))
    .where(
      and(eq(roles.enCode, 'deptAdmin'), eq(authorizes.itemType, 'resource'), inArray(modules.enCode, PAGES)),
    );
  return rows.map((r) => r.code).sort();
}

describe('the seeded role 部门管理员 (issue #10)', () => {
  it('sees and manages the users of its own department only', async () => {
    expect(await deptAdminSchemes()).toEqual(['org', 'org', 'org']);
    const head = await userRow('wangjianguo');
    const token = await signIn('wangjianguo');
    expect(await listedUnits(token)).toEqual(new Set([head.organizeId]));
    const stranger = await userRow('zhangwei');
    const foreign = await server.request('POST', `${BASE}/${stranger.id}/Actions/ResetPassword`, {
      token,
      json: {},
    });
    expect(foreign.code).toBe(400);
    expect((await userRow('zhangwei')).passwordHash).toBe(stranger.passwordHash);
  });

  it('resets the password of a colleague holding less, not of one holding grants it lacks', async () => {
    const token = await signIn('wangjianguo');
    const auditor = await userRow('linxiaodong');
    const refused = await server.request('POST', `${BASE}/${auditor.id}/Actions/ResetPassword`, {
      token,
      json: {},
    });
    expect([refused.code, refused.msg]).toEqual([400, GrantMessages.userBeyond]);
    expect(await userRow('linxiaodong')).toEqual(auditor);
    const staff = await userRow('lixiuying');
    const reset = await server.request<{ password: string }>(
      'POST',
      `${BASE}/${staff.id}/Actions/ResetPassword`,
      { token, json: {} },
    );
    expect(reset.code).toBe(200);
    expect((await server.loginAnswer('lixiuying', reset.data.password)).code).toBe(200);
  });

  it('migration 0006 narrows a database seeded before it, also where both schemes were granted', async () => {
    const db = server.services.db;
    const schemeOf = (code: string) =>
      db
        .select({ id: moduleDataSchemes.id })
        .from(moduleDataSchemes)
        .innerJoin(modules, eq(modules.id, moduleDataSchemes.moduleId))
        .where(and(inArray(modules.enCode, PAGES), eq(moduleDataSchemes.enCode, code)));
    const [role] = await db.select().from(roles).where(eq(roles.enCode, 'deptAdmin'));
    // As the seed wrote it before: the 'all' scheme of each page; the user page holds both.
    const all = await schemeOf('all');
    await db
      .delete(authorizes)
      .where(and(eq(authorizes.objectId, role!.id), eq(authorizes.itemType, 'resource')));
    await db.insert(authorizes).values(
      all.map((s) => ({
        id: crypto.randomUUID(),
        itemType: 'resource',
        itemId: s.id,
        objectType: 'Role',
        objectId: role!.id,
      })),
    );
    const [userOrg] = await db
      .select({ id: moduleDataSchemes.id })
      .from(moduleDataSchemes)
      .innerJoin(modules, eq(modules.id, moduleDataSchemes.moduleId))
      .where(and(eq(modules.enCode, 'permission.user'), eq(moduleDataSchemes.enCode, 'org')));
    await db.insert(authorizes).values({
      id: crypto.randomUUID(),
      itemType: 'resource',
      itemId: userOrg!.id,
      objectType: 'Role',
      objectId: role!.id,
    });
    const token = await signIn('wangjianguo');
    expect((await listedUnits(token)).size).toBeGreaterThan(1);

    const migration = readFileSync(
      new URL('../../../drizzle/0006_dept_admin_own_department.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    expect(await deptAdminSchemes()).toEqual(['org', 'org', 'org']);
    expect(await listedUnits(token)).toEqual(new Set([(await userRow('wangjianguo')).organizeId]));
  });
});
