import type { AreaNode } from '@console/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { areas } from '../../../db/schema/index.js';

let database: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });
const areaCount = async () => (await server.services.db.select({ n: count() }).from(areas))[0]!.n;

describe('seeded areas', () => {
  it("holds China's provinces, cities, districts and streets under '-1'", async () => {
    expect(await areaCount()).toBeGreaterThan(40_000);
    const provinces = await send<{ list: AreaNode[] }>('GET', '/api/system/Area/-1');
    expect(provinces.data.list).toHaveLength(31);
    expect(provinces.data.list[0]).toMatchObject({
      id: '11',
      fullName: '北京市',
      enCode: '11',
      type: 1,
      parentId: '-1',
      isLeaf: false,
      hasChildren: true,
    });
    const districts = await send<{ list: AreaNode[] }>('GET', '/api/system/Area/1101');
    expect(districts.data.list.find((d) => d.id === '110101')).toMatchObject({ fullName: '东城区', type: 3 });
    const streets = await send<{ list: AreaNode[] }>('GET', '/api/system/Area/110101');
    expect(streets.data.list[0]).toMatchObject({ type: 4, isLeaf: true, hasChildren: false });
  });

  it('searches below a parent by keyword', async () => {
    const found = await send<{ list: AreaNode[] }>(
      'GET',
      `/api/system/Area/-1?keyword=${encodeURIComponent('东城区')}`,
    );
    expect(found.data.list.map((a) => a.id)).toContain('110101');
    const inHebei = await send<{ list: AreaNode[] }>(
      'GET',
      `/api/system/Area/13?keyword=${encodeURIComponent('东城区')}`,
    );
    expect(inHebei.data.list.map((a) => a.id)).not.toContain('110101');
  });

  it('answers the names of id paths', async () => {
    const names = await send<string[][]>('POST', '/api/system/Area/GetAreaByIds', {
      idsList: [['11', '1101', '110101'], ['31']],
    });
    expect(names.data).toEqual([['北京市', '市辖区', '东城区'], ['上海市']]);
    expect((await send('POST', '/api/system/Area/GetAreaByIds', { idsList: 'x' })).code).toBe(400);
  });
});

describe('area maintenance', () => {
  it('creates, edits with a version, toggles and deletes; refuses bad input without writing', async () => {
    const before = await areaCount();
    const good = { parentId: '110101', fullName: '测试社区', enCode: 'T110101999', sortCode: 1 };
    for (const [body, message] of [
      [{ ...good, fullName: '' }, '请输入区域名称'],
      [{ ...good, fullName: '区'.repeat(51) }, '区域名称最多为50个字符！'],
      [{ ...good, enCode: '' }, '请输入区域编码'],
      [{ ...good, enCode: '110101001' }, '区域编码已存在'],
      [{ ...good, parentId: 'nowhere' }, '上级区域不存在'],
      [{ ...good, sortCode: -5 }, '排序范围为0-999999'],
      [{ ...good, parentId: '110101001' }, '区域最多为4级'],
    ] as const) {
      const answer = await send('POST', '/api/system/Area', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await areaCount()).toBe(before);

    const created = await send<{ id: string }>('POST', '/api/system/Area', good);
    expect(created.code).toBe(200);
    const info = await send<AreaNode>('GET', `/api/system/Area/${created.data.id}/Info`);
    expect(info.data).toMatchObject({ type: 4, parentId: '110101', version: 0 });
    const selector = await send<{ list: AreaNode[] }>(
      'GET',
      `/api/system/Area/110101/Selector/${created.data.id}`,
    );
    expect(selector.data.list.map((a) => a.id)).not.toContain(created.data.id);
    expect(selector.data.list.length).toBeGreaterThan(0);

    const edit = { ...good, fullName: '测试社区二', version: 0 };
    expect((await send('PUT', `/api/system/Area/${created.data.id}`, edit)).code).toBe(200);
    expect((await send('PUT', `/api/system/Area/${created.data.id}`, edit)).msg).toBe(
      '数据已被他人修改，请刷新后重试',
    );
    expect(
      (
        await send('PUT', '/api/system/Area/11', {
          parentId: '110101',
          fullName: '北京市',
          enCode: '11',
          version: 0,
        })
      ).msg,
    ).toBe('上级不能选择自己或自己的下级');
    expect((await send('PUT', `/api/system/Area/${created.data.id}/Actions/State`)).code).toBe(200);
    expect((await send<AreaNode>('GET', `/api/system/Area/${created.data.id}/Info`)).data.enabledMark).toBe(
      0,
    );

    expect((await send('DELETE', '/api/system/Area/110101')).msg).toBe('该区域下有下级区域，不能删除');
    expect((await send('DELETE', `/api/system/Area/${created.data.id}`)).code).toBe(200);
    expect(await areaCount()).toBe(before);
  });
});
