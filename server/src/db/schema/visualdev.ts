import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * Online development designs (forms.md 4): the working copy the designer saves, and the copy
 * taken at release that generated pages run on (`released`), so a draft never changes a page
 * people use. Rows of the generated pages live in tables of their own schema (modules/visualdev/ddl.ts).
 */
export const visualDevs = pgTable(
  'base_visualdev',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    category: text('category').notNull(),
    /** 1 web design, 2 app, 3 code-gen flow form, 4 code-gen web form, 5 code-gen app form. */
    type: integer('type').notNull().default(1),
    /** 1 form, 2 form + list, 3 form + list + flow, 4 data view. */
    webType: integer('web_type').notNull().default(2),
    enableFlow: integer('enable_flow').notNull().default(0),
    state: integer('state').notNull().default(1),
    sortCode: integer('sort_code').notNull().default(0),
    description: text('description'),
    dbLinkId: text('db_link_id').notNull().default('0'),
    tables: text('tables').notNull().default('[]'),
    formData: text('form_data').notNull().default(''),
    columnData: text('column_data').notNull().default(''),
    appColumnData: text('app_column_data').notNull().default(''),
    interfaceId: text('interface_id'),
    interfaceName: text('interface_name'),
    interfaceParam: text('interface_param').notNull().default(''),
    flowTemplateJson: text('flow_template_json').notNull().default(''),
    /** 1 once released; the released copy is `released`. */
    isRelease: integer('is_release').notNull().default(0),
    released: jsonb('released'),
    releaseTime: epochMs('release_time'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_visualdev_en_code').on(t.enCode),
    index('base_visualdev_category').on(t.category),
  ],
);
