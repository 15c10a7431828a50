import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epochMs } from './columns.js';

/**
 * One chunked upload of one user's file (widgets.md 4): open while chunks arrive, closed when
 * merged or swept. An open set untouched for UPLOAD_CHUNK_TTL_MINUTES is swept: its chunks are
 * deleted from the file store by whichever instance claims it first (FOR UPDATE SKIP LOCKED).
 */
export const fileChunkSets = pgTable(
  'base_file_chunk_set',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** The file's MD5 (32 hex characters). */
    identifier: text('identifier').notNull(),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    createdTime: epochMs('created_time').notNull(),
    /** The last chunk received or state asked; the sweep goes by it. */
    touchedTime: epochMs('touched_time').notNull(),
    closedTime: epochMs('closed_time'),
    /** 'merged' (the bytes became a stored file) or 'swept' (abandoned, chunks deleted). */
    closedBy: text('closed_by'),
  },
  (t) => [
    uniqueIndex('base_file_chunk_set_open').on(t.userId, t.identifier).where(sql`closed_time is null`),
    index('base_file_chunk_set_touched').on(t.touchedTime).where(sql`closed_time is null`),
    index('base_file_chunk_set_closed').on(t.closedTime),
  ],
);

/**
 * Each chunk received, counted once (a resent chunk is not counted again) against its user's
 * daily upload quota from the moment it arrives: abandoned chunks use the quota too.
 */
export const fileChunkReceipts = pgTable(
  'base_file_chunk',
  {
    setId: text('set_id')
      .notNull()
      .references(() => fileChunkSets.id, { onDelete: 'cascade' }),
    chunkNumber: integer('chunk_number').notNull(),
    size: integer('size').notNull(),
    receivedTime: epochMs('received_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.chunkNumber] }),
    index('base_file_chunk_received').on(t.receivedTime),
  ],
);
