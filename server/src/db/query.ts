import type { Pagination } from '@console/shared';
import { asc, count, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** Text for a LIKE pattern in which %, _ and \ stand for themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows where any of the columns contains the keyword, case-insensitively (ILIKE, so trigram
 * indexes apply); undefined when there is no keyword.
 */
export function keywordMatch(keyword: string | undefined, ...columns: AnyPgColumn[]): SQL | undefined {
  if (!keyword) return undefined;
  const like = `%${escapeLike(keyword)}%`;
  return or(...columns.map((column) => ilike(column, like)));
}

/**
 * ORDER BY of a list: the allow-listed column that `sidx` names (own keys only, so nothing
 * inherited passes) in the asked direction, then `tieBreak`; without such a column, `fallback`.
 */
export function listOrder(
  sortable: Record<string, AnyPgColumn>,
  query: { sidx: string; sort: string },
  tieBreak: SQL,
  fallback: SQL[],
): SQL[] {
  const column = Object.hasOwn(sortable, query.sidx) ? sortable[query.sidx] : undefined;
  return column ? [query.sort === 'asc' ? asc(column) : desc(column), tieBreak] : fallback;
}

/** One page of a table's rows and the pagination block of a list answer ({ list, pagination }). */
export async function selectPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  paging: { currentPage: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; pagination: Pagination }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(paging.pageSize)
      .offset((paging.currentPage - 1) * paging.pageSize),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return {
    rows: rows as T['$inferSelect'][],
    pagination: { currentPage: paging.currentPage, pageSize: paging.pageSize, total: total?.n ?? 0 },
  };
}
