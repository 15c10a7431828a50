import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServer, suiteServer, type TestServer } from '../../test/harness.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const get = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { headers });

/** One sample's value from the Prometheus text, or 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name} `) && wanted.length === 0) return Number(line.split(' ').at(-1));
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('health, readiness and metrics', () => {
  const suite = suiteServer({
    env: { METRICS_TOKEN, OUTBOUND_ALLOW: '127.0.0.1', TASK_SCHEDULER_INTERVAL_MS: '0' },
  });
  const scrape = async () => {
    const answer = await get(suite.server, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    return answer.text();
  };

  it('/healthz answers 200 and /readyz 200 while the database (and Redis) answer', async () => {
    const health = await get(suite.server, '/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await get(suite.server, '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('/metrics is refused without its token or with another one', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of refused) {
      const answer = await get(suite.server, '/metrics', headers);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toContain('Bearer');
      const body = (await answer.json()) as { msg: string };
      expect(body.msg).toContain('METRICS_TOKEN');
      expect(JSON.stringify(body)).not.toContain('console_http_requests_total');
    }
  });

  it('counts requests and their durations by route pattern and status', async () => {
    const route = '/api/permission/Users/:id';
    const labels = { method: 'GET', route, status: '200' };
    const before = await scrape();
    const me = await suite.send<{ userInfo: { userId: string } }>('GET', '/api/oauth/CurrentUser');
    const id = me.data.userInfo.userId;
    for (let i = 0; i < 3; i++)
      expect((await suite.send('GET', `/api/permission/Users/${id}`)).code).toBe(200);
    const after = await scrape();
    expect(
      sample(after, 'console_http_requests_total', labels) -
        sample(before, 'console_http_requests_total', labels),
    ).toBe(3);
    const count = 'console_http_request_duration_seconds_count';
    expect(sample(after, count, labels) - sample(before, count, labels)).toBe(3);
    const inf = 'console_http_request_duration_seconds_bucket';
    expect(
      sample(after, inf, { ...labels, le: '+Inf' }) - sample(before, inf, { ...labels, le: '+Inf' }),
    ).toBe(3);
    // Process, event loop and job series are there too.
    for (const name of [
      'console_nodejs_eventloop_lag_seconds',
      'console_process_resident_memory_bytes',
      'console_http_open_connections',
      'console_signin_failures_total',
      'console_job_backlog{queue="knowledge_indexing"}',
    ])
      expect(after).toContain(name);
    if (suite.server.services.database.kind === 'postgres') {
      for (const name of ['console_db_pool_in_use', 'console_db_pool_idle', 'console_db_pool_waiting'])
        expect(after).toContain(name);
    }
  });

  it('counts background jobs done and failed per queue (a scheduled task run now)', async () => {
    const target = http.createServer((_req, res) => res.end('{"ok":true}'));
    target.listen(0, '127.0.0.1');
    await once(target, 'listening');
    const open = (target.address() as net.AddressInfo).port;
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const task = async (port: number) => {
      const created = await suite.send<{ id: string }>('POST', '/api/scheduletask', {
        fullName: '监控指标',
        enCode: `metrics.${Math.random().toString(36).slice(2, 8)}`,
        executeType: '4',
        executeContent: JSON.stringify({
          cron: '0 0 * * * ?',
          startTime: Date.now(),
          endTime: null,
          url: `http://127.0.0.1:${port}/hook`,
          method: 'GET',
          body: '',
        }),
        enabledMark: 1,
        sortCode: 0,
      });
      expect(created.code).toBe(200);
      return created.data.id;
    };
    const done = { queue: 'scheduled_tasks', outcome: 'done' };
    const failed = { queue: 'scheduled_tasks', outcome: 'failed' };
    try {
      const before = await scrape();
      const [good, bad] = [await task(open), await task(closed)];
      expect(
        (await suite.send<{ runResult: number }>('POST', `/api/scheduletask/${good}/Actions/Run`)).data
          .runResult,
      ).toBe(0);
      expect(
        (await suite.send<{ runResult: number }>('POST', `/api/scheduletask/${bad}/Actions/Run`)).data
          .runResult,
      ).toBe(1);
      const after = await scrape();
      expect(sample(after, 'console_jobs_total', done) - sample(before, 'console_jobs_total', done)).toBe(1);
      expect(sample(after, 'console_jobs_total', failed) - sample(before, 'console_jobs_total', failed)).toBe(
        1,
      );
    } finally {
      target.close();
    }
  });

  it('no label holds an id, a token, an account or a raw URL', async () => {
    await suite.server.loginAnswer('admin', 'wrong-password');
    await get(suite.server, `/api/oauth/CurrentUser?token=${encodeURIComponent(suite.admin)}`);
    await get(suite.server, `/no/such/path/${crypto.randomUUID()}`);
    const text = await scrape();
    expect(sample(text, 'console_signin_failures_total', {})).toBeGreaterThan(0);
    const values = [...text.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => `${name}=${value}`);
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).not.toMatch(UUID);
      expect(value).not.toContain(suite.admin.slice(7));
      expect(value).not.toContain(METRICS_TOKEN);
      expect(value).not.toContain('admin');
      expect(value).not.toContain('?');
      expect(value).not.toContain('/no/such/path');
    }
    expect(text).toContain('route="(unmatched)"');
  });

  it('/readyz answers 503 once the graceful stop begins, while requests are still served', async () => {
    const { server } = suite;
    void server.services.health.drain(0);
    const ready = await get(server, '/readyz');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect((await get(server, '/healthz')).status).toBe(200);
    expect((await suite.send('GET', '/api/oauth/CurrentUser')).code).toBe(200);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is off (404)', async () => {
    const server = await startServer();
    try {
      const answer = await get(server, '/metrics');
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('console_');
    } finally {
      await server.close();
    }
  });
});

describe('request ids', () => {
  function capture() {
    const stream = new PassThrough();
    const lines: Record<string, unknown>[] = [];
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    });
    return { stream, lines };
  }
  const completed = async (lines: Record<string, unknown>[], id: string) => {
    for (let i = 0; i < 100 && !lines.some((l) => l.reqId === id && l.msg === 'request completed'); i++)
      await new Promise((r) => setTimeout(r, 20));
  };

  it('the answer header, the error answer and every log line of the request carry the same one', async () => {
    const { stream, lines } = capture();
    const server = await startServer({ logStream: stream });
    const token = await server.adminToken();
    await new Promise((r) => setTimeout(r, 100));
    lines.length = 0;
    // A table that is gone makes the request fail for real: it logs an error and answers 500.
    await server.services.db.execute(sql`ALTER TABLE base_user_session RENAME TO base_user_session_gone`);
    const answer = await server.request<{ requestId: string }>('GET', '/api/oauth/CurrentUser', { token });
    const id = answer.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    expect(answer.status).toBe(500);
    expect(answer.data.requestId).toBe(id);
    expect(answer.msg).toContain(id);
    await completed(lines, id);
    const ofRequest = lines.filter((l) => l.req || l.res || l.err || l.reqId);
    expect(ofRequest.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'unexpected error', 'request completed']),
    );
    for (const line of ofRequest) expect(line.reqId).toBe(id);
    await server.close();
  });

  it("come from the proxy's X-Request-Id only when TRUST_PROXY is set", async () => {
    const { stream, lines } = capture();
    const trusting = await startServer({ logStream: stream, env: { TRUST_PROXY: '1' } });
    const direct = await startServer();
    try {
      const fromProxy = await get(trusting, '/api/oauth/getConfig/admin', { 'x-request-id': 'nginx-4f2a9c' });
      expect(fromProxy.headers.get('x-request-id')).toBe('nginx-4f2a9c');
      await completed(lines, 'nginx-4f2a9c');
      expect(lines.filter((l) => l.reqId === 'nginx-4f2a9c').map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
      // A value that could forge a log line is replaced.
      const forged = await get(trusting, '/healthz', { 'x-request-id': 'a b\u00e9' });
      expect(forged.headers.get('x-request-id')).toMatch(UUID);
      const notTrusted = await get(direct, '/healthz', { 'x-request-id': 'client-chosen' });
      expect(notTrusted.headers.get('x-request-id')).toMatch(UUID);
      // 404s and refusals carry one as well.
      expect((await get(direct, '/api/no-such-route')).headers.get('x-request-id')).toMatch(UUID);
    } finally {
      await trusting.close();
      await direct.close();
    }
  });
});

/** A TCP relay on loopback that the test can cut and restore, standing for a database or Redis that goes away. */
async function relay(target: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const start = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
  };
  await start();
  return {
    port: () => port,
    async cut() {
      const closed = new Promise((resolve) => server?.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    start,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  '/readyz when PostgreSQL or Redis goes away (PostgreSQL suite)',
  () => {
    let cleanup: (() => Promise<void>) | undefined;
    afterAll(async () => cleanup?.());

    it('answers 503 while either is unreachable and 200 after they return', async () => {
      const database = await createTestDatabase();
      const url = new URL(database.url!);
      const redisUrl = new URL(process.env.TEST_REDIS_URL!);
      const pgRelay = await relay(Number(url.port || 5432));
      const redisRelay = await relay(Number(redisUrl.port || 6379));
      url.hostname = '127.0.0.1';
      url.port = String(pgRelay.port());
      redisUrl.hostname = '127.0.0.1';
      redisUrl.port = String(redisRelay.port());
      const server = await startServer({
        // Through the relays: migrated and seeded by this server, not copied from the template.
        database: { url: url.toString(), prepare: async () => undefined, drop: async () => undefined },
        env: { REDIS_URL: redisUrl.toString() },
      });
      cleanup = async () => {
        await server.close().catch(() => undefined);
        await pgRelay.close();
        await redisRelay.close();
        await database.drop();
      };
      const readiness = async () => {
        const answer = await get(server, '/readyz');
        return { status: answer.status, body: (await answer.json()) as { reason?: string } };
      };
      const until = async (status: number) => {
        let last = await readiness();
        for (let i = 0; i < 100 && last.status !== status; i++) {
          await new Promise((r) => setTimeout(r, 100));
          last = await readiness();
        }
        return last;
      };
      expect((await readiness()).status).toBe(200);

      await pgRelay.cut();
      expect(await until(503)).toEqual({
        status: 503,
        body: { status: 'not ready', reason: 'database unreachable' },
      });
      expect((await get(server, '/healthz')).status).toBe(200);
      await pgRelay.start();
      expect((await until(200)).status).toBe(200);

      await redisRelay.cut();
      expect(await until(503)).toEqual({
        status: 503,
        body: { status: 'not ready', reason: 'redis unreachable' },
      });
      await redisRelay.start();
      expect((await until(200)).status).toBe(200);
    }, 60_000);
  },
);
