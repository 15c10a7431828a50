import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * Online development designs (forms.md 4): the working copy the designer saves, and the copy
 * taken at release that generated pages run on (`released`), so a draft never changes a page
 * people use. Rows of the generated pages live in tables of their own schema (modules/visualdev/webDesign/ddl.ts).
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

/**
 * Data reports (other.md 3, `{reportServer}/api/datareport/Data`): a data interface's rows shown
 * as a table with formats and totals and as charts; `reportData` is the definition (filters,
 * columns, charts) as JSON, checked by the shared report schema on every write.
 */
export const dataReports = pgTable(
  'base_data_report',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    categoryId: text('category_id').notNull(),
    interfaceId: text('interface_id').notNull(),
    reportData: text('report_data').notNull().default('{}'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_data_report_en_code').on(t.enCode)],
);

/**
 * Visual portals (other.md 3): a grid of widgets (`formData`: layout and refresh) or a custom
 * page/URL. Menus of type 8 show one (propertyJson.moduleId).
 */
export const portals = pgTable(
  'base_portal',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    category: text('category').notNull(),
    /** 0 designed grid, 1 custom page or URL. */
    type: integer('type').notNull().default(0),
    /** 0 page, 1 URL (custom portals). */
    linkType: integer('link_type').notNull().default(0),
    customUrl: text('custom_url'),
    appCustomUrl: text('app_custom_url'),
    /** 1 fixed layout, 0 users may drag and keep their own. */
    enabledLock: integer('enabled_lock').notNull().default(1),
    formData: text('form_data').notNull().default(''),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_portal_en_code').on(t.enCode)],
);

/** A user's own layout of a portal whose layout is not locked (PUT /Portal/Custom/Save/{id}). */
export const portalCustoms = pgTable(
  'base_portal_custom',
  {
    id: text('id').primaryKey(),
    portalId: text('portal_id').notNull(),
    userId: text('user_id').notNull(),
    formData: text('form_data').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_portal_custom_user').on(t.portalId, t.userId)],
);

/**
 * The portals of an application (system/menu 门户管理): which designed portals an application
 * offers on the Web or App platform, in what order and whether enabled. systemId is base_system.id.
 */
export const portalManages = pgTable(
  'base_portal_manage',
  {
    id: text('id').primaryKey(),
    portalId: text('portal_id').notNull(),
    systemId: text('system_id').notNull(),
    /** 'Web' or 'App'. */
    platform: text('platform').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_portal_manage_portal').on(t.systemId, t.platform, t.portalId),
    index('base_portal_manage_portal_id').on(t.portalId),
  ],
);
