/** Data model (system-data.md 2): table and field definitions of the table designer. */
import { z } from 'zod';

/** Field types of the designer (console.md 3): varchar 字符串, int 整型, datetime, decimal 浮点, bigint 长整型, text. */
export const DATA_MODEL_TYPES = ['varchar', 'int', 'datetime', 'decimal', 'bigint', 'text'] as const;
export type DataModelType = (typeof DATA_MODEL_TYPES)[number];

/**
 * Table and column names: a letter or one underscore first, then letters, digits and single
 * underscores, 63 characters at most (PostgreSQL's limit; MySQL allows 64).
 */
export const IDENTIFIER_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;

/**
 * Words neither PostgreSQL nor MySQL take as a bare name (their reserved keywords, and the SQL
 * standard's that either reserves); compared in lower case.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  `accessible add all alter analyse analyze and any array as asc asensitive asymmetric before between
  bigint binary blob both by call cascade case change char character check collate column condition
  constraint continue convert create cross current_catalog current_date current_role current_schema
  current_time current_timestamp current_user cursor database databases day_hour day_microsecond
  day_minute day_second dec decimal declare default deferrable delayed delete desc describe
  deterministic distinct distinctrow div do double drop dual each else elseif enclosed end escaped
  except exists exit explain false fetch float for force foreign freeze from full fulltext grant group
  having high_priority hour_microsecond hour_minute hour_second if ignore ilike in index infile initially
  inner inout insensitive insert int integer intersect interval into is isnull iterate join key keys
  kill lateral leading leave left like limit linear lines load localtime localtimestamp lock long
  longblob longtext loop low_priority match mediumint minute_microsecond minute_second mod modifies
  natural not notnull no_write_to_binlog null numeric offset on only optimize option optionally or order
  out outer outfile over overlaps partition placing precision primary procedure purge range read reads
  real references regexp release rename repeat replace require resignal restrict return returning
  revoke right rlike schema schemas second_microsecond select sensitive separator session_user set show
  signal similar smallint some spatial specific sql sqlexception sqlstate sqlwarning ssl starting
  straight_join symmetric system_user table tablesample terminated then tinyint to trailing trigger
  true undo union unique unlock unsigned update usage use user using utc_date utc_time utc_timestamp
  values varbinary varchar varying variadic verbose when where while window with write xor year_month
  zerofill`
    .split(/\s+/)
    .filter(Boolean),
);

/** Why a name cannot be a table or column name, or null when it can. */
export function identifierProblem(name: string): string | null {
  if (!IDENTIFIER_PATTERN.test(name))
    return `名称"${name}"不合法：只能由字母、数字和下划线组成，以字母或下划线开头，最多63个字符`;
  if (name.includes('__')) return `名称"${name}"不合法：不能含有连续的下划线`;
  if (RESERVED_WORDS.has(name.toLowerCase())) return `名称"${name}"是数据库保留字，请换一个名称`;
  return null;
}

const flag01 = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, '只能为0或1');

/** One field of the table designer. dataLength: varchar 1-4000 (default 50); decimal "p,s" (default 18,2). */
export const DataModelField = z.object({
  field: z.string({ message: '请输入字段名' }).trim().min(1, '请输入字段名'),
  fieldName: z
    .string({ message: '请输入字段说明' })
    .trim()
    .min(1, '每个字段都需要字段说明')
    .max(100, '字段说明最多为100个字符'),
  dataType: z.enum(DATA_MODEL_TYPES, {
    message: '数据类型只能是 varchar、int、datetime、decimal、bigint、text',
  }),
  dataLength: z.coerce.string().trim().max(10).optional().default(''),
  allowNull: flag01.default(1),
  primaryKey: flag01.default(0),
  autoIncrement: flag01.optional().default(0),
});
export type DataModelField = z.infer<typeof DataModelField>;

/** POST/PUT /api/system/DataModel/{linkId}/Table and PUT .../addFields. */
export const DataModelTableBody = z.object({
  tableInfo: z.object({
    table: z.string().trim().max(63).optional().default(''),
    tableName: z
      .string({ message: '请输入表说明' })
      .trim()
      .min(1, '请输入表说明')
      .max(100, '表说明最多为100个字符'),
    newTable: z.string({ message: '请输入表名' }).trim().min(1, '请输入表名'),
  }),
  tableFieldList: z.array(DataModelField).min(1, '至少需要一个字段').max(300, '一张表最多300个字段'),
});
export type DataModelTableBody = z.infer<typeof DataModelTableBody>;

/** A table of a source (TableAll / Tables). */
export interface DataModelTableItem {
  table: string;
  tableName: string;
  sum: number;
  size: string;
  /** 0 table, 1 view */
  type: 0 | 1;
}

/** A field as read back from a source. */
export interface DataModelFieldItem {
  field: string;
  columnName: string;
  fieldName: string;
  dataType: string;
  dataLength: string;
  primaryKey: 0 | 1;
  allowNull: 0 | 1;
  autoIncrement: 0 | 1;
}
