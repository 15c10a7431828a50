/**
 * A backup of the console's own data: every table of the schemas public, gen and vd_data, read
 * in one REPEATABLE READ, READ ONLY transaction (one snapshot), written as gzip-compressed JSON
 * lines:
 *
 *   {"format":"console-backup","formatVersion":1,"migration":"0020_…","createdAt":…}
 *   {"table":"public.base_user","rows":12}            then 12 lines, each a row (row_to_json)
 *   {"table":"gen.orders","rows":3,"create":[…],"indexes":[…]}   generated tables also carry their DDL
 *                                                   and their indexes (pg_indexes.indexdef)
 *   {"end":true,"tables":…,"rows":…}
 *
 * Left out: sessions (who is signed in is not data to go back to) and the list of backups.
 * Restoring checks the whole file before it touches anything, refuses another migration
 * version, and then replaces the data in one transaction. The statements a file carries are
 * parsed (libpg-query) first and run only when each is what the backup writes for that very
 * table: its CREATE TABLE, ADD CONSTRAINT, COMMENT ON, and CREATE [UNIQUE] INDEX.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createGunzip, createGzip } from 'node:zlib';
import { getTableName, sql } from 'drizzle-orm';
import { parseSync } from 'libpg-query';
import { badRequest } from '../../../core/errors.js';
import { type Db, migrationsFolder, type Tx } from '../../../db/client.js';
import { dataBackups, userSessions } from '../../../db/schema/index.js';
import { loadPgParser } from '../dataInterface/sqlGuard.js';

const FORMAT = 'console-backup';
const FORMAT_VERSION = 1;
const SCHEMAS = ['public', 'gen', 'vd_data'];
/** Schemas whose tables people create (data model, generated forms): dropped and re-created on restore. */
const GENERATED_SCHEMAS = new Set(['gen', 'vd_data']);
const LEFT_OUT = new Set([`public.${getTableName(userSessions)}`, `public.${getTableName(dataBackups)}`]);
const FETCH_ROWS = 1_000;
const INSERT_ROWS = 500;

export const BackupMessages = {
  corrupt: '备份文件已损坏或不完整，不能还原',
  versionMismatch: (backup: string, running: string) =>
    `备份的数据库版本（${backup}）与当前运行的版本（${running}）不一致，不能还原；请使用同一版本制作的备份`,
  tablesDiffer: (table: string) => `备份与当前数据库的表结构不一致（${table}），不能还原`,
  badStatement: (table: string) =>
    `备份文件中表${table}的建表或索引语句被改动过（只能是这张表自己的建表、约束、注释和CREATE INDEX语句），不能还原`,
} as const;

let running: string | undefined;
/** The tag of the newest migration this build applied at start (read once: the files may change under a running server). */
export function runningMigration(): string {
  running ??=
    (
      JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
        entries: { tag: string }[];
      }
    ).entries.at(-1)?.tag ?? '';
  return running;
}

interface TableHeader {
  table: string;
  rows: number;
  create?: string[];
  /** CREATE [UNIQUE] INDEX statements of a generated table's own indexes (not those of its constraints). */
  indexes?: string[];
}

const rowsOf = async (tx: Tx | Db, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Tables of the app's schemas as "schema.table", parents before the tables whose foreign keys name them. */
async function appTables(tx: Tx | Db): Promise<string[]> {
  const rows = await rowsOf(
    tx,
    sql`SELECT n.nspname || '.' || c.relname AS name,
          coalesce((SELECT array_agg(DISTINCT rn.nspname || '.' || rc.relname)
             FROM pg_constraint f JOIN pg_class rc ON rc.oid = f.confrelid JOIN pg_namespace rn ON rn.oid = rc.relnamespace
             WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid), '{}') AS parents
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND n.nspname IN (${sql.join(
            SCHEMAS.map((s) => sql`${s}`),
            sql`, `,
          )})
        ORDER BY 1`,
  );
  const pending = new Map(
    rows.map((r) => [String(r.name), (r.parents as string[]).filter((p) => !LEFT_OUT.has(p))]),
  );
  for (const name of LEFT_OUT) pending.delete(name);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => parents.every((p) => !pending.has(p)));
    // A cycle of foreign keys: take the rest as they are (TRUNCATE clears them together).
    for (const [name] of ready.length > 0 ? ready : [...pending]) {
      ordered.push(name);
      pending.delete(name);
    }
  }
  return ordered;
}

/** Quoted "schema"."table" of a name read from the catalog. */
const qualified = (name: string) => {
  const dot = name.indexOf('.');
  return `"${name.slice(0, dot).replace(/"/g, '""')}"."${name.slice(dot + 1).replace(/"/g, '""')}"`;
};

/** The statements re-creating a generated table: columns, constraints, indexes and comments. */
async function createStatements(tx: Tx, name: string): Promise<string[]> {
  const [schema, table] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
  const target = sql`${qualified(name)}::text`;
  const rows = await rowsOf(
    tx,
    sql`WITH t AS (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                   WHERE n.nspname = ${schema} AND c.relname = ${table})
        SELECT 'CREATE TABLE ' || ${target} || ' (' || string_agg(
                 format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod))
                 || CASE WHEN a.attidentity = 'a' THEN ' GENERATED ALWAYS AS IDENTITY'
                         WHEN a.attidentity = 'd' THEN ' GENERATED BY DEFAULT AS IDENTITY' ELSE '' END
                 || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
                 || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), ''), ', ' ORDER BY a.attnum) || ')' AS s, 0 AS k
        FROM pg_attribute a JOIN t ON a.attrelid = t.oid
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped
        UNION ALL
        SELECT format('ALTER TABLE %s ADD CONSTRAINT %I %s', ${target}, co.conname, pg_get_constraintdef(co.oid)), 1
        FROM pg_constraint co JOIN t ON co.conrelid = t.oid WHERE co.contype IN ('p', 'u', 'c')
        UNION ALL
        SELECT format('COMMENT ON TABLE %s IS %L', ${target}, obj_description(t.oid, 'pg_class')), 3
        FROM t WHERE obj_description(t.oid, 'pg_class') IS NOT NULL
        UNION ALL
        SELECT format('COMMENT ON COLUMN %s.%I IS %L', ${target}, a.attname, col_description(t.oid, a.attnum)), 4
        FROM pg_attribute a JOIN t ON a.attrelid = t.oid
        WHERE a.attnum > 0 AND NOT a.attisdropped AND col_description(t.oid, a.attnum) IS NOT NULL
        ORDER BY 2`,
  );
  return rows.map((r) => String(r.s));
}

/** The definitions of a generated table's indexes, those behind its constraints left to ADD CONSTRAINT. */
async function indexStatements(tx: Tx, name: string): Promise<string[]> {
  const [schema, table] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
  const rows = await rowsOf(
    tx,
    sql`SELECT x.indexdef AS s FROM pg_indexes x
        WHERE x.schemaname = ${schema} AND x.tablename = ${table}
          AND NOT EXISTS (SELECT 1 FROM pg_constraint co
                          WHERE co.conindid = format('%I.%I', x.schemaname, x.indexname)::regclass)
        ORDER BY x.indexname`,
  );
  return rows.map((r) => String(r.s));
}

type Node = Record<string, unknown>;
const relationOf = (node: unknown) => {
  const r = (node ?? {}) as { schemaname?: string; relname?: string };
  return `${r.schemaname ?? ''}.${r.relname ?? ''}`;
};
const names = (list: unknown) =>
  ((list as { List?: { items?: { String?: { sval?: string } }[] } })?.List?.items ?? []).map(
    (item) => item.String?.sval ?? '',
  );

/**
 * Whether `statement` is one statement the backup writes for the generated table `name`:
 * CREATE [UNIQUE] INDEX on it (always allowed; the only kind allowed when `indexOnly`), or its
 * CREATE TABLE, ALTER TABLE … ADD CONSTRAINT, COMMENT ON TABLE / COLUMN.
 */
export function ownStatement(statement: string, name: string, indexOnly: boolean): boolean {
  let stmts: { stmt: Node }[];
  try {
    stmts = (parseSync(statement) as { stmts?: { stmt: Node }[] }).stmts ?? [];
  } catch {
    return false;
  }
  if (stmts.length !== 1) return false;
  const [[kind, body]] = Object.entries(stmts[0]!.stmt) as [[string, Node]];
  if (kind === 'IndexStmt')
    return relationOf(body.relation) === name && !body.tableSpace && body.concurrent !== true;
  if (indexOnly) return false;
  if (kind === 'CreateStmt')
    return relationOf(body.relation) === name && !body.inhRelations && !body.partbound && !body.ofTypename;
  if (kind === 'AlterTableStmt')
    return (
      relationOf(body.relation) === name &&
      body.objtype === 'OBJECT_TABLE' &&
      ((body.cmds as { AlterTableCmd?: { subtype?: string } }[]) ?? []).every(
        (c) => c.AlterTableCmd?.subtype === 'AT_AddConstraint',
      )
    );
  if (kind === 'CommentStmt') {
    const parts = names(body.object);
    const [schema, table] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
    return (
      parts[0] === schema &&
      parts[1] === table &&
      ((body.objtype === 'OBJECT_TABLE' && parts.length === 2) ||
        (body.objtype === 'OBJECT_COLUMN' && parts.length === 3))
    );
  }
  return false;
}

/** Makes the backup file: gzip bytes, with what it holds. */
export async function dumpDatabase(
  db: Db,
): Promise<{ content: Buffer; tables: number; rows: number; migration: string }> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  const write = (line: unknown) => gzip.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
  const migration = runningMigration();
  let total = 0;
  let tableCount = 0;
  await db.transaction(
    async (tx) => {
      write({ format: FORMAT, formatVersion: FORMAT_VERSION, migration, createdAt: Date.now() });
      for (const name of await appTables(tx)) {
        const [{ n }] = (await rowsOf(tx, sql.raw(`SELECT count(*)::int AS n FROM ${qualified(name)}`))) as [
          { n: number },
        ];
        const header: TableHeader = { table: name, rows: n };
        if (GENERATED_SCHEMAS.has(name.slice(0, name.indexOf('.')))) {
          header.create = await createStatements(tx, name);
          header.indexes = await indexStatements(tx, name);
        }
        write(header);
        await tx.execute(
          sql.raw(
            `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${qualified(name)} t`,
          ),
        );
        for (;;) {
          const batch = await rowsOf(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM backup_rows`));
          for (const row of batch) write(String(row.j));
          if (batch.length < FETCH_ROWS) break;
        }
        await tx.execute(sql.raw('CLOSE backup_rows'));
        total += n;
        tableCount += 1;
      }
      write({ end: true, tables: tableCount, rows: total });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  gzip.end();
  await finished;
  return { content: Buffer.concat(chunks), tables: tableCount, rows: total, migration };
}

interface ParsedBackup {
  migration: string;
  tables: { header: TableHeader; rows: string[] }[];
}

/** Reads and checks a whole backup file; 400 when it is not one, cut short or altered. */
export async function parseBackup(content: Buffer): Promise<ParsedBackup> {
  let text: string;
  try {
    text = await new Promise<string>((resolve, reject) => {
      const parts: Buffer[] = [];
      const gunzip = createGunzip();
      gunzip.on('data', (c: Buffer) => parts.push(c));
      gunzip.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      gunzip.on('error', reject);
      gunzip.end(content);
    });
  } catch {
    throw badRequest(BackupMessages.corrupt);
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  try {
    const head = JSON.parse(lines[0] ?? '');
    if (head.format !== FORMAT || head.formatVersion !== FORMAT_VERSION || typeof head.migration !== 'string')
      throw new Error('header');
    const tables: ParsedBackup['tables'] = [];
    let at = 1;
    let total = 0;
    for (;;) {
      const item = JSON.parse(lines[at] ?? '');
      at += 1;
      if (item.end === true) {
        if (item.tables !== tables.length || item.rows !== total || at !== lines.length)
          throw new Error('end');
        break;
      }
      if (typeof item.table !== 'string' || !Number.isInteger(item.rows) || item.rows < 0)
        throw new Error('table');
      const rows = lines.slice(at, at + item.rows);
      if (rows.length !== item.rows) throw new Error('rows');
      for (const row of rows) if (!row.startsWith('{')) throw new Error('row');
      at += item.rows;
      total += item.rows;
      tables.push({ header: item as TableHeader, rows });
    }
    return { migration: head.migration, tables };
  } catch {
    throw badRequest(BackupMessages.corrupt);
  }
}

/**
 * Replaces the data with the backup's, in the caller's transaction: the version and the table
 * set are checked first, then every table is cleared (generated schemas dropped and re-created)
 * and filled.
 */
export async function restoreDatabase(tx: Tx, backup: ParsedBackup): Promise<void> {
  const running = runningMigration();
  if (backup.migration !== running)
    throw badRequest(BackupMessages.versionMismatch(backup.migration, running));
  const current = await appTables(tx);
  const fixed = (name: string) => !GENERATED_SCHEMAS.has(name.slice(0, name.indexOf('.')));
  const currentFixed = new Set(current.filter(fixed));
  const backupFixed = backup.tables.map((t) => t.header.table).filter(fixed);
  for (const name of backupFixed)
    if (!currentFixed.has(name)) throw badRequest(BackupMessages.tablesDiffer(name));
  for (const name of currentFixed)
    if (!backupFixed.includes(name)) throw badRequest(BackupMessages.tablesDiffer(name));
  // Nothing a file carries runs unless it is the backup's own statement for that table.
  await loadPgParser();
  for (const { header } of backup.tables) {
    if (fixed(header.table)) {
      if (header.create !== undefined || header.indexes !== undefined)
        throw badRequest(BackupMessages.corrupt);
      continue;
    }
    if (!/^(gen|vd_data)\./.test(header.table)) throw badRequest(BackupMessages.corrupt);
    const { create = [], indexes = [] } = header;
    if (!Array.isArray(create) || !Array.isArray(indexes)) throw badRequest(BackupMessages.corrupt);
    for (const [list, indexOnly] of [
      [create, false],
      [indexes, true],
    ] as const)
      for (const statement of list)
        if (typeof statement !== 'string' || !ownStatement(statement, header.table, indexOnly))
          throw badRequest(BackupMessages.badStatement(header.table));
  }

  await tx.execute(sql.raw(`TRUNCATE ${[...currentFixed].map(qualified).join(', ')}`));
  for (const name of current.filter((n) => !fixed(n)).reverse())
    await tx.execute(sql.raw(`DROP TABLE ${qualified(name)} CASCADE`));
  for (const schema of GENERATED_SCHEMAS)
    await tx.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS "${schema}"`));
  for (const { header, rows } of backup.tables) {
    if (!fixed(header.table))
      for (const statement of [...(header.create ?? []), ...(header.indexes ?? [])])
        await tx.execute(sql.raw(statement));
    const target = qualified(header.table);
    for (let i = 0; i < rows.length; i += INSERT_ROWS)
      await tx.execute(
        sql`INSERT INTO ${sql.raw(target)} OVERRIDING SYSTEM VALUE
            SELECT * FROM json_populate_recordset(NULL::${sql.raw(target)}, ${`[${rows.slice(i, i + INSERT_ROWS).join(',')}]`}::json)`,
      );
    // Sequences behind serial and identity columns continue after the restored values.
    const sequences = await rowsOf(
      tx,
      sql`SELECT a.attname AS col, pg_get_serial_sequence(${target}, a.attname) AS seq
          FROM pg_attribute a WHERE a.attrelid = ${target}::regclass AND a.attnum > 0 AND NOT a.attisdropped
            AND pg_get_serial_sequence(${target}, a.attname) IS NOT NULL`,
    );
    for (const { col, seq } of sequences)
      await tx.execute(
        sql`SELECT setval(${String(seq)}, coalesce((SELECT max(${sql.identifier(String(col))}) FROM ${sql.raw(target)}), 0) + 1, false)`,
      );
  }
}
