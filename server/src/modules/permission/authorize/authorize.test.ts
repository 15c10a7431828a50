import type { AuthorizeTreeNode, AuthorizeValues, CurrentUserResult } from '@console/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import {
  authorizes,
  columnsPurviews,
  moduleButtons,
  modules,
  organizeAdministrators,
  organizes,
  roles,
  systems,
  userRelations,
} from '../../../db/schema/index.js';
import { LiveSocket } from '../../message/testing.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
/** Seeded ids by menu enCode, and the main application. */
const menu: Record<string, string> = {};
let systemId: string;
/** Two sibling units: A is administered by the grade administrator, B is not. */
const unitA = newId();
const unitB = newId();

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  const db = server.services.db;
  for (const row of await db.select({ id: modules.id, enCode: modules.enCode }).from(modules))
    menu[row.enCode] = row.id;
  systemId = (await db.select().from(systems).where(eq(systems.isMain, 1)))[0]!.id;
  await db.insert(organizes).values([
    { id: unitA, category: 'company', fullName: '甲单位', enCode: 'unitA', organizeIdTree: unitA },
    { id: unitB, category: 'company', fullName: '乙单位', enCode: 'unitB', organizeIdTree: unitB },
  ]);
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const PASSWORD = 'Passw0rd1';
const send = <T = unknown>(method: string, path: string, json?: unknown, as: string = token) =>
  server.request<T>(method, path, { token: as, json });
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
const buttonId = async (page: string, code: string) =>
  (
    await server.services.db
      .select({ id: moduleButtons.id })
      .from(moduleButtons)
      .where(and(eq(moduleButtons.moduleId, menu[page]!), eq(moduleButtons.enCode, code)))
  )[0]!.id;
const grantRows = async (objectId: string) =>
  (
    await server.services.db.select({ n: count() }).from(authorizes).where(eq(authorizes.objectId, objectId))
  )[0]!.n;

/** A role (global unless units are given) with one member who can sign in. */
async function roleWithMember(organizeId: string | null = null) {
  const db = server.services.db;
  const roleId = newId();
  const code = unique('r');
  await db.insert(roles).values({ id: roleId, fullName: code, enCode: code });
  const account = unique('u');
  const userId = await server.addUser(account, PASSWORD, { organizeId });
  await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
  return { roleId, userId, login: () => server.login(account, PASSWORD) };
}

const me = async (as: string) =>
  (await send<CurrentUserResult>('GET', '/api/oauth/CurrentUser', undefined, as)).data;
const flatIds = (nodes: AuthorizeTreeNode[]): string[] =>
  nodes.flatMap((n) => [n.id, ...flatIds(n.children)]);

/** The grants that show the bill-rule page with its add button. */
const billRuleGrant = async () => ({
  systemIds: [systemId],
  module: [menu.system!, menu['system.billRule']!],
  button: [await buttonId('system.billRule', 'btn_add')],
});

describe('authorisation of a role', () => {
  it('answers each tab as a tree with the granted ids and every id', async () => {
    const { roleId } = await roleWithMember();
    const systemTab = await send<AuthorizeValues>('POST', `/api/permission/Authority/Data/${roleId}/Values`, {
      type: 'system',
      objectType: 'Role',
    });
    expect(systemTab.data.all).toContain(systemId);
    expect(systemTab.data.ids).toEqual([]);

    const moduleTab = await send<AuthorizeValues>('POST', `/api/permission/Authority/Data/${roleId}/Values`, {
      type: 'module',
      moduleIds: systemId,
    });
    expect(moduleTab.data.list.map((n) => n.id)).toEqual([systemId]);
    const system = moduleTab.data.list[0]!.children.find((n) => n.id === menu.system)!;
    expect(system.children.map((n) => n.id)).toContain(menu['system.billRule']);
    expect(moduleTab.data.all).toContain(menu['system.billRule']);
    expect(moduleTab.data.all).not.toContain(systemId);

    const buttonTab = await send<AuthorizeValues>('POST', `/api/permission/Authority/Data/${roleId}/Values`, {
      type: 'button',
      moduleIds: [menu.system, menu['system.billRule']].join(','),
    });
    const ids = flatIds(buttonTab.data.list);
    expect(ids).toContain(menu['system.billRule']);
    expect(ids).toContain(await buttonId('system.billRule', 'btn_add'));
    expect(buttonTab.data.all).toContain(await buttonId('system.billRule', 'btn_add'));
    expect(buttonTab.data.all).not.toContain(menu['system.billRule']);

    const bad = await send('POST', `/api/permission/Authority/Data/${roleId}/Values`, { type: 'everything' });
    expect(bad.code).toBe(400);
  });

  it('saves per tab, replacing, and the member sees it on the very next request', async () => {
    const { roleId, login } = await roleWithMember();
    const member = await login();
    expect((await me(member)).menuList).toEqual([]);

    const grant = await billRuleGrant();
    const saved = await send('PUT', `/api/permission/Authority/Data/${roleId}`, {
      objectType: 'Role',
      ...grant,
    });
    expect(saved.code).toBe(200);
    const after = await me(member);
    expect(JSON.stringify(after.menuList)).toContain(menu['system.billRule']);
    const entry = after.permissionList.find((p) => p.modelId === menu['system.billRule'])!;
    expect(entry.button.map((b) => b.enCode)).toEqual(['btn_add']);
    expect((await send('GET', '/api/system/BillRule', undefined, member)).code).toBe(200);

    const values = await send<AuthorizeValues>('POST', `/api/permission/Authority/Data/${roleId}/Values`, {
      type: 'button',
      moduleIds: grant.module.join(','),
      objectType: 'Role',
    });
    expect(values.data.ids).toEqual(grant.button);

    // Only the button tab is sent: the page stays, the button goes.
    expect(
      (await send('PUT', `/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', button: [] }))
        .code,
    ).toBe(200);
    const fewer = await me(member);
    expect(JSON.stringify(fewer.menuList)).toContain(menu['system.billRule']);
    expect(fewer.permissionList.find((p) => p.modelId === menu['system.billRule'])!.button).toEqual([]);

    // Taking the page away also drops what hangs on it.
    await send('PUT', `/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', ...grant });
    await send('PUT', `/api/permission/Authority/Data/${roleId}`, {
      objectType: 'Role',
      module: [menu.system],
    });
    expect(await grantRows(roleId)).toBe(2);
    expect((await send('GET', '/api/system/BillRule', undefined, member)).code).toBe(400);
  });

  it("reloads the open pages of the object's members, and only theirs, when its grants change", async () => {
    const { roleId, login } = await roleWithMember();
    const bystander = await roleWithMember();
    const member = await LiveSocket.open(server, await login());
    const other = await LiveSocket.open(server, await bystander.login());
    const refreshed = member.next('refresh');
    await send('PUT', `/api/permission/Authority/Data/${roleId}`, {
      objectType: 'Role',
      ...(await billRuleGrant()),
    });
    await refreshed;
    // The bystander's socket gets later frames (its own refresh) but not the member's.
    const own = other.next('refresh');
    await send('POST', '/api/permission/Authority/Data/Batch', {
      roleIds: [bystander.roleId],
      module: [menu.system],
      systemIds: [systemId],
    });
    await own;
    expect(other.count('refresh')).toBe(1);
    expect(member.count('refresh')).toBe(1);
    await Promise.all([member.close(), other.close()]);
  });

  it('accepts the half-checked tree parents the 3.4.7 client sends', async () => {
    const { roleId } = await roleWithMember();
    const grant = await billRuleGrant();
    const saved = await send('PUT', `/api/permission/Authority/Data/${roleId}`, {
      objectType: 'Role',
      systemIds: grant.systemIds,
      module: [systemId, ...grant.module],
      button: [...grant.module, ...grant.button],
    });
    expect(saved.code).toBe(200);
    expect(await grantRows(roleId)).toBe(4);
  });

  it('refuses unknown ids, orphans and unknown objects, changing nothing', async () => {
    const { roleId } = await roleWithMember();
    const grant = await billRuleGrant();
    await send('PUT', `/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', ...grant });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...grant, button: ['no-such-button'] }, '授权项不存在（button）：no-such-button'],
      [{ ...grant, module: [menu.system] }, '所属的菜单未授权'],
      [{ ...grant, module: [menu['system.billRule']] }, '的上级菜单未授权'],
      [{ ...grant, systemIds: [] }, '所属的应用未授权'],
      [{ ...grant, button: 'not a list' }, '授权项必须是id列表'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('PUT', `/api/permission/Authority/Data/${roleId}`, {
        objectType: 'Role',
        ...body,
      });
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await grantRows(roleId)).toBe(4);
    expect(
      (await send('PUT', `/api/permission/Authority/Data/missing`, { objectType: 'Role', ...grant })).msg,
    ).toBe('授权对象不存在');
    expect(
      (await send('PUT', `/api/permission/Authority/Data/${roleId}`, { objectType: 'Group', ...grant })).code,
    ).toBe(400);
  });

  it('adds in batches to several objects and names the holders of a menu', async () => {
    const first = await roleWithMember();
    const second = await roleWithMember();
    const grant = await billRuleGrant();
    const refused = await send('POST', '/api/permission/Authority/Data/Batch', {
      roleIds: [first.roleId, second.roleId],
      module: grant.module,
      button: grant.button,
    });
    expect(refused.msg).toContain('所属的应用未授权');
    expect(await grantRows(first.roleId)).toBe(0);
    const batch = await send('POST', '/api/permission/Authority/Data/Batch', {
      roleIds: [first.roleId, second.roleId],
      ...grant,
    });
    expect(batch.code).toBe(200);
    expect(await grantRows(second.roleId)).toBe(4);

    const holders = await send<{ ids: string[] }>(
      'GET',
      `/api/permission/Authority/Model/${menu['system.billRule']}/Role`,
    );
    expect(holders.data.ids).toEqual(expect.arrayContaining([first.roleId, second.roleId]));

    // Model: exactly these roles hold the dictionary page; a new holder gets its parents too.
    const third = await roleWithMember();
    const dictionary = menu['systemData.dictionary']!;
    const model = await send('PUT', `/api/permission/Authority/Model/${dictionary}`, {
      objectType: 'Role',
      objectId: [third.roleId],
    });
    expect(model.code).toBe(200);
    expect(JSON.stringify((await me(await third.login())).menuList)).toContain(dictionary);
    await send('PUT', `/api/permission/Authority/Model/${dictionary}`, { objectType: 'Role', objectId: [] });
    expect(JSON.stringify((await me(await third.login())).menuList)).not.toContain(dictionary);
    expect(
      (await send('PUT', '/api/permission/Authority/Model/missing', { objectType: 'Role', objectId: [] }))
        .msg,
    ).toBe('菜单不存在');
  });
});

describe('who may authorise', () => {
  it('refuses users without the authorise page, and saving needs its save button', async () => {
    const { roleId } = await roleWithMember();
    const nobody = await (await roleWithMember()).login();
    const read = await send(
      'POST',
      `/api/permission/Authority/Data/${roleId}/Values`,
      { type: 'system' },
      nobody,
    );
    expect(read).toMatchObject({ code: 400, msg: '您没有此操作的权限，请联系管理员' });

    const viewer = await roleWithMember();
    await server.services.db.insert(authorizes).values([
      {
        id: newId(),
        itemType: 'module',
        itemId: menu['permission.authorize']!,
        objectType: 'Role',
        objectId: viewer.roleId,
      },
    ]);
    const viewerToken = await viewer.login();
    expect(
      (await send('POST', `/api/permission/Authority/Data/${roleId}/Values`, { type: 'system' }, viewerToken))
        .code,
    ).toBe(200);
    const write = await send(
      'PUT',
      `/api/permission/Authority/Data/${roleId}`,
      { objectType: 'Role', ...(await billRuleGrant()) },
      viewerToken,
    );
    expect(write.code).toBe(400);
    expect(await grantRows(roleId)).toBe(0);
  });

  it('refuses every authorise endpoint to a user without the page, writing nothing', async () => {
    const { roleId } = await roleWithMember();
    const nobody = await (await roleWithMember()).login();
    const grant = await billRuleGrant();
    const calls: [string, string, unknown?][] = [
      ['POST', `/api/permission/Authority/Data/${roleId}/Values`, { type: 'module' }],
      ['PUT', `/api/permission/Authority/Data/${roleId}`, { objectType: 'Role', ...grant }],
      ['POST', '/api/permission/Authority/Data/Batch', { roleIds: [roleId], ...grant }],
      ['GET', `/api/permission/Authority/Model/${menu['system.billRule']}/Role`],
      [
        'PUT',
        `/api/permission/Authority/Model/${menu['system.billRule']}`,
        { objectType: 'Role', objectId: [roleId] },
      ],
    ];
    for (const [method, path, body] of calls)
      expect(await send(method, path, body, nobody), `${method} ${path}`).toMatchObject({
        code: 400,
        msg: '您没有此操作的权限，请联系管理员',
      });
    expect(await grantRows(roleId)).toBe(0);
  });

  it('lets a grade administrator grant only what it holds, only inside its units', async () => {
    const db = server.services.db;
    // The grade administrator administers unit A and itself holds the bill-rule page and add button.
    const grader = await roleWithMember(unitA);
    await db.insert(organizeAdministrators).values({
      id: newId(),
      userId: grader.userId,
      organizeId: unitA,
      thisLayerEdit: 1,
      subLayerEdit: 1,
    });
    const grant = await billRuleGrant();
    await send('PUT', `/api/permission/Authority/Data/${grader.roleId}`, { objectType: 'Role', ...grant });
    const graderToken = await grader.login();

    const inside = await roleWithMember(unitA);
    const outside = await roleWithMember(unitB);
    // Object in unit A: its user. Object in unit B: refused, nothing written.
    const ok = await send(
      'PUT',
      `/api/permission/Authority/Data/${inside.userId}`,
      { objectType: 'User', ...grant },
      graderToken,
    );
    expect(ok.code).toBe(200);
    expect(JSON.stringify((await me(await inside.login())).menuList)).toContain(menu['system.billRule']);
    const far = await send(
      'PUT',
      `/api/permission/Authority/Data/${outside.userId}`,
      { objectType: 'User', ...grant },
      graderToken,
    );
    expect(far.msg).toBe('授权对象不在您的管理范围内');
    expect(await grantRows(outside.userId)).toBe(0);
    // A global role lies outside every unit.
    const globalRole = await send(
      'PUT',
      `/api/permission/Authority/Data/${outside.roleId}`,
      { objectType: 'Role', ...grant },
      graderToken,
    );
    expect(globalRole.msg).toBe('授权对象不在您的管理范围内');

    // The permission pages it holds as a grade administrator cannot be passed on: their holder,
    // without units of its own, would administer every unit.
    for (const page of ['permission.user', 'permission.authorize']) {
      const escalate = await send(
        'PUT',
        `/api/permission/Authority/Data/${inside.userId}`,
        { objectType: 'User', systemIds: [systemId], module: [menu.permission, menu[page]] },
        graderToken,
      );
      expect([escalate.code, escalate.msg], page).toEqual([
        400,
        expect.stringMatching(/^不能授予自己没有的权限：/),
      ]);
      const batch = await send(
        'POST',
        '/api/permission/Authority/Data/Batch',
        { userIds: [inside.userId], systemIds: [systemId], module: [menu.permission, menu[page]] },
        graderToken,
      );
      expect(batch.code, page).toBe(400);
      const model = await send(
        'PUT',
        `/api/permission/Authority/Model/${menu[page]}`,
        { objectType: 'User', objectId: [inside.userId] },
        graderToken,
      );
      expect(model.code, page).toBe(400);
    }
    const held = await server.services.db
      .select({ itemId: authorizes.itemId })
      .from(authorizes)
      .where(and(eq(authorizes.objectId, inside.userId), eq(authorizes.itemType, 'module')));
    expect(held.map((r) => r.itemId)).not.toContain(menu['permission.user']);
    expect(held.map((r) => r.itemId)).not.toContain(menu['permission.authorize']);
    const offered = await send<AuthorizeValues>(
      'POST',
      `/api/permission/Authority/Data/${inside.userId}/Values`,
      { type: 'module', objectType: 'User' },
      graderToken,
    );
    expect(offered.data.all).not.toContain(menu['permission.user']);

    // What it does not hold cannot be granted.
    const notHeld = await send(
      'PUT',
      `/api/permission/Authority/Data/${inside.userId}`,
      { objectType: 'User', ...grant, module: [...grant.module, menu['system.area']] },
      graderToken,
    );
    expect(notHeld.msg).toBe('不能授予自己没有的权限：行政区划');

    // It sees only what it holds, and its save keeps the grants it cannot see.
    await send('PUT', `/api/permission/Authority/Data/${inside.userId}`, {
      objectType: 'User',
      ...grant,
      module: [...grant.module, menu['system.area']],
    });
    const seen = await send<AuthorizeValues>(
      'POST',
      `/api/permission/Authority/Data/${inside.userId}/Values`,
      { type: 'module', objectType: 'User' },
      graderToken,
    );
    expect(seen.data.all).toContain(menu['system.billRule']);
    expect(seen.data.all).not.toContain(menu['system.area']);
    const cleared = await send(
      'PUT',
      `/api/permission/Authority/Data/${inside.userId}`,
      { objectType: 'User', module: [menu.system], button: [] },
      graderToken,
    );
    expect(cleared.code).toBe(200);
    const left = await db
      .select({ itemId: authorizes.itemId })
      .from(authorizes)
      .where(and(eq(authorizes.objectId, inside.userId), eq(authorizes.itemType, 'module')));
    expect(left.map((r) => r.itemId).sort()).toEqual([menu.system, menu['system.area']].sort());
  });
});

describe('list column settings', () => {
  const page = () => menu['system.billRule']!;

  it('round-trips a page column settings and refuses bad JSON without storing it', async () => {
    expect((await send('GET', `/api/permission/Authority/GetColumnsByModuleId/${page()}`)).data).toEqual([]);
    const fieldList = [
      { prop: 'fullName', label: '业务名称', visible: true },
      { prop: 'enCode', label: '业务编码', visible: false, width: 120 },
    ];
    const set = await send('PUT', '/api/permission/Authority/SetColumnsByModuleId', {
      moduleId: page(),
      fieldList: JSON.stringify(fieldList),
    });
    expect(set.code).toBe(200);
    expect((await send('GET', `/api/permission/Authority/GetColumnsByModuleId/${page()}`)).data).toEqual(
      fieldList,
    );

    const bad: [unknown, string][] = [
      ['{not json', '列设置不是有效的JSON'],
      ['{"prop":"x"}', ''],
      ['[{"label":"无字段"}]', '列设置缺少字段prop'],
      ['[{"prop":"a"},{"prop":"a"}]', '列设置中的字段prop不能重复'],
      [[{ prop: 'a' }], '列设置必须是JSON文本'],
    ];
    for (const [fieldListValue, message] of bad) {
      const answer = await send('PUT', '/api/permission/Authority/SetColumnsByModuleId', {
        moduleId: page(),
        fieldList: fieldListValue,
      });
      expect(answer.code, String(fieldListValue)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect((await send('GET', `/api/permission/Authority/GetColumnsByModuleId/${page()}`)).data).toEqual(
      fieldList,
    );
    const missing = await send('PUT', '/api/permission/Authority/SetColumnsByModuleId', {
      moduleId: 'missing',
      fieldList: '[]',
    });
    expect(missing.msg).toBe('菜单不存在');
    const [row] = await server.services.db
      .select()
      .from(columnsPurviews)
      .where(eq(columnsPurviews.moduleId, page()));
    expect(row!.version).toBe(0);
  });

  it('is for holders of the page only', async () => {
    const holder = await roleWithMember();
    await send('PUT', `/api/permission/Authority/Data/${holder.roleId}`, {
      objectType: 'Role',
      ...(await billRuleGrant()),
    });
    const other = await roleWithMember();
    const holderToken = await holder.login();
    const otherToken = await other.login();
    expect(
      (await send('GET', `/api/permission/Authority/GetColumnsByModuleId/${page()}`, undefined, holderToken))
        .code,
    ).toBe(200);
    const refused = await send(
      'PUT',
      '/api/permission/Authority/SetColumnsByModuleId',
      { moduleId: page(), fieldList: '[]' },
      otherToken,
    );
    expect(refused.msg).toBe('您没有此操作的权限，请联系管理员');
    expect(
      (await send('GET', `/api/permission/Authority/GetColumnsByModuleId/${page()}`, undefined, otherToken))
        .code,
    ).toBe(400);
  });
});
