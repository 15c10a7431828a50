import { type SQL, sql } from 'drizzle-orm';
import { BizError, badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { checkReadOnlySql } from '../../systemData/dataInterface/sqlGuard.js';

export const PrintSqlMessages = {
  invalid: (n: number, reason: string) => `第${n}条数据SQL有误：${reason}`,
  dbLink: '数据连接不存在：打印模板目前只能读取本系统数据库（数据连接 0）',
} as const;

/** Longest a template's statements may run together. */
const STATEMENT_TIMEOUT_MS = 5000;

/**
 * Checks one statement with the data interfaces' read-only guard on the console database: exactly
 * one plain SELECT, allow-listed functions, and only the tables a data interface may read (never
 * users or sessions). `@formId` is read as a bind parameter, so the record key never becomes SQL text.
 */
export async function checkPrintSql(statement: string, n: number): Promise<void> {
  try {
    await checkReadOnlySql(statement.replaceAll('@formId', '$1'), { dialect: 'postgres', console: true });
  } catch (error) {
    if (error instanceof BizError) throw badRequest(PrintSqlMessages.invalid(n, error.message));
    throw error;
  }
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
      // Unqualified names resolve in the data model's schema, as the guard assumes.
      await tx.execute(sql.raw('SET LOCAL search_path = gen'));
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
