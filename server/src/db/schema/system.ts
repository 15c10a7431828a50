import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

/** System configuration as key/value rows, so a new setting needs no migration. */
export const sysConfig = pgTable('base_sys_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  category: text('category').notNull().default('SysConfig'),
  ...auditColumns,
});

/** Applications ("systems") a user can switch between; each owns a menu tree. */
export const systems = pgTable(
  'base_system',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    icon: text('icon'),
    propertyJson: text('property_json'),
    isMain: integer('is_main').notNull().default(0),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_system_en_code').on(t.enCode)],
);

/** Menu nodes (console.md 2.3 types 0-8). */
export const modules = pgTable(
  'base_module',
  {
    id: text('id').primaryKey(),
    systemId: text('system_id').notNull(),
    parentId: text('parent_id').notNull().default('-1'),
    type: integer('type').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    icon: text('icon'),
    urlAddress: text('url_address'),
    linkTarget: text('link_target'),
    propertyJson: text('property_json'),
    /** 'Web' or 'App' menu. */
    category: text('category').notNull().default('Web'),
    isButtonAuthorize: integer('is_button_authorize').notNull().default(0),
    isColumnAuthorize: integer('is_column_authorize').notNull().default(0),
    isFormAuthorize: integer('is_form_authorize').notNull().default(0),
    isDataAuthorize: integer('is_data_authorize').notNull().default(0),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    index('base_module_system').on(t.systemId),
    uniqueIndex('base_module_en_code').on(t.systemId, t.category, t.enCode),
  ],
);

const moduleItemColumns = {
  id: text('id').primaryKey(),
  moduleId: text('module_id').notNull(),
  parentId: text('parent_id').notNull().default('-1'),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull(),
  sortCode: integer('sort_code').notNull().default(0),
  enabledMark: integer('enabled_mark').notNull().default(1),
  description: text('description'),
};

export const moduleButtons = pgTable(
  'base_module_button',
  { ...moduleItemColumns, ...auditColumns, ...softDeleteColumns },
  (t) => [uniqueIndex('base_module_button_code').on(t.moduleId, t.enCode)],
);

export const moduleColumns = pgTable(
  'base_module_column',
  { ...moduleItemColumns, bindTable: text('bind_table'), ...auditColumns, ...softDeleteColumns },
  (t) => [uniqueIndex('base_module_column_code').on(t.moduleId, t.enCode)],
);

export const moduleForms = pgTable(
  'base_module_form',
  { ...moduleItemColumns, bindTable: text('bind_table'), ...auditColumns, ...softDeleteColumns },
  (t) => [uniqueIndex('base_module_form_code').on(t.moduleId, t.enCode)],
);

/** Data-rule schemes: which rows of a page a grantee may see (console.md 6). */
export const moduleDataSchemes = pgTable(
  'base_module_data_scheme',
  {
    ...moduleItemColumns,
    /** 1 = all data; otherwise conditionJson narrows the rows. */
    allData: integer('all_data').notNull().default(0),
    conditionJson: jsonb('condition_json'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_module_data_scheme_code').on(t.moduleId, t.enCode)],
);

/**
 * The fields a page's data-rule schemes may filter on (system/menu "data" tab, ModuleDataAuthorize):
 * enCode is the row field, type its data type, conditionSymbol the operators allowed (comma list
 * of DataRuleOperator values), conditionText the value kinds allowed (comma list of DataRuleValueType).
 */
export const moduleDataFields = pgTable(
  'base_module_data_authorize',
  {
    ...moduleItemColumns,
    type: text('type').notNull().default('varchar'),
    conditionSymbol: text('condition_symbol').notNull().default('=='),
    conditionText: text('condition_text').notNull().default('text'),
    bindTable: text('bind_table'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_module_data_authorize_code').on(t.moduleId, t.enCode)],
);

/**
 * A page's data connection (ModuleDataAuthorizeLink): the data source (linkId, '0' = the
 * console's database) and tables whose fields its list-column (dataType 1), form (2) or
 * data-rule (3) editors pick from. One row per page and dataType.
 */
export const moduleLinks = pgTable(
  'base_module_link',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id').notNull(),
    linkId: text('link_id').notNull(),
    /** Table names, comma separated, as the client sends them. */
    linkTables: text('link_tables').notNull(),
    dataType: integer('data_type').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_module_link_type').on(t.moduleId, t.dataType)],
);

/** Sign-in and operation log; login rows feed userInfo.prevLogin*. */
export const logs = pgTable(
  'base_log',
  {
    id: text('id').primaryKey(),
    /** 1 login, 3 operation, 4 exception, 5 request. */
    category: integer('category').notNull(),
    userId: text('user_id'),
    userName: text('user_name'),
    /** 1 = succeeded, 0 = failed. */
    loginMark: integer('login_mark'),
    ipAddress: text('ip_address'),
    ipAddressName: text('ip_address_name'),
    browser: text('browser'),
    platForm: text('plat_form'),
    requestUrl: text('request_url'),
    requestMethod: text('request_method'),
    requestDuration: integer('request_duration'),
    abstracts: text('abstracts'),
    /** Operation logs: the page (module) written to, and the redacted request. */
    moduleName: text('module_name'),
    json: text('json'),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index('base_log_user_time').on(t.category, t.userId, t.creatorTime),
    index('base_log_category_time').on(t.category, t.creatorTime),
  ],
);
