import { index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

/**
 * extend/tableDemo (other.md 1): the one project/budget dataset every table demo shows, with
 * the 3.4.7 client's field names. `projectType` is the id of an IndustryType dictionary entry;
 * `sign` holds seven mark slots ('0' = unmarked); `postilJson` the notes as a JSON array.
 */
export const extTableExamples = pgTable(
  'ext_table_example',
  {
    id: text('id').primaryKey(),
    projectName: text('project_name').notNull(),
    projectCode: text('project_code').notNull(),
    projectType: text('project_type').notNull(),
    projectPhase: text('project_phase').notNull().default(''),
    customerName: text('customer_name').notNull().default(''),
    principal: text('principal').notNull(),
    jackStands: text('jack_stands').notNull().default(''),
    interactionDate: epochMs('interaction_date'),
    costAmount: numeric('cost_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    tunesAmount: numeric('tunes_amount', { precision: 16, scale: 2, mode: 'number' }).notNull().default(0),
    projectedIncome: numeric('projected_income', { precision: 16, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    /** Who registered the row (the user's name at the time) and when. */
    registrant: text('registrant').notNull().default(''),
    registerDate: epochMs('register_date'),
    description: text('description'),
    sign: text('sign').notNull().default('0000000'),
    postilJson: text('postil_json').notNull().default('[]'),
    postilCount: integer('postil_count').notNull().default(0),
    sortCode: integer('sort_code').notNull().default(0),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    index('ext_table_example_type').on(t.projectType),
    index('ext_table_example_created').on(t.creatorTime, t.id),
  ],
);

/**
 * extend/schedule (other.md 1): the 3.4.7 demo calendar's own entries (/api/extend/Schedule),
 * personal to their creator; distinct from the portal's schedules (base_schedule).
 */
export const extSchedules = pgTable(
  'ext_schedule',
  {
    id: text('id').primaryKey(),
    content: text('content').notNull(),
    startTime: epochMs('start_time').notNull(),
    endTime: epochMs('end_time').notNull(),
    /** Hours before the start to remind. */
    early: integer('early').notNull().default(1),
    appAlert: integer('app_alert').notNull().default(0),
    weChatAlert: integer('wechat_alert').notNull().default(0),
    mailAlert: integer('mail_alert').notNull().default(0),
    mobileAlert: integer('mobile_alert').notNull().default(0),
    colour: text('colour').notNull().default('#188ae2'),
    ...auditColumns,
  },
  (t) => [index('ext_schedule_owner_start').on(t.creatorUserId, t.startTime)],
);
