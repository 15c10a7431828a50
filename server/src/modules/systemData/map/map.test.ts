import type { MapItem } from '@console/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { maps } from '../../../db/schema/index.js';
import { DEMO_MAP } from '../../../db/seed/maps.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
});

const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });

const square = (name: string) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [120, 30],
              [120.1, 30],
              [120.1, 30.1],
              [120, 30],
            ],
          ],
        },
      },
    ],
  });

describe('maps', () => {
  it('serves the demo map in the atlas, adds a child map, and refuses what is not a FeatureCollection', async () => {
    const atlas = await send<{ list: { id: string; enCode: string; children: unknown[] }[] }>(
      'GET',
      '/api/system/atlas',
    );
    const demo = atlas.data.list.find((m) => m.enCode === DEMO_MAP.enCode);
    expect(demo).toBeDefined();
    const geo = await send<{ features: { properties: { name: string } }[] }>(
      'GET',
      `/api/system/atlas/geojson?code=${DEMO_MAP.enCode}`,
    );
    expect(geo.data.features.map((f) => f.properties.name)).toEqual([
      '北山街道',
      '东湖街道',
      '南港街道',
      '西溪街道',
    ]);

    const rows = async () => (await server.services.db.select({ n: count() }).from(maps))[0]!.n;
    const before = await rows();
    const base = { parentId: demo!.id, enCode: '100001001', fullName: '北山街道' };
    const bad: [unknown, RegExp][] = [
      [{ ...base, geoJson: 'not json' }, /不是有效的JSON/],
      [{ ...base, geoJson: '{"type":"Feature"}' }, /FeatureCollection/],
      [{ ...base, geoJson: '{"type":"FeatureCollection","features":[]}' }, /features为空/],
      [
        {
          ...base,
          geoJson: square('x').replace('120.1, 30.1', '200, 30.1').replace('120.1,30.1', '200,30.1'),
        },
        /坐标不正确/,
      ],
      [{ ...base, geoJson: square('x').replace('Polygon', 'Circle') }, /几何类型不支持/],
      [{ ...base, geoJson: 'x'.repeat(800_001) }, /不能超过/],
      [{ ...base, enCode: 'a b', geoJson: square('x') }, /区域编码/],
      [{ ...base, parentId: 'missing', geoJson: square('x') }, /上级地图不存在/],
      [{ ...base, enCode: DEMO_MAP.enCode, geoJson: square('x') }, /区域编码已存在/],
    ];
    for (const [body, message] of bad) {
      const answer = await send('POST', '/api/system/Map', body);
      expect({ code: answer.code, msg: answer.msg }).toEqual({
        code: 400,
        msg: expect.stringMatching(message),
      });
    }
    expect(await rows()).toBe(before);

    const created = await send<{ id: string }>('POST', '/api/system/Map', {
      ...base,
      geoJson: square('北山街道'),
    });
    expect(created.code).toBe(200);
    const tree = await send<{
      list: { enCode: string; hasChildren: boolean; children: { enCode: string }[] }[];
    }>('GET', '/api/system/atlas');
    const parent = tree.data.list.find((m) => m.enCode === DEMO_MAP.enCode)!;
    expect(parent.hasChildren).toBe(true);
    expect(parent.children.map((c) => c.enCode)).toEqual(['100001001']);

    const info = await send<MapItem & { geoJson: string }>('GET', `/api/system/Map/${created.data.id}`);
    const edit = {
      ...base,
      fullName: '北山街道（新）',
      geoJson: info.data.geoJson,
      version: info.data.version,
    };
    expect((await send('PUT', `/api/system/Map/${created.data.id}`, edit)).code).toBe(200);
    const stale = await send('PUT', `/api/system/Map/${created.data.id}`, edit);
    expect(stale).toMatchObject({ code: 400, msg: expect.stringMatching(/已被他人修改/) });
    const loop = await send('PUT', `/api/system/Map/${demo!.id}`, {
      ...DEMO_MAP,
      parentId: created.data.id,
      version: 0,
    });
    expect(loop).toMatchObject({ code: 400, msg: expect.stringMatching(/不能是自己或自己的下级/) });
    expect((await send('DELETE', `/api/system/Map/${demo!.id}`)).msg).toMatch(/下级地图/);
    const list = await send<{ list: MapItem[] }>('GET', '/api/system/Map?keyword=北山');
    expect(list.data.list.map((m) => m.fullName)).toEqual(['北山街道（新）']);
    expect((await send('DELETE', `/api/system/Map/${created.data.id}`)).code).toBe(200);
    expect((await send('GET', '/api/system/atlas/geojson?code=100001001')).code).toBe(400);
  });
});
