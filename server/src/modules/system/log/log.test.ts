import type { LogRow } from '@console/shared';
import { count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  md5,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { logs } from '../../../db/schema/index.js';
import { logWriterOf } from './capture.js';
import { LogService } from './service.js';
import { LogWriter } from './writer.js';

let database: TestDatabase;
let server: TestServer;
let token: string;

// Nothing is written until a batch fills or a flush is asked: the test asks, so it never waits on a timer.
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, env: { LOG_FLUSH_MS: '600000', LOG_BATCH_SIZE: '10000' } });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

type Page = { list: LogRow[]; pagination: { total: number } };
const list = (category: number, query = '') =>
  server.request<Page>('GET', `/api/system/Log/${category}?pageSize=500${query}`, { token });
const rowsOf = async (category: number) =>
  (await server.services.db.select({ n: count() }).from(logs).where(eq(logs.category, category)))[0]!.n;

describe('system logs', () => {
  it('queues request and operation logs and writes them only in a batch, with secrets redacted', async () => {
    await logWriterOf(server.services).flush();
    const before = await rowsOf(5);
    const secret = md5('not-the-password');
    const refused = await server.request('POST', '/api/oauth/updatePasswordMessage', {
      token,
      json: { oldPassword: secret, password: md5('Another1'), code: '1234', timestamp: '1' },
    });
    expect(refused.code).toBe(400);
    const saved = await server.request('PUT', '/api/system/Log/Actions/Retention', {
      token,
      json: { days: 30 },
    });
    expect(saved.code).toBe(200);
    // The answers went out; the rows are still in memory.
    expect(await rowsOf(5)).toBe(before);

    await logWriterOf(server.services).flush();
    const requests = await list(5, `&keyword=${encodeURIComponent('/api/system/Log/Actions/Retention')}`);
    expect(requests.code).toBe(200);
    const request = requests.data.list.find((row) => row.requestMethod === 'PUT')!;
    expect(request).toMatchObject({
      requestURL: '/api/system/Log/Actions/Retention',
      userName: '管理员/admin',
    });
    expect(request.requestDuration).toBeGreaterThanOrEqual(0);

    const operations = await list(3);
    const retention = operations.data.list.find(
      (row) => row.requestURL === '/api/system/Log/Actions/Retention',
    )!;
    expect(retention.moduleName).toBe('系统日志');
    expect(JSON.parse(retention.json!)).toEqual({ params: {}, query: {}, body: { days: 30 }, code: 200 });
    const password = operations.data.list.find(
      (row) => row.requestURL === '/api/oauth/updatePasswordMessage',
    )!;
    expect(password.json).not.toContain(secret);
    expect(JSON.parse(password.json!)).toMatchObject({
      body: { oldPassword: '***', password: '***', code: '***', timestamp: '1' },
      code: 400,
    });
    // Nothing of the session token either, in any request or operation row.
    const all = JSON.stringify((await list(5)).data.list) + JSON.stringify(operations.data.list);
    expect(all).not.toContain(token.replace('Bearer ', ''));
  });

  it('lists sign-ins (failed ones too) with filters and paging', async () => {
    await server.loginAnswer('admin', 'wrong-password');
    const page = await server.request<Page>('GET', '/api/system/Log/1?currentPage=1&pageSize=1', { token });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(page.data.list[0]!.loginMark).toBe(0);
    const future = await list(1, `&startTime=${Date.now() + 60_000}`);
    expect(future.data.pagination.total).toBe(0);
    const sorted = await list(1, '&sidx=creatorTime&sort=asc');
    const times = sorted.data.list.map((row) => row.creatorTime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses bad input and changes nothing', async () => {
    await logWriterOf(server.services).flush();
    const before = await server.services.db.select({ n: count() }).from(logs);
    for (const [method, path, json] of [
      ['GET', '/api/system/Log/2', undefined],
      ['GET', '/api/system/Log/1?startTime=yesterday', undefined],
      ['GET', '/api/system/Log/1?sidx=password', undefined],
      ['DELETE', '/api/system/Log', { ids: [] }],
      ['DELETE', '/api/system/Log', { ids: 'all' }],
      ['DELETE', '/api/system/Log/6', undefined],
      ['PUT', '/api/system/Log/Actions/Retention', { days: -1 }],
      ['PUT', '/api/system/Log/Actions/Retention', { days: 'forever' }],
    ] as const) {
      const answer = await server.request(method, path, { token, json });
      expect(answer.code, `${method} ${path}`).toBe(400);
      expect(answer.msg).toBeTruthy();
    }
    const retention = await server.request<{ days: number }>('GET', '/api/system/Log/Actions/Retention', {
      token,
    });
    expect(retention.data.days).toBe(30);
    // The refused requests were logged themselves; nothing else went.
    await logWriterOf(server.services).flush();
    expect((await server.services.db.select({ n: count() }).from(logs))[0]!.n).toBeGreaterThanOrEqual(
      before[0]!.n,
    );
    expect(await rowsOf(1)).toBeGreaterThan(0);
  });

  it('exports the filtered rows as xlsx', async () => {
    const issued = await server.request<{ name: string; url: string }>(
      'GET',
      '/api/system/Log/1/Actions/Export',
      {
        token,
      },
    );
    expect(issued.code).toBe(200);
    expect(issued.data.name).toBe('登录日志.xlsx');
    const file = await fetch(`${server.baseUrl}${issued.data.url}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('登录时间');
    expect(sheet.rowCount - 1).toBe((await list(1)).data.pagination.total);
  });

  it('deletes and clears only with the buttons, and only what was asked', async () => {
    const staffId = await server.addUser('logreader', 'Reader123');
    const staff = await server.login('logreader', 'Reader123');
    const ops = await list(3);
    const victim = ops.data.list[0]!;
    const denied = await server.request('DELETE', '/api/system/Log', {
      token: staff,
      json: { ids: [victim.id] },
    });
    expect(denied.code).toBe(400);
    const deniedClear = await server.request('DELETE', '/api/system/Log/3', { token: staff });
    expect(deniedClear.code).toBe(400);
    expect(await rowsOf(3)).toBe(ops.data.pagination.total);
    expect(staffId).toBeTruthy();

    const removed = await server.request<{ count: number }>('DELETE', '/api/system/Log', {
      token,
      json: { ids: [victim.id] },
    });
    expect(removed.data.count).toBe(1);
    expect((await list(3)).data.list.some((row) => row.id === victim.id)).toBe(false);

    await logWriterOf(server.services).flush();
    const signIns = await rowsOf(1);
    const cleared = await server.request<{ count: number }>('DELETE', '/api/system/Log/5', { token });
    expect(cleared.code).toBe(200);
    expect(await rowsOf(5)).toBe(0);
    expect(await rowsOf(1)).toBe(signIns);
  });

  it('sweeps rows older than the retention, and none when it is 0', async () => {
    const old = Date.now() - 40 * 86_400_000;
    const id = newId();
    await server.services.db.insert(logs).values({ id, category: 1, userName: 'old', creatorTime: old });
    const service = new LogService(server.services.db);
    expect(await service.sweep(0)).toBe(0);
    expect(await service.sweep(30)).toBeGreaterThanOrEqual(1);
    expect(await server.services.db.select().from(logs).where(eq(logs.id, id))).toHaveLength(0);
  });

  it('writes a full batch at once and what is left on close', async () => {
    const writer = new LogWriter(server.services.db, server.app.log, {
      batchSize: 3,
      flushMs: 600_000,
      maxBuffered: 100,
    });
    const mark = `batch-${newId()}`;
    const rows = () => server.services.db.select().from(logs).where(eq(logs.abstracts, mark));
    for (let i = 0; i < 4; i++) writer.add({ id: newId(), category: 5, abstracts: mark });
    await writer.flush().then(() => undefined);
    expect(await rows()).toHaveLength(4);
    writer.add({ id: newId(), category: 5, abstracts: mark });
    await writer.close();
    expect(await rows()).toHaveLength(5);
    writer.add({ id: newId(), category: 5, abstracts: mark });
    await writer.flush();
    expect(await rows()).toHaveLength(5);
  });

  it('keeps rows whose INSERT failed and writes them when the database answers again, also on close (issue #22)', async () => {
    const writer = new LogWriter(server.services.db, server.app.log, {
      batchSize: 10,
      flushMs: 600_000,
      maxBuffered: 100,
    });
    const mark = `retry-${newId()}`;
    const rows = () => server.services.db.select().from(logs).where(eq(logs.abstracts, mark));
    // The table briefly gone makes the INSERT fail for real, as a killed connection does.
    await server.services.db.execute(sql`ALTER TABLE base_log RENAME TO base_log_away`);
    let closing: Promise<void>;
    try {
      writer.add({ id: newId(), category: 5, abstracts: mark });
      await writer.flush();
      writer.add({ id: newId(), category: 5, abstracts: mark });
      closing = writer.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await server.services.db.execute(sql`ALTER TABLE base_log_away RENAME TO base_log`);
    }
    await closing!;
    expect(await rows()).toHaveLength(2);
  });
});

// The 3.4.7 client's log page has an 异常日志 tab (category 4) reading creatorTime, userName,
// ipaddress, moduleName and json (issue #20, item 14).
describe('exception logs', () => {
  it('records an unexpected failure as category 4 and lists, exports and clears it', async () => {
    // A real fault below the route: the table the area page reads is briefly gone.
    await server.services.db.execute(sql`ALTER TABLE base_province RENAME TO base_province_away`);
    let failed: Awaited<ReturnType<typeof server.request>>;
    try {
      failed = await server.request('GET', '/api/system/Area/-1/Info', { token });
    } finally {
      await server.services.db.execute(sql`ALTER TABLE base_province_away RENAME TO base_province`);
    }
    expect(failed.code).toBe(500);
    const requestId = (failed.data as { requestId: string }).requestId;
    await logWriterOf(server.services).flush();

    const page = await server.request<Page>(
      'GET',
      '/api/system/Log/4?currentPage=1&pageSize=20&keyword=&sort=desc&startTime=&endTime=',
      { token },
    );
    expect([page.code, page.msg]).toEqual([200, expect.any(String)]);
    const row = page.data.list.find((r) => r.json?.includes(requestId));
    expect(row).toBeDefined();
    expect(row).toMatchObject({ userName: '管理员/admin', moduleName: '行政区划', ipaddress: '127.0.0.1' });
    expect(row!.json).toContain('base_province');
    expect(typeof row!.creatorTime).toBe('number');

    const exported = await server.request<{ url: string }>('GET', '/api/system/Log/4/Actions/Export', {
      token,
    });
    expect(exported.code, exported.msg).toBe(200);
    const cleared = await server.request('DELETE', '/api/system/Log/4', { token });
    expect(cleared.code).toBe(200);
    expect(await rowsOf(4)).toBe(0);
  });
});
