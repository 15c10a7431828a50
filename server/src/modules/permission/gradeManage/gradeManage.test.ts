import type { GradeAdminInfo, GradeAdminItem, GradeTreeNode, OrganizeNode, PagedList } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../core/ids.js';
import {
  authorizes,
  moduleButtons,
  modules,
  organizeAdministrators,
  users,
} from '../../../db/schema/index.js';
import { permissionTestServer, signedInUser } from '../organize/fixtures.js';

const env = permissionTestServer({
  A: ['company', '0', '甲公司'],
  A1: ['department', 'A', '甲一部'],
  B: ['company', '0', '乙公司'],
});
const { ids, send } = env;
const gradeRows = async () =>
  (await env.server.services.db.select({ n: count() }).from(organizeAdministrators))[0]!.n;
const rights = (organizeId: string, extra: Record<string, number> = {}) => ({
  organizeId,
  thisLayerSelect: 1,
  subLayerSelect: 1,
  subLayerAdd: 1,
  subLayerEdit: 1,
  ...extra,
});
const flatten = (nodes: OrganizeNode[]): OrganizeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const menusOf = async (token: string) =>
  JSON.stringify((await send('GET', '/api/oauth/CurrentUser', undefined, token)).data);

describe('grade management', () => {
  let grade: { id: string; token: string };

  it('makes a user grade administrator of a unit: pages, menus and scope follow at once', async () => {
    grade = await signedInUser(env.server, ids.A1);
    expect(await menusOf(grade.token)).not.toContain('permission/organize');
    expect((await send('GET', '/api/permission/Organize', undefined, grade.token)).code).toBe(400);

    const created = await send('POST', '/api/permission/organizeAdminIsTrator', {
      userId: grade.id,
      organizeAdminList: [rights(ids.A)],
    });
    expect(created.code).toBe(200);
    expect(await menusOf(grade.token)).toContain('permission/organize');
    const tree = await send<{ list: OrganizeNode[] }>(
      'GET',
      '/api/permission/Organize',
      undefined,
      grade.token,
    );
    expect(flatten(tree.data.list).map((n) => n.id)).toEqual([ids.A, ids.A1]);

    const list = await send<PagedList<GradeAdminItem>>('GET', '/api/permission/organizeAdminIsTrator');
    expect(list.data.list).toMatchObject([{ id: grade.id, organizeName: '甲公司' }]);
    expect(list.data.pagination.total).toBe(1);
    const info = await send<GradeAdminInfo>('GET', `/api/permission/organizeAdminIsTrator/${grade.id}`);
    expect(info.data.organizeAdminList).toMatchObject([
      { organizeId: ids.A, thisLayerSelect: 1, thisLayerDelete: 0, subLayerAdd: 1 },
    ]);
    const selector = await send<{ list: GradeTreeNode[] }>(
      'GET',
      `/api/permission/organizeAdminIsTrator/Selector/${grade.id}`,
    );
    expect(selector.data.list.find((n) => n.id === ids.A)).toMatchObject({
      thisLayerSelect: 1,
      subLayerEdit: 1,
    });
    expect(selector.data.list.find((n) => n.id === ids.B)).toMatchObject({ thisLayerSelect: 0 });
  });

  it('refuses bad input and writes nothing', async () => {
    const other = await signedInUser(env.server, ids.B);
    const [adminUser] = await env.server.services.db.select().from(users).where(eq(users.account, 'admin'));
    const before = await gradeRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ organizeAdminList: [rights(ids.B)] }, '请选择管理员'],
      [{ userId: other.id, organizeAdminList: [] }, '请选择管理组织'],
      [{ userId: other.id, organizeAdminList: [rights(ids.B), rights(ids.B)] }, '管理组织不能重复'],
      [{ userId: other.id, organizeAdminList: [rights(ids.B, { subLayerAdd: 2 })] }, '权限只能为0或1'],
      [{ userId: other.id, organizeAdminList: [rights(newId())] }, '管理组织不存在'],
      [{ userId: newId(), organizeAdminList: [rights(ids.B)] }, '用户不存在'],
      [{ userId: grade.id, organizeAdminList: [rights(ids.B)] }, '该用户已是分级管理员'],
      [{ userId: adminUser!.id, organizeAdminList: [rights(ids.B)] }, '超级管理员'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/permission/organizeAdminIsTrator', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await gradeRows()).toBe(before);
  });

  it('is for administrators only: a grade administrator lacks the page, a page holder cannot change it', async () => {
    expect((await send('GET', '/api/permission/organizeAdminIsTrator', undefined, grade.token)).msg).toBe(
      '您没有此操作的权限，请联系管理员',
    );
    const holder = await signedInUser(env.server, ids.B);
    const [page] = await env.server.services.db
      .select()
      .from(modules)
      .where(eq(modules.enCode, 'permission.gradeManage'));
    const buttons = await env.server.services.db
      .select()
      .from(moduleButtons)
      .where(eq(moduleButtons.moduleId, page!.id));
    await env.server.services.db.insert(authorizes).values([
      { id: newId(), itemType: 'module', itemId: page!.id, objectType: 'User', objectId: holder.id },
      ...buttons.map((b) => ({
        id: newId(),
        itemType: 'button',
        itemId: b.id,
        objectType: 'User',
        objectId: holder.id,
      })),
    ]);
    expect((await send('GET', '/api/permission/organizeAdminIsTrator', undefined, holder.token)).code).toBe(
      200,
    );
    const before = await gradeRows();
    for (const [method, path, body] of [
      [
        'POST',
        '/api/permission/organizeAdminIsTrator',
        { userId: holder.id, organizeAdminList: [rights(ids.B)] },
      ],
      ['PUT', `/api/permission/organizeAdminIsTrator/${grade.id}`, { organizeAdminList: [rights(ids.B)] }],
      ['DELETE', `/api/permission/organizeAdminIsTrator/${grade.id}`],
    ] as const) {
      const answer = await send(method, path, body, holder.token);
      expect(answer.code, `${method} ${path}`).toBe(400);
      expect(answer.msg).toBe('只有超级管理员才能设置分级管理员');
    }
    expect(await gradeRows()).toBe(before);
  });

  it('replaces the units of a grade administrator and removes it, taking the pages away', async () => {
    const moved = await send('PUT', `/api/permission/organizeAdminIsTrator/${grade.id}`, {
      organizeAdminList: [rights(ids.B)],
    });
    expect(moved.code).toBe(200);
    const tree = await send<{ list: OrganizeNode[] }>(
      'GET',
      '/api/permission/Organize',
      undefined,
      grade.token,
    );
    expect(flatten(tree.data.list).map((n) => n.id)).toEqual([ids.B]);
    expect((await send('GET', `/api/permission/Organize/${ids.A}`, undefined, grade.token)).msg).toContain(
      '没有权限',
    );

    expect((await send('DELETE', `/api/permission/organizeAdminIsTrator/${grade.id}`)).code).toBe(200);
    expect(await gradeRows()).toBe(0);
    expect((await send('GET', '/api/permission/Organize', undefined, grade.token)).code).toBe(400);
    expect(await menusOf(grade.token)).not.toContain('permission/organize');
    expect((await send('DELETE', `/api/permission/organizeAdminIsTrator/${grade.id}`)).msg).toBe(
      '该用户不是分级管理员',
    );
  });
});
