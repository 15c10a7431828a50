import type { BigDataRow, Pagination } from '@console/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { extBigData } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';
import { BIG_DATA_BATCH } from './routes.js';

let server: TestServer;
let admin: string;
let reader: string;

const rows = async () => (await server.services.db.select({ n: count() }).from(extBigData))[0]?.n ?? 0;
const page = (query: string, token = admin) =>
  server.request<{ list: BigDataRow[]; pagination: Pagination }>('GET', `/api/extend/BigData?${query}`, {
    token,
  });

beforeAll(async () => {
  server = await startServer();
  admin = await server.adminToken();
  const id = await server.addUser('bigdata-reader', 'Passw0rd!');
  await grantPages(server, id, { 'extend.bigData': [] });
  reader = await server.login('bigdata-reader', 'Passw0rd!');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('extend/bigData', () => {
  it('inserts a batch per call and pages over the rows, newest first, with keyword and sort', async () => {
    expect((await page('currentPage=1&pageSize=20')).data.pagination.total).toBe(0);
    const first = await server.request('POST', '/api/extend/BigData', { token: admin });
    expect(first.code).toBe(200);
    expect(first.msg).toBe(`已插入${BIG_DATA_BATCH}条数据，共${BIG_DATA_BATCH}条`);
    const second = await server.request('POST', '/api/extend/BigData', { token: admin });
    expect(second.msg).toMatch(`共${BIG_DATA_BATCH * 2}条`);
    expect(await rows()).toBe(BIG_DATA_BATCH * 2);

    const top = await page('currentPage=1&pageSize=3');
    expect(top.data.pagination).toEqual({ currentPage: 1, pageSize: 3, total: BIG_DATA_BATCH * 2 });
    expect(top.data.list.map((r) => r.enCode)).toEqual(['BD0020000', 'BD0019999', 'BD0019998']);
    const last = await page(`currentPage=${(BIG_DATA_BATCH * 2) / 50}&pageSize=50`);
    expect(last.data.list.at(-1)?.enCode).toBe('BD0000001');

    const found = await page(`keyword=${encodeURIComponent('测试数据1234')}&pageSize=20`);
    expect(found.data.list.map((r) => r.fullName).sort()).toEqual(
      ['测试数据1234', ...Array.from({ length: 10 }, (_, i) => `测试数据1234${i}`)].sort(),
    );
    const ascending = await page('sidx=enCode&sort=asc&pageSize=2');
    expect(ascending.data.list.map((r) => r.enCode)).toEqual(['BD0000001', 'BD0000002']);
  });

  it('refuses unknown sort fields, bad paging and callers without the button, inserting nothing', async () => {
    const before = await rows();
    const badSort = await page('sidx=description');
    expect(badSort.code).toBe(400);
    expect(badSort.msg).toMatch(/只能按以下字段排序/);
    expect((await page('currentPage=0')).code).toBe(400);
    expect((await page('pageSize=abc')).code).toBe(400);
    // The reader holds the page, not its add button.
    expect((await page('currentPage=1', reader)).code).toBe(200);
    const denied = await server.request('POST', '/api/extend/BigData', { token: reader });
    expect(denied.code).toBe(400);
    expect(await rows()).toBe(before);
  });
});
