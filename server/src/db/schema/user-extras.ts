import { customType, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epochMs } from './columns.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files, bytes included, so every instance serves them from the shared database.
 * name is generated (`<id>.<ext>`, the extension from the sniffed content type).
 * Chunked uploads keep their bytes in the file store instead (storageKey set, content empty).
 */
export const storedFiles = pgTable(
  'base_file',
  {
    id: text('id').primaryKey(),
    /** The upload type: userAvatar | signImg | annex. */
    folder: text('folder').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    /** Where the bytes are in the file store (local folder or S3); null when they are in content. */
    storageKey: text('storage_key'),
    creatorUserId: text('creator_user_id'),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    uniqueIndex('base_file_folder_name').on(t.folder, t.name),
    index('base_file_creator').on(t.creatorUserId),
  ],
);

/** A user's signature images (uploaded to folder signImg); one of them is the default. */
export const signImages = pgTable(
  'base_sign_img',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** Name of the stored file in folder signImg. */
    fileName: text('file_name').notNull(),
    isDefault: integer('is_default').notNull().default(0),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [index('base_sign_img_user').on(t.userId)],
);
