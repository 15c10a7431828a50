import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bigint, integer, numeric, type PgColumnBuilderBase, pgSchema, text } from 'drizzle-orm/pg-core';
import { badRequest } from '../../../core/errors.js';
import type { DbOrTx } from '../../../db/client.js';
import { type ColumnKind, checkTableName, type DataModel, IDENTIFIER, type ModelField } from './model.js';

/**
 * Generated tables (forms.md 4.1) live in their own schema, created by migration 0011. Every
 * identifier is checked against IDENTIFIER (model.ts) and written quoted through
 * sql.identifier; DDL runs inside the caller's transaction, so a failed save leaves no table.
 */
export const GENERATED_SCHEMA = 'vd_data';
const generated = pgSchema(GENERATED_SCHEMA);

const SQL_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  json: 'text',
  number: 'numeric',
  int: 'integer',
  time: 'bigint',
};
/** information_schema.columns.data_type of each kind. */
const INFO_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  json: 'text',
  number: 'numeric',
  int: 'integer',
  time: 'bigint',
};

const ident = (name: string) => sql.identifier(name);
const qualified = (table: string) => sql`${ident(GENERATED_SCHEMA)}.${ident(checkTableName(table))}`;

export const DdlMessages = {
  typeClash: (label: string, column: string, was: string, wanted: string) =>
    `字段“${label}”（${column}）在数据表中已是 ${was} 类型，不能改为 ${wanted}；请换一个字段名`,
} as const;

async function existingColumns(tx: DbOrTx, table: string): Promise<Map<string, string>> {
  const result = await tx.execute<{ column_name: string; data_type: string }>(
    sql`SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = ${GENERATED_SCHEMA} AND table_name = ${table}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    column_name: string;
    data_type: string;
  }[];
  return new Map(rows.map((r) => [r.column_name, r.data_type]));
}

async function addColumns(tx: DbOrTx, table: string, fields: ModelField[]) {
  const existing = await existingColumns(tx, table);
  for (const f of fields) {
    if (!IDENTIFIER.test(f.column)) throw badRequest(`invalid column ${f.column}`);
    const was = existing.get(f.column);
    if (was) {
      if (was !== INFO_TYPE[f.kind])
        throw badRequest(DdlMessages.typeClash(f.label, f.column, was, INFO_TYPE[f.kind]));
      continue;
    }
    await tx.execute(
      sql`ALTER TABLE ${qualified(table)} ADD COLUMN ${ident(f.column)} ${sql.raw(SQL_TYPE[f.kind])}`,
    );
  }
}

/**
 * Creates the tables of a model that do not exist and adds the columns they lack. Columns are
 * never dropped or retyped: rows already written keep their values.
 */
export async function ensureTables(tx: DbOrTx, model: DataModel): Promise<void> {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS ${ident(GENERATED_SCHEMA)}`);
  const main = model.mainTable;
  await tx.execute(sql`CREATE TABLE IF NOT EXISTS ${qualified(main)} (
    f_id text PRIMARY KEY,
    f_version integer NOT NULL DEFAULT 0,
    f_flowid text,
    f_flowtaskid text,
    f_creatoruserid text,
    f_creatortime bigint NOT NULL,
    f_lastmodifyuserid text,
    f_lastmodifytime bigint,
    f_organizeid text
  )`);
  await tx.execute(
    sql`CREATE INDEX IF NOT EXISTS ${ident(`${main}_ctime`)} ON ${qualified(main)} (f_creatortime DESC, f_id DESC)`,
  );
  await addColumns(tx, main, model.fields);
  for (const sub of model.subTables) {
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS ${qualified(sub.table)} (
      f_id text PRIMARY KEY,
      f_foreignid text NOT NULL,
      f_sortcode integer NOT NULL DEFAULT 0
    )`);
    await tx.execute(
      sql`CREATE INDEX IF NOT EXISTS ${ident(`${sub.table}_fk`)} ON ${qualified(sub.table)} (f_foreignid)`,
    );
    await addColumns(tx, sub.table, sub.fields);
  }
}

/**
 * Trigram indexes for the text columns a list searches by keyword (its columns and search
 * fields), where PostgreSQL has pg_trgm (migration 0003 installs it; PGlite lacks it and scans).
 */
export async function ensureSearchIndexes(
  tx: DbOrTx,
  model: DataModel,
  searched: ReadonlySet<string>,
): Promise<void> {
  const fields = model.fields.filter(
    (f) => searched.has(f.vModel) && (f.kind === 'text' || f.kind === 'json'),
  );
  if (fields.length === 0) return;
  const result = await tx.execute<{ one: number }>(
    sql`SELECT 1 AS one FROM pg_extension WHERE extname = 'pg_trgm'`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  if (rows.length === 0) return;
  for (const f of fields) {
    const name = `${model.mainTable.slice(0, 50)}_g${createHash('md5').update(f.column).digest('hex').slice(0, 8)}`;
    await tx.execute(
      sql`CREATE INDEX IF NOT EXISTS ${ident(name)} ON ${qualified(model.mainTable)} USING gin (${ident(f.column)} gin_trgm_ops)`,
    );
  }
}

function builder(kind: ColumnKind, column: string): PgColumnBuilderBase {
  switch (kind) {
    case 'number':
      return numeric(column);
    case 'int':
      return integer(column);
    case 'time':
      return bigint(column, { mode: 'number' });
    default:
      return text(column);
  }
}

const fieldColumns = (fields: ModelField[]) =>
  Object.fromEntries(fields.map((f) => [f.vModel, builder(f.kind, f.column)]));

/** Drizzle tables of a model, so lists use the same query helpers as every other list. */
export function tablesOf(model: DataModel) {
  const main = generated.table(model.mainTable, {
    ...fieldColumns(model.fields),
    id: text('f_id').primaryKey(),
    version: integer('f_version').notNull(),
    flowId: text('f_flowid'),
    flowTaskId: text('f_flowtaskid'),
    creatorUserId: text('f_creatoruserid'),
    creatorTime: bigint('f_creatortime', { mode: 'number' }).notNull(),
    lastModifyUserId: text('f_lastmodifyuserid'),
    lastModifyTime: bigint('f_lastmodifytime', { mode: 'number' }),
    organizeId: text('f_organizeid'),
  });
  const subs = new Map(
    model.subTables.map((sub) => [
      sub.vModel,
      generated.table(sub.table, {
        ...fieldColumns(sub.fields),
        id: text('f_id').primaryKey(),
        foreignId: text('f_foreignid').notNull(),
        sortCode: integer('f_sortcode').notNull(),
      }),
    ]),
  );
  return { main, subs };
}
export type GeneratedTables = ReturnType<typeof tablesOf>;
