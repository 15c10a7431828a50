import type { PagedList, RoleInfo, RoleItem, RoleTreeNode } from '@console/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/ids.js';
import { authorizes, modules, organizeRelations, roles, userRelations } from '../../../db/schema/index.js';
import { makeGradeAdmin, permissionTestServer, signedInUser } from '../organize/fixtures.js';

const env = permissionTestServer({
  A: ['company', '0', '甲公司'],
  A1: ['department', 'A', '甲一部'],
  B: ['company', '0', '乙公司'],
  B1: ['department', 'B', '乙一部'],
});
const { ids, send } = env;
const roleCount = async () => (await env.server.services.db.select({ n: count() }).from(roles))[0]!.n;
const roleRow = async (id: string) =>
  (await env.server.services.db.select().from(roles).where(eq(roles.id, id)))[0];
const code = () => `R${newId().replace(/-/g, '').slice(-10)}`;

async function createRole(fullName: string, unitPaths: string[][] | null, token = env.admin) {
  const answer = await send<{ id: string }>(
    'POST',
    '/api/permission/Role',
    { fullName, enCode: code(), globalMark: unitPaths ? 0 : 1, organizeIdsTree: unitPaths ?? [] },
    token,
  );
  if (answer.code !== 200) throw new Error(answer.msg);
  return answer.data.id;
}

describe('roles', () => {
  const r = { global: '', a: '', b: '' };
  beforeAll(async () => {
    r.global = await createRole('全局角色', null);
    r.a = await createRole('甲部角色', [[ids.A, ids.A1]]);
    r.b = await createRole('乙部角色', [[ids.B, ids.B1]]);
  });

  it('creates global and per-unit roles, reads them back and lists them by unit', async () => {
    const info = await send<RoleInfo>('GET', `/api/permission/Role/${r.a}`);
    expect(info.data).toMatchObject({
      globalMark: 0,
      organizeIdsTree: [[ids.A, ids.A1]],
      organizeInfo: '甲公司/甲一部',
    });
    const ofA1 = await send<PagedList<RoleItem>>('GET', `/api/permission/Role?organizeId=${ids.A1}`);
    expect(ofA1.data.list.map((x) => x.id)).toEqual([r.a]);
    const globals = await send<PagedList<RoleItem>>('GET', '/api/permission/Role?organizeId=1');
    expect(globals.data.list.map((x) => x.id)).toContain(r.global);
    expect(globals.data.list.map((x) => x.id)).not.toContain(r.a);

    const tree = await send<{ list: RoleTreeNode[] }>('GET', '/api/permission/Role/Selector');
    const globalNode = tree.data.list[0]!;
    expect(globalNode).toMatchObject({ id: '1', type: 'global' });
    expect(globalNode.children.map((c) => c.id)).toContain(r.global);
    const a = tree.data.list.find((n) => n.id === ids.A)!;
    expect(a.children[0]!.children[0]).toMatchObject({ id: r.a, type: 'role', onlyId: `${ids.A1}--${r.a}` });
    const byOrg = await send('POST', '/api/permission/Role/getListByOrgIds', { organizeIds: [ids.B1] });
    expect(JSON.stringify(byOrg.data)).toContain(r.b);
    expect(JSON.stringify(byOrg.data)).not.toContain(r.a);
  });

  it('edits a role and its units, with the optimistic lock', async () => {
    const info = (await send<RoleInfo>('GET', `/api/permission/Role/${r.b}`)).data;
    const moved = await send('PUT', `/api/permission/Role/${r.b}`, { ...info, organizeIdsTree: [[ids.B]] });
    expect(moved.code).toBe(200);
    const links = await env.server.services.db
      .select()
      .from(organizeRelations)
      .where(eq(organizeRelations.objectId, r.b));
    expect(links.map((l) => l.organizeId)).toEqual([ids.B]);
    expect((await send('PUT', `/api/permission/Role/${r.b}`, { ...info, fullName: '旧' })).code).toBe(400);
    expect((await roleRow(r.b))!.fullName).toBe('乙部角色');
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await roleCount();
    const taken = (await roleRow(r.a))!.enCode;
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '', enCode: 'X1' }, '请输入角色名称'],
      [{ fullName: '角色', enCode: '' }, '请输入角色编码'],
      [{ fullName: '角色', enCode: 'X1', globalMark: 0, organizeIdsTree: [] }, '请选择所属组织'],
      [{ fullName: '角色', enCode: 'X1', globalMark: 0, organizeIdsTree: [[newId()]] }, '所属组织不存在'],
      [{ fullName: '角色', enCode: taken }, '角色编码已存在'],
      [{ fullName: '角色', enCode: 'X1', globalMark: 2 }, '角色范围只能为0或1'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/permission/Role', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await roleCount()).toBe(before);
  });

  it('disabling a role removes its grants at once; delete is refused while users hold it', async () => {
    const role = await createRole('授权角色', null);
    const user = await signedInUser(env.server, ids.A1);
    const [page] = await env.server.services.db
      .select()
      .from(modules)
      .where(eq(modules.enCode, 'permission.group'));
    await env.server.services.db
      .insert(userRelations)
      .values({ id: newId(), userId: user.id, objectType: 'Role', objectId: role });
    await env.server.services.db
      .insert(authorizes)
      .values({ id: newId(), itemType: 'module', itemId: page!.id, objectType: 'Role', objectId: role });
    expect((await send('GET', '/api/permission/Group', undefined, user.token)).code).toBe(200);

    expect((await send('PUT', `/api/permission/Role/${role}/Actions/State`)).code).toBe(200);
    expect((await roleRow(role))!.enabledMark).toBe(0);
    expect((await send('GET', '/api/permission/Group', undefined, user.token)).code).toBe(400);
    const me = await send('GET', '/api/oauth/CurrentUser', undefined, user.token);
    expect(JSON.stringify(me.data)).not.toContain('permission/group');

    expect(await send('DELETE', `/api/permission/Role/${role}`)).toMatchObject({
      code: 400,
      msg: '该角色下有用户，不能删除',
    });
    await env.server.services.db.delete(userRelations).where(eq(userRelations.objectId, role));
    expect((await send('DELETE', `/api/permission/Role/${role}`)).code).toBe(200);
    expect(await roleRow(role)).toBeUndefined();
    const grants = await env.server.services.db
      .select()
      .from(authorizes)
      .where(and(eq(authorizes.objectType, 'Role'), eq(authorizes.objectId, role)));
    expect(grants).toEqual([]);
  });

  it('refuses a user without the page', async () => {
    const { token } = await signedInUser(env.server, ids.A1);
    const before = await roleCount();
    expect((await send('GET', '/api/permission/Role', undefined, token)).msg).toBe(
      '您没有此操作的权限，请联系管理员',
    );
    expect((await send('POST', '/api/permission/Role', { fullName: '越权', enCode: 'Y1' }, token)).code).toBe(
      400,
    );
    expect((await send('DELETE', `/api/permission/Role/${r.a}`, undefined, token)).code).toBe(400);
    expect(await roleCount()).toBe(before);
  });

  it('keeps a grade administrator of A to the roles of A (IDOR), away from global roles', async () => {
    const user = await signedInUser(env.server, ids.A1);
    await makeGradeAdmin(env.server, user.id, ids.A);
    const grade = user.token;
    const list = await send<PagedList<RoleItem>>('GET', '/api/permission/Role', undefined, grade);
    expect(list.data.list.map((x) => x.id)).toEqual([r.a]);
    const tree = await send<{ list: RoleTreeNode[] }>(
      'GET',
      '/api/permission/Role/SelectorByPermission',
      undefined,
      grade,
    );
    expect(tree.data.list.map((n) => n.id)).toEqual([ids.A]);

    const beforeB = await roleRow(r.b);
    const beforeGlobal = await roleRow(r.global);
    const infoB = (await send<RoleInfo>('GET', `/api/permission/Role/${r.b}`)).data;
    const infoA = (await send<RoleInfo>('GET', `/api/permission/Role/${r.a}`)).data;
    for (const [method, path, body, message] of [
      ['GET', `/api/permission/Role/${r.b}`, undefined, '没有权限'],
      ['PUT', `/api/permission/Role/${r.b}`, { ...infoB, fullName: '被改' }, '没有权限'],
      ['PUT', `/api/permission/Role/${r.b}/Actions/State`, undefined, '没有权限'],
      ['DELETE', `/api/permission/Role/${r.b}`, undefined, '没有权限'],
      ['PUT', `/api/permission/Role/${r.a}`, { ...infoA, organizeIdsTree: [[ids.B, ids.B1]] }, '没有权限'],
      [
        'POST',
        '/api/permission/Role',
        { fullName: '越权', enCode: 'Z1', globalMark: 0, organizeIdsTree: [[ids.B]] },
        '没有权限',
      ],
      ['POST', '/api/permission/Role', { fullName: '全局', enCode: 'Z2', globalMark: 1 }, '只有超级管理员'],
      ['DELETE', `/api/permission/Role/${r.global}`, undefined, '只有超级管理员'],
      ['GET', `/api/permission/Role/${r.global}`, undefined, '没有权限'],
    ] as const) {
      const answer = await send(method, path, body, grade);
      expect(answer.code, `${method} ${path}`).toBe(400);
      expect(answer.msg, `${method} ${path}`).toContain(message);
    }
    expect(await roleRow(r.b)).toEqual(beforeB);
    expect(await roleRow(r.global)).toEqual(beforeGlobal);
    expect(await createRole('甲部新角色', [[ids.A, ids.A1]], grade)).toBeTruthy();
  });
});
