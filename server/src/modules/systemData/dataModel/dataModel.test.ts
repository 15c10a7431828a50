import type {
  DataModelFieldItem,
  DataModelTableItem,
  DataSourceItem,
  DictionaryDataNode,
} from '@console/shared';
import { sampleColumnData, sampleForm } from '@console/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { dbLinks } from '../../../db/schema/index.js';
import { openSecret } from '../secrets.js';
import { DataModelMessages } from './service.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const MYSQL_URL = process.env.TEST_MYSQL_URL;

let database: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Loopback databases are reachable only because OUTBOUND_ALLOW names their ports.
  server = await startServer({
    database,
    env: { OUTBOUND_ALLOW: '127.0.0.1:5432,127.0.0.1:3306', SECRETS_KEY: 'ab'.repeat(32) },
  });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });

const table = (name: string, fields?: unknown[]) => ({
  tableInfo: { table: '', tableName: '来文登记', newTable: name },
  tableFieldList: fields ?? [
    { field: 'id', fieldName: '主键', dataType: 'varchar', dataLength: '50', primaryKey: 1, allowNull: 0 },
    { field: 'f_title', fieldName: '标题', dataType: 'varchar', dataLength: '200' },
    { field: 'f_amount', fieldName: '金额', dataType: 'decimal', dataLength: '12,2' },
    { field: 'f_received_at', fieldName: '收文时间', dataType: 'datetime' },
  ],
});

const genTables = async () =>
  (
    (await server.services.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'gen'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe('data model on the console database (schema gen)', () => {
  it('creates, lists, describes, previews, alters, adds fields to and drops a table', async () => {
    expect((await send('POST', '/api/system/DataModel/0/Table', table('incoming'))).code).toBe(200);
    const all = await send<{ list: DataModelTableItem[] }>(
      'GET',
      '/api/system/DataModel/0/TableAll?keyword=来文',
    );
    expect(all.data.list).toEqual([
      { table: 'incoming', tableName: '来文登记', sum: 0, size: expect.any(String), type: 0 },
    ]);
    const paged = await send<{ pagination: { total: number } }>(
      'GET',
      '/api/system/DataModel/0/Tables?keyword=来文&pageSize=1',
    );
    expect(paged.data.pagination.total).toBe(1);
    const fields = await send<{ list: DataModelFieldItem[] }>(
      'GET',
      '/api/system/DataModel/0/Tables/incoming/Fields?type=1',
    );
    expect(fields.data.list.map((f) => [f.field, f.columnName, f.dataType, f.primaryKey])).toEqual([
      ['id', 'id', 'varchar', 1],
      ['title', 'f_title', 'varchar', 0],
      ['amount', 'f_amount', 'decimal', 0],
      ['receivedAt', 'f_received_at', 'datetime', 0],
    ]);

    // An empty table can be changed as a whole (renamed, a field dropped, a type changed).
    const changed = table('incoming_doc', [
      { field: 'id', fieldName: '主键', dataType: 'varchar', primaryKey: 1 },
      { field: 'f_title', fieldName: '文件标题', dataType: 'text' },
    ]);
    changed.tableInfo.table = 'incoming';
    expect((await send('PUT', '/api/system/DataModel/0/Table', changed)).code).toBe(200);
    const info = await send<{
      tableInfo: { table: string };
      tableFieldList: { field: string; dataType: string }[];
      hasTableData: boolean;
    }>('GET', '/api/system/DataModel/0/Table/incoming_doc');
    expect(info.data.tableFieldList.map((f) => `${f.field}:${f.dataType}`)).toEqual([
      'id:varchar',
      'f_title:text',
    ]);
    expect(info.data.hasTableData).toBe(false);

    await server.services.db.execute(
      sql`INSERT INTO gen.incoming_doc VALUES ('1', '关于 100% 完成'), ('2', '通知')`,
    );
    const preview = await send<{ list: Record<string, unknown>[]; pagination: { total: number } }>(
      'GET',
      `/api/system/DataModel/0/Table/incoming_doc/Preview?field=f_title&keyword=${encodeURIComponent('100%')}`,
    );
    expect(preview.data.list).toEqual([{ id: '1', f_title: '关于 100% 完成' }]);
    expect(preview.data.pagination.total).toBe(1);
    expect(
      (await send('GET', '/api/system/DataModel/0/Table/incoming_doc/Preview?field=nope&keyword=x')).code,
    ).toBe(400);

    // With rows: only new fields.
    changed.tableInfo.table = 'incoming_doc';
    changed.tableInfo.newTable = 'incoming_doc';
    const refused = await send('PUT', '/api/system/DataModel/0/Table', {
      ...changed,
      tableFieldList: changed.tableFieldList.slice(0, 1),
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/已有数据/);
    const added = await send('PUT', '/api/system/DataModel/0/addFields', {
      ...changed,
      tableFieldList: [
        ...changed.tableFieldList,
        { field: 'f_remark', fieldName: '备注', dataType: 'varchar' },
      ],
    });
    expect(added.code).toBe(200);
    expect(
      (await send<{ list: unknown[] }>('GET', '/api/system/DataModel/0/Tables/incoming_doc/Fields')).data
        .list,
    ).toHaveLength(3);

    expect((await send('DELETE', '/api/system/DataModel/0/Table/incoming_doc')).code).toBe(200);
    expect((await send('DELETE', '/api/system/DataModel/0/Table/incoming_doc')).code).toBe(400);
    expect(await genTables()).toBe(0);
  });

  it('lists the tables of the console database: its own, those made for designs and the reference tables designs read', async () => {
    expect((await send('POST', '/api/system/DataModel/0/Table', table('registry'))).code).toBe(200);
    const categories = await send<{ list: DictionaryDataNode[] }>(
      'GET',
      '/api/system/DictionaryData/businessType/Data/Selector',
    );
    const design = await send<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName: '来文办理',
      enCode: `incoming${Date.now().toString(36)}`,
      category: categories.data.list[0]!.id,
      type: 1,
      webType: 2,
      tables: '[]',
      formData: JSON.stringify(sampleForm()),
      columnData: JSON.stringify(sampleColumnData()),
    });
    expect(design.code, design.msg).toBe(200);
    const info = await send<{ tables: string }>('GET', `/api/visualdev/Base/${design.data.id}`);
    const designTable = (JSON.parse(info.data.tables) as { table: string }[])[0]!.table;

    const all = await send<{ list: DataModelTableItem[] }>('GET', '/api/system/DataModel/0/TableAll');
    const names = all.data.list.map((t) => t.table);
    expect(names).toEqual(
      expect.arrayContaining(['registry', designTable, 'base_organize', 'base_dictionary_data']),
    );
    // The console's own tables with people's data or secrets are not the data model's.
    expect(names).not.toContain('base_user');
    expect(all.data.list.find((t) => t.table === 'base_dictionary_data')!.sum).toBeGreaterThan(0);

    const fields = await send<{ list: DataModelFieldItem[] }>(
      'GET',
      `/api/system/DataModel/0/Tables/${designTable}/Fields?type=0`,
    );
    expect(fields.code, fields.msg).toBe(200);
    expect(fields.data.list.map((f) => f.field)).toContain('f_id');
    const preview = await send('GET', `/api/system/DataModel/0/Table/${designTable}/Preview`);
    expect(preview.code, preview.msg).toBe(200);
    expect((await send('GET', '/api/system/DataModel/0/Table/base_organize/Preview')).code).toBe(200);
    // Only the data model's own tables may be changed or dropped here.
    for (const other of [designTable, 'base_organize']) {
      const dropped = await send('DELETE', `/api/system/DataModel/0/Table/${other}`);
      expect([dropped.code, dropped.msg]).toEqual([400, DataModelMessages.notOwnTable(other)]);
    }
    expect((await send('GET', `/api/system/DataModel/0/Table/${designTable}/Preview`)).code).toBe(200);
    expect((await send('DELETE', '/api/system/DataModel/0/Table/registry')).code).toBe(200);
  });

  it('refuses bad tables with 400 and creates nothing', async () => {
    const before = await genTables();
    const bad = [
      table('x; DROP TABLE base_user'),
      table('order'),
      table('two__underscores'),
      table('ok_name', [{ field: 'id', fieldName: '主键', dataType: 'varchar', primaryKey: 0 }]),
      table('ok_name', [{ field: 'id', fieldName: '', dataType: 'varchar', primaryKey: 1 }]),
      table('ok_name', [{ field: 'id', fieldName: '主键', dataType: 'money', primaryKey: 1 }]),
      table('ok_name', [
        { field: 'id', fieldName: '主键', dataType: 'int', primaryKey: 1 },
        { field: 'ID', fieldName: '重复', dataType: 'int' },
      ]),
    ];
    for (const body of bad)
      expect((await send('POST', '/api/system/DataModel/0/Table', body)).code).toBe(400);
    expect(await genTables()).toBe(before);
    // The console's own tables are not reachable through the data model.
    expect((await send('GET', '/api/system/DataModel/0/Table/base_user/Preview')).code).toBe(400);
    expect((await send('DELETE', '/api/system/DataModel/0/Table/base_user')).code).toBe(400);
  });
});

const source = (overrides: Record<string, unknown> = {}) => ({
  fullName: `库${Math.random().toString(36).slice(2, 7)}`,
  dbType: 'PostgreSQL',
  host: '127.0.0.1',
  port: 5432,
  userName: 'postgres',
  password: 'secret-pass',
  serviceName: 'test',
  ...overrides,
});

describe('data sources', () => {
  it('never answers the password, keeps it on an empty edit, and refuses bad input', async () => {
    const created = await send<{ id: string }>(
      'POST',
      '/api/system/DataSource',
      source({ fullName: '业务库' }),
    );
    expect(created.code).toBe(200);
    const list = await server.request('GET', '/api/system/DataSource', { token });
    const detail = await send<DataSourceItem>('GET', `/api/system/DataSource/${created.data.id}`);
    expect(JSON.stringify(list.data)).not.toContain('secret-pass');
    expect(JSON.stringify(detail.data)).not.toContain('secret-pass');
    expect(detail.data.hasPassword).toBe(true);
    const edit = await send('PUT', `/api/system/DataSource/${created.data.id}`, {
      ...source({ fullName: '业务库2' }),
      password: '',
      version: detail.data.version,
    });
    expect(edit.code).toBe(200);
    const [row] = await server.services.db.select().from(dbLinks).where(eq(dbLinks.id, created.data.id));
    // Sealed at rest with SECRETS_KEY, and still the same password after the edit.
    expect(row?.password).toMatch(/^enc:v1:/);
    expect(row?.password).not.toContain('secret-pass');
    expect(openSecret(row!.password)).toBe('secret-pass');
    expect(row?.fullName).toBe('业务库2');

    const rows = async () => (await server.services.db.select({ n: count() }).from(dbLinks))[0]!.n;
    const before = await rows();
    for (const bad of [
      source({ fullName: '业务库2' }),
      source({ port: 70000 }),
      source({ dbType: 'Oracle' }),
      source({ host: 'a b' }),
      source({ serviceName: '' }),
    ])
      expect((await send('POST', '/api/system/DataSource', bad)).code).toBe(400);
    expect(await rows()).toBe(before);
    const selector = await send<{ list: { fullName: string; children: { id: string }[] }[] }>(
      'GET',
      '/api/system/DataSource/Selector',
    );
    expect(selector.data.list[0]!.children[0]!.id).toBe('0');
    expect((await send('DELETE', '/api/system/DataSource/0')).code).toBe(400);
  });

  it('refuses connections to addresses outside OUTBOUND_ALLOW (metadata, other loopback ports, private)', async () => {
    for (const target of [
      { host: '169.254.169.254', port: 5432 },
      { host: '127.0.0.1', port: 6379 },
      { host: '10.1.2.3', port: 5432 },
      { host: '0x7f000001', port: 6379 },
    ]) {
      const answer = await send('POST', '/api/system/DataSource/Actions/Test', source(target));
      expect({ target, code: answer.code }).toEqual({ target, code: 400 });
      expect(answer.msg).toMatch(/无法连接/);
    }
  });

  it.skipIf(!PG_URL)(
    'PostgreSQL: tests the connection, models a table and serves a SQL interface from it',
    async () => {
      const url = new URL(database.url!);
      const pg = source({
        host: url.hostname,
        port: Number(url.port || 5432),
        userName: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password) || 'trust',
        serviceName: url.pathname.slice(1),
      });
      expect((await send('POST', '/api/system/DataSource/Actions/Test', pg)).msg).toBe('连接成功');
      const wrong = await send('POST', '/api/system/DataSource/Actions/Test', {
        ...pg,
        serviceName: 'no_such_db',
      });
      expect(wrong.code).toBe(400);
      const id = (await send<{ id: string }>('POST', '/api/system/DataSource', pg)).data.id;
      expect((await send('POST', `/api/system/DataModel/${id}/Table`, table('side_table'))).code).toBe(200);
      const all = await send<{ list: DataModelTableItem[] }>(
        'GET',
        `/api/system/DataModel/${id}/TableAll?keyword=side_table`,
      );
      expect(all.data.list.map((t) => t.table)).toEqual(['side_table']);
      const categories = await send<{ list: DictionaryDataNode[] }>(
        'GET',
        '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
      );
      const created = await send<{ id: string }>('POST', '/api/system/DataInterface', {
        categoryId: categories.data.list[0]!.id,
        fullName: 'PG查询',
        enCode: 'pgSide',
        dataType: 1,
        dbLinkId: id,
        query: 'SELECT count(*)::int AS n FROM side_table WHERE f_title = {title}',
        requestParameters: JSON.stringify([{ field: 'title' }]),
      });
      expect(created.code).toBe(200);
      const preview = await send('POST', `/api/system/DataInterface/${created.data.id}/Actions/Preview`, {
        paramList: [{ field: 'title', defaultValue: "' OR '1'='1" }],
      });
      expect(preview).toMatchObject({ code: 200, data: [{ n: 0 }] });
      expect((await send('DELETE', `/api/system/DataInterface/${created.data.id}`)).code).toBe(200);
      expect((await send('DELETE', `/api/system/DataModel/${id}/Table/side_table`)).code).toBe(200);
    },
  );

  it.skipIf(!MYSQL_URL)(
    'MySQL/MariaDB: tests the connection, models a table and serves a SQL interface from it',
    async () => {
      const url = new URL(MYSQL_URL!);
      const my = source({
        dbType: 'MySQL',
        host: url.hostname,
        port: Number(url.port || 3306),
        userName: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        serviceName: url.pathname.slice(1),
      });
      const tested = await send('POST', '/api/system/DataSource/Actions/Test', my);
      expect(tested.msg).toBe('连接成功');
      const id = (await send<{ id: string }>('POST', '/api/system/DataSource', my)).data.id;
      const name = `t_${Math.random().toString(36).slice(2, 8)}`;
      try {
        expect((await send('POST', `/api/system/DataModel/${id}/Table`, table(name))).code).toBe(200);
        const fields = await send<{ list: DataModelFieldItem[] }>(
          'GET',
          `/api/system/DataModel/${id}/Tables/${name}/Fields`,
        );
        expect(fields.data.list.map((f) => f.dataType)).toEqual([
          'varchar',
          'varchar',
          'decimal',
          'datetime',
        ]);
        expect(
          (
            await send('PUT', `/api/system/DataModel/${id}/addFields`, {
              ...table(name),
              tableFieldList: [
                ...table(name).tableFieldList,
                { field: 'f_note', fieldName: '备注', dataType: 'text' },
              ],
            })
          ).code,
        ).toBe(200);
        const categories = await send<{ list: DictionaryDataNode[] }>(
          'GET',
          '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
        );
        const created = await send<{ id: string }>('POST', '/api/system/DataInterface', {
          categoryId: categories.data.list[0]!.id,
          fullName: 'MySQL查询',
          enCode: `my${Math.random().toString(36).slice(2, 8)}`,
          dataType: 1,
          dbLinkId: id,
          query: `SELECT id, f_title FROM ${name} WHERE f_title = {title}`,
          requestParameters: JSON.stringify([{ field: 'title' }]),
        });
        expect(created.code).toBe(200);
        for (const query of [
          'DELETE FROM x',
          "SELECT load_file('/etc/passwd')",
          'SELECT 1; SELECT 2',
          'SELECT * FROM mysql.user',
        ])
          expect(
            (
              await send('POST', '/api/system/DataInterface', {
                categoryId: categories.data.list[0]!.id,
                fullName: 'x',
                enCode: 'x',
                dataType: 1,
                dbLinkId: id,
                query,
              })
            ).code,
          ).toBe(400);
        const preview = await send('POST', `/api/system/DataInterface/${created.data.id}/Actions/Preview`, {
          paramList: [{ field: 'title', defaultValue: "' OR '1'='1" }],
        });
        expect(preview).toMatchObject({ code: 200, data: [] });
      } finally {
        await send('DELETE', `/api/system/DataModel/${id}/Table/${name}`);
      }
    },
  );
});
