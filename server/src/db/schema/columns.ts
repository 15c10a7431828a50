import { bigint, integer, text } from 'drizzle-orm/pg-core';

/** Epoch milliseconds, the unit of every time in the wire contract. */
export const epochMs = (name: string) => bigint(name, { mode: 'number' });

/** Audit and optimistic-locking columns shared by every table that people edit. */
export const auditColumns = {
  creatorUserId: text('creator_user_id'),
  creatorTime: epochMs('creator_time')
    .notNull()
    .$defaultFn(() => Date.now()),
  lastModifyUserId: text('last_modify_user_id'),
  lastModifyTime: epochMs('last_modify_time'),
  /** Bumped by every update; a write that names a stale version is refused. */
  version: integer('version').notNull().default(0),
};

/** Soft delete: the row stays for audit and restore, queries skip it. */
export const softDeleteColumns = {
  deleteMark: integer('delete_mark').notNull().default(0),
  deleteTime: epochMs('delete_time'),
  deleteUserId: text('delete_user_id'),
};
