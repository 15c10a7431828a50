import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/** Dictionary categories (console.md 3), a tree rooted at parentId '0'. Deletes are permanent. */
export const dictionaryTypes = pgTable(
  'base_dictionary_type',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull().default('0'),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** 1 = its entries form a tree; fixed once created. */
    isTree: integer('is_tree').notNull().default(0),
    sortCode: integer('sort_code').notNull().default(0),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_dictionary_type_en_code').on(t.enCode),
    index('base_dictionary_type_parent').on(t.parentId),
  ],
);

/** Dictionary entries; parentId '0' = top level of the type. Codes are unique within a type. */
export const dictionaryData = pgTable(
  'base_dictionary_data',
  {
    id: text('id').primaryKey(),
    dictionaryTypeId: text('dictionary_type_id').notNull(),
    parentId: text('parent_id').notNull().default('0'),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    enabledMark: integer('enabled_mark').notNull().default(1),
    sortCode: integer('sort_code').notNull().default(0),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_dictionary_data_code').on(t.dictionaryTypeId, t.enCode),
    index('base_dictionary_data_parent').on(t.dictionaryTypeId, t.parentId),
  ],
);

/**
 * Bill (serial number) rules. `counter` is how many numbers were handed out for `datePart`;
 * one UPDATE … RETURNING advances it (and resets it when the date part moves on).
 */
export const billRules = pgTable(
  'base_bill_rule',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** Id of an entry of the businessType dictionary. */
    category: text('category').notNull(),
    prefix: text('prefix').notNull(),
    /** yyyyMMdd | yyyyMM | yyyy | no */
    dateFormat: text('date_format').notNull(),
    digit: integer('digit').notNull(),
    /** Digits only, as typed (left-padded to `digit`). */
    startNumber: text('start_number').notNull(),
    example: text('example').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** Date part of the numbers counted by `counter`; null before the first number. */
    datePart: text('date_part'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_bill_rule_en_code').on(t.enCode),
    index('base_bill_rule_category').on(t.category),
  ],
);

/** Administrative areas; root parent '-1'; seeded ids are the division codes. */
export const areas = pgTable(
  'base_province',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull().default('-1'),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** 1 province, 2 city, 3 district, 4 street. */
    type: integer('type').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_province_en_code').on(t.enCode),
    index('base_province_parent').on(t.parentId, t.sortCode),
  ],
);

/**
 * Sync records with third parties (thirdType 1 WeCom, 2 DingTalk; dataType 1 organisation,
 * 2 user): which of our objects is which vendor object, and how the last attempt ended.
 */
export const synThirdInfo = pgTable(
  'base_syn_third_info',
  {
    id: text('id').primaryKey(),
    thirdType: integer('third_type').notNull(),
    dataType: integer('data_type').notNull(),
    sysObjId: text('sys_obj_id').notNull(),
    thirdObjId: text('third_obj_id'),
    /** 1 = synced, 0 = failed (description says why). */
    enabledMark: integer('enabled_mark').notNull(),
    description: text('description'),
    lastModifyTime: epochMs('last_modify_time').notNull(),
  },
  (t) => [uniqueIndex('base_syn_third_info_obj').on(t.thirdType, t.dataType, t.sysObjId)],
);
