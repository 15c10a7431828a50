import {
  CONSOLE_DB_LINK_ID,
  type DataModelFieldItem,
  DataModelTableBody,
  type DataModelTableItem,
} from '@console/shared';
import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { escapeLike } from '../../../db/query.js';
import { dbLinks } from '../../../db/schema/index.js';
import { GENERATED_SCHEMA } from '../../visualdev/webDesign/ddl.js';
import { CONSOLE_READABLE } from '../dataInterface/sqlGuard.js';
import { type Connection, consoleConnection, openConnection, queryFailure } from '../dataSource/connect.js';
import {
  addFieldStatements,
  alterTableStatements,
  createTableStatements,
  DdlMessages,
  dialectOf,
  type GenField,
  type GenTableDef,
  readPostgresTable,
  toGenFields,
} from './ddl.js';

export const DataModelMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  linkMissing: '数据连接不存在',
  tableMissing: (table: string) => `表"${table}"不存在`,
  notOwnTable: (table: string) => `表"${table}"由在线开发的设计或系统管理，在数据建模中只能查看`,
  fieldMissing: (field: string) => `字段"${field}"不存在`,
  hasData: '表中已有数据，只能新增字段（请使用"新增字段"）',
  imported: '导入成功',
  importMalformed: '导入文件不是有效的表结构文件（.bdb），请选择从数据建模导出的文件',
  mysqlNotAtomic: '注意：MySQL的表结构修改不在事务中执行，如中途失败，已执行的修改不会撤销',
} as const;

const pgDialect = new PgDialect();

/** A name as a quoted identifier whatever it holds (names read back from a catalog). */
const quoteAny = (dialect: 'postgres' | 'mysql', name: string) =>
  dialect === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;

const camel = (name: string) =>
  name
    .replace(/^f_/i, '')
    .toLowerCase()
    .replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function fromMySqlType(row: Record<string, unknown>): Pick<GenField, 'dataType' | 'dataLength'> {
  const t = String(row.DATA_TYPE ?? row.data_type).toLowerCase();
  if (t === 'varchar' || t === 'char')
    return { dataType: 'varchar', dataLength: String(row.CHARACTER_MAXIMUM_LENGTH ?? '') };
  if (['int', 'integer', 'smallint', 'tinyint', 'mediumint'].includes(t))
    return { dataType: 'int', dataLength: '' };
  if (t === 'bigint') return { dataType: 'bigint', dataLength: '' };
  if (['datetime', 'timestamp', 'date'].includes(t)) return { dataType: 'datetime', dataLength: '' };
  if (['decimal', 'numeric', 'double', 'float'].includes(t))
    return {
      dataType: 'decimal',
      dataLength: row.NUMERIC_PRECISION ? `${row.NUMERIC_PRECISION},${row.NUMERIC_SCALE ?? 0}` : '',
    };
  return { dataType: 'text', dataLength: '' };
}

export class DataModelService {
  constructor(private readonly db: Db) {}

  /**
   * The schemas a source shows, its own first. The console database ("0") shows besides its own
   * tables (gen) those made for designs (vd_data) and the reference tables SQL interfaces may
   * read (public, CONSOLE_READABLE only); those two can be read here, not changed.
   */
  private schemasOf(linkId: string, c: Connection): string[] {
    return linkId === CONSOLE_DB_LINK_ID ? [c.schema, GENERATED_SCHEMA, 'public'] : [c.schema];
  }

  private shown(linkId: string, schema: string, table: string) {
    return linkId !== CONSOLE_DB_LINK_ID || schema !== 'public' || CONSOLE_READABLE.has(table);
  }

  /** The first schema of the source holding a table it shows, with the table's definition. */
  private async locate(linkId: string, c: Connection, table: string) {
    for (const schema of this.schemasOf(linkId, c)) {
      if (!this.shown(linkId, schema, table)) continue;
      const def = await this.read(c, table, schema);
      if (def) return { schema, def };
    }
    throw badRequest(DataModelMessages.tableMissing(table));
  }

  /** Opens the source, runs, closes; the console database is "0" (tables of schema gen). */
  async with<T>(linkId: string, work: (c: Connection) => Promise<T>): Promise<T> {
    if (linkId === CONSOLE_DB_LINK_ID) return work(consoleConnection(this.db));
    const [link] = await this.db.select().from(dbLinks).where(eq(dbLinks.id, linkId));
    if (!link) throw badRequest(DataModelMessages.linkMissing);
    const connection = await openConnection(link);
    try {
      return await work(connection);
    } finally {
      await connection.close();
    }
  }

  private run(c: Connection) {
    return async (query: SQL) => {
      const q = pgDialect.sqlToQuery(query);
      return (await c.query(q.sql, q.params)).rows;
    };
  }

  /** The tables the source shows (ownOnly: only those of its own schema, which this page changes). */
  async tables(linkId: string, keyword: string, ownOnly = false): Promise<DataModelTableItem[]> {
    return this.with(linkId, async (c) => {
      const out: DataModelTableItem[] = [];
      for (const schema of ownOnly ? [c.schema] : this.schemasOf(linkId, c)) {
        for (const r of await this.catalog(c, schema, keyword)) {
          const table = String(r.table);
          if (!this.shown(linkId, schema, table)) continue;
          const counted = await c
            .query(`SELECT count(*) AS n FROM ${quoteAny(c.dialect, schema)}.${quoteAny(c.dialect, table)}`)
            .catch(() => ({ rows: [{ n: 0 }] }));
          out.push({
            table,
            tableName: String(r.tableName ?? ''),
            sum: Number(counted.rows[0]?.n ?? 0),
            size: String(r.size ?? ''),
            type: Number(r.type) === 1 ? 1 : 0,
          });
        }
      }
      return out;
    });
  }

  /** The tables and views of one schema whose name or comment holds the keyword. */
  private async catalog(c: Connection, schema: string, keyword: string) {
    const like = `%${escapeLike(keyword)}%`;
    if (c.dialect === 'postgres')
      return (
        await c.query(
          `SELECT c.relname AS "table", coalesce(obj_description(c.oid, 'pg_class'), '') AS "tableName",
             pg_size_pretty(pg_total_relation_size(c.oid)) AS size,
             CASE WHEN c.relkind IN ('v', 'm') THEN 1 ELSE 0 END AS type
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm')
             AND ($2 = '' OR c.relname ILIKE $3 OR coalesce(obj_description(c.oid, 'pg_class'), '') ILIKE $3)
           ORDER BY c.relname LIMIT 1000`,
          [schema, keyword, like],
        )
      ).rows;
    return (
      await c.query(
        `SELECT TABLE_NAME AS \`table\`, TABLE_COMMENT AS tableName,
           CONCAT(ROUND((DATA_LENGTH + INDEX_LENGTH) / 1024), ' kB') AS size,
           IF(TABLE_TYPE = 'VIEW', 1, 0) AS type
         FROM information_schema.TABLES
         WHERE TABLE_SCHEMA = ? AND (? = '' OR TABLE_NAME LIKE ? OR TABLE_COMMENT LIKE ?)
         ORDER BY TABLE_NAME LIMIT 1000`,
        [schema, keyword, like, like],
      )
    ).rows;
  }

  async read(c: Connection, table: string, schema = c.schema): Promise<GenTableDef | null> {
    if (c.dialect === 'postgres') return readPostgresTable(this.run(c), schema, table);
    const { rows: info } = await c.query(
      'SELECT TABLE_COMMENT AS comment FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      [schema, table],
    );
    if (!info[0]) return null;
    const { rows } = await c.query(
      `SELECT COLUMN_NAME, COLUMN_COMMENT, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE,
         IS_NULLABLE, COLUMN_KEY, EXTRA
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      [schema, table],
    );
    return {
      table,
      tableName: String(info[0].comment ?? ''),
      fields: rows.map((r) => ({
        field: String(r.COLUMN_NAME),
        fieldName: String(r.COLUMN_COMMENT ?? ''),
        ...fromMySqlType(r),
        allowNull: r.IS_NULLABLE === 'YES' ? 1 : 0,
        primaryKey: r.COLUMN_KEY === 'PRI' ? 1 : 0,
        autoIncrement: String(r.EXTRA ?? '').includes('auto_increment') ? 1 : 0,
      })),
    };
  }

  /** A table of the source's own schema, the only tables this page changes. */
  private async require(linkId: string, c: Connection, table: string): Promise<GenTableDef> {
    const def = await this.read(c, table);
    if (def) return def;
    await this.locate(linkId, c, table);
    throw badRequest(DataModelMessages.notOwnTable(table));
  }

  private async hasRows(c: Connection, table: string, schema = c.schema): Promise<boolean> {
    const { rows } = await c.query(
      `SELECT 1 AS one FROM ${quoteAny(c.dialect, schema)}.${quoteAny(c.dialect, table)} LIMIT 1`,
    );
    return rows.length > 0;
  }

  /**
   * Fields of a table; type 1 answers `field` in camelCase without the f_ prefix. On the
   * console database a table outside schema gen (the console's own) can be described too.
   */
  async fields(linkId: string, table: string, type: number): Promise<{ list: DataModelFieldItem[] }> {
    return this.with(linkId, async (c) => {
      let def = await this.read(c, table);
      if (!def && linkId === CONSOLE_DB_LINK_ID) def = await this.read(c, table, GENERATED_SCHEMA);
      if (!def && linkId === CONSOLE_DB_LINK_ID) def = await this.read(c, table, 'public');
      if (!def) throw badRequest(DataModelMessages.tableMissing(table));
      return {
        list: def.fields.map((f) => ({
          field: type === 1 ? camel(f.field) : f.field,
          columnName: f.field,
          fieldName: f.fieldName,
          dataType: f.dataType,
          dataLength: f.dataLength ?? '',
          primaryKey: (f.primaryKey ?? 0) as 0 | 1,
          allowNull: (f.allowNull ?? 1) as 0 | 1,
          autoIncrement: (f.autoIncrement ?? 0) as 0 | 1,
        })),
      };
    });
  }

  async info(linkId: string, table: string) {
    return this.with(linkId, async (c) => {
      const { schema, def } = await this.locate(linkId, c, table);
      return {
        tableInfo: { table: def.table, tableName: def.tableName, newTable: def.table },
        tableFieldList: def.fields.map((f) => ({ ...f, columnName: f.field })),
        hasTableData: await this.hasRows(c, table, schema),
      };
    });
  }

  private async exec(c: Connection, statements: string[]) {
    await c.transaction(async (tx) => {
      for (const statement of statements) await tx.query(statement).catch(queryFailure);
    });
  }

  async create(linkId: string, body: DataModelTableBody): Promise<void> {
    const def: GenTableDef = {
      table: body.tableInfo.newTable,
      tableName: body.tableInfo.tableName,
      fields: toGenFields(body.tableFieldList),
    };
    await this.with(linkId, async (c) => {
      const statements = createTableStatements(dialectOf(c.dialect), c.schema, def);
      if (await this.read(c, def.table)) throw badRequest(DdlMessages.tableExists(def.table));
      await this.exec(c, statements);
    });
  }

  /** Changes a table to the new definition; a table holding rows only takes new fields (addFields). */
  async update(linkId: string, body: DataModelTableBody): Promise<void> {
    const table = body.tableInfo.table || body.tableInfo.newTable;
    const def: GenTableDef = {
      table: body.tableInfo.newTable,
      tableName: body.tableInfo.tableName,
      fields: toGenFields(body.tableFieldList),
    };
    await this.with(linkId, (c) =>
      c.transaction(async (tx) => {
        const current = await this.require(linkId, tx, table);
        if (await this.hasRows(tx, table)) throw badRequest(DataModelMessages.hasData);
        if (def.table !== table && (await this.read(tx, def.table)))
          throw badRequest(DdlMessages.tableExists(def.table));
        for (const statement of alterTableStatements(dialectOf(tx.dialect), tx.schema, current, def))
          await tx.query(statement).catch(queryFailure);
      }),
    );
  }

  /** Adds the fields not yet in the table (the rest of the list is what it already has). */
  async addFields(linkId: string, body: DataModelTableBody): Promise<void> {
    const table = body.tableInfo.table || body.tableInfo.newTable;
    await this.with(linkId, async (c) => {
      const current = await this.require(linkId, c, table);
      const have = new Set(current.fields.map((f) => f.field.toLowerCase()));
      const fresh = toGenFields(body.tableFieldList).filter((f) => !have.has(f.field.toLowerCase()));
      if (fresh.length === 0) return;
      await this.exec(c, addFieldStatements(dialectOf(c.dialect), c.schema, table, fresh));
    });
  }

  /** A table's structure as the .bdb file holds it: the designer's save body (POST /Table). */
  async exportFile(linkId: string, table: string): Promise<DataModelTableBody> {
    return this.with(linkId, async (c) => {
      const { def } = await this.locate(linkId, c, table);
      return {
        tableInfo: { table: def.table, tableName: def.tableName, newTable: def.table },
        tableFieldList: def.fields.map((f) => ({
          field: f.field,
          fieldName: f.fieldName,
          dataType: f.dataType,
          dataLength: f.dataLength ?? '',
          allowNull: f.allowNull ?? 1,
          primaryKey: f.primaryKey ?? 0,
          autoIncrement: f.autoIncrement ?? 0,
        })),
      };
    });
  }

  /** Creates the table of a .bdb file in the source, checked like the designer's save; an existing table is refused. */
  async importFile(linkId: string, content: Buffer): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      throw badRequest(DataModelMessages.importMalformed);
    }
    const result = DataModelTableBody.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw badRequest(`导入文件有误：${issue.path.join('.')} ${issue.message}`.trim());
    }
    await this.create(linkId, result.data);
    return result.data.tableInfo.newTable;
  }

  async remove(linkId: string, table: string): Promise<void> {
    await this.with(linkId, async (c) => {
      await this.require(linkId, c, table);
      await this.exec(c, [`DROP TABLE ${quoteAny(c.dialect, c.schema)}.${quoteAny(c.dialect, table)}`]);
    });
  }

  /** A page of rows, read-only; `keyword` matched on `field` (a column of the table). */
  async preview(
    linkId: string,
    table: string,
    query: { field: string; keyword: string; currentPage: number; pageSize: number },
  ) {
    return this.with(linkId, async (c) => {
      const { schema, def } = await this.locate(linkId, c, table);
      if (query.field && !def.fields.some((f) => f.field === query.field))
        throw badRequest(DataModelMessages.fieldMissing(query.field));
      const name = `${quoteAny(c.dialect, schema)}.${quoteAny(c.dialect, table)}`;
      const filter = query.field && query.keyword;
      const like = `%${escapeLike(query.keyword)}%`;
      const where = filter
        ? c.dialect === 'postgres'
          ? ` WHERE ${quoteAny('postgres', query.field)}::text ILIKE $1`
          : ` WHERE CAST(${quoteAny('mysql', query.field)} AS CHAR) LIKE ?`
        : '';
      const params = filter ? [like] : [];
      const offset = (query.currentPage - 1) * query.pageSize;
      return c
        .readOnly(async (r) => {
          const rows = await r.query(
            `SELECT * FROM ${name}${where} LIMIT ${query.pageSize} OFFSET ${offset}`,
            params,
          );
          const total = await r.query(`SELECT count(*) AS n FROM ${name}${where}`, params);
          return {
            list: rows.rows.map((row) =>
              Object.fromEntries(
                Object.entries(row).map(([k, v]) => [
                  k,
                  typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.getTime() : v,
                ]),
              ),
            ),
            pagination: {
              currentPage: query.currentPage,
              pageSize: query.pageSize,
              total: Number(total.rows[0]?.n ?? 0),
            },
          };
        })
        .catch(queryFailure);
    });
  }
}
