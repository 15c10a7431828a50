import { hostname } from 'node:os';
import { TaskExecuteContent } from '@console/shared';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../../core/ids.js';
import { timeTaskLogs, timeTasks } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { runAction } from './actions.js';
import { nextRunOf } from './service.js';

type Row = typeof timeTasks.$inferSelect;

export interface RunResult {
  logId: string;
  runResult: 0 | 1;
  description: string;
}

/** Longest description kept in a run's log row. */
const DESCRIPTION_MAX = 2000;
/** Due tasks handled per tick; the rest wait for the next one. */
const TICK_BATCH = 100;

/**
 * Runs due scheduled tasks. Every instance ticks; a due run is claimed by a compare-and-set of
 * the task's next_run_time (only one UPDATE can move it on from the due time) and recorded under
 * the unique (task, due time) of its log row, so each due time runs once across instances.
 *
 * The clock is a parameter: tick(now) handles what is due at `now`, which lets tests drive
 * several due minutes in a moment.
 */
export class TaskScheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> | undefined;
  readonly instance = `${hostname()}:${process.pid}:${newId().slice(-6)}`;

  constructor(
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
    /** A run due longer ago than this (no instance was running) follows the task's missed-run policy. */
    private readonly lateMs: number,
  ) {}

  /** Ticks every `intervalMs` with the real clock; the first tick catches up on missed runs. */
  start(intervalMs: number) {
    const loop = () => {
      this.ticking = this.tick(Date.now())
        .catch((error) => {
          this.services.metrics.job('scheduled_tasks', 'failed');
          this.log.error({ err: error }, 'scheduled tasks: tick failed; retried on the next');
        })
        .finally(() => {
          this.ticking = undefined;
        });
    };
    this.timer = setInterval(() => {
      if (!this.ticking) loop();
    }, intervalMs);
    this.timer.unref();
    loop();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** Claims and runs what is due at `now`; resolves when those runs have finished. */
  async tick(now: number): Promise<RunResult[]> {
    const due = await this.services.db
      .select()
      .from(timeTasks)
      .where(
        and(eq(timeTasks.enabledMark, 1), isNotNull(timeTasks.nextRunTime), lte(timeTasks.nextRunTime, now)),
      )
      .orderBy(timeTasks.nextRunTime)
      .limit(TICK_BATCH);
    this.services.metrics.jobBacklog.set({ queue: 'scheduled_tasks' }, due.length);
    const runs: Promise<RunResult>[] = [];
    for (const task of due) {
      const claimed = await this.claim(task, now).catch((error) => {
        this.log.error({ err: error, taskId: task.id }, 'scheduled tasks: claim failed');
        return null;
      });
      if (claimed) runs.push(this.execute(task, claimed, now));
    }
    return Promise.all(runs);
  }

  /**
   * Moves the task on to its next run after `now` (skipping any it missed) and, when this due
   * time is to run, records the run. Null when another instance claimed it first, or when a
   * missed run is skipped.
   */
  private async claim(task: Row, now: number): Promise<string | null> {
    const scheduledAt = task.nextRunTime!;
    const late = now - scheduledAt > this.lateMs;
    const run = !late || task.missedRun === 'once';
    const next = nextRunOf(task, now);
    return this.services.db.transaction(async (tx) => {
      const moved = await tx
        .update(timeTasks)
        .set({
          nextRunTime: next,
          ...(run ? { runCount: sql`${timeTasks.runCount} + 1`, lastRunTime: now } : {}),
        })
        .where(
          and(
            eq(timeTasks.id, task.id),
            eq(timeTasks.enabledMark, 1),
            eq(timeTasks.nextRunTime, scheduledAt),
          ),
        )
        .returning({ id: timeTasks.id });
      if (!moved.length) return null;
      if (!run) {
        this.log.info({ taskId: task.id, scheduledAt }, 'scheduled tasks: missed run skipped');
        return null;
      }
      const logId = newId();
      const inserted = await tx
        .insert(timeTaskLogs)
        .values({ id: logId, taskId: task.id, scheduledAt, runTime: now, instance: this.instance })
        .onConflictDoNothing()
        .returning({ id: timeTaskLogs.id });
      return inserted.length ? logId : null;
    });
  }

  /** Runs a task now, outside its schedule ("run now"); the log row has no due time. */
  async runNow(task: Row, now = Date.now()): Promise<RunResult> {
    const logId = newId();
    await this.services.db.transaction(async (tx) => {
      await tx
        .insert(timeTaskLogs)
        .values({ id: logId, taskId: task.id, manual: 1, runTime: now, instance: this.instance });
      await tx
        .update(timeTasks)
        .set({ runCount: sql`${timeTasks.runCount} + 1`, lastRunTime: now })
        .where(eq(timeTasks.id, task.id));
    });
    return this.execute(task, logId, now);
  }

  private async execute(task: Row, logId: string, startedAt: number): Promise<RunResult> {
    const began = performance.now();
    let runResult: 0 | 1 = 0;
    let description: string;
    try {
      const content = TaskExecuteContent.parse(JSON.parse(task.executeContent));
      description = await runAction(this.services, {
        executeType: task.executeType,
        content,
        creatorUserId: task.creatorUserId,
      });
    } catch (error) {
      runResult = 1;
      description = (error as Error).message || String(error);
    }
    this.services.metrics.job('scheduled_tasks', runResult === 0 ? 'done' : 'failed');
    if (description.length > DESCRIPTION_MAX) description = `${description.slice(0, DESCRIPTION_MAX)}…`;
    // The start comes from the (injectable) clock; the end adds the measured duration to it.
    const endTime = startedAt + Math.round(performance.now() - began);
    await this.services.db
      .update(timeTaskLogs)
      .set({ runResult, description, endTime })
      .where(eq(timeTaskLogs.id, logId));
    return { logId, runResult, description };
  }
}

const schedulers = new WeakMap<Services, TaskScheduler>();

export function taskSchedulerOf(services: Services): TaskScheduler {
  const scheduler = schedulers.get(services);
  if (!scheduler) throw new Error('task scheduler not registered');
  return scheduler;
}

export function createTaskScheduler(services: Services, log: FastifyBaseLogger): TaskScheduler {
  const interval = services.config.TASK_SCHEDULER_INTERVAL_MS;
  const scheduler = new TaskScheduler(services, log, Math.max(60_000, interval * 3));
  schedulers.set(services, scheduler);
  return scheduler;
}
