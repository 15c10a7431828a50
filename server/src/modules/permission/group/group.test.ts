import type { GroupItem, GroupTreeNode, PagedList } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../core/ids.js';
import { groups, userRelations } from '../../../db/schema/index.js';
import { makeGradeAdmin, permissionTestServer, signedInUser } from '../organize/fixtures.js';

const env = permissionTestServer({ unit: ['company', '0', '甲公司'] });
const { ids, send } = env;
const groupCount = async () => (await env.server.services.db.select({ n: count() }).from(groups))[0]!.n;
const groupRow = async (id: string) =>
  (await env.server.services.db.select().from(groups).where(eq(groups.id, id)))[0];

describe('groups', () => {
  let id = '';

  it('creates, lists, reads, edits and offers groups by type in the picker', async () => {
    const created = await send<{ id: string }>('POST', '/api/permission/Group', {
      fullName: '数字专班',
      enCode: 'SZZB',
      type: '工作专班',
    });
    expect(created.code).toBe(200);
    id = created.data.id;
    const list = await send<PagedList<GroupItem>>('GET', '/api/permission/Group?keyword=专班');
    expect(list.data.list.map((g) => g.id)).toEqual([id]);
    expect(list.data.pagination.total).toBe(1);
    const info = (await send<GroupItem>('GET', `/api/permission/Group/${id}`)).data;
    expect(info).toMatchObject({ enCode: 'SZZB', type: '工作专班', enabledMark: 1 });
    expect(
      (await send('PUT', `/api/permission/Group/${id}`, { ...info, fullName: '数字政府专班' })).code,
    ).toBe(200);
    expect((await send('PUT', `/api/permission/Group/${id}`, { ...info, fullName: '旧名' })).code).toBe(400);
    expect((await groupRow(id))!.fullName).toBe('数字政府专班');
    const unknownSort = await send('GET', '/api/permission/Group?sidx=password');
    expect([unknownSort.code, unknownSort.msg]).toEqual([
      400,
      'sidx：只能按以下字段排序：fullName、enCode、sortCode、creatorTime',
    ]);
    expect((await send('GET', '/api/permission/Group?sidx=enCode&sort=asc')).code).toBe(200);
    const tree = await send<{ list: GroupTreeNode[] }>('GET', '/api/permission/Group/Selector');
    expect(tree.data.list).toMatchObject([
      { id: '工作专班', type: 'groupType', children: [{ id, type: 'group' }] },
    ]);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await groupCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '', enCode: 'G1', type: '小组' }, '请输入分组名称'],
      [{ fullName: '小组', enCode: 'G1' }, '请选择分组类型'],
      [{ fullName: '小组', enCode: 'G 1', type: '小组' }, '编码只能包含'],
      [{ fullName: '小组', enCode: 'SZZB', type: '小组' }, '分组编码已存在'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/permission/Group', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await groupCount()).toBe(before);
  });

  it('refuses a user without the page, and grade administrators may read but not change groups', async () => {
    const plain = await signedInUser(env.server, ids.unit);
    expect((await send('GET', '/api/permission/Group', undefined, plain.token)).msg).toBe(
      '您没有此操作的权限，请联系管理员',
    );
    const grade = await signedInUser(env.server, ids.unit);
    await makeGradeAdmin(env.server, grade.id, ids.unit);
    expect((await send('GET', '/api/permission/Group', undefined, grade.token)).code).toBe(200);
    const before = await groupRow(id);
    const info = (await send<GroupItem>('GET', `/api/permission/Group/${id}`)).data;
    for (const [method, path, body] of [
      ['POST', '/api/permission/Group', { fullName: '越权', enCode: 'YQ', type: '小组' }],
      ['PUT', `/api/permission/Group/${id}`, { ...info, fullName: '被改' }],
      ['DELETE', `/api/permission/Group/${id}`],
    ] as const) {
      const answer = await send(method, path, body, grade.token);
      expect(answer.code, `${method} ${path}`).toBe(400);
      expect(answer.msg).toContain('没有权限');
    }
    expect(await groupRow(id)).toEqual(before);
  });

  it('deletes a group with its memberships', async () => {
    const member = await signedInUser(env.server, ids.unit);
    await env.server.services.db
      .insert(userRelations)
      .values({ id: newId(), userId: member.id, objectType: 'Group', objectId: id });
    expect((await send('DELETE', `/api/permission/Group/${id}`)).code).toBe(200);
    expect(await groupRow(id)).toBeUndefined();
    expect(
      await env.server.services.db.select().from(userRelations).where(eq(userRelations.objectId, id)),
    ).toEqual([]);
  });
});
