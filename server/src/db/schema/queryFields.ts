import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns.js';

/**
 * Saved advanced-query schemes (forms.md 5, `/api/system/AdvancedQuery`): a person's named
 * superQuery conditions for one menu (moduleId), visible to their creator only.
 */
export const advancedQuerySchemes = pgTable(
  'base_advanced_query_scheme',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    matchLogic: text('match_logic').notNull().default('AND'),
    moduleId: text('module_id').notNull(),
    /** JSON text `[{field, fieldValue, symbol, jnpfKey}]`, checked on write. */
    conditionJson: text('condition_json').notNull(),
    ...auditColumns,
  },
  (t) => [index('base_advanced_query_owner').on(t.creatorUserId, t.moduleId)],
);

/**
 * The common fields library of the table designer (system-data.md 2, `/api/system/CommonFields`):
 * reusable `{field, fieldName, dataType, dataLength, allowNull}` rows, field unique (any case).
 */
export const commonFields = pgTable(
  'base_common_fields',
  {
    id: text('id').primaryKey(),
    field: text('field').notNull(),
    /** lower(field), so that "F_Name" and "f_name" are one field. */
    fieldKey: text('field_key').notNull(),
    fieldName: text('field_name').notNull(),
    dataType: text('data_type').notNull(),
    dataLength: text('data_length').notNull().default(''),
    allowNull: integer('allow_null').notNull().default(1),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_common_fields_key').on(t.fieldKey)],
);
