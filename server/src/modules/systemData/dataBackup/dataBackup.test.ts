import { gunzipSync, gzipSync } from 'node:zlib';
import type { DataBackupItem } from '@console/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { dataBackups, dictionaryData } from '../../../db/schema/index.js';
import { fileStoreFor } from '../../file/file-store.js';
import { runningMigration } from './dump.js';

let database: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token, json });

/** Written while requests run (request logs, scheduled-task bookkeeping, sessions): not compared. */
const MOVING = new Set([
  'base_log',
  'base_time_task',
  'base_time_task_log',
  'base_user_session',
  'base_data_backup',
]);

/** A digest of every table of the app's schemas, by table. */
async function snapshot(): Promise<Record<string, string>> {
  const { rows } = (await server.services.db.execute(
    sql`SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname IN ('public', 'gen', 'vd_data') ORDER BY 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of rows) {
    if (MOVING.has(name.split('.')[1]!)) continue;
    const [schema, table] = name.split('.') as [string, string];
    const digest = (await server.services.db.execute(
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM ${sql.identifier(schema)}.${sql.identifier(table)} t`,
    )) as unknown as { rows: { d: string }[] };
    out[name] = digest.rows[0]!.d;
  }
  return out;
}

const backups = async () =>
  (await send<{ list: DataBackupItem[] }>('GET', '/api/system/DataBackup')).data.list;

/** A backup row whose file is `content`, as if the store held a damaged or foreign file. */
async function planted(content: Buffer): Promise<string> {
  const id = newId();
  const storageKey = `backup/test-${id}.jsonl.gz`;
  await fileStoreFor(server.services.config).put(storageKey, content);
  await server.services.db.insert(dataBackups).values({
    id,
    fileName: `${id}.jsonl.gz`,
    fileSize: content.length,
    storageKey,
    migration: runningMigration(),
    tableCount: 0,
    rowCount: 0,
  });
  return id;
}

describe('data backup', () => {
  it('backs up, restores what was changed since, ends other sessions, and refuses damaged or foreign backups', async () => {
    // A generated table too: it is dropped after the backup and must come back with its rows.
    expect(
      (
        await send('POST', '/api/system/DataModel/0/Table', {
          tableInfo: { table: '', tableName: '台账', newTable: 'ledger' },
          tableFieldList: [
            {
              field: 'id',
              fieldName: '主键',
              dataType: 'int',
              primaryKey: 1,
              allowNull: 0,
              autoIncrement: 1,
            },
            { field: 'f_title', fieldName: '标题', dataType: 'varchar' },
          ],
        })
      ).code,
    ).toBe(200);
    await server.services.db.execute(sql`INSERT INTO gen.ledger (f_title) VALUES ('甲'), ('乙')`);
    // Its own indexes (a plain and a unique expression one) come back too.
    await server.services.db.execute(sql`CREATE INDEX ledger_title_idx ON gen.ledger (f_title)`);
    await server.services.db.execute(sql`CREATE UNIQUE INDEX ledger_lower_uq ON gen.ledger (lower(f_title))`);
    const ledgerIndexes = async () =>
      (
        (await server.services.db.execute(
          sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'gen' AND tablename = 'ledger' ORDER BY 1`,
        )) as unknown as { rows: { indexname: string; indexdef: string }[] }
      ).rows;
    const indexesBefore = await ledgerIndexes();
    expect(indexesBefore.map((i) => i.indexname)).toEqual(
      expect.arrayContaining(['ledger_lower_uq', 'ledger_title_idx']),
    );

    expect((await send('POST', '/api/system/DataBackup')).code).toBe(200);
    const before = await snapshot();
    const [made] = await backups();
    expect(made).toMatchObject({
      migration: runningMigration(),
      fileName: expect.stringMatching(/\.jsonl\.gz$/),
    });
    expect(made!.rowCount).toBeGreaterThan(100);

    // Download: a one-use address of the gzip file, whose first line names the format and version.
    const link = await send<{ url: string }>('GET', made!.fileUrl);
    const file = await fetch(`${server.baseUrl}${link.data.url}`);
    const bytes = Buffer.from(await file.arrayBuffer());
    const lines = gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'console-backup', migration: runningMigration() });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true, rows: made!.rowCount });

    // Changes after the backup.
    const [item] = await server.services.db.select().from(dictionaryData).limit(1);
    await server.services.db
      .update(dictionaryData)
      .set({ fullName: '改过的名称' })
      .where(eq(dictionaryData.id, item!.id));
    await server.services.db.execute(sql`DROP TABLE gen.ledger`);
    await send('POST', '/api/system/DataModel/0/Table', {
      tableInfo: { table: '', tableName: '新表', newTable: 'later_table' },
      tableFieldList: [{ field: 'id', fieldName: '主键', dataType: 'varchar', primaryKey: 1, allowNull: 0 }],
    });
    expect(await snapshot()).not.toEqual(before);
    const changed = await snapshot();

    // Refused, changing nothing: another migration version, a cut file, a file without its end.
    const [head, ...rest] = lines;
    const foreign = await planted(
      gzipSync([JSON.stringify({ ...JSON.parse(head!), migration: '0000_init' }), ...rest].join('\n')),
    );
    const cut = await planted(bytes.subarray(0, Math.floor(bytes.length / 2)));
    const endless = await planted(gzipSync(lines.slice(0, -1).join('\n')));
    // A file whose index (or table) statements were altered: another statement, another table.
    const ledgerAt = lines.findIndex((l) => l.startsWith('{"table":"gen.ledger"'));
    const ledgerHeader = JSON.parse(lines[ledgerAt]!) as { create: string[]; indexes: string[] };
    expect(ledgerHeader.indexes).toEqual(
      expect.arrayContaining([expect.stringMatching(/^CREATE UNIQUE INDEX ledger_lower_uq ON gen\.ledger/)]),
    );
    const tampered = (change: (h: typeof ledgerHeader) => void) => {
      const header = structuredClone(ledgerHeader);
      change(header);
      return planted(gzipSync(lines.map((l, i) => (i === ledgerAt ? JSON.stringify(header) : l)).join('\n')));
    };
    const alteredStatements = [
      await tampered((h) => h.indexes.push('DROP TABLE public.base_dictionary_data')),
      await tampered((h) => h.indexes.push('CREATE INDEX evil ON public.base_user (f_account)')),
      await tampered((h) =>
        h.indexes.push('CREATE INDEX ok ON gen.ledger (f_title); DROP TABLE public.base_user'),
      ),
      await tampered((h) => h.indexes.push('ALTER TABLE gen.ledger ADD CONSTRAINT c CHECK (true)')),
      await tampered((h) => h.create.push('DELETE FROM public.base_dictionary_data')),
      await tampered((h) => h.create.push('CREATE INDEX other ON vd_data.ledger (f_title)')),
    ];
    const refusals: [string, RegExp][] = [
      [foreign, /版本（0000_init）与当前运行的版本/],
      [cut, /损坏或不完整/],
      [endless, /损坏或不完整/],
      ...alteredStatements.map((id): [string, RegExp] => [id, /表gen\.ledger的建表或索引语句被改动过/]),
      ['no-such-backup', /不存在/],
    ];
    for (const [id, message] of refusals) {
      const answer = await send('POST', `/api/system/DataBackup/${id}/Actions/Restore`);
      expect({ id, code: answer.code, msg: answer.msg }).toEqual({
        id,
        code: 400,
        msg: expect.stringMatching(message),
      });
    }
    expect(await snapshot()).toEqual(changed);

    const other = await server.adminToken();
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token: other })).code).toBe(200);
    const restored = await send('POST', `/api/system/DataBackup/${made!.id}/Actions/Restore`);
    expect(restored).toMatchObject({ code: 200, msg: expect.stringMatching(/还原成功/) });
    expect(await snapshot()).toEqual(before);
    expect(await ledgerIndexes()).toEqual(expect.arrayContaining(indexesBefore));
    expect((await ledgerIndexes()).length).toBe(indexesBefore.length);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token: other })).code).toBe(601);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    // The identity continues after the restored rows.
    await server.services.db.execute(sql`INSERT INTO gen.ledger (f_title) VALUES ('丙')`);
    const ids = (await server.services.db.execute(sql`SELECT id FROM gen.ledger ORDER BY id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    // Backups made after the one restored are still listed.
    expect((await backups()).length).toBe(4 + alteredStatements.length);

    const [kept] = await server.services.db.select().from(dataBackups).where(eq(dataBackups.id, made!.id));
    const stored = await fileStoreFor(server.services.config).read(kept!.storageKey);
    expect(stored).toBeDefined();
    stored?.destroy();
    expect((await send('DELETE', `/api/system/DataBackup/${made!.id}`)).code).toBe(200);
    expect((await backups()).map((b) => b.id)).not.toContain(made!.id);
    const [gone] = await server.services.db.select().from(dataBackups).where(eq(dataBackups.id, made!.id));
    expect(gone).toBeUndefined();
    expect(await fileStoreFor(server.services.config).read(kept!.storageKey)).toBeUndefined();
    expect((await send('DELETE', `/api/system/DataBackup/${made!.id}`)).code).toBe(400);
    // A dump and a restore of the whole database: minutes on a loaded machine.
  }, 300_000);
});
