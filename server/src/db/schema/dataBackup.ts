import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { epochMs } from './columns.js';

/**
 * Backups of the console's own data (system-data.md 6). The bytes live in the file store under
 * `storageKey`; this table is left out of every backup and restore, so restoring an older
 * backup keeps the list of backups made since.
 */
export const dataBackups = pgTable('base_data_backup', {
  id: text('id').primaryKey(),
  fileName: text('file_name').notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  storageKey: text('storage_key').notNull(),
  /** The tag of the last migration applied when the backup was made. */
  migration: text('migration').notNull(),
  tableCount: bigint('table_count', { mode: 'number' }).notNull(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  creatorUserId: text('creator_user_id'),
  creatorTime: epochMs('creator_time')
    .notNull()
    .$defaultFn(() => Date.now()),
});
