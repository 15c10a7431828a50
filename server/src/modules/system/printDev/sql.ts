import { BizError, badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { checkReadOnlySql } from '../../systemData/dataInterface/sqlGuard.js';
import { ConnectMessages, checkCost, consoleConnection } from '../../systemData/dataSource/connect.js';

export const PrintSqlMessages = {
  invalid: (n: number, reason: string) => `第${n}条数据SQL有误：${reason}`,
  dbLink: '数据连接不存在：打印模板目前只能读取本系统数据库（数据连接 0）',
} as const;

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

export interface PrintSqlResult {
  rows: Record<string, unknown>[];
  fields: { name: string }[];
}

/**
 * Runs a template's statements for one record as users' SQL runs on the console database
 * (`consoleConnection().readOnly`: read-only, time-limited, stopped past its limit; each statement
 * refused first when its planned cost is too high). `limitZero` reads only the column names (the
 * designer's field list).
 */
export async function runPrintSql(
  db: Db,
  statements: string[],
  formId: string,
  limitZero = false,
): Promise<PrintSqlResult[]> {
  for (const [i, statement] of statements.entries()) await checkPrintSql(statement, i + 1);
  let current = 0;
  try {
    return await consoleConnection(db).readOnly(async (c) => {
      const results: PrintSqlResult[] = [];
      for (const [i, statement] of statements.entries()) {
        current = i + 1;
        const text = statement.replaceAll('@formId', '$1');
        const query = limitZero ? `SELECT * FROM (${text}) AS print_fields LIMIT 0` : text;
        const params = text.includes('$1') ? [formId] : [];
        await checkCost(db, c, query, params);
        const result = await c.query(query, params);
        results.push({ rows: result.rows, fields: result.fields.map((name) => ({ name })) });
      }
      return results;
    });
  } catch (error) {
    if (error instanceof BizError) {
      if (error.message === ConnectMessages.timeout || error.message === ConnectMessages.embeddedTimeout)
        throw error;
      throw badRequest(PrintSqlMessages.invalid(current, error.message));
    }
    // The database's own words (unknown column, permission …), so the author can fix the statement.
    const cause = (error as { cause?: unknown }).cause;
    const message = cause instanceof Error ? cause.message : (error as Error).message;
    throw badRequest(PrintSqlMessages.invalid(current, message));
  }
}
