import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * Data screens (大屏设计, issue #25): the design the designer saves (`design`, JSON text checked
 * by ScreenDesign of packages/shared) and the copy taken at release that viewers and menus of
 * type 6 show (`released`), so a draft never changes a screen on a wall.
 */
export const dataScreens = pgTable(
  'base_data_screen',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    category: text('category').notNull().default(''),
    description: text('description'),
    design: text('design').notNull(),
    /** 0 draft only, 1 released (the released copy is `released`). */
    state: integer('state').notNull().default(0),
    released: jsonb('released'),
    releaseTime: epochMs('release_time'),
    /** Share link (for wall displays that cannot sign in): random token, argon2id password, expiry. */
    shareToken: text('share_token'),
    sharePassword: text('share_password'),
    shareExpires: epochMs('share_expires'),
    /** Who set the link: the share link's data runs as this user (see dataScreen/share.ts). */
    shareUserId: text('share_user_id'),
    ...auditColumns,
  },
  (t) => [
    index('base_data_screen_category').on(t.category),
    uniqueIndex('base_data_screen_share_token').on(t.shareToken),
  ],
);
