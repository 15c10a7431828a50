/**
 * Creating and changing tables, for the data model page and for other modules (generated pages
 * of the form designer). Every name is checked (`identifierProblem`: pattern, no double
 * underscore, no reserved word) and always written quoted; comments are written as escaped
 * literals. On PostgreSQL (the console database and PostgreSQL sources) all statements of one
 * change run in one transaction, so a failure leaves the table as it was; MySQL commits each
 * DDL statement implicitly, which its callers are told.
 *
 * Tables of the console database live in schema `GEN_SCHEMA` ("gen"), never among the
 * console's own tables.
 *
 * Use from another module (visual development):
 *
 *   await db.transaction(async (tx) => {
 *     await createGenTable(tx, { table: 'leave_form', tableName: '请假单', fields: [...] });
 *     await tx.insert(...)   // the module's own rows, committed together with the table
 *   });
 *   await alterGenTable(db, 'leave_form', { table: 'leave_form', tableName: '请假单', fields });
 *   await readGenTable(db, 'leave_form')   // null when there is no such table
 *
 * Each function accepts the database or a transaction; given the database it opens its own.
 * Bad definitions throw BizError 400 (`badRequest`) with a message naming the field.
 */
import { type DataModelField, type DataModelType, identifierProblem } from '@console/shared';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { DbOrTx, Tx } from '../../../db/client.js';

export const GEN_SCHEMA = 'gen';

/** A table definition: name, comment and its fields (exactly one primary key). */
export interface GenTableDef {
  table: string;
  tableName: string;
  fields: GenField[];
}

/** A field: column name, comment, type (console.md 3), length ('50'; decimal '18,2'), flags 0/1. */
export interface GenField {
  field: string;
  fieldName: string;
  dataType: DataModelType;
  dataLength?: string;
  allowNull?: 0 | 1;
  primaryKey?: 0 | 1;
  autoIncrement?: 0 | 1;
}

export type DialectName = 'postgres' | 'mysql';

export const DdlMessages = {
  onePrimaryKey: '必须且只能设置一个主键字段',
  duplicateField: (field: string) => `字段"${field}"重复`,
  varcharLength: (field: string) => `字段"${field}"的长度必须是1-4000的整数`,
  decimalLength: (field: string) =>
    `字段"${field}"的长度须为"精度,小数位"，如18,2（精度1-38，小数位不大于精度）`,
  autoIncrementType: (field: string) => `字段"${field}"：只有整型或长整型的主键可以自增`,
  primaryKeyNull: (field: string) => `主键字段"${field}"不能允许空值`,
  primaryKeyText: (field: string) => `主键字段"${field}"不能是文本类型`,
  tableExists: (table: string) => `表"${table}"已存在`,
  tableMissing: (table: string) => `表"${table}"不存在`,
} as const;

/** Throws 400 when a table or column name is not allowed. */
export function checkIdentifier(name: string): string {
  const problem = identifierProblem(name);
  if (problem) throw badRequest(problem);
  return name;
}

/** The field's length normalised (varchar 1-4000, default 50; decimal "p,s", default 18,2; others ""), or 400. */
export function normalLength(f: GenField): string {
  const length = (f.dataLength ?? '').toString().trim();
  if (f.dataType === 'varchar') {
    const n = length === '' ? 50 : Number(length);
    if (!Number.isInteger(n) || n < 1 || n > 4000) throw badRequest(DdlMessages.varcharLength(f.field));
    return String(n);
  }
  if (f.dataType === 'decimal') {
    if (length === '') return '18,2';
    const m = /^(\d{1,2})\s*(?:,\s*(\d{1,2}))?$/.exec(length);
    const precision = Number(m?.[1]);
    const scale = Number(m?.[2] ?? 0);
    if (!m || precision < 1 || precision > 38 || scale > precision)
      throw badRequest(DdlMessages.decimalLength(f.field));
    return `${precision},${scale}`;
  }
  return '';
}

/** Checks a definition (names, one primary key, lengths) and answers it normalised. */
export function checkTableDef(def: GenTableDef): GenTableDef {
  checkIdentifier(def.table);
  const seen = new Set<string>();
  const fields = def.fields.map((f) => {
    checkIdentifier(f.field);
    const key = f.field.toLowerCase();
    if (seen.has(key)) throw badRequest(DdlMessages.duplicateField(f.field));
    seen.add(key);
    const primaryKey = f.primaryKey === 1 ? 1 : 0;
    const autoIncrement = f.autoIncrement === 1 ? 1 : 0;
    if (autoIncrement && !(primaryKey && (f.dataType === 'int' || f.dataType === 'bigint')))
      throw badRequest(DdlMessages.autoIncrementType(f.field));
    if (primaryKey && f.dataType === 'text') throw badRequest(DdlMessages.primaryKeyText(f.field));
    return {
      field: f.field,
      fieldName: f.fieldName,
      dataType: f.dataType,
      dataLength: normalLength(f),
      allowNull: primaryKey ? 0 : f.allowNull === 0 ? 0 : 1,
      primaryKey,
      autoIncrement,
    } satisfies GenField;
  });
  if (fields.filter((f) => f.primaryKey === 1).length !== 1) throw badRequest(DdlMessages.onePrimaryKey);
  return { table: def.table, tableName: def.tableName, fields };
}

/** How one dialect writes names, literals and column types. */
export interface Dialect {
  name: DialectName;
  quote(identifier: string): string;
  literal(text: string): string;
  /** The table's qualified, quoted name. */
  qualified(schema: string | null, table: string): string;
  columnType(f: GenField): string;
}

export const postgresDialect: Dialect = {
  name: 'postgres',
  quote: (id) => `"${checkIdentifier(id)}"`,
  // standard_conforming_strings is on (the default since 9.1): only the quote needs doubling.
  literal: (text) => `'${text.replace(/\0/g, '').replace(/'/g, "''")}'`,
  qualified: (schema, table) => `${schema ? `"${checkIdentifier(schema)}".` : ''}"${checkIdentifier(table)}"`,
  columnType: (f) => {
    switch (f.dataType) {
      case 'varchar':
        return `varchar(${f.dataLength})`;
      case 'int':
        return 'integer';
      case 'bigint':
        return 'bigint';
      case 'datetime':
        return 'timestamp(3)';
      case 'decimal':
        return `numeric(${f.dataLength})`;
      case 'text':
        return 'text';
    }
  },
};

export const mysqlDialect: Dialect = {
  name: 'mysql',
  quote: (id) => `\`${checkIdentifier(id)}\``,
  literal: (text) => `'${text.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/'/g, "''")}'`,
  qualified: (schema, table) =>
    `${schema ? `\`${checkIdentifier(schema)}\`.` : ''}\`${checkIdentifier(table)}\``,
  columnType: (f) => {
    switch (f.dataType) {
      case 'varchar':
        return `varchar(${f.dataLength})`;
      case 'int':
        return 'int';
      case 'bigint':
        return 'bigint';
      case 'datetime':
        return 'datetime(3)';
      case 'decimal':
        return `decimal(${f.dataLength})`;
      case 'text':
        return 'longtext';
    }
  },
};

export const dialectOf = (name: DialectName) => (name === 'mysql' ? mysqlDialect : postgresDialect);

function columnSql(d: Dialect, f: GenField): string {
  const identity =
    f.autoIncrement === 1
      ? d.name === 'postgres'
        ? ' GENERATED BY DEFAULT AS IDENTITY'
        : ' AUTO_INCREMENT'
      : '';
  const comment = d.name === 'mysql' ? ` COMMENT ${d.literal(f.fieldName)}` : '';
  return `${d.quote(f.field)} ${d.columnType(f)}${f.allowNull === 0 ? ' NOT NULL' : ' NULL'}${identity}${comment}`;
}

/** The statements creating a checked table definition. */
export function createTableStatements(d: Dialect, schema: string | null, input: GenTableDef): string[] {
  const def = checkTableDef(input);
  const name = d.qualified(schema, def.table);
  const pk = def.fields.find((f) => f.primaryKey === 1)!;
  const columns = [...def.fields.map((f) => columnSql(d, f)), `PRIMARY KEY (${d.quote(pk.field)})`];
  if (d.name === 'mysql')
    return [`CREATE TABLE ${name} (\n  ${columns.join(',\n  ')}\n) COMMENT=${d.literal(def.tableName)}`];
  return [
    `CREATE TABLE ${name} (\n  ${columns.join(',\n  ')}\n)`,
    `COMMENT ON TABLE ${name} IS ${d.literal(def.tableName)}`,
    ...def.fields.map((f) => `COMMENT ON COLUMN ${name}.${d.quote(f.field)} IS ${d.literal(f.fieldName)}`),
  ];
}

/** The statements adding fields to an existing table (addFields: tables that hold data). */
export function addFieldStatements(
  d: Dialect,
  schema: string | null,
  table: string,
  input: GenField[],
): string[] {
  const name = d.qualified(schema, table);
  const fields = input.map((f) => {
    if (f.primaryKey === 1) throw badRequest(DdlMessages.onePrimaryKey);
    return checkTableDef({
      table,
      tableName: '',
      fields: [{ field: '_pk_check', fieldName: '', dataType: 'int', primaryKey: 1 }, f],
    }).fields[1]!;
  });
  return fields.flatMap((f) =>
    d.name === 'mysql'
      ? [`ALTER TABLE ${name} ADD COLUMN ${columnSql(d, f)}`]
      : [
          `ALTER TABLE ${name} ADD COLUMN ${columnSql(d, f)}`,
          `COMMENT ON COLUMN ${name}.${d.quote(f.field)} IS ${d.literal(f.fieldName)}`,
        ],
  );
}

/**
 * The statements turning table `current` (as read back) into `input`: rename, comment, drop
 * the fields no longer listed, change type/nullability of kept ones, add the new ones, move
 * the primary key. Existing values are cast to the new type (the change fails, and nothing
 * changes, when a value does not convert).
 */
export function alterTableStatements(
  d: Dialect,
  schema: string | null,
  current: GenTableDef,
  input: GenTableDef,
): string[] {
  const def = checkTableDef(input);
  const out: string[] = [];
  let name = d.qualified(schema, current.table);
  if (def.table !== current.table) {
    out.push(
      d.name === 'mysql'
        ? `RENAME TABLE ${name} TO ${d.qualified(schema, def.table)}`
        : `ALTER TABLE ${name} RENAME TO ${d.quote(def.table)}`,
    );
    name = d.qualified(schema, def.table);
  }
  if (def.tableName !== current.tableName)
    out.push(
      d.name === 'mysql'
        ? `ALTER TABLE ${name} COMMENT=${d.literal(def.tableName)}`
        : `COMMENT ON TABLE ${name} IS ${d.literal(def.tableName)}`,
    );
  const oldPk = current.fields.find((f) => f.primaryKey === 1);
  const newPk = def.fields.find((f) => f.primaryKey === 1)!;
  const pkMoves = oldPk?.field !== newPk.field;
  if (pkMoves && oldPk)
    out.push(
      d.name === 'mysql'
        ? `ALTER TABLE ${name} DROP PRIMARY KEY`
        : `ALTER TABLE ${name} DROP CONSTRAINT IF EXISTS ${d.quote(`${current.table}_pkey`.slice(0, 63))}`,
    );
  const wanted = new Map(def.fields.map((f) => [f.field, f]));
  for (const f of current.fields)
    if (!wanted.has(f.field)) out.push(`ALTER TABLE ${name} DROP COLUMN ${d.quote(f.field)}`);
  const existing = new Map(current.fields.map((f) => [f.field, f]));
  for (const f of def.fields) {
    const old = existing.get(f.field);
    if (!old) {
      out.push(`ALTER TABLE ${name} ADD COLUMN ${columnSql(d, { ...f, primaryKey: 0 })}`);
      if (d.name === 'postgres')
        out.push(`COMMENT ON COLUMN ${name}.${d.quote(f.field)} IS ${d.literal(f.fieldName)}`);
      continue;
    }
    const typeChanged = d.columnType(old) !== d.columnType(f);
    const nullChanged = old.allowNull !== f.allowNull;
    const commentChanged = old.fieldName !== f.fieldName;
    if (d.name === 'mysql') {
      if (typeChanged || nullChanged || commentChanged || old.autoIncrement !== f.autoIncrement)
        out.push(`ALTER TABLE ${name} MODIFY COLUMN ${columnSql(d, f)}`);
      continue;
    }
    const column = d.quote(f.field);
    if (typeChanged)
      out.push(
        `ALTER TABLE ${name} ALTER COLUMN ${column} TYPE ${d.columnType(f)} USING ${column}::${d.columnType(f)}`,
      );
    if (nullChanged)
      out.push(`ALTER TABLE ${name} ALTER COLUMN ${column} ${f.allowNull === 0 ? 'SET' : 'DROP'} NOT NULL`);
    if (old.autoIncrement !== f.autoIncrement)
      out.push(
        f.autoIncrement === 1
          ? `ALTER TABLE ${name} ALTER COLUMN ${column} ADD GENERATED BY DEFAULT AS IDENTITY`
          : `ALTER TABLE ${name} ALTER COLUMN ${column} DROP IDENTITY IF EXISTS`,
      );
    if (commentChanged) out.push(`COMMENT ON COLUMN ${name}.${column} IS ${d.literal(f.fieldName)}`);
  }
  if (pkMoves) out.push(`ALTER TABLE ${name} ADD PRIMARY KEY (${d.quote(newPk.field)})`);
  return out;
}

// ----- The console database (schema gen) -----

const inTransaction = <T>(db: DbOrTx, run: (tx: Tx) => Promise<T>): Promise<T> =>
  'rollback' in db ? run(db as Tx) : (db as Exclude<DbOrTx, Tx>).transaction(run);

async function execAll(tx: Tx, statements: string[]) {
  for (const statement of statements) await tx.execute(sql.raw(statement));
}

/** Reads a table of a PostgreSQL schema back as a definition; null when it does not exist. */
export async function readPostgresTable(
  run: (query: SQL) => Promise<Record<string, unknown>[]>,
  schema: string,
  table: string,
): Promise<GenTableDef | null> {
  const [info] = await run(sql`
    SELECT c.oid::bigint AS oid, coalesce(obj_description(c.oid, 'pg_class'), '') AS comment
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = ${schema} AND c.relname = ${table} AND c.relkind IN ('r', 'p', 'v', 'm')`);
  if (!info) return null;
  const columns = await run(sql`
    SELECT a.attname AS field, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
      a.attidentity <> '' OR coalesce(pg_get_expr(d.adbin, d.adrelid), '') LIKE 'nextval(%' AS auto,
      coalesce(col_description(a.attrelid, a.attnum), '') AS comment,
      EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS pk
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = ${Number(info.oid)}::oid AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY a.attnum`);
  return {
    table,
    tableName: String(info.comment),
    fields: columns.map((c) => {
      const { dataType, dataLength } = fromPostgresType(String(c.type));
      return {
        field: String(c.field),
        fieldName: String(c.comment),
        dataType,
        dataLength,
        allowNull: c.notnull ? 0 : 1,
        primaryKey: c.pk ? 1 : 0,
        autoIncrement: c.auto ? 1 : 0,
      } as GenField & { rawType?: string };
    }),
  };
}

/** A PostgreSQL column type as the designer's type and length (other types read as text). */
export function fromPostgresType(type: string): { dataType: DataModelType; dataLength: string; raw: string } {
  const m = /^([a-z ]+)(?:\((\d+)(?:,(\d+))?\))?/.exec(type);
  const base = m?.[1]?.trim() ?? type;
  if (base === 'character varying' || base === 'character')
    return { dataType: 'varchar', dataLength: m?.[2] ?? '', raw: type };
  if (base === 'integer' || base === 'smallint') return { dataType: 'int', dataLength: '', raw: type };
  if (base === 'bigint') return { dataType: 'bigint', dataLength: '', raw: type };
  if (base.startsWith('timestamp') || base === 'date')
    return { dataType: 'datetime', dataLength: '', raw: type };
  if (base === 'numeric' || base === 'double precision' || base === 'real')
    return { dataType: 'decimal', dataLength: m?.[2] ? `${m[2]},${m[3] ?? 0}` : '', raw: type };
  return { dataType: 'text', dataLength: '', raw: type };
}

const genRunner = (tx: DbOrTx) => async (query: SQL) =>
  ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The definition of a table of schema gen, or null. */
export async function readGenTable(db: DbOrTx, table: string): Promise<GenTableDef | null> {
  checkIdentifier(table);
  return await readPostgresTable(genRunner(db), GEN_SCHEMA, table);
}

/** Whether a table of schema gen holds any row. */
export async function genTableHasRows(db: DbOrTx, table: string): Promise<boolean> {
  const rows = await genRunner(db)(
    sql.raw(`SELECT EXISTS (SELECT 1 FROM ${postgresDialect.qualified(GEN_SCHEMA, table)}) AS has`),
  );
  return Boolean(rows[0]?.has);
}

/** Creates a table in schema gen; 400 when the definition is bad or the table exists. */
export async function createGenTable(db: DbOrTx, def: GenTableDef): Promise<void> {
  const statements = createTableStatements(postgresDialect, GEN_SCHEMA, def);
  await inTransaction(db, async (tx) => {
    if (await readGenTable(tx, def.table)) throw badRequest(DdlMessages.tableExists(def.table));
    await execAll(tx, statements);
  });
}

/**
 * Makes table `table` of schema gen match `def` (which may rename it): see
 * alterTableStatements. One transaction; 400 when the table is missing or the new name taken.
 */
export async function alterGenTable(db: DbOrTx, table: string, def: GenTableDef): Promise<void> {
  checkTableDef(def);
  await inTransaction(db, async (tx) => {
    const current = await readGenTable(tx, table);
    if (!current) throw badRequest(DdlMessages.tableMissing(table));
    if (def.table !== table && (await readGenTable(tx, def.table)))
      throw badRequest(DdlMessages.tableExists(def.table));
    await execAll(tx, alterTableStatements(postgresDialect, GEN_SCHEMA, current, def));
  });
}

/** Adds fields to a table of schema gen (kept rows get null or the type's default). */
export async function addGenFields(db: DbOrTx, table: string, fields: GenField[]): Promise<void> {
  const statements = addFieldStatements(postgresDialect, GEN_SCHEMA, table, fields);
  await inTransaction(db, async (tx) => {
    if (!(await readGenTable(tx, table))) throw badRequest(DdlMessages.tableMissing(table));
    await execAll(tx, statements);
  });
}

/** Drops a table of schema gen; 400 when it does not exist. */
export async function dropGenTable(db: DbOrTx, table: string): Promise<void> {
  const name = postgresDialect.qualified(GEN_SCHEMA, table);
  await inTransaction(db, async (tx) => {
    if (!(await readGenTable(tx, table))) throw badRequest(DdlMessages.tableMissing(table));
    await execAll(tx, [`DROP TABLE ${name}`]);
  });
}

/** The designer's field list from the wire, as definitions. */
export const toGenFields = (fields: DataModelField[]): GenField[] =>
  fields.map((f) => ({
    field: f.field,
    fieldName: f.fieldName,
    dataType: f.dataType,
    dataLength: f.dataLength,
    allowNull: f.allowNull as 0 | 1,
    primaryKey: f.primaryKey as 0 | 1,
    autoIncrement: f.autoIncrement as 0 | 1,
  }));
