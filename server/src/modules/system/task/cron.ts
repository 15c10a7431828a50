import { Cron } from 'croner';
import { badRequest } from '../../../core/errors.js';

export const CronMessages = {
  fieldCount: 'Cron表达式应有6或7个字段：秒 分 时 日 月 周 [年]',
  invalid: (reason: string) => `Cron表达式不正确：${reason}`,
  tooOften: (seconds: number) => `两次运行的间隔不能少于${seconds}秒`,
  never: '在开始和结束时间之间，该Cron表达式不会运行',
  endBeforeStart: '结束时间必须晚于开始时间',
} as const;

/** Runs of one task may not come closer than this (the scheduler looks every few seconds). */
export const MIN_INTERVAL_MS = 10_000;

/** Highest value of each Quartz field: seconds, minutes, hours, day of month, month, day of week, year. */
const FIELD_MAX = [59, 59, 23, 31, 12, 7, 2099];

/**
 * Quartz expressions (the client's cron builder) in croner's dialect: `a/b` (start a, every b)
 * becomes `a-max/b`; day-of-week numbers stay Quartz's 1 = Sunday … 7 = Saturday.
 */
function toCroner(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 6 || fields.length > 7) throw badRequest(CronMessages.fieldCount);
  return fields
    .map((field, index) =>
      field
        .split(',')
        .map((part) =>
          part.replace(/^(\d+)\/(\d+)$/, (_all, start, step) => `${start}-${FIELD_MAX[index]}/${step}`),
        )
        .join(','),
    )
    .join(' ');
}

/** A parsed expression; throws code 400 with croner's reason when it is not valid. */
export function parseCron(expression: string): Cron {
  const pattern = toCroner(expression);
  try {
    return new Cron(pattern, { paused: true, alternativeWeekdays: true });
  } catch (error) {
    throw badRequest(CronMessages.invalid((error as Error).message.replace(/^CronPattern:\s*/, '')));
  }
}

export interface Window {
  startTime: number;
  endTime: number | null | undefined;
}

/** The first run strictly after `after` inside [startTime, endTime]; null when there is none. */
export function nextRun(cron: Cron, window: Window, after: number): number | null {
  const from = Math.max(after, window.startTime - 1);
  const next = cron.nextRun(new Date(from))?.getTime() ?? null;
  if (next === null || (window.endTime != null && next > window.endTime)) return null;
  return next;
}

/** Checks an expression and its window as saved: valid, not too frequent, runs at least once. */
export function checkSchedule(expression: string, window: Window, now = Date.now()): Cron {
  if (window.endTime != null && window.endTime <= window.startTime)
    throw badRequest(CronMessages.endBeforeStart);
  const cron = parseCron(expression);
  const first = nextRun(cron, window, Math.max(now, window.startTime - 1));
  if (first === null) throw badRequest(CronMessages.never);
  const second = cron.nextRun(new Date(first))?.getTime();
  if (second !== undefined && second - first < MIN_INTERVAL_MS)
    throw badRequest(CronMessages.tooOften(MIN_INTERVAL_MS / 1000));
  return cron;
}
