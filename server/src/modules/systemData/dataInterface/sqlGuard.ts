/**
 * What SQL a data interface may hold, decided on the parse tree of the database's own grammar
 * (libpg-query: PostgreSQL's parser compiled to WASM; node-sql-parser for MySQL), never on the
 * text:
 *
 * - exactly one statement, and it is a SELECT: no DELETE/DROP/COPY/…, no second statement, no
 *   data-modifying statement anywhere inside (writable CTEs), no SELECT … INTO, no FOR
 *   UPDATE/SHARE (locks);
 * - every function called is on an allow-list of ordinary scalar, aggregate and window
 *   functions; a deny-list names the known dangerous ones (file access, large objects, dblink,
 *   sleeps, settings, backend signals) so the refusal says why. Anything else (an extension's
 *   function, a user-defined one that could write) is refused until someone adds it here;
 * - relations: never the system catalogs (pg_catalog, information_schema, mysql,
 *   performance_schema, sys, any pg_* name). On the console database only the generated
 *   tables (schema gen, the search path there) and a few reference tables without secrets
 *   (dictionaries, areas, organisations, positions, roles) can be read; on other sources what
 *   the connection's database user may read, which that source's administrator decides.
 *
 * - no recursive CTE (it may never end), and repeat/lpad/rpad only to a constant length of at most
 *   MAX_PADDED_LENGTH (a huge string is built in memory before any time limit can act).
 *
 * Then the statement runs in a READ ONLY transaction with a statement timeout (run.ts), so a
 * function that writes and slipped through would still fail. What bounds its cost and time is in
 * docs/security.md ("What bounds user SQL").
 *
 * Parameters are written `{field}` and system variables `@user`, `@organization`, …; both are
 * replaced by bind placeholders before parsing (a list variable by one per element), so no value
 * is ever part of the SQL text.
 */
import { loadModule, parseSync } from 'libpg-query';
import nodeSqlParser from 'node-sql-parser';
import { badRequest } from '../../../core/errors.js';
import type { DialectName } from '../dataModel/ddl.js';

const { Parser: MySqlParser } = nodeSqlParser as unknown as { Parser: new () => MySqlParserApi };
interface MySqlParserApi {
  astify(sql: string, options: { database: string }): unknown;
  tableList(sql: string, options: { database: string }): string[];
}

/** The longest string repeat(), lpad() and rpad() may build. */
export const MAX_PADDED_LENGTH = 10_000;

export const SqlMessages = {
  empty: '请输入SQL语句',
  syntax: (detail: string) => `SQL语句有语法错误：${detail}`,
  oneStatement: '只能填写一条SELECT语句（不能用分号写多条语句）',
  selectOnly: (kind: string) => `只允许查询（SELECT）语句，不允许${kind}`,
  writableCte: (kind: string) => `查询中不能含有修改数据的语句（${kind}），WITH子句也不行`,
  selectInto: '不允许SELECT ... INTO（会创建表或写入变量）',
  locking: '不允许FOR UPDATE / FOR SHARE等加锁的查询',
  deniedFunction: (name: string) =>
    `不允许调用函数${name}：它能读写服务器文件、连接其他数据库、等待或改变设置`,
  unknownFunction: (name: string) =>
    `函数${name}不在允许使用的函数之列（允许常用的字符串、数值、日期、聚合和窗口函数）`,
  systemRelation: (name: string) => `不能查询系统表${name}`,
  consoleRelation: (name: string) =>
    `默认数据库中只能查询数据建模创建的表（gen模式）和字典、行政区划、组织、岗位、角色表，不能查询${name}`,
  rawPlaceholder: '参数请写成{参数名}，不能直接写$1或?占位符',
  recursive:
    '不允许递归查询（WITH RECURSIVE）：它可能永不结束。树形数据请用系统变量（如@currentOrganizationAndSuborganization）',
  longString: (name: string) =>
    `函数${name}的长度参数必须是不超过${MAX_PADDED_LENGTH}的数字常量（过长的字符串会耗尽服务器内存）`,
  unknownParameter: (name: string) => `SQL引用了未定义的参数{${name}}，请先在参数列表中添加`,
} as const;

/** Functions that are plainly dangerous (named so the refusal says why). Compared in lower case. */
const DENIED_FUNCTIONS = new Set([
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_ls_logdir',
  'pg_ls_waldir',
  'pg_ls_tmpdir',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'lo_import',
  'lo_export',
  'lo_get',
  'lo_put',
  'lo_open',
  'lo_create',
  'lo_from_bytea',
  'lo_unlink',
  'dblink',
  'dblink_exec',
  'dblink_connect',
  'dblink_send_query',
  'set_config',
  'current_setting',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'table_to_xml',
  'cursor_to_xml',
  'database_to_xml',
  'schema_to_xml',
  'txid_current',
  'nextval',
  'setval',
  'load_file',
  'sleep',
  'benchmark',
  'get_lock',
  'release_lock',
  'master_pos_wait',
  'source_pos_wait',
  'sys_exec',
  'sys_eval',
]);
const DENIED_PREFIXES = ['pg_', 'lo_', 'dblink', 'file_', 'sys_'];

/** Ordinary functions a query may call (lower case). */
const ALLOWED_FUNCTIONS = new Set(
  `count sum avg min max string_agg array_agg group_concat bool_and bool_or every json_agg jsonb_agg
  json_object_agg jsonb_object_agg stddev variance
  lower upper length char_length character_length octet_length substring substr trim ltrim rtrim btrim
  concat concat_ws replace left right lpad rpad position strpos locate instr split_part initcap reverse
  repeat translate regexp_replace regexp_like regexp_substr starts_with format md5 ascii chr
  to_char to_number to_date to_timestamp cast convert coalesce nullif greatest least ifnull if isnull nvl
  abs round ceil ceiling floor trunc truncate mod power pow sqrt sign exp ln log log10 div pi
  now current_date current_time current_timestamp localtime localtimestamp date_trunc date_part extract
  age make_date make_timestamp justify_days date_format str_to_date date_add date_sub adddate subdate
  datediff timestampdiff timestampadd year month day dayofmonth dayofweek dayofyear week weekday hour
  minute second quarter last_day unix_timestamp from_unixtime curdate curtime sysdate date time
  json_extract json_unquote json_object json_array json_build_object jsonb_build_object
  json_build_array jsonb_build_array jsonb_extract_path_text json_extract_path_text to_json to_jsonb
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
  unnest generate_series array_length array_to_string string_to_array cardinality`
    .split(/\s+/)
    .filter(Boolean),
);

const LENGTH_ARGUMENT: Record<string, number> = { repeat: 1, lpad: 1, rpad: 1 };

/** The integer a constant (or a cast of one) stands for; null for anything else. */
const constantInteger = (node: unknown): number | null => {
  const n = node as { A_Const?: { ival?: { ival?: number } }; TypeCast?: { arg?: unknown } } | undefined;
  if (n?.TypeCast) return constantInteger(n.TypeCast.arg);
  const value = n?.A_Const?.ival;
  return value ? (value.ival ?? 0) : null;
};

/** repeat/lpad/rpad build strings as long as their argument says: only a small constant. */
function checkStringLength(name: string, args: unknown) {
  const index = LENGTH_ARGUMENT[name.toLowerCase()];
  if (index === undefined || !Array.isArray(args)) return;
  const length = constantInteger(args[index]);
  if (length === null || length > MAX_PADDED_LENGTH) throw badRequest(SqlMessages.longString(name));
}

function checkFunction(qualified: string[]) {
  const name = qualified.at(-1)!.toLowerCase();
  const schema = qualified.length > 1 ? qualified[0]!.toLowerCase() : null;
  const shown = qualified.join('.');
  if (DENIED_FUNCTIONS.has(name) || DENIED_PREFIXES.some((p) => name.startsWith(p)))
    throw badRequest(SqlMessages.deniedFunction(shown));
  if ((schema && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name))
    throw badRequest(SqlMessages.unknownFunction(shown));
}

const SYSTEM_SCHEMAS = new Set([
  'pg_catalog',
  'information_schema',
  'pg_toast',
  'mysql',
  'performance_schema',
  'sys',
]);

/** Reference tables of the console database a SQL interface may read (no secrets in them). */
export const CONSOLE_READABLE = new Set([
  'base_dictionary_type',
  'base_dictionary_data',
  'base_province',
  'base_organize',
  'base_position',
  'base_role',
]);

/** Where the SQL runs: the console database ("0") or another source of a dialect. */
export interface SqlTarget {
  dialect: DialectName;
  console: boolean;
}

function checkRelation(target: SqlTarget, schema: string | null, name: string, cteNames: Set<string>) {
  const s = schema?.toLowerCase() ?? null;
  const n = name.toLowerCase();
  const shown = schema ? `${schema}.${name}` : name;
  if ((s && SYSTEM_SCHEMAS.has(s)) || n.startsWith('pg_') || (!s && SYSTEM_SCHEMAS.has(n)))
    throw badRequest(SqlMessages.systemRelation(shown));
  if (!target.console) return;
  if (!s && cteNames.has(n)) return;
  // Unqualified names resolve in schema gen (the search path set for these queries).
  if (s === null || s === 'gen') return;
  if (s === 'public' && CONSOLE_READABLE.has(n)) return;
  throw badRequest(SqlMessages.consoleRelation(shown));
}

// ----- PostgreSQL -----

let pgReady: Promise<void> | null = null;
/** Loads the parser's WASM module (once). */
export const loadPgParser = () => {
  pgReady ??= loadModule();
  return pgReady;
};

type Node = Record<string, unknown>;
const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null;
const svals = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((item) => String((item as { String?: { sval?: string } }).String?.sval ?? ''))
    : [];

const STATEMENT_NAMES: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  CopyStmt: 'COPY',
  DropStmt: 'DROP',
  TruncateStmt: 'TRUNCATE',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  AlterTableStmt: 'ALTER TABLE',
  GrantStmt: 'GRANT',
  VariableSetStmt: 'SET',
  DoStmt: 'DO',
  CallStmt: 'CALL',
  ExplainStmt: 'EXPLAIN',
  TransactionStmt: '事务语句',
  LockStmt: 'LOCK',
};
const statementName = (key: string) => STATEMENT_NAMES[key] ?? key.replace(/Stmt$/, '').toUpperCase();

function checkPostgresTree(text: string, target: SqlTarget) {
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parseSync(text) as typeof tree;
  } catch (error) {
    throw badRequest(SqlMessages.syntax((error as Error).message));
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length === 0) throw badRequest(SqlMessages.empty);
  if (stmts.length > 1) throw badRequest(SqlMessages.oneStatement);
  const top = stmts[0]!.stmt;
  const [kind] = Object.keys(top);
  if (kind !== 'SelectStmt') throw badRequest(SqlMessages.selectOnly(statementName(kind ?? '')));
  const cteNames = new Set<string>();
  const relations: { schema: string | null; name: string }[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key.endsWith('Stmt') && key !== 'SelectStmt')
        throw badRequest(SqlMessages.writableCte(statementName(key)));
      if (key === 'SelectStmt' && isObject(value)) {
        if (value.intoClause) throw badRequest(SqlMessages.selectInto);
        if (Array.isArray(value.lockingClause) && value.lockingClause.length)
          throw badRequest(SqlMessages.locking);
      }
      if (key === 'withClause' && isObject(value) && value.recursive) throw badRequest(SqlMessages.recursive);
      if (key === 'CommonTableExpr' && isObject(value)) cteNames.add(String(value.ctename).toLowerCase());
      if (key === 'FuncCall' && isObject(value)) {
        const name = svals(value.funcname);
        checkFunction(name);
        checkStringLength(name.at(-1)!, value.args);
      }
      if (key === 'RangeVar' && isObject(value))
        relations.push({
          schema: (value.schemaname as string | undefined) ?? null,
          name: String(value.relname),
        });
      visit(value);
    }
  };
  visit(top);
  for (const r of relations) checkRelation(target, r.schema, r.name, cteNames);
}

// ----- MySQL -----

const mysqlParser = new MySqlParser();

function checkMySqlTree(text: string, target: SqlTarget) {
  let ast: unknown;
  let tables: string[];
  try {
    ast = mysqlParser.astify(text, { database: 'MariaDB' });
    tables = mysqlParser.tableList(text, { database: 'MariaDB' });
  } catch (error) {
    throw badRequest(SqlMessages.syntax((error as Error).message.split('\n')[0] ?? ''));
  }
  const list = Array.isArray(ast) ? ast : [ast];
  if (list.length === 0) throw badRequest(SqlMessages.empty);
  if (list.length > 1) throw badRequest(SqlMessages.oneStatement);
  const top = list[0] as Node;
  if (top.type !== 'select') throw badRequest(SqlMessages.selectOnly(String(top.type ?? '').toUpperCase()));
  for (const entry of tables) {
    const [operation, db, table] = entry.split('::');
    if (operation !== 'select') throw badRequest(SqlMessages.writableCte(String(operation).toUpperCase()));
    checkRelation(target, db === 'null' ? null : (db ?? null), table ?? '', new Set());
  }
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!isObject(node)) return;
    if (
      node.type &&
      ['insert', 'update', 'delete', 'replace', 'drop', 'create', 'alter'].includes(String(node.type))
    )
      throw badRequest(SqlMessages.writableCte(String(node.type).toUpperCase()));
    if (node.type === 'select') {
      const into = node.into as { position?: unknown } | undefined;
      if (into?.position) throw badRequest(SqlMessages.selectInto);
      if (node.locking_read || node.for_update) throw badRequest(SqlMessages.locking);
    }
    if (node.type === 'function') {
      const name = node.name as { name?: { value: string }[] } | string;
      const parts = typeof name === 'string' ? [name] : (name?.name ?? []).map((p) => p.value);
      if (parts.length) checkFunction(parts);
    }
    if (node.type === 'aggr_func') checkFunction([String(node.name)]);
    for (const value of Object.values(node)) visit(value);
  };
  visit(top);
}

// ----- Parameters -----

/** System variables (system-data.md 3.1); list variables expand to one placeholder per element. */
export const SYSTEM_VARIABLES = [
  'currentChargeorganizationAndSuborganization',
  'currentOrganizationAndSuborganization',
  'currentUsersAndSubordinates',
  'chargeorganization',
  'organization',
  'offsetSize',
  'pageSize',
  'showValue',
  'showKey',
  'keyword',
  'user',
] as const;
export type SystemVariable = (typeof SYSTEM_VARIABLES)[number];

const PLACEHOLDER = new RegExp(`\\{([A-Za-z_][A-Za-z0-9_]*)\\}|@(${SYSTEM_VARIABLES.join('|')})\\b`, 'g');

/** A SQL text with its placeholders: which parameter or variable each bind position takes. */
export interface BoundSql {
  text: string;
  /** `param:<field>` or `var:<name>` per placeholder, in the dialect's order. */
  slots: string[];
}

/**
 * Replaces `{field}` and `@variable` by placeholders. `listSizes` tells how many elements each
 * list variable has (at save time: 1). Unknown `{field}` names answer 400.
 */
export function bindSql(
  text: string,
  dialect: DialectName,
  declared: ReadonlySet<string>,
  listSizes: Partial<Record<SystemVariable, number>> = {},
): BoundSql {
  if (/\$\d/.test(text) || (dialect === 'mysql' && /\?/.test(text.replace(/'(?:[^'\\]|\\.|'')*'/g, ''))))
    throw badRequest(SqlMessages.rawPlaceholder);
  const slots: string[] = [];
  const positions = new Map<string, string>();
  const placeholder = (slot: string) => {
    if (dialect === 'mysql') {
      slots.push(slot);
      return '?';
    }
    let known = positions.get(slot);
    if (!known) {
      slots.push(slot);
      known = `$${slots.length}`;
      positions.set(slot, known);
    }
    return known;
  };
  const out = text.replace(PLACEHOLDER, (_m, field: string | undefined, variable: string | undefined) => {
    if (field !== undefined) {
      if (!declared.has(field)) throw badRequest(SqlMessages.unknownParameter(field));
      return placeholder(`param:${field}`);
    }
    const size = listSizes[variable as SystemVariable];
    if (size === undefined) return placeholder(`var:${variable}`);
    return Array.from({ length: Math.max(size, 1) }, (_, i) => placeholder(`var:${variable}:${i}`)).join(
      ', ',
    );
  });
  return { text: out, slots };
}

/** Checks a SQL text (with placeholders already bound) against the rules above; 400 naming the problem. */
export async function checkReadOnlySql(text: string, target: SqlTarget): Promise<void> {
  if (!text.trim()) throw badRequest(SqlMessages.empty);
  if (target.dialect === 'mysql') return checkMySqlTree(text, target);
  await loadPgParser();
  checkPostgresTree(text, target);
}
