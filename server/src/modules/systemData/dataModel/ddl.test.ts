import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { BizError } from '../../../core/errors.js';
import {
  addGenFields,
  alterGenTable,
  createGenTable,
  dropGenTable,
  type GenTableDef,
  genTableHasRows,
  readGenTable,
} from './ddl.js';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const leave: GenTableDef = {
  table: 'leave_form',
  tableName: '请假单',
  fields: [
    { field: 'id', fieldName: '主键', dataType: 'varchar', dataLength: '50', primaryKey: 1, allowNull: 0 },
    { field: 'reason', fieldName: "事由 'quoted'", dataType: 'text' },
    { field: 'days', fieldName: '天数', dataType: 'decimal', dataLength: '5,1' },
  ],
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof BizError ? error.message : `unexpected ${String(error)}`),
  );

describe('generated tables (ddl.ts)', () => {
  it('creates, alters, adds fields and drops a table in schema gen', async () => {
    const db = server.services.db;
    await createGenTable(db, leave);
    const read = await readGenTable(db, 'leave_form');
    expect(read?.tableName).toBe('请假单');
    expect(read?.fields.map((f) => [f.field, f.dataType, f.dataLength, f.primaryKey, f.allowNull])).toEqual([
      ['id', 'varchar', '50', 1, 0],
      ['reason', 'text', '', 0, 1],
      ['days', 'decimal', '5,1', 0, 1],
    ]);
    expect(read?.fields[1]?.fieldName).toBe("事由 'quoted'");
    await db.execute(sql`INSERT INTO gen.leave_form (id, reason, days) VALUES ('1', 'ill', 2.5)`);
    expect(await genTableHasRows(db, 'leave_form')).toBe(true);

    await alterGenTable(db, 'leave_form', {
      table: 'leave_request',
      tableName: '请假申请',
      fields: [
        leave.fields[0]!,
        { field: 'days', fieldName: '天数', dataType: 'varchar', dataLength: '10' },
        { field: 'start_at', fieldName: '开始', dataType: 'datetime' },
      ],
    });
    expect(await readGenTable(db, 'leave_form')).toBeNull();
    const altered = await readGenTable(db, 'leave_request');
    expect(altered?.fields.map((f) => `${f.field}:${f.dataType}`)).toEqual([
      'id:varchar',
      'days:varchar',
      'start_at:datetime',
    ]);
    const rows = (await db.execute(sql`SELECT days FROM gen.leave_request`)) as unknown as {
      rows: { days: string }[];
    };
    expect(rows.rows[0]?.days).toBe('2.5');

    await addGenFields(db, 'leave_request', [
      { field: 'approver', fieldName: '审批人', dataType: 'varchar' },
    ]);
    expect((await readGenTable(db, 'leave_request'))?.fields.at(-1)?.field).toBe('approver');
    await dropGenTable(db, 'leave_request');
    expect(await readGenTable(db, 'leave_request')).toBeNull();
  });

  it('refuses bad names, reserved words, no or two primary keys, and leaves the table as it was', async () => {
    const db = server.services.db;
    const bad = (over: Partial<GenTableDef>) => refusal(createGenTable(db, { ...leave, ...over }));
    expect(await bad({ table: 'x"; DROP TABLE base_user; --' })).toMatch(/不合法/);
    expect(await bad({ table: 'select' })).toMatch(/保留字/);
    expect(await bad({ table: 'a__b' })).toMatch(/连续的下划线/);
    expect(await bad({ fields: leave.fields.map((f) => ({ ...f, primaryKey: 0 as const })) })).toMatch(
      /主键/,
    );
    expect(await bad({ fields: leave.fields.map((f) => ({ ...f, primaryKey: 1 as const })) })).toMatch(
      /主键/,
    );
    expect(await bad({ fields: [...leave.fields, leave.fields[1]!] })).toMatch(/重复/);
    expect(
      await bad({
        fields: [leave.fields[0]!, { field: 'n', fieldName: 'n', dataType: 'varchar', dataLength: '0' }],
      }),
    ).toMatch(/长度/);
    const tables = (await db.execute(
      sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'gen'`,
    )) as unknown as { rows: { n: number }[] };
    expect(tables.rows[0]?.n).toBe(0);

    // A type change whose values do not convert fails as a whole: the rename before it is undone too.
    await createGenTable(db, leave);
    await db.execute(sql`INSERT INTO gen.leave_form (id, reason) VALUES ('1', 'not a number')`);
    expect(
      await refusal(
        alterGenTable(db, 'leave_form', {
          ...leave,
          table: 'renamed',
          fields: [leave.fields[0]!, { field: 'reason', fieldName: '事由', dataType: 'int' }],
        }),
      ),
    ).toMatch(/unexpected/);
    expect(await readGenTable(db, 'renamed')).toBeNull();
    expect((await readGenTable(db, 'leave_form'))?.fields[1]?.dataType).toBe('text');
    expect(await refusal(createGenTable(db, leave))).toMatch(/已存在/);
  });
});
