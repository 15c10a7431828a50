import type { DictionaryDataNode, PortalAuth, PortalItem } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { authorizes, modules, portals, roles, userRelations } from '../../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../../db/seed/menus.js';
import { DEMO_INTERFACE_IDS } from '../seed-report-portal.js';

const BASE = '/api/visualdev/Portal';
const PORTAL = DEMO_GENERATED_MODULE_IDS.leaderPortal;

const suite = suiteServer();
let category: string;

beforeAll(async () => {
  const categories = await send<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/portalDesigner/Data/Selector',
  );
  category = categories.data.list[0]!.id;
}, 300_000);

const { send } = suite;
const portalCount = async () => (await suite.server.services.db.select({ n: count() }).from(portals))[0]!.n;

const layout = (x: number) =>
  JSON.stringify({ layout: [{ i: 'a', x, y: 0, w: 6, h: 4, jnpfKey: 'card', title: '卡片' }] });
const body = (over: Record<string, unknown> = {}) => ({
  fullName: '办公门户',
  enCode: `office${Date.now()}`,
  category,
  enabledLock: 0,
  formData: layout(0),
  ...over,
});

describe('visual portals', () => {
  it('creates, edits with the version, copies, deletes; refuses bad input with nothing written', async () => {
    const before = await portalCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '请输入门户名称'],
      [{ category: 'nope' }, '门户分类不存在'],
      [{ formData: '{' }, 'formData 不是有效的 JSON'],
      [{ formData: layout(20) }, '组件超出了24列的宽度'],
      [
        {
          formData: JSON.stringify({
            layout: [
              { i: 'a', x: 0, y: 0, w: 2, h: 2, jnpfKey: 'card' },
              { i: 'a', x: 4, y: 0, w: 2, h: 2, jnpfKey: 'card' },
            ],
          }),
        },
        '组件标识重复：a',
      ],
      [{ type: 1, customUrl: '' }, '自定义门户请填写页面或链接地址'],
      [{ type: 1, customUrl: 'javascript:alert(1)' }, '链接地址须以'],
    ];
    for (const [over, msg] of refusals) {
      const answer = await send('POST', BASE, body(over));
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(msg);
    }
    expect(await portalCount()).toBe(before);

    const made = await send<{ id: string }>('POST', BASE, body());
    expect(made.code, made.msg).toBe(200);
    const info = (await send<PortalItem>('GET', `${BASE}/${made.data.id}`)).data;
    expect(info.categoryName).toBe('领导门户');
    const edited = await send('PUT', `${BASE}/${made.data.id}`, {
      ...body({ enCode: info.enCode }),
      version: info.version,
    });
    expect(edited.code, edited.msg).toBe(200);
    expect(
      (
        await send('PUT', `${BASE}/${made.data.id}`, {
          ...body({ enCode: info.enCode }),
          version: info.version,
        })
      ).msg,
    ).toBe('数据已被他人修改，请刷新后重试');
    const list = await send<{ list: PortalItem[] }>('GET', `${BASE}?keyword=办公门户`);
    expect(list.data.list.map((p) => p.id)).toContain(made.data.id);
    const copy = await send<{ id: string }>('POST', `${BASE}/${made.data.id}/Actions/Copy`);
    expect((await send<PortalItem>('GET', `${BASE}/${copy.data.id}`)).data.enabledMark).toBe(0);
    expect((await send('DELETE', `${BASE}/${copy.data.id}`)).code).toBe(200);
  });

  it('exports a .vp file and imports it; a bad file changes nothing', async () => {
    const exported = await send<{ name: string; url: string }>(
      'POST',
      `${BASE}/${PORTAL}/Actions/ExportData`,
    );
    expect(exported.data.name).toBe('领导驾驶舱.vp');
    const file = await (await fetch(`${suite.server.baseUrl}${exported.data.url}`)).text();
    const upload = async (content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), 'portal.vp');
      const response = await fetch(`${suite.server.baseUrl}${BASE}/Model/Actions/ImportData`, {
        method: 'POST',
        headers: { authorization: suite.admin },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string };
    };
    const before = await portalCount();
    expect((await upload('not json')).msg).toBe('导入文件格式错误：不是有效的门户文件(.vp)');
    expect((await upload(JSON.stringify({ ...JSON.parse(file), formData: layout(23) }))).code).toBe(400);
    expect(await portalCount()).toBe(before);
    const imported = await upload(file);
    expect(imported.code, imported.msg).toBe(200);
    expect(await portalCount()).toBe(before + 1);
  });

  it('releases to a type-8 menu; a granted user sees it, keeps an own layout, and others cannot', async () => {
    const db = suite.server.services.db;
    const [parent] = await db.select().from(modules).where(eq(modules.enCode, 'demo.generated'));
    const made = await send<{ id: string }>('POST', BASE, body({ enCode: `released${Date.now()}` }));
    const bad = await send('PUT', `${BASE}/Actions/release/${made.data.id}`, { pcModuleParentId: 'nope' });
    expect(bad.msg).toBe('上级菜单不存在，或不是目录/分类，请重新选择');
    const released = await send('PUT', `${BASE}/Actions/release/${made.data.id}`, {
      pcModuleParentId: parent!.id,
    });
    expect(released.code, released.msg).toBe(200);
    const [menu] = await db
      .select()
      .from(modules)
      .where(eq(modules.propertyJson, JSON.stringify({ moduleId: made.data.id, isTree: 0 })));
    expect(menu!.type).toBe(8);
    expect((await send('DELETE', `${BASE}/${made.data.id}`)).msg).toBe(
      '该门户已发布到菜单，请先删除对应菜单再删除门户',
    );

    const userId = await suite.server.addUser('portalViewer', 'Passw0rd1');
    const viewer = await suite.server.login('portalViewer', 'Passw0rd1');
    expect((await send('GET', `${BASE}/${made.data.id}/auth`, undefined, viewer)).msg).toBe(
      '您没有此操作的权限，请联系管理员',
    );
    expect(
      (await send('PUT', `${BASE}/Custom/Save/${made.data.id}`, { formData: layout(3) }, viewer)).code,
    ).toBe(400);
    const roleId = newId();
    await db.insert(roles).values({ id: roleId, fullName: '门户读者', enCode: `portalRole${Date.now()}` });
    await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
    await db
      .insert(authorizes)
      .values({ id: newId(), itemType: 'module', itemId: menu!.id, objectType: 'Role', objectId: roleId });
    const shown = await send<PortalAuth>('GET', `${BASE}/${made.data.id}/auth`, undefined, viewer);
    expect(shown.code, shown.msg).toBe(200);
    expect(shown.data.isCustom).toBe(0);
    expect(
      (await send('PUT', `${BASE}/Custom/Save/${made.data.id}`, { formData: '{"layout":5}' }, viewer)).code,
    ).toBe(400);
    expect(
      (await send('PUT', `${BASE}/Custom/Save/${made.data.id}`, { formData: layout(3) }, viewer)).code,
    ).toBe(200);
    const mine = (await send<PortalAuth>('GET', `${BASE}/${made.data.id}/auth`, undefined, viewer)).data;
    expect(mine.isCustom).toBe(1);
    expect(JSON.parse(mine.formData).layout[0].x).toBe(3);
    // The designer's layout and other users' views are unchanged.
    expect(
      JSON.parse((await send<PortalAuth>('GET', `${BASE}/${made.data.id}/auth`)).data.formData).layout[0].x,
    ).toBe(0);
    // The design page stays closed to the viewer.
    expect((await send('GET', BASE, undefined, viewer)).code).toBe(400);
  });

  it('refuses an own layout of a locked portal, and sets the default portal', async () => {
    const made = await send<{ id: string }>(
      'POST',
      BASE,
      body({ enCode: `locked${Date.now()}`, enabledLock: 1 }),
    );
    expect((await send('PUT', `${BASE}/Custom/Save/${made.data.id}`, { formData: layout(3) })).msg).toBe(
      '该门户的布局已锁定，不能保存个人布局',
    );
    expect((await send('PUT', `${BASE}/${PORTAL}/Actions/SetDefault?platform=Web`)).code).toBe(200);
    const me = await send<{ userInfo: { portalId: string } }>('GET', '/api/oauth/CurrentUser');
    expect(me.data.userInfo.portalId).toBe(PORTAL);
    const selector = await send<{ list: { children: { id: string }[] }[] }>(
      'GET',
      `${BASE}/Selector?platform=Web`,
    );
    expect(selector.data.list.flatMap((g) => g.children.map((c) => c.id))).toContain(PORTAL);
  });

  it('the demo portal: its widgets name the seeded interfaces, which answer their data', async () => {
    const shown = (await send<PortalAuth>('GET', `${BASE}/${PORTAL}/auth`)).data;
    const keys = JSON.parse(shown.formData).layout.map((w: { jnpfKey: string }) => w.jnpfKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        'dataBoard',
        'barChart',
        'pieChart',
        'lineChart',
        'tableList',
        'todoList',
        'notice',
        'commonFunc',
        'timeAxis',
        'image',
        'text',
      ]),
    );
    const preview = (id: string) =>
      send<Record<string, unknown>[]>('POST', `/api/system/DataInterface/${id}/Actions/Preview`, {
        paramList: [],
      });
    const overview = await preview(DEMO_INTERFACE_IDS.overview);
    expect(overview.code, overview.msg).toBe(200);
    expect(Number(overview.data[0]!.budgetTotal)).toBe(21_160_000);
    expect(Object.keys(overview.data[0]!)).toEqual([
      'organizeCount',
      'positionCount',
      'roleCount',
      'budgetTotal',
    ]);
    const trend = await preview(DEMO_INTERFACE_IDS.trend);
    expect(trend.code, trend.msg).toBe(200);
    expect(trend.data.map((r) => r.quarter)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
  });

  it("answers the todo widget with the caller's own pending approvals", async () => {
    const todo = await send<{ list: unknown[]; pagination: { total: number } }>(
      'GET',
      '/api/visualdev/Dashboard/FlowTodo?pageSize=5',
    );
    expect(todo.code, todo.msg).toBe(200);
    expect(todo.data.pagination.total).toBe(0);
  });
});
