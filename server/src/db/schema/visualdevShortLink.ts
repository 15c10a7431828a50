import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns.js';

/**
 * External links of a web design (外链设置, forms.md 5): an anonymous form that adds records and
 * an anonymous list that shows the columns and search fields chosen here. One row per design
 * (`id` is the design's id). `shortLink` is a random token the links carry as `encryption`;
 * passwords are argon2id hashes of the client's MD5 and are never answered back.
 */
export const visualDevShortLinks = pgTable(
  'base_visualdev_short_link',
  {
    id: text('id').primaryKey(),
    shortLink: text('short_link').notNull(),
    formUse: integer('form_use').notNull().default(0),
    formPassUse: integer('form_pass_use').notNull().default(0),
    formPassword: text('form_password'),
    columnUse: integer('column_use').notNull().default(0),
    columnPassUse: integer('column_pass_use').notNull().default(0),
    columnPassword: text('column_password'),
    /** JSON list of search entries ({prop, label, jnpfKey, searchType}) the public list offers. */
    columnCondition: text('column_condition').notNull().default('[]'),
    /** JSON list of column entries ({prop, label, jnpfKey}) the public list shows. */
    columnText: text('column_text').notNull().default('[]'),
    /** The user records added through the form are created as: whoever last saved the settings. */
    userId: text('user_id').notNull(),
    enabledMark: integer('enabled_mark').notNull().default(1),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_visualdev_short_link_token').on(t.shortLink)],
);
