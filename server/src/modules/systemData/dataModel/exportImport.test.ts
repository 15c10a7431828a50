import type { DataModelFieldItem } from '@console/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let staff: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  await server.addUser('modelStaff', 'Secret#123');
  staff = await server.login('modelStaff', 'Secret#123');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const BASE = '/api/system/DataModel/0';
const send = <T = unknown>(method: string, path: string, json?: unknown, who = token) =>
  server.request<T>(method, path, { token: who, json });

function multipart(name: string, content: string) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const importFile = (name: string, content: string, who = token) =>
  server.request<{ table: string }>('POST', `${BASE}/Action/Import`, {
    token: who,
    ...multipart(name, content),
  });

const genTables = async () =>
  (
    (await server.services.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'gen'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

describe('data model: table structure export and import (.bdb)', () => {
  it('exports a table as a one-use download and imports it under another name', async () => {
    const created = await send('POST', `${BASE}/Table`, {
      tableInfo: { table: '', tableName: '来文登记', newTable: 'doc_in' },
      tableFieldList: [
        { field: 'id', fieldName: '主键', dataType: 'bigint', primaryKey: 1, allowNull: 0, autoIncrement: 1 },
        { field: 'f_title', fieldName: '标题', dataType: 'varchar', dataLength: '200', allowNull: 0 },
        { field: 'f_amount', fieldName: '金额', dataType: 'decimal', dataLength: '12,2' },
        { field: 'f_body', fieldName: '正文', dataType: 'text' },
      ],
    });
    expect(created.code, created.msg).toBe(200);

    const exported = await send<{ name: string; url: string }>('GET', `${BASE}/Table/doc_in/Action/Export`);
    expect(exported.code, exported.msg).toBe(200);
    expect(exported.data.name).toBe('doc_in.bdb');
    const response = await fetch(`${server.baseUrl}${exported.data.url}`);
    expect(response.status).toBe(200);
    const file = await response.text();
    const def = JSON.parse(file);
    expect(def.tableInfo).toEqual({ table: 'doc_in', tableName: '来文登记', newTable: 'doc_in' });
    expect(def.tableFieldList).toHaveLength(4);
    expect(def.tableFieldList[0]).toMatchObject({
      field: 'id',
      dataType: 'bigint',
      primaryKey: 1,
      autoIncrement: 1,
    });
    // One use only.
    expect(await fetch(`${server.baseUrl}${exported.data.url}`).then((r) => r.text())).toContain(
      '下载链接已失效',
    );

    // The same structure again: the table exists already, nothing is created.
    const before = await genTables();
    const again = await importFile('doc_in.bdb', file);
    expect(again.code).toBe(400);
    expect(again.msg).toBe('表"doc_in"已存在');

    def.tableInfo.newTable = 'doc_in_copy';
    const imported = await importFile('doc_in_copy.bdb', JSON.stringify(def));
    expect(imported.code, imported.msg).toBe(200);
    expect(imported.data.table).toBe('doc_in_copy');
    expect(await genTables()).toBe(before + 1);
    const fields = await send<{ list: DataModelFieldItem[] }>('GET', `${BASE}/Tables/doc_in_copy/Fields`);
    expect(fields.data.list.map((f) => [f.field, f.dataType, f.dataLength, f.allowNull])).toEqual([
      ['id', 'bigint', '', 0],
      ['f_title', 'varchar', '200', 0],
      ['f_amount', 'decimal', '12,2', 1],
      ['f_body', 'text', '', 1],
    ]);
  });

  it('refuses bad files and tables with a message and creates nothing', async () => {
    const before = await genTables();
    const good = {
      tableInfo: { table: '', tableName: '坏文件', newTable: 'bad_import' },
      tableFieldList: [{ field: 'id', fieldName: '主键', dataType: 'varchar', primaryKey: 1, allowNull: 0 }],
    };
    const cases: [string, string, string][] = [
      ['x.bdb', '{not json', '导入文件不是有效的表结构文件（.bdb）'],
      ['x.bdb', JSON.stringify({ tableInfo: { tableName: 'x' } }), '导入文件有误：tableInfo.newTable'],
      ['x.bdb', JSON.stringify({ ...good, tableFieldList: [] }), '至少需要一个字段'],
      [
        'x.bdb',
        JSON.stringify({ ...good, tableInfo: { ...good.tableInfo, newTable: 'bad;drop table x' } }),
        '只能由字母、数字和下划线组成',
      ],
      [
        'x.bdb',
        JSON.stringify({
          ...good,
          tableFieldList: [{ ...good.tableFieldList[0], primaryKey: 0 }],
        }),
        '必须且只能设置一个主键字段',
      ],
      ['x.bd', JSON.stringify(good), 'bdb'],
    ];
    for (const [name, content, message] of cases) {
      const answer = await importFile(name, content);
      expect(answer.code, content).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const noFile = await server.request('POST', `${BASE}/Action/Import`, { token, json: good });
    expect(noFile.code).toBe(400);
    expect(await genTables()).toBe(before);

    const missing = await send('GET', `${BASE}/Table/no_such_table/Action/Export`);
    expect(missing.code).toBe(400);
    expect(missing.msg).toBe('表"no_such_table"不存在');
    expect((await send('GET', `/api/system/DataModel/nope/Table/doc_in/Action/Export`)).msg).toBe(
      '数据连接不存在',
    );

    // Without the data model page's export and import buttons.
    expect((await send('GET', `${BASE}/Table/doc_in/Action/Export`, undefined, staff)).code).toBe(400);
    expect((await importFile('x.bdb', JSON.stringify(good), staff)).code).toBe(400);
    expect(await genTables()).toBe(before);
  });
});
