import type { Pagination } from '@console/shared';
import { asc, count, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../core/errors.js';
import type { DbOrTx } from './client.js';

/**
 * `.offset(KEEP_SUBQUERY)` on a subquery: `offset 0`, so that PostgreSQL plans the subquery on its
 * own (for all its rows) instead of merging it into the outer query. A keyword list selects its
 * matches this way before sorting and paging them: merged, with LIMIT 20 above, the planner walks
 * the list-order index testing the keyword on every row until it has a page, which at 1% of a
 * large table reads nearly all of it (issue 24). drizzle leaves out an offset of the number 0,
 * so it is given as SQL.
 */
export const KEEP_SUBQUERY = sql`0` as unknown as number;

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
 * The allow-listed column `sidx` names (own keys only, so nothing inherited passes); undefined
 * when no sort field is asked. An unknown name answers code 400 naming the allowed ones, so a
 * client never believes a list is sorted when it is not.
 */
export function sortColumn(sortable: Record<string, AnyPgColumn>, sidx: string): AnyPgColumn | undefined {
  if (!sidx) return undefined;
  if (Object.hasOwn(sortable, sidx)) return sortable[sidx];
  const allowed = Object.keys(sortable);
  throw badRequest(
    allowed.length
      ? `sidx：只能按以下字段排序：${allowed.join('、')}`
      : 'sidx：该列表按固定顺序排列，不能指定排序字段',
  );
}

/** For a list in a fixed order: any sort field answers code 400. */
export function assertFixedOrder(sidx: string): void {
  sortColumn({}, sidx);
}

/**
 * ORDER BY of a list: the allow-listed column that `sidx` names in the asked direction, then
 * `tieBreak`; without a sort field, `fallback`.
 */
export function listOrder(
  sortable: Record<string, AnyPgColumn>,
  query: { sidx: string; sort: string },
  tieBreak: SQL,
  fallback: SQL[],
): SQL[] {
  const column = sortColumn(sortable, query.sidx);
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
