import type { DataScreenItem } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import {
  authorizes,
  dataInterfaces,
  dataScreens,
  modules,
  roles,
  userRelations,
} from '../../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../../db/seed/menus.js';

const BASE = '/api/visualdev/DataScreen';
const suite = suiteServer();
const { send } = suite;
const screenCount = async () =>
  (await suite.server.services.db.select({ n: count() }).from(dataScreens))[0]!.n;

/** An interface row (setup): static data answering rows by district. */
async function addInterface(enabledMark: number) {
  const id = newId();
  await suite.server.services.db.insert(dataInterfaces).values({
    id,
    categoryId: 'test',
    fullName: `大屏接口${enabledMark}`,
    enCode: `screen${id.slice(-8)}`,
    dataType: 2,
    query: JSON.stringify([
      { area: '东城区', value: 12 },
      { area: '西城区', value: 7 },
    ]),
    enabledMark,
  });
  return id;
}

const chart = (over: Record<string, unknown> = {}) => ({
  id: 'bar1',
  type: 'bar',
  x: 10,
  y: 10,
  w: 400,
  h: 300,
  data: { kind: 'static', json: '[{"name":"A","value":3}]' },
  mapping: { category: 'name', series: ['value'] },
  ...over,
});
const design = (components: unknown[], over: Record<string, unknown> = {}) =>
  JSON.stringify({ width: 1920, height: 1080, components, ...over });
const body = (components: unknown[] = [chart()], over: Record<string, unknown> = {}) => ({
  fullName: '运行大屏',
  category: '城市',
  design: design(components),
  ...over,
});

describe('data screens', () => {
  it('refuses bad screens with 400 and a message, saving nothing', async () => {
    const disabled = await addInterface(0);
    const before = await screenCount();
    const refusals: [unknown, string][] = [
      [body([chart({ type: 'hologram' })]), '未知的组件类型“hologram”'],
      [body([chart(), chart()]), '组件编号“bar1”重复'],
      [body([chart({ type: 'clock' })]), '不显示数据，不能绑定数据'],
      [body([chart({ data: { kind: 'static', json: '{' } })]), '静态数据不是有效的 JSON'],
      [body(Array.from({ length: 201 }, (_, i) => chart({ id: `c${i}`, data: undefined }))), '组件过多'],
      [
        body([chart({ data: { kind: 'static', json: JSON.stringify({ s: 'x'.repeat(70 * 1024) }) } })]),
        '静态数据过大',
      ],
      [
        {
          ...body(),
          design: design([chart({ style: { pad: 'y'.repeat(1900) } })]).repeat(1) + ' '.repeat(600 * 1024),
        },
        '大屏设计过大',
      ],
      [
        body([chart({ type: 'iframe', data: undefined, style: { src: 'javascript:alert(1)' } })]),
        '地址只能是',
      ],
      [body([chart({ refresh: 1 })]), '刷新间隔至少 5 秒'],
      [body([chart({ data: { kind: 'interface', interfaceId: 'nope' } })]), '绑定的数据接口不存在'],
      [
        body([
          chart({
            data: { kind: 'interface', interfaceId: 'x', params: [{ field: 'a', fromFilter: 'f9' }] },
          }),
        ]),
        '筛选组件“f9”不存在',
      ],
      [{ ...body(), design: '{' }, '大屏设计不是有效的 JSON'],
      [{ ...body(), fullName: '' }, '请输入名称'],
    ];
    for (const [json, msg] of refusals) {
      const answer = await send('POST', BASE, json);
      expect(answer.code, msg).toBe(400);
      expect(answer.msg).toContain(msg);
    }

    // A designer who does not manage data interfaces may not bind a disabled one, nor write SQL.
    const userId = await suite.server.addUser('screenDesigner', 'Passw0rd1');
    await grantMenu(userId, 'onlineDev.dataScreen', ['btn_add', 'btn_edit']);
    const designer = await suite.server.login('screenDesigner', 'Passw0rd1');
    const onDisabled = await send(
      'POST',
      BASE,
      body([chart({ data: { kind: 'interface', interfaceId: disabled, params: [] } })]),
      designer,
    );
    expect(onDisabled.code).toBe(400);
    expect(onDisabled.msg).toContain('已停用，只有数据接口管理者可以使用');
    const sql = await send(
      'POST',
      BASE,
      body([chart({ data: { kind: 'sql', dbLinkId: '0', sql: 'SELECT 1 AS value', params: [] } })]),
      designer,
    );
    expect(sql.code).toBe(400);
    expect(sql.msg).toContain('只有管理员或数据接口管理者可以编写 SQL 数据集');
    // The administrator may use it; a write through SQL is refused by the read-only guard.
    const write = await send(
      'POST',
      BASE,
      body([chart({ data: { kind: 'sql', dbLinkId: '0', sql: 'DELETE FROM base_user', params: [] } })]),
    );
    expect(write.code).toBe(400);
    expect(write.msg).toContain('SQL 数据集有误');
    expect(await screenCount()).toBe(before);

    const ok = await send('POST', BASE, body(), designer);
    expect(ok.code, ok.msg).toBe(200);
  }, 300_000);

  it('lists, edits at the version, copies, exports and imports, releases into the Selector', async () => {
    const made = await send<{ id: string }>(
      'POST',
      BASE,
      body([chart()], { fullName: '交通大屏', category: '交通' }),
    );
    expect(made.code, made.msg).toBe(200);
    const id = made.data.id;
    const info = (await send<DataScreenItem>('GET', `${BASE}/${id}`)).data;
    expect(info.state).toBe(0);
    const edited = await send('PUT', `${BASE}/${id}`, {
      ...body([chart({ x: 50 })], { fullName: '交通大屏' }),
      category: '交通',
      version: info.version,
    });
    expect(edited.code, edited.msg).toBe(200);
    const stale = await send('PUT', `${BASE}/${id}`, { ...body(), version: info.version });
    expect(stale.code).toBe(400);

    const list = await send<{ list: DataScreenItem[]; categories: string[]; pagination: { total: number } }>(
      'GET',
      `${BASE}?keyword=${encodeURIComponent('交通')}&category=${encodeURIComponent('交通')}&pageSize=5`,
    );
    expect(list.data.list.map((s) => s.id)).toEqual([id]);
    expect(list.data.categories).toContain('交通');

    // Not released yet: not offered to menus, the viewer refuses.
    const selector = () =>
      send<{ list: { id: string; fullName: string; children: { id: string; fullName: string }[] }[] }>(
        'GET',
        '/api/blade-visual/visual/Selector',
      );
    expect((await selector()).data.list.flatMap((c) => c.children).some((s) => s.id === id)).toBe(false);
    expect((await send('GET', `${BASE}/${id}/View`)).msg).toBe('该大屏尚未发布');
    expect((await send('PUT', `${BASE}/${id}/Actions/Release`)).code).toBe(200);
    const tree = (await selector()).data.list;
    const group = tree.find((c) => c.fullName === '交通');
    expect(group?.children).toEqual([{ id, fullName: '交通大屏' }]);
    expect(group?.id).toBeTypeOf('string');

    const exported = await send<Record<string, unknown>>('GET', `${BASE}/${id}/Actions/Export`);
    expect(exported.data.kind).toBe('dataScreen');
    const before = await screenCount();
    const bad = await send('POST', `${BASE}/Actions/Import`, {
      file: { ...exported.data, design: { components: [chart({ type: 'evil' })] } },
    });
    expect(bad.code).toBe(400);
    expect(await screenCount()).toBe(before);
    const imported = await send<{ id: string }>('POST', `${BASE}/Actions/Import`, { file: exported.data });
    expect(imported.code, imported.msg).toBe(200);
    const copy = await send<{ id: string }>('POST', `${BASE}/${id}/Actions/Copy`);
    expect(copy.code).toBe(200);
    expect(await screenCount()).toBe(before + 2);
    expect((await send('DELETE', `${BASE}/${copy.data.id}`)).code).toBe(200);
  }, 300_000);

  it('shows a released screen to holders of its type 6 menu and runs bindings as the viewer', async () => {
    const iface = await addInterface(1);
    const components = [
      chart({ id: 'map1', type: 'map', data: { kind: 'interface', interfaceId: iface, params: [] } }),
      chart({
        id: 'sql1',
        type: 'scrollTable',
        data: { kind: 'sql', dbLinkId: '0', sql: "SELECT 'a' AS name, 3 AS value", params: [] },
      }),
      chart({ id: 'bar1' }),
    ];
    const made = await send<{ id: string }>('POST', BASE, body(components));
    expect(made.code, made.msg).toBe(200);
    const id = made.data.id;
    await send('PUT', `${BASE}/${id}/Actions/Release`);

    const userId = await suite.server.addUser('screenViewer', 'Passw0rd1');
    const viewer = await suite.server.login('screenViewer', 'Passw0rd1');
    expect((await send('GET', `${BASE}/${id}/View`, undefined, viewer)).msg).toBe(
      '您没有此操作的权限，请联系管理员',
    );
    expect((await send('POST', `${BASE}/${id}/Data/map1`, {}, viewer)).code).toBe(400);

    const db = suite.server.services.db;
    const [parent] = await db.select().from(modules).where(eq(modules.enCode, 'onlineDev'));
    const menuCode = `screen${Date.now()}`;
    await db.insert(modules).values({
      id: newId(),
      systemId: parent!.systemId,
      parentId: parent!.id,
      type: 6,
      fullName: '测试大屏',
      enCode: menuCode,
      category: 'Web',
      urlAddress: `dataScreen/${menuCode}`,
      propertyJson: JSON.stringify({ moduleId: id }),
      enabledMark: 1,
      creatorTime: Date.now(),
    });
    await grantMenu(userId, menuCode, []);
    const shown = await send<{ design: { components: { id: string }[] } }>(
      'GET',
      `${BASE}/${id}/View`,
      undefined,
      viewer,
    );
    expect(shown.code, shown.msg).toBe(200);
    expect(shown.data.design.components.map((c) => c.id)).toEqual(['map1', 'sql1', 'bar1']);
    // The draft is the designers' only.
    expect((await send('GET', `${BASE}/${id}/View?draft=1`, undefined, viewer)).code).toBe(400);
    const map = await send('POST', `${BASE}/${id}/Data/map1`, {}, viewer);
    expect(map.data).toEqual([
      { area: '东城区', value: 12 },
      { area: '西城区', value: 7 },
    ]);
    const rows = await send('POST', `${BASE}/${id}/Data/sql1`, {}, viewer);
    expect(rows.code, rows.msg).toBe(200);
    expect(rows.data).toEqual([{ name: 'a', value: 3 }]);
    expect((await send('POST', `${BASE}/${id}/Data/bar1`, {}, viewer)).data).toEqual([
      { name: 'A', value: 3 },
    ]);
    expect((await send('POST', `${BASE}/${id}/Data/nope`, {}, viewer)).msg).toBe('组件“nope”不存在');

    // The seeded demo screen is released and its map reads the demo district's streets.
    const demo = await send<{ design: { components: { id: string; type: string }[] } }>(
      'GET',
      `${BASE}/${DEMO_GENERATED_MODULE_IDS.dataScreen}/View`,
    );
    expect(demo.code, demo.msg).toBe(200);
    expect(demo.data.design.components.map((c) => c.type)).toEqual(
      expect.arrayContaining(['map', 'bar', 'ring', 'area', 'scrollTable']),
    );
    const streets = await send<{ area: string }[]>(
      'POST',
      `${BASE}/${DEMO_GENERATED_MODULE_IDS.dataScreen}/Data/map`,
      {},
    );
    expect(streets.data.map((r) => r.area)).toEqual(['100001001', '100001002', '100001003', '100001004']);

    // A screen a menu uses is not deleted.
    expect((await send('DELETE', `${BASE}/${id}`)).msg).toBe(
      '该大屏已被菜单使用，请先删除对应菜单再删除大屏',
    );
  }, 300_000);
});

/** Setup: a role holding the menu `enCode` (and buttons) given to the user. */
async function grantMenu(userId: string, enCode: string, buttonCodes: string[]) {
  const db = suite.server.services.db;
  const [menu] = await db.select().from(modules).where(eq(modules.enCode, enCode));
  const roleId = newId();
  await db
    .insert(roles)
    .values({ id: roleId, fullName: `角色${enCode}`, enCode: `role${newId().slice(-10)}` });
  await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
  await db
    .insert(authorizes)
    .values({ id: newId(), itemType: 'module', itemId: menu!.id, objectType: 'Role', objectId: roleId });
  const { moduleButtons } = await import('../../../db/schema/index.js');
  const buttons = await db.select().from(moduleButtons).where(eq(moduleButtons.moduleId, menu!.id));
  for (const b of buttons.filter((b) => buttonCodes.includes(b.enCode)))
    await db
      .insert(authorizes)
      .values({ id: newId(), itemType: 'button', itemId: b.id, objectType: 'Role', objectId: roleId });
}
