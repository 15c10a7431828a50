import { and, asc, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../../core/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../db/query.js';
import type { dataReports, portals } from '../../db/schema/index.js';

/**
 * The catalogue of a design kind kept by category (reports, portals): the list page, the enabled
 * designs a picker offers, one design. Each kind adds its own answer shape and checks.
 */
type DesignTable = typeof dataReports | typeof portals;
type DesignRow<T extends DesignTable> = T['$inferSelect'];

export interface DesignCatalogue<T extends DesignTable> {
  table: T;
  /** The column the list filters by category. */
  category: AnyPgColumn;
  notFound: string;
}

export interface DesignListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  sort: string;
  sidx: string;
}

/** A page of designs: keyword over name and code, the category when asked, by sort code unless told. */
export function designPage<T extends DesignTable>(
  db: DbOrTx,
  { table: t, category }: DesignCatalogue<T>,
  query: DesignListQuery,
  categoryId: string,
) {
  const sortable = {
    fullName: t.fullName,
    enCode: t.enCode,
    sortCode: t.sortCode,
    creatorTime: t.creatorTime,
    lastModifyTime: t.lastModifyTime,
  };
  const order = listOrder(sortable, query, desc(t.id), [asc(t.sortCode), desc(t.creatorTime), desc(t.id)]);
  const where = and(
    keywordMatch(query.keyword, t.fullName, t.enCode),
    categoryId ? eq(category, categoryId) : undefined,
  );
  return selectPage<PgTable>(db, t, where, order, query) as Promise<{
    rows: DesignRow<T>[];
    pagination: Awaited<ReturnType<typeof selectPage>>['pagination'];
  }>;
}

/** The enabled designs in catalogue order (pickers). */
export async function enabledDesigns<T extends DesignTable>(db: DbOrTx, { table: t }: DesignCatalogue<T>) {
  const rows = await db
    .select()
    .from(t as PgTable)
    .where(eq(t.enabledMark, 1))
    .orderBy(asc(t.sortCode), desc(t.creatorTime));
  return rows as DesignRow<T>[];
}

/** One design, or a 400 saying it does not exist. */
export async function designRow<T extends DesignTable>(
  db: DbOrTx,
  { table: t, notFound }: DesignCatalogue<T>,
  id: string,
): Promise<DesignRow<T>> {
  const [row] = await db
    .select()
    .from(t as PgTable)
    .where(eq(t.id, id));
  if (!row) throw badRequest(notFound);
  return row as DesignRow<T>;
}
