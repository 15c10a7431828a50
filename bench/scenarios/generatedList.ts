import { randomBytes } from 'node:crypto';
import { sampleColumnData, sampleForm } from '@console/shared';
import pg from 'pg';
import { call, login } from '../lib/http.js';
import { load, type Measurement } from '../lib/measure.js';
import { createDatabase, REDIS_URL, redisReachable } from '../lib/postgres.js';
import { BenchServer } from '../lib/server.js';
import type { Scenario, ScenarioContext, ScenarioOutput } from './types.js';
import { measure as measureUsers, seedPostgres as seedUsers } from './userList.js';

/**
 * A generated page's list (POST /api/visualdev/OnlineDev/{modelId}/List, forms.md 5) with a
 * keyword and paging, 20 connections for 10 s after a 3 s warm-up, as the administrator: a
 * released design (the shared sample: options, a user field, a sub-table) whose generated table
 * holds 100,000 rows on PostgreSQL. The hand-written user list (100,000 users, userList.ts) is
 * measured in the same run against the same server and database, for comparison (issue 12 must
 * show 3). The PGlite pass adds 1,000 rows through the API.
 */
const PG_ROWS = 100_000;
const PGLITE_ROWS = 1_000;
const CONNECTIONS = 20;
/** Matches 100 titles (请假001200 … 请假001299). */
const KEYWORD = '请假0012';

async function releasedDesign(baseUrl: string, token: string): Promise<{ id: string; table: string }> {
  const categories = await call<{ list: { id: string }[] }>(
    baseUrl,
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
    { token },
  );
  const created = await call<{ id: string }>(baseUrl, 'POST', '/api/visualdev/Base', {
    token,
    json: {
      fullName: '压测请假申请',
      enCode: `benchLeave${randomBytes(3).toString('hex')}`,
      category: categories.data.list[0]!.id,
      webType: 2,
      tables: '[]',
      formData: JSON.stringify(sampleForm()),
      columnData: JSON.stringify(sampleColumnData()),
    },
  });
  if (created.code !== 200) throw new Error(`design not created: ${created.msg}`);
  interface MenuNode {
    id: string;
    enCode: string;
    children?: MenuNode[];
  }
  const me = await call<{ menuList: MenuNode[] }>(baseUrl, 'GET', '/api/oauth/CurrentUser', { token });
  const find = (nodes: MenuNode[]): MenuNode | undefined => {
    for (const node of nodes) {
      if (node.enCode === 'onlineDev') return node;
      const inner = find(node.children ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  const parentId = find(me.data.menuList)?.id;
  if (!parentId) throw new Error('no onlineDev directory in the menu list');
  const released = await call(baseUrl, 'POST', `/api/visualdev/Base/${created.data.id}/Actions/Release`, {
    token,
    json: { pc: 1, app: 0, pcModuleParentId: parentId },
  });
  if (released.code !== 200) throw new Error(`release failed: ${released.msg}`);
  const info = await call<{ tables: string }>(baseUrl, 'GET', `/api/visualdev/Base/${created.data.id}`, {
    token,
  });
  const tables = JSON.parse(info.data.tables) as { table: string; typeId: string }[];
  return { id: created.data.id, table: tables.find((t) => t.typeId === '1')!.table };
}

async function seedRows(url: string, table: string, subTable: string, adminId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = Date.now();
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO vd_data."${table}" (f_id, f_version, f_creatoruserid, f_creatortime, title, amount, level, applydate, creator)
       SELECT 'bench-row-' || n, 0, $3, $2::bigint + n, '请假' || lpad(n::text, 6, '0'), (n % 1000) / 10.0,
              (n % 2 + 1)::text, $2::bigint - n::bigint * 60000, $3
       FROM generate_series(1, $1) AS n`,
      [PG_ROWS, Date.now(), adminId],
    );
    await client.query(
      `INSERT INTO vd_data."${subTable}" (f_id, f_foreignid, f_sortcode, itemname, qty)
       SELECT 'bench-item-' || n, 'bench-row-' || n, 0, '物品' || n, n % 9 + 1
       FROM generate_series(1, $1) AS n`,
      [PG_ROWS],
    );
    await client.query('COMMIT');
    await client.query(`VACUUM ANALYZE vd_data."${table}", vd_data."${subTable}"`);
    return Math.round((Date.now() - started) / 100) / 10;
  } finally {
    await client.end();
  }
}

async function measureList(
  baseUrl: string,
  token: string,
  modelId: string,
  quick: boolean,
): Promise<{ measured: Measurement; total: number; bytes: number; p50: number; p95: number }> {
  const path = `/api/visualdev/OnlineDev/${modelId}/List`;
  const body = JSON.stringify({ keyword: KEYWORD, currentPage: 2, pageSize: 20, sort: 'desc', sidx: '' });
  const probe = await call<{ list: unknown[]; pagination: { total: number } }>(baseUrl, 'POST', path, {
    token,
    json: JSON.parse(body),
  });
  if (probe.code !== 200) throw new Error(`List answered ${probe.code} ${probe.msg}`);
  const single: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await call(baseUrl, 'POST', path, { token, json: JSON.parse(body) });
    single.push(performance.now() - t0);
  }
  single.sort((a, b) => a - b);
  const options = {
    url: `${baseUrl}${path}`,
    method: 'POST' as const,
    headers: { authorization: token, 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
  };
  const warmup = await load({ ...options, durationS: quick ? 1 : 3 });
  if (warmup.non200Total > 0)
    throw new Error(`warm-up had non-200 answers: ${JSON.stringify(warmup.non200)}`);
  const measured = await load({ ...options, durationS: quick ? 3 : 10 });
  return {
    measured,
    total: probe.data.pagination.total,
    bytes: probe.bytes,
    p50: Math.round(single[20]! * 10) / 10,
    p95: Math.round(single[37]! * 10) / 10,
  };
}

async function onPostgres(ctx: ScenarioContext): Promise<ScenarioOutput> {
  const database = await createDatabase();
  if ('unavailable' in database) throw new Error(`PostgreSQL not reachable: ${database.unavailable}`);
  const env: Record<string, string> = {
    DATABASE_URL: database.localUrl,
    REDIS_PREFIX: `bench:generated:${randomBytes(4).toString('hex')}:`,
  };
  if (await redisReachable()) env.REDIS_URL = REDIS_URL;
  let server: BenchServer | undefined;
  try {
    server = await BenchServer.start({ env, nodeArgs: ctx.nodeArgs });
    await server.prepareAdmin();
    const token = await login(server.baseUrl, 'admin', ctx.adminPassword);
    const design = await releasedDesign(server.baseUrl, token);
    const info = await call<{ tables: string }>(server.baseUrl, 'GET', `/api/visualdev/Base/${design.id}`, {
      token,
    });
    const subTable = (JSON.parse(info.data.tables) as { table: string; typeId: string }[]).find(
      (t) => t.typeId === '0',
    )!;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const admin = (await client.query<{ id: string }>("SELECT id FROM base_user WHERE account = 'admin'"))
      .rows[0]!.id;
    await client.end();
    const rowsS = await seedRows(database.url, design.table, subTable.table, admin);
    const usersS = await seedUsers(database.url);
    const generated = await measureList(server.baseUrl, token, design.id, ctx.quick);
    const users = await measureUsers(server.baseUrl, token, ctx.quick);
    return {
      ...generated.measured,
      bodyBytes: generated.bytes,
      unloadedP50Ms: generated.p50,
      notes: [
        `${PG_ROWS.toLocaleString('en')} rows (each with one sub-table row) written with INSERT … SELECT in ${rowsS} s; keyword '${KEYWORD}' matches ${generated.total}; page 2 of 20, sorted by creation time; answers carry display text (options, the creator's name) and the sub-table rows`,
        `one request at a time: p50 ${generated.p50} ms, p95 ${generated.p95} ms`,
        `same run, same server and database, hand-written user list (GET /api/permission/Users?keyword=u0012, ${PG_ROWS.toLocaleString('en')} users seeded in ${usersS} s, ${users.total} matches): ${users.output.requestsPerSec} req/s, p50 ${users.output.latencyMs.p50} ms, p95 ${users.output.latencyMs.p95} ms, p99 ${users.output.latencyMs.p99} ms with ${CONNECTIONS} connections`,
      ],
    };
  } finally {
    await server?.stop();
    await database.drop();
  }
}

async function onPglite(ctx: ScenarioContext): Promise<ScenarioOutput> {
  const baseUrl = ctx.server.baseUrl;
  const token = await login(baseUrl, 'admin', ctx.adminPassword);
  const design = await releasedDesign(baseUrl, token);
  const started = Date.now();
  for (let n = 1; n <= PGLITE_ROWS; n++) {
    const answer = await call(baseUrl, 'POST', `/api/visualdev/OnlineDev/${design.id}`, {
      token,
      json: {
        data: JSON.stringify({
          title: `请假${String(n).padStart(6, '0')}`,
          amount: n % 100,
          level: String((n % 2) + 1),
          items: [{ itemName: `物品${n}`, qty: 1 }],
        }),
      },
    });
    if (answer.code !== 200) throw new Error(`row ${n} not added: ${answer.msg}`);
  }
  const seedS = Math.round((Date.now() - started) / 100) / 10;
  const generated = await measureList(baseUrl, token, design.id, ctx.quick);
  return {
    ...generated.measured,
    bodyBytes: generated.bytes,
    unloadedP50Ms: generated.p50,
    notes: [
      `${PGLITE_ROWS.toLocaleString('en')} rows added through POST OnlineDev/{modelId} in ${seedS} s; keyword '${KEYWORD}' matches ${generated.total}; the 100,000-row figure is measured on PostgreSQL`,
      `one request at a time: p50 ${generated.p50} ms, p95 ${generated.p95} ms`,
    ],
  };
}

export const generatedList: Scenario = {
  name: 'generatedList',
  title: 'Generated page list, keyword + paging (POST /api/visualdev/OnlineDev/{modelId}/List)',
  section: 'generatedList',
  run: (ctx) => (ctx.database === 'postgres' ? onPostgres(ctx) : onPglite(ctx)),
};
