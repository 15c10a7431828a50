import { type SQL, sql } from 'drizzle-orm';
import { parse } from 'libpg-query';
import { BizError, badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';

export const PrintSqlMessages = {
  notSelect: (n: number) => `第${n}条数据SQL只能是一条查询语句（SELECT）`,
  invalid: (n: number, reason: string) => `第${n}条数据SQL有误：${reason}`,
  dbLink: '数据连接不存在：打印模板目前只能读取本系统数据库（数据连接 0）',
} as const;

/** Longest a template's statements may run together. */
const STATEMENT_TIMEOUT_MS = 5000;

/**
 * Checks one statement with PostgreSQL's own parser: exactly one plain SELECT (no INTO, no row
 * locks). `@formId` is read as a bind parameter, so the record key never becomes SQL text.
 */
export async function checkPrintSql(statement: string, n: number): Promise<void> {
  let tree: Awaited<ReturnType<typeof parse>>;
  try {
    tree = await parse(statement.replaceAll('@formId', '$1'));
  } catch (error) {
    throw badRequest(PrintSqlMessages.invalid(n, (error as Error).message));
  }
  const stmts = tree.stmts ?? [];
  const only = stmts[0]?.stmt as
    | { SelectStmt?: { intoClause?: unknown; lockingClause?: unknown } }
    | undefined;
  if (stmts.length !== 1 || !only?.SelectStmt || only.SelectStmt.intoClause || only.SelectStmt.lockingClause)
    throw badRequest(PrintSqlMessages.notSelect(n));
}

/** The statement with every @formId bound to `formId`. */
function bind(statement: string, formId: string): SQL {
  const parts = statement.split('@formId');
  return sql.join(
    parts.flatMap((part, i) => (i === 0 ? [sql.raw(part)] : [sql`${formId}`, sql.raw(part)])),
    sql.raw(''),
  );
}

interface RawResult {
  rows: Record<string, unknown>[];
  fields?: { name: string }[];
}

/**
 * Runs a template's statements for one record in a read-only transaction with a time limit.
 * `limitZero` reads only the column names (the designer's field list).
 */
export async function runPrintSql(
  db: Db,
  statements: string[],
  formId: string,
  limitZero = false,
): Promise<RawResult[]> {
  for (const [i, statement] of statements.entries()) await checkPrintSql(statement, i + 1);
  let current = 0;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw('SET TRANSACTION READ ONLY'));
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`));
      const results: RawResult[] = [];
      for (const [i, statement] of statements.entries()) {
        current = i + 1;
        const query = limitZero
          ? sql`SELECT * FROM (${bind(statement, formId)}) AS print_fields LIMIT 0`
          : bind(statement, formId);
        results.push((await tx.execute(query)) as unknown as RawResult);
      }
      return results;
    });
  } catch (error) {
    if (error instanceof BizError) throw error;
    // The database's own words (unknown column, permission, timeout …), so the author can fix the statement.
    const cause = (error as { cause?: unknown }).cause;
    const message = cause instanceof Error ? cause.message : (error as Error).message;
    throw badRequest(PrintSqlMessages.invalid(current, message));
  }
}
