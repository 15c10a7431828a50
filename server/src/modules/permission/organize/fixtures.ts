/** Test set-up shared by the organisation, position, role, group and grade tests. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import {
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { hashPassword } from '../../../core/passwords.js';
import { organizeAdministrators, organizes, users } from '../../../db/schema/index.js';

export const USER_PASSWORD = 'Passw0rd1';

/** A signed-in user of `organizeId` with no grants (the user page is another module's). */
export async function signedInUser(
  server: TestServer,
  organizeId: string | null,
  account = `u${newId().slice(-10)}`,
) {
  const id = newId();
  await server.services.db.insert(users).values({
    id,
    account,
    realName: account,
    organizeId,
    passwordHash: await hashPassword(md5(USER_PASSWORD)),
    changePasswordDate: Date.now(),
  });
  return { id, token: await server.login(account, USER_PASSWORD) };
}

/** Makes a user grade administrator of a unit with the given rights (1 = allowed). */
export async function makeGradeAdmin(
  server: TestServer,
  userId: string,
  organizeId: string,
  rights: Partial<Record<`${'this' | 'sub'}Layer${'Select' | 'Add' | 'Edit' | 'Delete'}`, number>> = {},
) {
  const all = {
    thisLayerSelect: 1,
    thisLayerAdd: 1,
    thisLayerEdit: 1,
    thisLayerDelete: 1,
    subLayerSelect: 1,
    subLayerAdd: 1,
    subLayerEdit: 1,
    subLayerDelete: 1,
  };
  await server.services.db
    .insert(organizeAdministrators)
    .values({ id: newId(), userId, organizeId, ...all, ...rights });
}

export async function unitRow(server: TestServer, id: string) {
  const [row] = await server.services.db.select().from(organizes).where(eq(organizes.id, id));
  return row;
}

/** Creates a unit through the API as `token` and returns its id. */
export async function createUnit(
  server: TestServer,
  token: string,
  category: 'company' | 'department',
  parentId: string,
  fullName: string,
) {
  const path = category === 'company' ? '/api/permission/Organize' : '/api/permission/Organize/Department';
  const answer = await server.request<{ id: string }>('POST', path, {
    token,
    json: { parentId, fullName, enCode: `U${newId().replace(/-/g, '').slice(-12)}` },
  });
  if (answer.code !== 200) throw new Error(`create ${fullName}: ${answer.msg}`);
  return answer.data.id;
}

type UnitSpec<K extends string> = readonly [
  'company' | 'department',
  parent: K | '0' | '-1',
  fullName: string,
];

/**
 * One server on a fresh database for the test file: started with the administrator's token and the
 * named units (created in order, parents first) before its tests, closed after them. `send` calls
 * the API as the administrator unless given a token.
 */
export function permissionTestServer<K extends string>(units: Record<K, UnitSpec<NoInfer<K>>>) {
  let database: TestDatabase | undefined;
  const env = {
    server: undefined as unknown as TestServer,
    admin: '',
    ids: {} as Record<K, string>,
    send: <T = unknown>(method: string, path: string, json?: unknown, token?: string) =>
      env.server.request<T>(method, path, { token: token ?? env.admin, json }),
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    env.server = await startServer({ database });
    env.admin = await env.server.adminToken();
    for (const [key, [category, parent, fullName]] of Object.entries(units) as [K, UnitSpec<K>][]) {
      const parentId = parent === '0' || parent === '-1' ? parent : env.ids[parent];
      env.ids[key] = await createUnit(env.server, env.admin, category, parentId, fullName);
    }
  });
  afterAll(async () => {
    await env.server?.close();
    await database?.drop();
  });
  return env;
}
