import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { badRequest, STALE_VERSION_MESSAGE } from './errors.js';

/** A table with the audit and version columns of db/schema/columns.ts. */
type VersionedTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  lastModifyTime: AnyPgColumn;
  lastModifyUserId: AnyPgColumn;
};

/**
 * Writes an edit only when the row still has the version the client read (optimistic lock):
 * a stale edit answers code 400 and changes nothing, never a silent overwrite.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  row: { id: string; version: number; userId: string | null },
  values: PgUpdateSetSource<T>,
): Promise<void> {
  const audit: Record<string, number | string | null | SQL> = {
    lastModifyTime: Date.now(),
    lastModifyUserId: row.userId,
    version: sql`${table.version} + 1`,
  };
  const updated = await db
    .update(table)
    .set({ ...values, ...audit } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, row.id), eq(table.version, row.version)))
    .returning({ id: table.id });
  if (updated.length === 0) throw badRequest(STALE_VERSION_MESSAGE);
}

/** Enables a disabled row or disables an enabled one (enabledMark 1 <-> 0) as a versioned write. */
export function toggleEnabledVersioned<T extends VersionedTable & { enabledMark: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  row: { id: string; version: number; enabledMark: number | null },
  userId: string | null,
): Promise<void> {
  return updateVersioned(db, table, { id: row.id, version: row.version, userId }, {
    enabledMark: row.enabledMark === 1 ? 0 : 1,
  } as PgUpdateSetSource<T>);
}
