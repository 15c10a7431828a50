import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * Print templates (system-admin.md 7.1). `sqlTemplate` is the JSON text `[{sql}]` of the client:
 * the first statement reads the header, later ones the detail groups T1, T2 …; `pageParam` the
 * JSON text of paper size, direction and margins.
 */
export const printDevs = pgTable(
  'base_print_dev',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** Id of an entry of the printDev dictionary. */
    category: text('category').notNull(),
    /** 1 flow form template (approval records), 2 function form template. */
    type: integer('type').notNull().default(1),
    dbLinkId: text('db_link_id').notNull().default('0'),
    sqlTemplate: text('sql_template').notNull().default('[]'),
    leftFields: text('left_fields').notNull().default(''),
    printTemplate: text('print_template').notNull().default(''),
    pageParam: text('page_param').notNull().default(''),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_print_dev_en_code').on(t.enCode),
    index('base_print_dev_category').on(t.category),
  ],
);

/** One print of a template: what, how many copies, who and when (printLog/save). */
export const printLogs = pgTable(
  'base_print_log',
  {
    id: text('id').primaryKey(),
    printId: text('print_id').notNull(),
    printTitle: text('print_title').notNull(),
    printNum: integer('print_num').notNull(),
    printUserId: text('print_user_id').notNull(),
    printTime: epochMs('print_time').notNull(),
  },
  (t) => [index('base_print_log_template').on(t.printId, t.printTime)],
);

/**
 * Approval common words (system-admin.md 6): type 0 system-wide for the apps in `systemIds`
 * (comma-joined ids; empty = every app), type 1 personal to the creator.
 */
export const commonWords = pgTable(
  'base_common_words',
  {
    id: text('id').primaryKey(),
    systemIds: text('system_ids').notNull().default(''),
    commonWordsText: text('common_words_text').notNull(),
    commonWordsType: integer('common_words_type').notNull().default(0),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    ...auditColumns,
  },
  (t) => [index('base_common_words_type').on(t.commonWordsType, t.creatorUserId)],
);

/** A menu's name in another language (zh-TW, en-US); the menu's own fullName is the zh-CN one. */
export const moduleNames = pgTable(
  'base_module_i18n',
  {
    moduleId: text('module_id').notNull(),
    language: text('language').notNull(),
    fullName: text('full_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.language] })],
);

/**
 * Translation management (system/language): an edited text of the web client's bundled locale
 * files, by namespace, dotted key and language; the bundled text applies where there is none.
 */
export const langOverrides = pgTable(
  'base_lang_override',
  {
    id: text('id').primaryKey(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    language: text('language').notNull(),
    value: text('value').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_lang_override_text').on(t.namespace, t.key, t.language)],
);

/**
 * System templates (system/systemTemplate, `/api/system/MessageTemplate`): a titled message text
 * with {name} placeholders; `params` the placeholders it uses with their labels.
 */
export const systemMessageTemplates = pgTable(
  'base_system_message_template',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** Message source: 1 notice, 2 flow, 3 system, 4 schedule. */
    category: integer('category').notNull().default(3),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** [{ field, fieldName }] */
    params: jsonb('params').notNull().default([]),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_system_message_template_code').on(t.enCode)],
);

/**
 * SMS templates (system/smsTemplate): a vendor template (`templateId`) sent through a message
 * centre SMS account, with its text and the {name} parameters it takes.
 */
export const smsTemplates = pgTable(
  'base_sms_template',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** base_message_account_config row of category sms. */
    accountConfigId: text('account_config_id').notNull(),
    templateId: text('template_id').notNull(),
    signContent: text('sign_content').notNull().default(''),
    content: text('content').notNull(),
    /** [{ field, fieldName }] */
    params: jsonb('params').notNull().default([]),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_sms_template_code').on(t.enCode)],
);
