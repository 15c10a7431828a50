/**
 * Data sync between sources (system-data.md 5). Tables of the console database are those of
 * schema gen only (its connection lists and names nothing else), so its own tables are never
 * read or written here. A table is copied inside one transaction on the target: on PostgreSQL
 * the table creation too; MySQL commits a CREATE TABLE by itself, so there the table is created
 * first and the clearing and copying are the transaction.
 */
import {
  type DataModelType,
  type DataSyncBody,
  type DataSyncCheckAnswer,
  type DataSyncExecuteBody,
  DataSyncState,
  SYNC_CONVERSIONS,
} from '@console/shared';
import { badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import {
  checkIdentifier,
  createTableStatements,
  dialectOf,
  type GenField,
  type GenTableDef,
} from '../dataModel/ddl.js';
import { DataModelService } from '../dataModel/service.js';
import { type Connection, queryFailure } from '../dataSource/connect.js';

export const DataSyncMessages = {
  sourceMissing: (table: string) => `源数据库中不存在表"${table}"`,
  targetMissing: (table: string) => `目标数据库中不存在表"${table}"，请先确认创建`,
  targetHasData: (table: string) => `目标表"${table}"中已有数据，请先确认清空`,
  noCommonColumns: (table: string) => `目标表"${table}"与源表没有同名字段，无法同步`,
  sourceEmpty: (table: string) => `源表"${table}"没有数据，无需同步`,
  done: (table: string, rows: number, created: boolean, cleared: boolean) =>
    `表"${table}"同步完成：${created ? '已创建目标表，' : ''}${cleared ? '已清空目标表原有数据，' : ''}写入${rows}条数据`,
} as const;

/** Rows per read from the source; inserts are cut further so one statement binds under 60,000 values. */
const READ_BATCH = 1_000;
const MAX_BIND = 60_000;

type Rules = Partial<Record<DataModelType, DataModelType>>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Values as both drivers write them: times as local 'yyyy-MM-dd HH:mm:ss.SSS' (columns have no zone). */
function portable(value: unknown): unknown {
  if (value instanceof Date)
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ${pad(value.getHours())}:${pad(
      value.getMinutes(),
    )}:${pad(value.getSeconds())}.${pad(value.getMilliseconds(), 3)}`;
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** A source column as written on the target, after the conversion rule of its type. */
function converted(field: GenField, rules: Rules): GenField {
  const dataType = rules[field.dataType] ?? field.dataType;
  if (dataType === field.dataType) return field;
  return { ...field, dataType, dataLength: dataType === 'varchar' ? '255' : '', autoIncrement: 0 };
}

export class DataSyncService {
  private readonly model: DataModelService;
  constructor(db: Db) {
    this.model = new DataModelService(db);
  }

  /** Opens both sources (source first), runs, closes. */
  private both<T>(from: string, to: string, work: (source: Connection, target: Connection) => Promise<T>) {
    return this.model.with(from, (source) => this.model.with(to, (target) => work(source, target)));
  }

  async check(from: string, to: string): Promise<DataSyncCheckAnswer> {
    return this.both(from, to, async (source, target) => {
      // The console database syncs only its own tables (schema gen).
      const tables = await this.model.tables(from, '', true);
      return {
        checkDbFlag: source.dialect !== target.dialect,
        tableList: tables
          .filter((t) => t.type === 0)
          .map((t) => ({ table: t.table, tableName: t.tableName, sum: t.sum })),
        convertRuleMap: Object.fromEntries(Object.entries(SYNC_CONVERSIONS).map(([k, v]) => [k, [...v]])),
      };
    });
  }

  private async state(source: Connection, target: Connection, table: string) {
    checkIdentifier(table);
    const def = await this.model.read(source, table);
    if (!def) throw badRequest(DataSyncMessages.sourceMissing(table));
    const sourceRows = await countRows(source, table);
    const targetDef = await this.model.read(target, table);
    const targetRows = targetDef ? await countRows(target, table) : 0;
    return { def, sourceRows, targetDef, targetRows };
  }

  /** 0 ready, 1 source table empty, 2 target table missing, 3 target holds rows. */
  async probe(body: DataSyncBody): Promise<number> {
    return this.both(body.dbConnectionFrom, body.dbConnectionTo, async (source, target) => {
      const s = await this.state(source, target, body.dbTable);
      if (s.sourceRows === 0) return DataSyncState.sourceEmpty;
      if (!s.targetDef) return DataSyncState.targetMissing;
      if (s.targetRows > 0) return DataSyncState.targetHasData;
      return DataSyncState.ready;
    });
  }

  /** Copies one table as `type` (the answer of probe) allows; answers the result text. */
  async execute(body: DataSyncExecuteBody): Promise<string> {
    return this.both(body.dbConnectionFrom, body.dbConnectionTo, (source, target) =>
      this.copy(source, target, body.dbTable, body.convertRuleMap, {
        create: body.type === DataSyncState.targetMissing,
        clear: body.type === DataSyncState.targetHasData,
      }),
    );
  }

  /** Copies every listed table, creating or clearing its target as needed: { table: 1 ok / 0 failed }. */
  async batch(from: string, to: string, tables: string[], rules: Rules): Promise<Record<string, 0 | 1>> {
    return this.both(from, to, async (source, target) => {
      const result: Record<string, 0 | 1> = {};
      for (const table of tables) {
        try {
          await this.copy(source, target, table, rules, { create: true, clear: true });
          result[table] = 1;
        } catch {
          result[table] = 0;
        }
      }
      return result;
    });
  }

  private async copy(
    source: Connection,
    target: Connection,
    table: string,
    rules: Rules,
    allowed: { create: boolean; clear: boolean },
  ): Promise<string> {
    const s = await this.state(source, target, table);
    if (!s.targetDef && !allowed.create) throw badRequest(DataSyncMessages.targetMissing(table));
    if (s.targetRows > 0 && !allowed.clear) throw badRequest(DataSyncMessages.targetHasData(table));
    if (s.sourceRows === 0 && s.targetDef) return DataSyncMessages.sourceEmpty(table);
    const targetDef: GenTableDef = s.targetDef ?? {
      table,
      tableName: s.def.tableName || table,
      fields: s.def.fields.map((f) => converted({ ...f, fieldName: f.fieldName || f.field }, rules)),
    };
    const targetColumns = new Set(targetDef.fields.map((f) => f.field.toLowerCase()));
    const columns = s.def.fields.map((f) => f.field).filter((f) => targetColumns.has(f.toLowerCase()));
    if (columns.length === 0) throw badRequest(DataSyncMessages.noCommonColumns(table));
    const created = !s.targetDef;
    const create = created ? createTableStatements(dialectOf(target.dialect), target.schema, targetDef) : [];
    const cleared = s.targetRows > 0;
    const key = s.def.fields.find((f) => f.primaryKey === 1)?.field ?? columns[0]!;
    let written = 0;
    const run = async (tx: Connection) => {
      for (const statement of create) await tx.query(statement);
      if (cleared) await tx.query(`DELETE FROM ${qualified(tx, table)}`);
      const perInsert = Math.max(1, Math.floor(MAX_BIND / columns.length));
      for (let offset = 0; ; offset += READ_BATCH) {
        const { rows } = await source.query(
          `SELECT ${columns.map((c) => quote(source, c)).join(', ')} FROM ${qualified(source, table)} ORDER BY ${quote(
            source,
            key,
          )} LIMIT ${READ_BATCH} OFFSET ${offset}`,
        );
        for (let i = 0; i < rows.length; i += perInsert) {
          const slice = rows.slice(i, i + perInsert);
          await tx.query(...insertStatement(tx, table, columns, slice));
        }
        written += rows.length;
        if (rows.length < READ_BATCH) break;
      }
    };
    try {
      if (target.dialect === 'mysql') {
        for (const statement of create) await target.query(statement);
        create.length = 0;
        await mysqlTransaction(target, run);
      } else await target.transaction(run);
    } catch (error) {
      queryFailure(error);
    }
    return DataSyncMessages.done(table, written, created, cleared);
  }
}

const quote = (c: Connection, name: string) => dialectOf(c.dialect).quote(name);
const qualified = (c: Connection, table: string) => dialectOf(c.dialect).qualified(c.schema, table);

async function countRows(c: Connection, table: string): Promise<number> {
  const { rows } = await c.query(`SELECT count(*) AS n FROM ${qualified(c, table)}`);
  return Number(rows[0]?.n ?? 0);
}

function insertStatement(
  c: Connection,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
): [string, unknown[]] {
  const params: unknown[] = [];
  const tuples = rows.map(
    (row) =>
      `(${columns
        .map((column) => {
          params.push(portable(row[column]));
          return c.dialect === 'mysql' ? '?' : `$${params.length}`;
        })
        .join(', ')})`,
  );
  return [
    `INSERT INTO ${qualified(c, table)} (${columns.map((col) => quote(c, col)).join(', ')}) VALUES ${tuples.join(', ')}`,
    params,
  ];
}

async function mysqlTransaction(c: Connection, work: (c: Connection) => Promise<void>) {
  await c.query('START TRANSACTION');
  try {
    await work(c);
    await c.query('COMMIT');
  } catch (error) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
