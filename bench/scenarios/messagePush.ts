import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { call, login } from '../lib/http.js';
import type { Measurement } from '../lib/measure.js';
import { createDatabase, REDIS_URL, redisReachable } from '../lib/postgres.js';
import { BenchServer } from '../lib/server.js';
import type { Scenario, ScenarioContext, ScenarioOutput } from './types.js';

/**
 * Live-socket fan-out. 1,000 sockets are connected; notices addressed to their users are
 * released (PUT /api/message/{id}/Actions/Release) and the time from sending the release
 * request to each socket's messagePush frame is recorded; every socket must get each notice
 * exactly once. Then a notice goes to 10,000 users and the release's duration is measured.
 *
 * PostgreSQL pass: two server instances on one database and Redis (this scenario starts them,
 * with a database of its own, because it writes 10,000 users straight into it); 1,000 distinct
 * users signed in through POST /api/oauth/Login, half of the sockets on each instance, notices
 * released through the first. PGlite pass (one process, no direct database access): the
 * administrator's 1,000 open tabs on the shared server, so only the fan-out is measured there.
 */
const SOCKETS = 1000;
const RECIPIENTS = 10_000;
const ROUNDS = 5;

interface Socket {
  ws: WebSocket;
  /** Arrival time of each messagePush by notice title. */
  arrivals: Map<string, number[]>;
  bytes: number;
}

function openSocket(baseUrl: string, token: string): Promise<Socket> {
  const ws = new WebSocket(
    `${baseUrl.replace('http', 'ws')}/api/message/websocket/${encodeURIComponent(token)}`,
  );
  const socket: Socket = { ws, arrivals: new Map(), bytes: 0 };
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const at = performance.now();
      const text = String(data);
      const frame = JSON.parse(text) as { method: string; title?: string };
      if (frame.method === 'initMessage') resolve(socket);
      if (frame.method !== 'messagePush' || !frame.title) return;
      socket.bytes += Buffer.byteLength(text);
      const list = socket.arrivals.get(frame.title) ?? [];
      list.push(at);
      socket.arrivals.set(frame.title, list);
    });
    ws.once('open', () => ws.send(JSON.stringify({ method: 'OnConnection', token, mobileDevice: false })));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => run(item, i + j)))));
  return results;
}

/** Creates a notice and releases it; answers when the release request was sent and its duration. */
async function release(baseUrl: string, token: string, title: string, toUserIds: string[] | null) {
  const created = await call<{ id: string }>(baseUrl, 'POST', '/api/message', {
    token,
    json: { title, bodyText: '<p>压测通知</p>', toUserIds },
  });
  if (created.code !== 200) throw new Error(`notice not created: ${created.code} ${created.msg}`);
  const sentAt = performance.now();
  const released = await call<{ receivers: number }>(
    baseUrl,
    'PUT',
    `/api/message/${created.data.id}/Actions/Release`,
    { token },
  );
  if (released.code !== 200) throw new Error(`release failed: ${released.code} ${released.msg}`);
  return { sentAt, releaseMs: performance.now() - sentAt, receivers: released.data.receivers };
}

/** Waits until every socket has the notice, or the timeout passes. */
async function arrivals(sockets: Socket[], title: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && sockets.some((s) => !s.arrivals.has(title)))
    await new Promise((resolve) => setTimeout(resolve, 20));
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const round = (value: number) => Math.round(value * 10) / 10;

/** Releases ROUNDS notices to the connected users and turns the arrivals into a Measurement. */
async function measureFanOut(
  baseUrl: string,
  token: string,
  sockets: Socket[],
  toUserIds: string[] | null,
  quick: boolean,
) {
  const latencies: number[] = [];
  const releases: number[] = [];
  let problems = 0;
  const rounds = quick ? 2 : ROUNDS;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const title = `fan-out ${round} ${randomBytes(3).toString('hex')}`;
    const { sentAt, releaseMs } = await release(baseUrl, token, title, toUserIds);
    releases.push(releaseMs);
    await arrivals(sockets, title);
    await new Promise((resolve) => setTimeout(resolve, 200)); // room for a duplicate to show
    for (const socket of sockets) {
      const times = socket.arrivals.get(title) ?? [];
      if (times.length !== 1) problems += 1;
      if (times[0] !== undefined) latencies.push(times[0] - sentAt);
    }
  }
  const durationS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const measurement: Measurement = {
    connections: sockets.length,
    durationS: round(durationS),
    requests: latencies.length,
    requestsPerSec: round(latencies.length / durationS),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
      max: round(latencies.at(-1) ?? Number.NaN),
    },
    non200: problems ? { 'missing or repeated push': problems } : {},
    non200Total: problems,
    errors: 0,
    wireBytesPerAnswer: Math.round(
      sockets.reduce((sum, s) => sum + s.bytes, 0) / Math.max(1, latencies.length),
    ),
  };
  releases.sort((a, b) => a - b);
  return { measurement, releaseP50: round(percentile(releases, 50)), rounds };
}

async function onPglite(ctx: ScenarioContext): Promise<ScenarioOutput> {
  const baseUrl = ctx.server.baseUrl;
  const token = await login(baseUrl, 'admin', ctx.adminPassword);
  const sockets = await inBatches(Array.from({ length: SOCKETS }), 100, () => openSocket(baseUrl, token));
  try {
    const { measurement, releaseP50, rounds } = await measureFanOut(baseUrl, token, sockets, null, ctx.quick);
    return {
      ...measurement,
      unloadedP50Ms: releaseP50,
      notes: [
        `${SOCKETS} sockets of one user (the administrator's tabs) on one instance; ${rounds} notices released to everyone; latency = release request sent → messagePush at each socket; release request p50 ${releaseP50} ms`,
        `release to ${RECIPIENTS.toLocaleString('en')} users: measured in the PostgreSQL pass (users are written straight into its database)`,
      ],
    };
  } finally {
    for (const s of sockets) s.ws.close();
  }
}

async function onPostgres(ctx: ScenarioContext): Promise<ScenarioOutput> {
  const database = await createDatabase();
  if ('unavailable' in database) throw new Error(`PostgreSQL not reachable: ${database.unavailable}`);
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_PREFIX: `bench:msg:${randomBytes(4).toString('hex')}:`,
  };
  const redis = await redisReachable();
  if (redis) env.REDIS_URL = REDIS_URL;
  const servers: BenchServer[] = [];
  const sockets: Socket[] = [];
  try {
    servers.push(await BenchServer.start({ env, nodeArgs: ctx.nodeArgs }));
    await servers[0]!.prepareAdmin();
    // Without Redis the instances cannot reach each other's sockets: then one instance only.
    if (redis) servers.push(await BenchServer.start({ env, nodeArgs: ctx.nodeArgs }));
    const [first] = servers as [BenchServer];
    const adminToken = await login(first.baseUrl, 'admin', ctx.adminPassword);

    // 10,000 users who sign in with the administrator's password (its hash is copied).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let userIds: string[];
    try {
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO base_user (id, account, real_name, password_hash, change_password_date, creator_time)
         SELECT gen_random_uuid()::text, 'bench' || n, '压测用户' || n,
                (SELECT password_hash FROM base_user WHERE account = 'admin'), $2, $2
         FROM generate_series(1, $1) AS n
         RETURNING id`,
        [RECIPIENTS, Date.now()],
      );
      userIds = inserted.rows.map((r) => r.id);
    } finally {
      await client.end();
    }

    const signInStarted = Date.now();
    const tokens = await inBatches(Array.from({ length: SOCKETS }), 4, (_, i) =>
      login(first.baseUrl, `bench${i + 1}`, ctx.adminPassword),
    );
    const signInS = Math.round((Date.now() - signInStarted) / 100) / 10;
    sockets.push(
      ...(await inBatches(tokens, 100, (token, i) =>
        openSocket(servers[i % servers.length]!.baseUrl, token),
      )),
    );
    const connected = userIds.slice(0, SOCKETS);
    const { measurement, releaseP50, rounds } = await measureFanOut(
      first.baseUrl,
      adminToken,
      sockets,
      connected,
      ctx.quick,
    );

    // One notice to all 10,000 users (and the administrator).
    const title = `all ${randomBytes(3).toString('hex')}`;
    const everyone = await release(first.baseUrl, adminToken, title, null);
    await arrivals(sockets, title);
    const lastArrival = Math.max(...sockets.map((s) => s.arrivals.get(title)?.[0] ?? Number.NaN));
    const allReached = sockets.every((s) => s.arrivals.get(title)?.length === 1);
    if (!allReached) measurement.non200Total += 1;

    return {
      ...measurement,
      unloadedP50Ms: releaseP50,
      notes: [
        `${SOCKETS} users (signed in through POST /api/oauth/Login in ${signInS} s), one socket each, ${servers.length === 2 ? 'half on each of two instances sharing PostgreSQL and Redis' : 'one instance (Redis not reachable)'}; ${rounds} notices of ${SOCKETS} recipients released through the first instance; latency = release request sent → messagePush at each socket; release request p50 ${releaseP50} ms`,
        `release to ${everyone.receivers.toLocaleString('en')} users (receipts written in one transaction, then pushed): request answered in ${Math.round(everyone.releaseMs)} ms; the last of the ${SOCKETS} connected sockets had it ${Math.round(lastArrival - everyone.sentAt)} ms after the request was sent${allReached ? '' : ' (SOME SOCKETS MISSED IT)'}`,
      ],
    };
  } finally {
    for (const s of sockets) s.ws.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

export const messagePush: Scenario = {
  name: 'messagePush',
  title: 'Live socket: notice release → messagePush at 1,000 sockets',
  section: 'messages',
  run: (ctx) => (ctx.database === 'postgres' ? onPostgres(ctx) : onPglite(ctx)),
};
