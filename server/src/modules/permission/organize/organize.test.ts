import type { OrganizeInfo, OrganizeNode } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/ids.js';
import { organizes, positions, users } from '../../../db/schema/index.js';
import { createUnit, makeGradeAdmin, permissionTestServer, signedInUser, unitRow } from './fixtures.js';

/** Two subtrees: A (A1 > A1a) and B (B1). */
const env = permissionTestServer({
  A: ['company', '0', '甲公司'],
  A1: ['department', 'A', '甲一部'],
  A1a: ['department', 'A1', '甲一科'],
  B: ['company', '-1', '乙公司'],
  B1: ['department', 'B', '乙一部'],
});
const { ids, send } = env;
const unitCount = async () => (await env.server.services.db.select({ n: count() }).from(organizes))[0]!.n;
const flatten = (nodes: OrganizeNode[]): OrganizeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('organisations and departments', () => {
  it('lists one tree with top parents "0", paths and picker fields', async () => {
    const tree = await send<{ list: OrganizeNode[] }>('GET', '/api/permission/Organize');
    expect(tree.code).toBe(200);
    const a = tree.data.list.find((n) => n.id === ids.A)!;
    expect(a).toMatchObject({ parentId: '0', type: 'company', category: 'company', hasChildren: true });
    const a1a = a.children[0]!.children[0]!;
    expect(a1a).toMatchObject({
      id: ids.A1a,
      parentId: ids.A1,
      type: 'department',
      organizeIds: [ids.A, ids.A1, ids.A1a],
      organize: '甲公司/甲一部/甲一科',
      disabled: false,
    });
    const search = await send<{ list: OrganizeNode[] }>('GET', '/api/permission/Organize?keyword=一科');
    expect(flatten(search.data.list).map((n) => n.id)).toEqual([ids.A, ids.A1, ids.A1a]);

    const companies = await send<{ list: OrganizeNode[] }>('GET', '/api/permission/Organize/Tree');
    expect(flatten(companies.data.list).every((n) => n.type === 'company')).toBe(true);
    // The parent picker of A1 leaves out A1 and everything below it.
    const selector = await send<{ list: OrganizeNode[] }>(
      'GET',
      `/api/permission/Organize/Department/Selector/${ids.A1}`,
    );
    const offered = flatten(selector.data.list).map((n) => n.id);
    expect(offered).toContain(ids.B1);
    expect(offered).not.toContain(ids.A1);
    expect(offered).not.toContain(ids.A1a);
    const departments = await send<{ list: OrganizeNode[] }>(
      'GET',
      `/api/permission/Organize/${ids.A}/Department`,
    );
    expect(flatten(departments.data.list).map((n) => n.id)).toEqual([ids.A1, ids.A1a]);
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = await unitCount();
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/permission/Organize', { parentId: '0', fullName: '', enCode: 'X1' }, '请输入名称'],
      ['/api/permission/Organize', { parentId: '0', fullName: '丙', enCode: '-x' }, '编码只能包含'],
      [
        '/api/permission/Organize',
        { parentId: '0', fullName: '丙', enCode: 'C'.repeat(51) },
        '编码最多为50个字符！',
      ],
      [
        '/api/permission/Organize',
        { parentId: '0', fullName: '丙', enCode: 'C1', sortCode: -1 },
        '排序范围为0-999999',
      ],
      [
        '/api/permission/Organize',
        { parentId: ids.A1, fullName: '丙', enCode: 'C1' },
        '公司的上级只能是公司',
      ],
      ['/api/permission/Organize', { parentId: newId(), fullName: '丙', enCode: 'C1' }, '上级组织不存在'],
      ['/api/permission/Organize/Department', { parentId: '0', fullName: '丙', enCode: 'C1' }, '部门的上级'],
      ['/api/permission/Organize/Department', { fullName: '丙', enCode: 'C1' }, '请选择上级组织'],
    ];
    for (const [path, body, message] of cases) {
      const answer = await send('POST', path, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const taken = (await unitRow(env.server, ids.B1))!.enCode;
    const duplicate = await send('POST', '/api/permission/Organize/Department', {
      parentId: ids.B,
      fullName: '重复',
      enCode: taken,
    });
    expect(duplicate).toMatchObject({ code: 400, msg: '组织编码已存在' });
    expect(await unitCount()).toBe(before);
  });

  it('reads and edits a unit with the optimistic lock', async () => {
    const info = await send<OrganizeInfo>('GET', `/api/permission/Organize/Department/${ids.B1}`);
    expect(info.data).toMatchObject({ parentId: ids.B, organizeIdTree: [ids.B], category: 'department' });
    const body = { ...info.data, fullName: '乙一部改', sortCode: 5 };
    expect((await send('PUT', `/api/permission/Organize/Department/${ids.B1}`, body)).code).toBe(200);
    const stale = await send('PUT', `/api/permission/Organize/Department/${ids.B1}`, {
      ...body,
      fullName: '旧',
    });
    expect(stale).toMatchObject({ code: 400, msg: '数据已被他人修改，请刷新后重试' });
    expect((await unitRow(env.server, ids.B1))!.fullName).toBe('乙一部改');

    expect((await send('PUT', `/api/permission/Organize/Department/${ids.B1}/Actions/State`)).code).toBe(200);
    expect((await unitRow(env.server, ids.B1))!.enabledMark).toBe(0);
    expect((await send('PUT', `/api/permission/Organize/Department/${ids.B1}/Actions/State`)).code).toBe(200);
    expect((await unitRow(env.server, ids.B1))!.enabledMark).toBe(1);
  });

  it('moves a unit with its subtree and refuses moving it under itself or below itself', async () => {
    const info = (await send<OrganizeInfo>('GET', `/api/permission/Organize/Department/${ids.A1}`)).data;
    for (const parentId of [ids.A1, ids.A1a]) {
      const answer = await send('PUT', `/api/permission/Organize/Department/${ids.A1}`, {
        ...info,
        parentId,
      });
      expect(answer).toMatchObject({ code: 400, msg: '上级组织不能选择自己或自己的下级' });
    }
    expect((await unitRow(env.server, ids.A1))!.parentId).toBe(ids.A);

    const moved = await send('PUT', `/api/permission/Organize/Department/${ids.A1}`, {
      ...info,
      parentId: ids.B,
    });
    expect(moved.code).toBe(200);
    expect((await unitRow(env.server, ids.A1))!.organizeIdTree).toBe([ids.B, ids.A1].join(','));
    expect((await unitRow(env.server, ids.A1a))!.organizeIdTree).toBe([ids.B, ids.A1, ids.A1a].join(','));
    const back = (await send<OrganizeInfo>('GET', `/api/permission/Organize/Department/${ids.A1}`)).data;
    expect(
      (await send('PUT', `/api/permission/Organize/Department/${ids.A1}`, { ...back, parentId: ids.A })).code,
    ).toBe(200);
    expect((await unitRow(env.server, ids.A1a))!.organizeIdTree).toBe([ids.A, ids.A1, ids.A1a].join(','));
  });

  it('refuses deleting a unit that has units, users or positions, naming them', async () => {
    const company = await send('DELETE', `/api/permission/Organize/${ids.A}`);
    expect(company).toMatchObject({ code: 400, msg: '该组织下有下级组织，不能删除' });
    const leaf = await createUnit(env.server, env.admin, 'department', ids.B, '待删部');
    await env.server.services.db
      .insert(positions)
      .values({ id: newId(), organizeId: leaf, fullName: '科员', enCode: `P${newId().slice(-8)}` });
    const member = await signedInUser(env.server, leaf);
    const blocked = await send('DELETE', `/api/permission/Organize/Department/${leaf}`);
    expect(blocked).toMatchObject({ code: 400, msg: '该组织下有用户、岗位，不能删除' });
    expect(await unitRow(env.server, leaf)).toBeDefined();

    await env.server.services.db.delete(positions).where(eq(positions.organizeId, leaf));
    await env.server.services.db.update(users).set({ organizeId: null }).where(eq(users.id, member.id));
    expect((await send('DELETE', `/api/permission/Organize/Department/${leaf}`)).code).toBe(200);
    expect(await unitRow(env.server, leaf)).toBeUndefined();
  });

  it('refuses a signed-in user without the page', async () => {
    const { token } = await signedInUser(env.server, ids.A1);
    const before = await unitCount();
    for (const [method, path, body] of [
      ['GET', '/api/permission/Organize'],
      ['GET', `/api/permission/Organize/${ids.A}`],
      ['POST', '/api/permission/Organize', { parentId: '0', fullName: '丁', enCode: 'D1' }],
      ['DELETE', `/api/permission/Organize/Department/${ids.B1}`],
    ] as const) {
      const answer = await send(method, path, body, token);
      expect(answer.code, path).toBe(400);
      expect(answer.msg).toBe('您没有此操作的权限，请联系管理员');
    }
    expect(await unitCount()).toBe(before);
    expect((await send('GET', '/api/permission/Organize')).code).toBe(200);
  });
});

describe('a grade administrator of subtree A', () => {
  let grade: string;
  beforeAll(async () => {
    const user = await signedInUser(env.server, ids.A1);
    await makeGradeAdmin(env.server, user.id, ids.A, { thisLayerDelete: 0 });
    grade = user.token;
  });

  it('holds the permission pages without grants and sees them in CurrentUser', async () => {
    const me = await send<{
      permissionList: { enCode?: string; modelId: string; button: { enCode: string }[] }[];
    }>('GET', '/api/oauth/CurrentUser', undefined, grade);
    expect(me.code).toBe(200);
    expect(JSON.stringify(me.data)).toContain('permission/organize');
    expect(JSON.stringify(me.data)).not.toContain('permission/gradeManage');
    expect((await send('GET', '/api/system/DictionaryType', undefined, grade)).code).toBe(400);
  });

  it('sees only its subtree in the tree and the pickers', async () => {
    for (const path of [
      '/api/permission/Organize',
      '/api/permission/Organize/Department/Selector/0',
      '/api/permission/Organize/SelectorByAuth/0',
    ]) {
      const tree = await send<{ list: OrganizeNode[] }>('GET', path, undefined, grade);
      expect(tree.code).toBe(200);
      const seen = flatten(tree.data.list).map((n) => n.id);
      expect(seen, path).not.toContain(ids.B);
      expect(seen, path).not.toContain(ids.B1);
      if (!path.includes('/Organize/SelectorByAuth')) expect(seen, path).toContain(ids.A1a);
    }
  });

  it('cannot read, change, move into, add under or delete units of subtree B', async () => {
    const before = await unitRow(env.server, ids.B1);
    const info = (await send<OrganizeInfo>('GET', `/api/permission/Organize/Department/${ids.B1}`)).data;
    const refusals: [string, string, unknown?][] = [
      ['GET', `/api/permission/Organize/Department/${ids.B1}`],
      ['PUT', `/api/permission/Organize/Department/${ids.B1}`, { ...info, fullName: '被改' }],
      ['PUT', `/api/permission/Organize/Department/${ids.B1}/Actions/State`],
      ['DELETE', `/api/permission/Organize/Department/${ids.B1}`],
      ['POST', '/api/permission/Organize/Department', { parentId: ids.B, fullName: '越权部', enCode: 'X9' }],
      ['POST', '/api/permission/Organize', { parentId: '0', fullName: '越权公司', enCode: 'X8' }],
      ['GET', `/api/permission/Organize/${ids.B}/Department`],
    ];
    for (const [method, path, body] of refusals) {
      const answer = await send(method, path, body, grade);
      expect(answer.code, `${method} ${path}`).toBe(400);
      expect(answer.msg, `${method} ${path}`).toContain('没有权限');
    }
    const a1 = (
      await send<OrganizeInfo>('GET', `/api/permission/Organize/Department/${ids.A1}`, undefined, grade)
    ).data;
    const move = await send(
      'PUT',
      `/api/permission/Organize/Department/${ids.A1}`,
      { ...a1, parentId: ids.B },
      grade,
    );
    expect(move.msg).toContain('没有权限');
    expect(await unitRow(env.server, ids.B1)).toEqual(before);
    expect((await unitRow(env.server, ids.A1))!.parentId).toBe(ids.A);
  });

  it('works inside its subtree with the rights it was given', async () => {
    const added = await send<{ id: string }>(
      'POST',
      '/api/permission/Organize/Department',
      { parentId: ids.A1, fullName: '甲一新科', enCode: `N${newId().slice(-8)}` },
      grade,
    );
    expect(added.code).toBe(200);
    expect(
      (await send('DELETE', `/api/permission/Organize/Department/${added.data.id}`, undefined, grade)).code,
    ).toBe(200);
    // thisLayerDelete was withheld: A itself cannot be deleted even when empty of the blockers.
    const own = await send('DELETE', `/api/permission/Organize/${ids.A}`, undefined, grade);
    expect(own.msg).toContain('没有权限');
  });
});
