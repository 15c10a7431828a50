import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { portalManages } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';

const suite = suiteServer();
let reader: string;
let stranger: string;
let mainSystemId: string;
let otherSystemId: string;
let category: string;
let portalA: string;
let portalB: string;
let disabledPortal: string;

const M = '/api/system/PortalManage';
const { send } = suite;
const rows = async () => (await suite.server.services.db.select({ n: count() }).from(portalManages))[0]!.n;

async function portal(fullName: string, enabledMark = 1) {
  const created = await send<{ id: string }>('POST', '/api/visualdev/Portal', {
    fullName,
    enCode: `pm${Date.now()}${Math.floor(Math.random() * 1000)}`,
    category,
    enabledLock: 0,
    enabledMark,
    formData: JSON.stringify({ layout: [] }),
  });
  expect(created.code, created.msg).toBe(200);
  return created.data.id;
}

interface Item {
  id: string;
  portalId: string;
  fullName: string;
  categoryName: string | null;
  sortCode: number;
  enabledMark: number;
  platform: string;
  creatorUser: string | null;
}

beforeAll(async () => {
  const systems = await send<{ list: { id: string; isMain: number }[] }>('GET', '/api/system/System');
  mainSystemId = systems.data.list.find((s) => s.isMain === 1)!.id;
  const other = await send<{ id: string }>('POST', '/api/system/System', {
    fullName: '销售应用',
    enCode: `sales${Date.now()}`,
    icon: 'icon-ym icon-ym-app',
    sortCode: 1,
    enabledMark: 1,
  });
  expect(other.code, other.msg).toBe(200);
  const list = await send<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
  otherSystemId = other.data?.id ?? list.data.list.find((s) => s.id !== mainSystemId)!.id;
  const categories = await send<{ list: { id: string }[] }>(
    'GET',
    '/api/system/DictionaryData/portalDesigner/Data/Selector',
  );
  category = categories.data.list[0]!.id;
  portalA = await portal('销售门户');
  portalB = await portal('管理门户');
  disabledPortal = await portal('停用门户', 0);
  const readerId = await suite.server.addUser('pmReader', 'Secret#123');
  await grantPages(suite.server, readerId, { 'system.menu': [] });
  reader = await suite.server.login('pmReader', 'Secret#123');
  await suite.server.addUser('pmStranger', 'Secret#123');
  stranger = await suite.server.login('pmStranger', 'Secret#123');
}, 180_000);

describe('portal management of an application', () => {
  it('adds portals per platform, lists, edits with the version, deletes', async () => {
    const picker = await send<{ list: { id: string; fullName: string; categoryName: string }[] }>(
      'GET',
      `/api/visualdev/Portal/manage/Selector/${otherSystemId}?platform=Web&pageSize=50`,
    );
    expect(picker.code, picker.msg).toBe(200);
    const offered = picker.data.list.map((p) => p.id);
    expect(offered).toEqual(expect.arrayContaining([portalA, portalB]));
    expect(offered).not.toContain(disabledPortal);

    const added = await send<{ id: string }>('POST', M, {
      portalId: portalA,
      systemId: otherSystemId,
      platform: 'Web',
      sortCode: 2,
      enabledMark: 1,
      description: '首页',
    });
    expect(added.code, added.msg).toBe(200);
    const second = await send<{ id: string }>('POST', M, {
      portalId: portalB,
      systemId: otherSystemId,
      platform: 'Web',
      sortCode: 1,
    });
    expect(second.code, second.msg).toBe(200);
    const app = await send('POST', M, { portalId: portalA, systemId: otherSystemId, platform: 'App' });
    expect(app.code, app.msg).toBe(200);

    const web = await send<{ list: Item[]; pagination: { total: number } }>(
      'GET',
      `${M}/list/${otherSystemId}?platform=Web`,
    );
    expect(web.code, web.msg).toBe(200);
    expect(web.data.list.map((i) => i.fullName)).toEqual(['管理门户', '销售门户']);
    expect(web.data.pagination.total).toBe(2);
    expect(web.data.list[1]).toMatchObject({ portalId: portalA, enabledMark: 1, platform: 'Web' });
    expect(web.data.list[1]!.categoryName).toBeTruthy();
    expect(web.data.list[1]!.creatorUser).toContain('admin');
    const appList = await send<{ list: Item[] }>('GET', `${M}/list/${otherSystemId}?platform=App`);
    expect(appList.data.list.map((i) => i.portalId)).toEqual([portalA]);
    const searched = await send<{ list: Item[] }>(
      'GET',
      `${M}/list/${otherSystemId}?keyword=${encodeURIComponent('销售')}`,
    );
    expect(searched.data.list.map((i) => i.portalId)).toEqual([portalA]);
    expect((await send<{ list: Item[] }>('GET', `${M}/list/${mainSystemId}`)).data.list).toEqual([]);

    const pickerAfter = await send<{ list: { id: string }[] }>(
      'GET',
      `/api/visualdev/Portal/manage/Selector/${otherSystemId}?platform=Web&pageSize=50`,
    );
    expect(pickerAfter.data.list.map((p) => p.id)).not.toContain(portalA);

    const info = await send<{ version: number; fullName: string; categoryId: string; description: string }>(
      'GET',
      `${M}/${added.data.id}`,
    );
    expect(info.data).toMatchObject({ fullName: '销售门户', categoryId: category, description: '首页' });
    const edited = await send('PUT', `${M}/${added.data.id}`, {
      ...info.data,
      enabledMark: 0,
      sortCode: 0,
    });
    expect(edited.code, edited.msg).toBe(200);
    const stale = await send('PUT', `${M}/${added.data.id}`, { ...info.data, sortCode: 5 });
    expect(stale.code).toBe(400);
    const disabled = await send<{ list: Item[] }>('GET', `${M}/list/${otherSystemId}?enabledMark=0`);
    expect(disabled.data.list.map((i) => i.portalId)).toEqual([portalA]);

    const before = await rows();
    expect((await send('DELETE', `${M}/${second.data.id}`)).code).toBe(200);
    expect(await rows()).toBe(before - 1);
    expect((await send('DELETE', `${M}/${second.data.id}`)).code).toBe(400);
  });

  it('the portal selector of type 1 lists what an application offers, enabled entries only', async () => {
    type Groups = { list: { children?: { id: string }[] }[] };
    const offered = async (platform: string, systemId = otherSystemId, token = stranger) => {
      const answer = await send<Groups>(
        'GET',
        `/api/visualdev/Portal/Selector?type=1&platform=${platform}&systemId=${systemId}`,
        undefined,
        token,
      );
      expect(answer.code, answer.msg).toBe(200);
      return answer.data.list.flatMap((group) => (group.children ?? []).map((c) => c.id));
    };
    // After the first test: portal A offered on App (enabled) and on Web (disabled); B removed.
    expect(await offered('App')).toEqual([portalA]);
    expect(await offered('Web')).toEqual([]);
    expect(await offered('Web', mainSystemId)).toEqual([]);
    const all = await send<Groups>('GET', '/api/visualdev/Portal/Selector?platform=Web', undefined, stranger);
    const ids = all.data.list.flatMap((group) => (group.children ?? []).map((c) => c.id));
    expect(ids).toEqual(expect.arrayContaining([portalA, portalB]));
    expect((await send('GET', '/api/visualdev/Portal/Selector?type=7', undefined, stranger)).code).toBe(400);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ systemId: otherSystemId }, /请选择门户/],
      [{ portalId: portalB }, /systemId/],
      [{ portalId: portalB, systemId: 'no-such-app' }, /应用不存在/],
      [{ portalId: 'no-such-portal', systemId: otherSystemId }, /门户不存在/],
      [{ portalId: disabledPortal, systemId: otherSystemId }, /门户不存在或已停用/],
      [{ portalId: portalA, systemId: otherSystemId, platform: 'App' }, /已添加/],
      [{ portalId: portalB, systemId: otherSystemId, platform: 'Pad' }, /platform/],
      [{ portalId: portalB, systemId: otherSystemId, sortCode: -1 }, /排序/],
      [{ portalId: portalB, systemId: otherSystemId, enabledMark: 3 }, /状态/],
    ];
    for (const [body, message] of cases) {
      const refused = await send('POST', M, body);
      expect(refused.code, JSON.stringify(body)).toBe(400);
      expect(refused.msg).toMatch(message);
    }
    expect((await send('GET', `${M}/list/no-such-app`)).code).toBe(400);
    expect((await send('GET', `${M}/list/${otherSystemId}?platform=Pad`)).code).toBe(400);
    expect((await send('GET', `/api/visualdev/Portal/manage/Selector/no-such-app`)).code).toBe(400);
    expect((await send('GET', `${M}/no-such-id`)).code).toBe(400);
    expect(
      (await send('PUT', `${M}/no-such-id`, { portalId: portalB, systemId: otherSystemId, version: 0 })).code,
    ).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('needs the menu page to read and its buttons to change', async () => {
    const list = await send<{ list: Item[] }>(
      'GET',
      `${M}/list/${otherSystemId}?platform=App`,
      undefined,
      reader,
    );
    expect(list.code, list.msg).toBe(200);
    const id = list.data.list[0]!.id;
    expect(
      (await send('GET', `/api/visualdev/Portal/manage/Selector/${otherSystemId}`, undefined, reader)).code,
    ).toBe(200);
    const before = await rows();
    for (const [method, path, body] of [
      ['POST', M, { portalId: portalB, systemId: otherSystemId, platform: 'App' }],
      ['PUT', `${M}/${id}`, { portalId: portalA, systemId: otherSystemId, platform: 'App', version: 0 }],
      ['DELETE', `${M}/${id}`, undefined],
    ] as const) {
      const refused = await send(method, path, body, reader);
      expect(refused.code, `${method} ${path}`).toBe(400);
    }
    for (const path of [
      `${M}/list/${otherSystemId}`,
      `${M}/${id}`,
      `/api/visualdev/Portal/manage/Selector/${otherSystemId}`,
    ])
      expect((await send('GET', path, undefined, stranger)).code, path).not.toBe(200);
    expect(await rows()).toBe(before);
  });

  it('drops a portal’s assignments when the portal is deleted', async () => {
    const temp = await portal('临时门户');
    expect((await send('POST', M, { portalId: temp, systemId: mainSystemId })).code).toBe(200);
    const before = await rows();
    expect((await send('DELETE', `/api/visualdev/Portal/${temp}`)).code).toBe(200);
    expect(await rows()).toBe(before - 1);
  });
});
