import type { DataSyncCheckAnswer } from '@console/shared';
import { sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const MYSQL_URL = process.env.TEST_MYSQL_URL;
const suffix = Math.random().toString(36).slice(2, 8);
/** The PostgreSQL source is the shared test database, in a schema of this run. */
const PG_SCHEMA = `sync_${suffix}`;
const TABLE = `orders_${suffix}`;

let database: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({
    database,
    env: { OUTBOUND_ALLOW: '127.0.0.1:5432,127.0.0.1:3306', SECRETS_KEY: 'cd'.repeat(32) },
  });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (PG_URL) {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`);
    await client.end();
  }
  if (MYSQL_URL) {
    const conn = await mysql.createConnection(MYSQL_URL);
    await conn.query(`DROP TABLE IF EXISTS \`${TABLE}\``);
    await conn.end();
  }
});

const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });

const ROWS = [
  ['1', '防汛物资采购', '1250.50', '2026-03-01 08:30:00.000', '第一批'],
  ['2', "O'Brien 的 100% 方案", '0.00', '2026-03-02 17:05:09.250', null],
  ['3', '办公用品', '-3.10', null, '多行\n备注'],
];

async function createSourceTable() {
  const created = await send('POST', '/api/system/DataModel/0/Table', {
    tableInfo: { table: '', tableName: '采购订单', newTable: TABLE },
    tableFieldList: [
      { field: 'id', fieldName: '主键', dataType: 'varchar', dataLength: '50', primaryKey: 1, allowNull: 0 },
      { field: 'f_title', fieldName: '标题', dataType: 'varchar', dataLength: '200' },
      { field: 'f_amount', fieldName: '金额', dataType: 'decimal', dataLength: '12,2' },
      { field: 'f_at', fieldName: '下单时间', dataType: 'datetime' },
      { field: 'f_note', fieldName: '备注', dataType: 'text' },
    ],
  });
  expect(created.code).toBe(200);
  for (const row of ROWS)
    await server.services.db.execute(
      sql`INSERT INTO gen.${sql.identifier(TABLE)} VALUES (${row[0]}, ${row[1]}, ${row[2]}, ${row[3]}, ${row[4]})`,
    );
}

/** The rows of the table on a source, as text, through the data model preview. */
async function rowsOn(linkId: string) {
  const preview = await send<{ list: Record<string, unknown>[] }>(
    'GET',
    `/api/system/DataModel/${linkId}/Table/${TABLE}/Preview?pageSize=50`,
  );
  expect(preview.code).toBe(200);
  return preview.data.list
    .map((r) => [
      String(r.id),
      r.f_title,
      Number(r.f_amount).toFixed(2),
      r.f_at === null
        ? null
        : typeof r.f_at === 'number'
          ? r.f_at
          : new Date(String(r.f_at).replace(' ', 'T')).getTime(),
      r.f_note,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const genTableCount = async () =>
  (
    (await server.services.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'gen'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

describe('data sync', () => {
  it('refuses bad input with a reason and changes nothing', async () => {
    await createSourceTable();
    const before = await genTableCount();
    const cases: [string, unknown, RegExp][] = [
      [
        '/api/system/DataSync/Actions/checkDbLink',
        { dbConnectionFrom: '0', dbConnectionTo: '0' },
        /不能相同/,
      ],
      ['/api/system/DataSync/Actions/checkDbLink', { dbConnectionFrom: '0' }, /目标数据库/],
      [
        '/api/system/DataSync/Actions/checkDbLink',
        { dbConnectionFrom: '0', dbConnectionTo: 'nope' },
        /数据连接不存在/,
      ],
      [
        '/api/system/DataSync',
        { dbConnectionFrom: '0', dbConnectionTo: 'nope', dbTable: TABLE },
        /数据连接不存在/,
      ],
      ['/api/system/DataSync', { dbConnectionFrom: '0', dbConnectionTo: '1' }, /请选择要同步的表/],
      [
        '/api/system/DataSync/Actions/Execute',
        { dbConnectionFrom: '0', dbConnectionTo: 'x', dbTable: TABLE, type: 7 },
        /同步类型/,
      ],
      [
        '/api/system/DataSync/Actions/Execute',
        {
          dbConnectionFrom: '0',
          dbConnectionTo: 'x',
          dbTable: TABLE,
          type: 2,
          convertRuleMap: { text: 'int' },
        },
        /text不能转换为int/,
      ],
      [
        '/api/system/DataSync/Actions/batchExecute',
        { dbConnectionFrom: '0', dbConnectionTo: 'x', dbTableList: [] },
        /请选择/,
      ],
    ];
    for (const [path, body, message] of cases) {
      const answer = await send('POST', path, body);
      expect({ path, code: answer.code, msg: answer.msg }).toEqual({
        path,
        code: 400,
        msg: expect.stringMatching(message),
      });
    }
    expect(await genTableCount()).toBe(before);
  });

  it.skipIf(!MYSQL_URL)(
    'copies a table from the console database to MariaDB and back, with create and clear answers',
    async () => {
      const url = new URL(MYSQL_URL!);
      const my = await send<{ id: string }>('POST', '/api/system/DataSource', {
        fullName: 'MariaDB同步',
        dbType: 'MySQL',
        host: url.hostname,
        port: Number(url.port || 3306),
        userName: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        serviceName: url.pathname.slice(1),
      });
      expect(my.code).toBe(200);
      const target = my.data.id;
      const links = { dbConnectionFrom: '0', dbConnectionTo: target };

      const checked = await send<DataSyncCheckAnswer>(
        'POST',
        '/api/system/DataSync/Actions/checkDbLink',
        links,
      );
      expect(checked.data.checkDbFlag).toBe(true);
      expect(checked.data.tableList).toContainEqual({ table: TABLE, tableName: '采购订单', sum: 3 });
      expect(checked.data.convertRuleMap.int).toContain('bigint');

      const body = { ...links, dbTable: TABLE };
      expect((await send('POST', '/api/system/DataSync', body)).data).toBe(2);
      // Without the create answer the missing table is not made.
      const refused = await send('POST', '/api/system/DataSync/Actions/Execute', { ...body, type: 0 });
      expect(refused).toMatchObject({ code: 400, msg: expect.stringMatching(/不存在表/) });
      const created = await send('POST', '/api/system/DataSync/Actions/Execute', { ...body, type: 2 });
      expect(created).toMatchObject({ code: 200, msg: expect.stringMatching(/已创建目标表.*写入3条/) });
      const original = await rowsOn('0');
      expect(await rowsOn(target)).toEqual(original);

      expect((await send('POST', '/api/system/DataSync', body)).data).toBe(3);
      expect((await send('POST', '/api/system/DataSync/Actions/Execute', { ...body, type: 0 })).msg).toMatch(
        /已有数据/,
      );
      const cleared = await send('POST', '/api/system/DataSync/Actions/Execute', { ...body, type: 3 });
      expect(cleared.msg).toMatch(/已清空.*写入3条/);
      expect(await rowsOn(target)).toEqual(original);

      // And back: the console table dropped, then re-created from MariaDB by a batch.
      expect((await send('DELETE', `/api/system/DataModel/0/Table/${TABLE}`)).code).toBe(200);
      const back = await send('POST', '/api/system/DataSync/Actions/batchExecute', {
        dbConnectionFrom: target,
        dbConnectionTo: '0',
        dbTableList: [TABLE, 'no_such_table'],
      });
      expect(back.data).toEqual({ [TABLE]: 1, no_such_table: 0 });
      expect(await rowsOn('0')).toEqual(original);
    },
  );

  it.skipIf(!PG_URL)(
    'copies between PostgreSQL and the console database; the console database only takes tables of gen',
    async () => {
      const base = new URL(PG_URL!);
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${PG_SCHEMA}`);
      // A table named like a console system table, on the source side.
      await client.query(
        `CREATE TABLE ${PG_SCHEMA}.base_user (id varchar(50) PRIMARY KEY, f_account varchar(50))`,
      );
      await client.query(`INSERT INTO ${PG_SCHEMA}.base_user VALUES ('x', 'intruder')`);
      await client.end();
      const source = await send<{ id: string }>('POST', '/api/system/DataSource', {
        fullName: 'PG同步',
        dbType: 'PostgreSQL',
        host: base.hostname,
        port: Number(base.port || 5432),
        userName: decodeURIComponent(base.username),
        password: decodeURIComponent(base.password) || 'trust',
        serviceName: base.pathname.slice(1),
        dbSchema: PG_SCHEMA,
      });
      expect(source.code).toBe(200);
      const id = source.data.id;
      // The table of the first test (re-created from MariaDB by the second when that ran).
      const toPg = await send('POST', '/api/system/DataSync/Actions/batchExecute', {
        dbConnectionFrom: '0',
        dbConnectionTo: id,
        dbTableList: [TABLE],
      });
      expect(toPg.data).toEqual({ [TABLE]: 1 });
      expect(await rowsOn(id)).toEqual(await rowsOn('0'));

      // base_user arrives in schema gen, never in the console's own users.
      const usersBefore = (
        (await server.services.db.execute(
          sql`SELECT count(*)::int AS n FROM public.base_user`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
      const intoConsole = await send('POST', '/api/system/DataSync/Actions/Execute', {
        dbConnectionFrom: id,
        dbConnectionTo: '0',
        dbTable: 'base_user',
        type: 2,
      });
      expect(intoConsole.code).toBe(200);
      const after = (
        (await server.services.db.execute(
          sql`SELECT (SELECT count(*)::int FROM public.base_user) AS n, (SELECT f_account FROM gen.base_user) AS account`,
        )) as unknown as { rows: { n: number; account: string }[] }
      ).rows[0]!;
      expect(after).toEqual({ n: usersBefore, account: 'intruder' });
    },
  );
});
