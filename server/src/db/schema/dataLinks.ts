import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * Data sources (system-data.md 1): connections to other databases. The console's own database
 * is the implicit id "0" and has no row. `password` is never answered back.
 */
export const dbLinks = pgTable(
  'base_db_link',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    /** PostgreSQL | MySQL (MariaDB speaks MySQL). */
    dbType: text('db_type').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    userName: text('user_name').notNull(),
    password: text('password').notNull().default(''),
    /** Database name. */
    serviceName: text('service_name').notNull(),
    dbSchema: text('db_schema'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_db_link_full_name').on(t.fullName)],
);

/** Data interfaces (system-data.md 3): SQL (1), static data (2) or HTTP (3). */
export const dataInterfaces = pgTable(
  'base_data_interface',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    dataType: integer('data_type').notNull(),
    requestMethod: text('request_method').notNull().default(''),
    dbLinkId: text('db_link_id'),
    /** SQL text, or the static JSON text. */
    query: text('query'),
    path: text('path'),
    requestHeaders: text('request_headers').notNull().default('[]'),
    requestParameters: text('request_parameters').notNull().default('[]'),
    responseType: text('response_type').notNull().default('json'),
    /** Paging switch: 0 off, 1 on. */
    checkType: integer('check_type').notNull().default(0),
    propertyJson: text('property_json').notNull().default('{}'),
    /** Field mapping of the result rows: [{ source, target }] JSON. */
    fieldMapping: text('field_mapping').notNull().default('[]'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_data_interface_en_code').on(t.enCode),
    index('base_data_interface_category').on(t.categoryId),
  ],
);

/** One call of a data interface: from the console (preview, options) or from an outside app. */
export const dataInterfaceLogs = pgTable(
  'base_data_interface_log',
  {
    id: text('id').primaryKey(),
    interfaceId: text('interface_id').notNull(),
    invokTime: epochMs('invok_time').notNull(),
    userId: text('user_id'),
    invokIp: text('invok_ip'),
    invokDevice: text('invok_device'),
    /** GET | POST */
    invokType: text('invok_type').notNull(),
    invokWasteTime: integer('invok_waste_time').notNull(),
    /** The interface-auth app of an outside call; null for the console's own calls. */
    oauthAppId: text('oauth_app_id'),
    /** 1 answered, 0 refused or failed. */
    success: integer('success').notNull().default(1),
    message: text('message'),
  },
  (t) => [
    index('base_data_interface_log_interface').on(t.interfaceId, t.invokTime),
    index('base_data_interface_log_app').on(t.oauthAppId, t.invokTime),
  ],
);

/** Interface auth (system-data.md 4): outside apps allowed to call chosen interfaces. */
export const interfaceOauths = pgTable(
  'base_interface_oauth',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    appName: text('app_name').notNull(),
    appSecret: text('app_secret').notNull(),
    verifySignature: integer('verify_signature').notNull().default(0),
    /** Expiry (epoch ms); null = never. */
    usefulLife: bigint('useful_life', { mode: 'number' }),
    /** IPs or CIDRs, one per line or comma separated; empty = any. */
    whiteList: text('white_list'),
    blackList: text('black_list'),
    dataInterfaceIds: text('data_interface_ids').notNull().default(''),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_interface_oauth_app_id').on(t.appId)],
);
