import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * Scheduled tasks (system/task). `executeContent` is kept as the client sent it (a JSON string);
 * the columns after it are read from it on save, so the scheduler can query them.
 */
export const timeTasks = pgTable(
  'base_time_task',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** '1' call a data interface, '3' run a built-in task, '4' send an HTTP request. */
    executeType: text('execute_type').notNull(),
    executeContent: text('execute_content').notNull(),
    /** Quartz-style expression (seconds first), as entered. */
    cron: text('cron').notNull(),
    startTime: epochMs('start_time').notNull(),
    /** null = runs for ever. */
    endTime: epochMs('end_time'),
    /** What happens to a run that fell due while no instance was running: 'skip' | 'once'. */
    missedRun: text('missed_run').notNull().default('skip'),
    /** 1 running, 0 stopped. */
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    runCount: integer('run_count').notNull().default(0),
    lastRunTime: epochMs('last_run_time'),
    /** The next due run; null when stopped or past endTime. Claimed by compare-and-set. */
    nextRunTime: epochMs('next_run_time'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_time_task_en_code').on(t.enCode),
    index('base_time_task_due').on(t.enabledMark, t.nextRunTime),
  ],
);

/**
 * One row per run. A scheduled run carries the time it was due for; (taskId, scheduledAt) is
 * unique, so two instances can never both record (and run) the same due time. Runs started by
 * hand have no scheduledAt.
 */
export const timeTaskLogs = pgTable(
  'base_time_task_log',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id')
      .notNull()
      .references(() => timeTasks.id, { onDelete: 'cascade' }),
    scheduledAt: epochMs('scheduled_at'),
    /** 1 = started with "run now". */
    manual: integer('manual').notNull().default(0),
    runTime: epochMs('run_time').notNull(),
    endTime: epochMs('end_time'),
    /** 0 success, 1 failure; null while running. */
    runResult: integer('run_result'),
    description: text('description'),
    /** Which instance ran it (host:pid), for operators. */
    instance: text('instance'),
  },
  (t) => [
    uniqueIndex('base_time_task_log_due').on(t.taskId, t.scheduledAt),
    index('base_time_task_log_time').on(t.taskId, t.runTime),
  ],
);
