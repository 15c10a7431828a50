import { createServer, type Server } from 'node:http';
import type { TaskInfo, TaskListItem, TaskLogRow, TaskMethod } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { timeTaskLogs, timeTasks } from '../../../db/schema/index.js';
import { type RunResult, taskSchedulerOf } from './scheduler.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let target: Server;
let targetUrl: string;
const hits: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  // The HTTP action's target: a local server, reachable because OUTBOUND_ALLOW names loopback.
  target = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hits.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.statusCode = req.url?.startsWith('/fail') ? 503 : 200;
      res.end(req.url?.startsWith('/fail') ? 'down for maintenance' : '{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  targetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  database = await createTestDatabase();
  // The scheduler does not tick by itself here: the tests tick it with the times they choose.
  server = await startServer({
    database,
    env: { TASK_SCHEDULER_INTERVAL_MS: '0', OUTBOUND_ALLOW: '127.0.0.1' },
  });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => target?.close(resolve));
});

const MINUTE = 60_000;
const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });
const taskCount = async () => (await server.services.db.select({ n: count() }).from(timeTasks))[0]!.n;
const content = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    cron: '0 * * * * ?',
    startTime: Date.now() - MINUTE,
    endTime: null,
    url: `${targetUrl}/hook`,
    method: 'POST',
    body: '{"a":1}',
    ...overrides,
  });
const body = (overrides: Record<string, unknown> = {}, contentOverrides: Record<string, unknown> = {}) => ({
  fullName: '同步通讯录',
  enCode: `sync.${Math.random().toString(36).slice(2, 8)}`,
  executeType: '4',
  executeContent: content(contentOverrides),
  enabledMark: 1,
  description: '每分钟',
  sortCode: 0,
  ...overrides,
});
async function createTask(
  overrides: Record<string, unknown> = {},
  contentOverrides: Record<string, unknown> = {},
) {
  const answer = await send<{ id: string }>('POST', '/api/scheduletask', body(overrides, contentOverrides));
  if (answer.code !== 200) throw new Error(answer.msg);
  return answer.data.id;
}
const taskRow = async (id: string) =>
  (await server.services.db.select().from(timeTasks).where(eq(timeTasks.id, id)))[0]!;
const logsOf = async (id: string) =>
  (
    await send<{ list: TaskLogRow[]; pagination: { total: number } }>(
      'GET',
      `/api/scheduletask/${id}/TaskLog?pageSize=100`,
    )
  ).data;

describe('scheduled tasks', () => {
  it('refuses bad input with a message and writes nothing', async () => {
    const before = await taskCount();
    const cases: [Record<string, unknown>, Record<string, unknown>, RegExp][] = [
      [{}, { cron: 'every minute please' }, /6或7个字段/],
      [{}, { cron: '0 * * * * ? * *' }, /6或7个字段/],
      [{}, { cron: '99 * * * * ?' }, /Cron表达式不正确/],
      [{}, { cron: '* * * * * ?' }, /间隔不能少于10秒/],
      [{}, { cron: '0 0 12 1 1 ? 2020' }, /不会运行/],
      [{}, { startTime: Date.now(), endTime: Date.now() - 1000 }, /结束时间必须晚于开始时间/],
      [{}, { startTime: 'soon' }, /毫秒时间戳/],
      [{}, { url: 'ftp://example.com/x' }, /请求地址/],
      [{}, { method: 'PATCH' }, /请求方式/],
      [{ executeType: '3' }, { localHostTaskId: 'rm -rf' }, /不存在/],
      [{ executeType: '9' }, {}, /执行类型/],
      [{ executeContent: '{not json' }, {}, /不是有效的JSON/],
      [{ enCode: '.bad.' }, {}, /编码只能包含/],
      [{ fullName: '' }, {}, /请输入任务名称/],
    ];
    for (const [fields, contentFields, message] of cases) {
      const answer = await send('POST', '/api/scheduletask', body(fields, contentFields));
      expect(answer.code, JSON.stringify([fields, contentFields])).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    expect(await taskCount()).toBe(before);
    const id = await createTask();
    const info = (await send<TaskInfo>('GET', `/api/scheduletask/Info/${id}`)).data;
    const junk = await send('PUT', `/api/scheduletask/${id}`, {
      ...body(),
      executeContent: content({ cron: 'junk' }),
      version: info.version,
    });
    expect(junk.code).toBe(400);
    expect((await taskRow(id)).cron).toBe('0 * * * * ?');
    const stale = await send('PUT', `/api/scheduletask/${id}`, { ...body(), version: info.version + 5 });
    expect(stale.code).toBe(400);
    expect((await taskRow(id)).fullName).toBe('同步通讯录');
    expect((await send('GET', '/api/scheduletask/Info/nope')).code).toBe(400);
    expect((await send('GET', `/api/scheduletask/${id}/TaskLog?runResult=7`)).code).toBe(400);
    await send('DELETE', `/api/scheduletask/${id}`);
  });

  it('creates, lists, edits, stops, starts and deletes', async () => {
    const id = await createTask({ fullName: '推送日报' }, { cron: '0 0/15 9-17 ? * 2-6' });
    const page = await send<{ list: TaskListItem[] }>(
      'GET',
      `/api/scheduletask?keyword=${encodeURIComponent('推送日报')}`,
    );
    const item = page.data.list[0]!;
    expect(item).toMatchObject({ id, fullName: '推送日报', runCount: 0, enabledMark: 1, lastRunTime: null });
    // Quartz day of week: 2-6 is Monday to Friday, between 09:00 and 17:45 every quarter hour.
    const next = new Date(item.nextRunTime!);
    expect([1, 2, 3, 4, 5]).toContain(next.getDay());
    expect(next.getMinutes() % 15).toBe(0);
    expect(next.getHours()).toBeGreaterThanOrEqual(9);

    const info = (await send<TaskInfo>('GET', `/api/scheduletask/Info/${id}`)).data;
    expect(JSON.parse(info.executeContent)).toMatchObject({ cron: '0 0/15 9-17 ? * 2-6', method: 'POST' });
    const edited = await send('PUT', `/api/scheduletask/${id}`, {
      ...body({ fullName: '推送周报', enCode: info.enCode }),
      version: info.version,
    });
    expect(edited.code).toBe(200);
    expect((await taskRow(id)).fullName).toBe('推送周报');

    expect((await send('PUT', `/api/scheduletask/${id}/Actions/Stop`)).code).toBe(200);
    expect(await taskRow(id)).toMatchObject({ enabledMark: 0, nextRunTime: null });
    expect((await send('PUT', `/api/scheduletask/${id}/Actions/Enable`)).code).toBe(200);
    expect((await taskRow(id)).nextRunTime).toBeGreaterThan(Date.now());

    const methods = await send<TaskMethod[]>('GET', '/api/scheduletask/TaskMethods');
    expect(methods.data.map((m) => m.id)).toContain('log.retention');
    const duplicate = await send('POST', '/api/scheduletask', body({ enCode: info.enCode }));
    expect(duplicate.code).toBe(400);
    expect(duplicate.msg).toBe('任务编码已存在');

    expect((await send('DELETE', `/api/scheduletask/${id}`)).code).toBe(200);
    expect((await send('GET', `/api/scheduletask/Info/${id}`)).code).toBe(400);
  });

  it('runs now and logs the run, its result and what the target answered', async () => {
    const id = await createTask({}, { url: `${targetUrl}/hook?run=now` });
    hits.length = 0;
    const ran = await send<RunResult>('POST', `/api/scheduletask/${id}/Actions/Run`);
    expect(ran.code).toBe(200);
    expect(ran.data.runResult).toBe(0);
    expect(hits).toEqual([{ method: 'POST', url: '/hook?run=now', body: '{"a":1}' }]);
    const logs = await logsOf(id);
    expect(logs.list).toHaveLength(1);
    expect(logs.list[0]).toMatchObject({ runResult: 0, manual: 1 });
    expect(logs.list[0]!.description).toContain('HTTP 200');
    expect(await taskRow(id)).toMatchObject({ runCount: 1 });

    const failing = await createTask({}, { url: `${targetUrl}/fail` });
    const failed = await send<RunResult>('POST', `/api/scheduletask/${failing}/Actions/Run`);
    expect(failed.data.runResult).toBe(1);
    const failedLogs = await logsOf(failing);
    expect(failedLogs.list[0]!.description).toContain('HTTP 503');
    expect(failedLogs.list[0]!.description).toContain('down for maintenance');
    const onlyFailures = await send<{ list: TaskLogRow[] }>(
      'GET',
      `/api/scheduletask/${id}/TaskLog?runResult=1`,
    );
    expect(onlyFailures.data.list).toHaveLength(0);
    await send('DELETE', `/api/scheduletask/${id}`);
    await send('DELETE', `/api/scheduletask/${failing}`);
  });

  it('says when the outbound policy refuses the address and names the setting; other failures say their own cause', async () => {
    const port = new URL(targetUrl).port;
    // 127.0.0.2 is loopback too, but OUTBOUND_ALLOW names only 127.0.0.1.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const cases: [string, RegExp, RegExp][] = [
      [`http://127.0.0.2:${port}/hook`, /不在允许访问的地址内.*OUTBOUND_ALLOW/, /端口|超时|解析/],
      [`http://127.0.0.1:${closedPort}/hook`, /连接被拒绝/, /OUTBOUND_ALLOW|不允许|超时|解析/],
      ['http://no-such-host.invalid/hook', /无法解析/, /OUTBOUND_ALLOW|不允许|拒绝|超时/],
    ];
    for (const [url, says, saysNot] of cases) {
      const id = await createTask({}, { url });
      const ran = await send<RunResult>('POST', `/api/scheduletask/${id}/Actions/Run`);
      expect(ran.data.runResult, url).toBe(1);
      const [log] = (await logsOf(id)).list;
      expect(log!.description, url).toMatch(says);
      expect(log!.description, url).not.toMatch(saysNot);
      await send('DELETE', `/api/scheduletask/${id}`);
    }
  });

  it('calls a data interface with the parameter values, and refuses a missing interface or value', async () => {
    const categories = await send<{ list: { id: string }[] }>(
      'GET',
      '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
    );
    const made = await send<{ id: string }>('POST', '/api/system/DataInterface', {
      categoryId: categories.data.list[0]!.id,
      fullName: '静态选项',
      enCode: 'taskStatic',
      dataType: 2,
      query: JSON.stringify([{ id: 1 }, { id: 2 }]),
    });
    expect(made.code).toBe(200);
    const before = await taskCount();
    const missing = await send(
      'POST',
      '/api/scheduletask',
      body({ executeType: '1' }, { interfaceId: 'nope', url: null }),
    );
    expect(missing).toMatchObject({ code: 400, msg: '数据接口不存在，请重新选择' });
    const noValue = await send(
      'POST',
      '/api/scheduletask',
      body(
        { executeType: '1' },
        { interfaceId: made.data.id, parameter: [{ field: 'kind', fieldName: '类别', required: 1 }] },
      ),
    );
    expect(noValue).toMatchObject({ code: 400, msg: '请填写参数“类别”的值' });
    expect(await taskCount()).toBe(before);
    const id = await createTask(
      { executeType: '1' },
      {
        interfaceId: made.data.id,
        interfaceName: '静态选项',
        parameter: [{ field: 'kind', required: 1, value: 'a' }],
      },
    );
    const ran = await send<RunResult>('POST', `/api/scheduletask/${id}/Actions/Run`);
    expect(ran.data).toMatchObject({ runResult: 0, description: '数据接口“静态选项”返回2行' });
    await send('DELETE', `/api/scheduletask/${id}`);
  });

  it('runs a local task', async () => {
    const id = await createTask({ executeType: '3' }, { localHostTaskId: 'log.retention', url: null });
    const ran = await send<RunResult>('POST', `/api/scheduletask/${id}/Actions/Run`);
    expect(ran.data).toMatchObject({ runResult: 0 });
    expect(ran.data.description).toMatch(/删除了\d+条早于180天的日志/);
    await send('DELETE', `/api/scheduletask/${id}`);
  });

  it('runs each due time once however often it ticks, never before its start, and not when stopped', async () => {
    const scheduler = taskSchedulerOf(server.services);
    const start = Math.ceil((Date.now() + 10 * MINUTE) / MINUTE) * MINUTE;
    const id = await createTask(
      {},
      { startTime: start, endTime: start + 2 * MINUTE, url: `${targetUrl}/tick` },
    );
    expect((await taskRow(id)).nextRunTime).toBe(start);
    hits.length = 0;
    expect(await scheduler.tick(start - 1000)).toHaveLength(0);
    for (const minute of [0, 1, 2, 3]) {
      const at = start + minute * MINUTE;
      await Promise.all([scheduler.tick(at), scheduler.tick(at), scheduler.tick(at + 5000)]);
    }
    const rows = await server.services.db.select().from(timeTaskLogs).where(eq(timeTaskLogs.taskId, id));
    // start, +1, +2 (the end time): three runs, one per due minute.
    expect(rows.map((row) => row.scheduledAt).sort()).toEqual([start, start + MINUTE, start + 2 * MINUTE]);
    expect(hits.filter((hit) => hit.url === '/tick')).toHaveLength(3);
    expect(await taskRow(id)).toMatchObject({ runCount: 3, nextRunTime: null });

    const stopped = await createTask({ enabledMark: 0 }, { startTime: start });
    expect((await taskRow(stopped)).nextRunTime).toBeNull();
    expect(await scheduler.tick(start + 10 * MINUTE)).toHaveLength(0);
    await send('DELETE', `/api/scheduletask/${id}`);
    await send('DELETE', `/api/scheduletask/${stopped}`);
  });

  it('skips a run missed while no instance ran, or runs it once, as the task says', async () => {
    const scheduler = taskSchedulerOf(server.services);
    const start = Math.ceil((Date.now() + 10 * MINUTE) / MINUTE) * MINUTE;
    const skip = await createTask({}, { startTime: start, missedRun: 'skip', url: `${targetUrl}/skip` });
    const once = await createTask({}, { startTime: start, missedRun: 'once', url: `${targetUrl}/once` });
    hits.length = 0;
    // The first tick comes 30 minutes after the first due time (the instances were down).
    const late = start + 30 * MINUTE + 1000;
    const runs = await scheduler.tick(late);
    expect(runs).toHaveLength(1);
    expect(hits.map((hit) => hit.url)).toEqual(['/once']);
    for (const id of [skip, once]) expect((await taskRow(id)).nextRunTime).toBe(start + 31 * MINUTE);
    expect((await logsOf(skip)).pagination.total).toBe(0);
    expect((await logsOf(once)).pagination.total).toBe(1);
    // Back on time: both run.
    expect(await scheduler.tick(start + 31 * MINUTE)).toHaveLength(2);
    await send('DELETE', `/api/scheduletask/${skip}`);
    await send('DELETE', `/api/scheduletask/${once}`);
  });

  it('needs the page and its buttons', async () => {
    await server.addUser('tasknobody', 'Nobody123');
    const staff = await server.login('tasknobody', 'Nobody123');
    const id = await createTask();
    for (const [method, path] of [
      ['GET', '/api/scheduletask'],
      ['POST', `/api/scheduletask/${id}/Actions/Run`],
      ['PUT', `/api/scheduletask/${id}/Actions/Stop`],
      ['DELETE', `/api/scheduletask/${id}`],
      ['GET', `/api/scheduletask/${id}/TaskLog`],
    ] as const) {
      expect((await server.request(method, path, { token: staff })).code, `${method} ${path}`).toBe(400);
    }
    expect(await taskRow(id)).toMatchObject({ enabledMark: 1, runCount: 0 });
    await send('DELETE', `/api/scheduletask/${id}`);
  });
});
