import type { PagedList, PositionItem, PositionTreeNode } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/ids.js';
import { positions, userRelations } from '../../../db/schema/index.js';
import { makeGradeAdmin, permissionTestServer, signedInUser } from '../organize/fixtures.js';

const env = permissionTestServer({
  A: ['company', '0', '甲公司'],
  A1: ['department', 'A', '甲一部'],
  B: ['company', '0', '乙公司'],
  B1: ['department', 'B', '乙一部'],
});
const { ids, send } = env;
const positionCount = async () => (await env.server.services.db.select({ n: count() }).from(positions))[0]!.n;
const positionRow = async (id: string) =>
  (await env.server.services.db.select().from(positions).where(eq(positions.id, id)))[0];
const code = () => `P${newId().replace(/-/g, '').slice(-10)}`;

async function createPosition(organizeId: string, fullName: string, token = env.admin) {
  const answer = await send<{ id: string }>(
    'POST',
    '/api/permission/Position',
    { organizeId, fullName, enCode: code() },
    token,
  );
  if (answer.code !== 200) throw new Error(answer.msg);
  return answer.data.id;
}

describe('positions', () => {
  const p = { a: '', b: '' };
  beforeAll(async () => {
    p.a = await createPosition(ids.A1, '甲一部科员');
    p.b = await createPosition(ids.B1, '乙一部科员');
  });

  it('creates, reads, edits, toggles and lists with the unit filter including its subtree', async () => {
    const info = await send<PositionItem>('GET', `/api/permission/Position/${p.a}`);
    expect(info.data).toMatchObject({ organizeId: ids.A1, organizeName: '甲公司/甲一部', enabledMark: 1 });
    const edited = await send('PUT', `/api/permission/Position/${p.a}`, {
      ...info.data,
      fullName: '甲一部主任',
    });
    expect(edited.code).toBe(200);
    const stale = await send('PUT', `/api/permission/Position/${p.a}`, { ...info.data, fullName: '旧名' });
    expect(stale.code).toBe(400);
    expect((await positionRow(p.a))!.fullName).toBe('甲一部主任');

    const underA = await send<PagedList<PositionItem>>('GET', `/api/permission/Position?organizeId=${ids.A}`);
    expect(underA.data.list.map((r) => r.id)).toEqual([p.a]);
    const byKeyword = await send<PagedList<PositionItem>>('GET', '/api/permission/Position?keyword=乙一部');
    expect(byKeyword.data.list.map((r) => r.id)).toEqual([p.b]);
    expect(byKeyword.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20, total: 1 });

    const selector = await send<{ list: PositionTreeNode[] }>('GET', '/api/permission/Position/Selector');
    const a = selector.data.list.find((n) => n.id === ids.A)!;
    expect(a.children[0]!.children[0]).toMatchObject({
      id: p.a,
      type: 'position',
      isLeaf: true,
      parentId: ids.A1,
    });
    const byOrg = await send<{ list: PositionTreeNode[] }>(
      'POST',
      '/api/permission/Position/getListByOrgIds',
      {
        organizeIds: [ids.B1],
      },
    );
    expect(JSON.stringify(byOrg.data)).toContain(p.b);
    expect(JSON.stringify(byOrg.data)).not.toContain(p.a);

    expect((await send('PUT', `/api/permission/Position/${p.b}/Actions/State`)).code).toBe(200);
    expect((await positionRow(p.b))!.enabledMark).toBe(0);
    const all = await send<{ list: PositionItem[] }>('GET', '/api/permission/Position/All');
    expect(all.data.list.map((r) => r.id)).toEqual([p.a]);
    await send('PUT', `/api/permission/Position/${p.b}/Actions/State`);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await positionCount();
    const taken = (await positionRow(p.a))!.enCode;
    const cases: [Record<string, unknown>, string][] = [
      [{ organizeId: ids.A1, fullName: '', enCode: 'X1' }, '请输入岗位名称'],
      [{ organizeId: ids.A1, fullName: '名'.repeat(51), enCode: 'X1' }, '岗位名称最多为50个字符！'],
      [{ fullName: '科员', enCode: 'X1' }, '请选择所属组织'],
      [{ organizeId: newId(), fullName: '科员', enCode: 'X1' }, '所属组织不存在'],
      [{ organizeId: ids.A1, fullName: '科员', enCode: taken }, '岗位编码已存在'],
      [{ organizeId: ids.A1, fullName: '科员', enCode: 'X1', enabledMark: 3 }, '状态只能为0或1'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/permission/Position', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await positionCount()).toBe(before);
  });

  it('refuses deleting a position users hold, then deletes it once free', async () => {
    const held = await createPosition(ids.B1, '临时岗');
    const user = await signedInUser(env.server, ids.B1);
    await env.server.services.db
      .insert(userRelations)
      .values({ id: newId(), userId: user.id, objectType: 'Position', objectId: held });
    expect(await send('DELETE', `/api/permission/Position/${held}`)).toMatchObject({
      code: 400,
      msg: '该岗位下有用户，不能删除',
    });
    expect(await positionRow(held)).toBeDefined();
    await env.server.services.db.delete(userRelations).where(eq(userRelations.objectId, held));
    expect((await send('DELETE', `/api/permission/Position/${held}`)).code).toBe(200);
    expect(await positionRow(held)).toBeUndefined();
  });

  it('refuses a user without the page', async () => {
    const { token } = await signedInUser(env.server, ids.A1);
    const before = await positionCount();
    expect((await send('GET', '/api/permission/Position', undefined, token)).msg).toBe(
      '您没有此操作的权限，请联系管理员',
    );
    const add = await send(
      'POST',
      '/api/permission/Position',
      { organizeId: ids.A1, fullName: '越权', enCode: 'Y1' },
      token,
    );
    expect(add.code).toBe(400);
    expect((await send('DELETE', `/api/permission/Position/${p.a}`, undefined, token)).code).toBe(400);
    expect(await positionCount()).toBe(before);
  });

  it('keeps a grade administrator of A out of B (IDOR) and shows it only A', async () => {
    const user = await signedInUser(env.server, ids.A1);
    await makeGradeAdmin(env.server, user.id, ids.A);
    const grade = user.token;
    const list = await send<PagedList<PositionItem>>('GET', '/api/permission/Position', undefined, grade);
    expect(list.data.list.map((r) => r.id)).toEqual([p.a]);
    const selector = await send('GET', '/api/permission/Position/Selector', undefined, grade);
    expect(JSON.stringify(selector.data)).not.toContain(ids.B);

    const before = await positionRow(p.b);
    const info = (await send<PositionItem>('GET', `/api/permission/Position/${p.b}`)).data;
    for (const [method, path, body] of [
      ['GET', `/api/permission/Position/${p.b}`],
      ['PUT', `/api/permission/Position/${p.b}`, { ...info, fullName: '被改' }],
      ['PUT', `/api/permission/Position/${p.b}/Actions/State`],
      ['DELETE', `/api/permission/Position/${p.b}`],
      ['POST', '/api/permission/Position', { organizeId: ids.B1, fullName: '越权', enCode: 'Z1' }],
      ['PUT', `/api/permission/Position/${p.a}`, { ...info, id: p.a, organizeId: ids.B1 }],
    ] as const) {
      const answer = await send(method, path, body, grade);
      expect(answer.code, `${method} ${path}`).toBe(400);
      expect(answer.msg, `${method} ${path}`).toContain('没有权限');
    }
    expect(await positionRow(p.b)).toEqual(before);
    expect((await positionRow(p.a))!.organizeId).toBe(ids.A1);
    expect(await createPosition(ids.A1, '甲一部新岗', grade)).toBeTruthy();
  });
});
