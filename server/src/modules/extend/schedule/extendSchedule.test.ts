import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { extSchedules } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';
import { formatChinaTime, parseChinaTime } from './routes.js';

let server: TestServer;
let admin: string;
let other: string;

interface Item {
  id: string;
  content: string;
  startTime: number;
  endTime: number;
  early: number;
  appAlert: number;
  mailAlert: number;
  colour: string;
  version: number;
}

const entry = (overrides: Record<string, unknown> = {}) => ({
  content: '区长办公会',
  startTime: '2026-12-08 09:00',
  endTime: '2026-12-08 11:30',
  early: 2,
  appAlert: 1,
  weChatAlert: 0,
  mailAlert: true,
  mobileAlert: 0,
  colour: '#f5222d',
  ...overrides,
});
const rows = async () => server.services.db.select().from(extSchedules).orderBy(extSchedules.id);

beforeAll(async () => {
  server = await startServer();
  admin = await server.adminToken();
  const otherId = await server.addUser('schedule-other', 'Passw0rd!');
  await grantPages(server, otherId, { 'extend.schedule': ['btn_add', 'btn_edit', 'btn_remove'] });
  other = await server.login('schedule-other', 'Passw0rd!');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('extend/Schedule', () => {
  it('reads "yyyy-MM-dd HH:mm" as China time', () => {
    expect(parseChinaTime('2026-12-08 09:00')).toBe(Date.UTC(2026, 11, 8, 1, 0));
    expect(formatChinaTime(Date.UTC(2026, 11, 8, 1, 0))).toBe('2026-12-08 09:00');
    expect(parseChinaTime('2026-02-30 09:00')).toBeNaN();
  });

  it('keeps my entries: create, list by range, app day and month views, edit, delete', async () => {
    const created = await server.request<{ id: string }>('POST', '/api/extend/Schedule', {
      token: admin,
      json: entry(),
    });
    expect(created.code).toBe(200);
    const id = created.data.id;
    const list = await server.request<{ list: Item[] }>(
      'GET',
      '/api/extend/Schedule?startTime=2026-11-30 00:00&endTime=2027-01-11 00:00',
      { token: admin },
    );
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      id,
      content: '区长办公会',
      startTime: Date.UTC(2026, 11, 8, 1, 0),
      early: 2,
      appAlert: 1,
      mailAlert: 1,
      colour: '#f5222d',
    });
    const outside = await server.request<{ list: Item[] }>(
      'GET',
      '/api/extend/Schedule?startTime=2026-12-09 00:00&endTime=2026-12-31 00:00',
      { token: admin },
    );
    expect(outside.data.list).toHaveLength(0);
    const day = await server.request<{ list: Item[] }>(
      'GET',
      '/api/extend/Schedule/AppDayList?date=2026-12-08',
      { token: admin },
    );
    expect(day.data.list.map((i) => i.id)).toEqual([id]);
    const month = await server.request<{ list: { date: string; count: number }[] }>(
      'GET',
      '/api/extend/Schedule/AppList?month=2026-12',
      { token: admin },
    );
    expect(month.data.list).toEqual([{ date: '2026-12-08', count: 1 }]);

    // Someone else neither sees nor changes it.
    expect((await server.request('GET', `/api/extend/Schedule/${id}`, { token: other })).code).toBe(400);
    expect((await server.request('DELETE', `/api/extend/Schedule/${id}`, { token: other })).code).toBe(400);
    const theirs = await server.request<{ list: Item[] }>(
      'GET',
      '/api/extend/Schedule?startTime=2026-11-30 00:00&endTime=2027-01-11 00:00',
      { token: other },
    );
    expect(theirs.data.list).toHaveLength(0);

    const info = await server.request<Item>('GET', `/api/extend/Schedule/${id}`, { token: admin });
    const put = await server.request('PUT', `/api/extend/Schedule/${id}`, {
      token: admin,
      json: {
        ...info.data,
        content: '区长办公会（改期）',
        startTime: '2026-12-09 14:00',
        endTime: '2026-12-09 16:00',
      },
    });
    expect(put.code).toBe(200);
    const edited = await server.request<Item>('GET', `/api/extend/Schedule/${id}`, { token: admin });
    expect(edited.data).toMatchObject({
      content: '区长办公会（改期）',
      startTime: Date.UTC(2026, 11, 9, 6, 0),
      version: 1,
    });
    expect(
      (await server.request('PUT', `/api/extend/Schedule/${id}`, { token: admin, json: { ...info.data } }))
        .code,
    ).toBe(400);
    expect((await server.request('DELETE', `/api/extend/Schedule/${id}`, { token: admin })).code).toBe(200);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await rows();
    const bad = [
      entry({ content: '' }),
      entry({ startTime: '明天' }),
      entry({ endTime: '2026-12-08 08:00' }),
      entry({ colour: 'red' }),
      entry({ early: -1 }),
      entry({ appAlert: 3 }),
    ];
    for (const json of bad) {
      const res = await server.request('POST', '/api/extend/Schedule', { token: admin, json });
      expect(res.code, JSON.stringify(json)).toBe(400);
      expect(res.msg.length).toBeGreaterThan(2);
    }
    expect(
      (await server.request('GET', '/api/extend/Schedule?startTime=x&endTime=y', { token: admin })).code,
    ).toBe(400);
    expect(
      (await server.request('GET', '/api/extend/Schedule/AppList?month=2026-13', { token: admin })).code,
    ).toBe(400);
    expect(await rows()).toEqual(before);
  });
});
