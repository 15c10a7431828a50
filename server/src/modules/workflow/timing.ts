import type { StartProperties } from '@console/shared';
import type { RealNode } from './graph.js';

/**
 * Timer nodes, reminders before an approval's deadline and approval timeouts (workflow.md 2.6).
 * Times are computed when a node or an operator becomes active and stored as `due_time`
 * (timer node, overtime) and `notice_due_time` (reminder); every instance polls for due rows and
 * the engine fires each one in a transaction that clears or moves the due time only if it is
 * still the one it read, so an event happens once across instances.
 */

const HOUR = 3_600_000;

const num = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

/** When a timer node fires after being reached at `at`. */
export function timerDue(node: RealNode & { type: 'timer' }, at: number): number {
  const p = node.properties;
  return at + (((p.day * 24 + p.hour) * 60 + p.minute) * 60 + p.second) * 1000;
}

type Config = Record<string, unknown> & { on?: number };

/** The node's own config when on = 1, the start node's when it inherits (2, the default), else none. */
function effective(own: Config | undefined, start: Config | undefined): Config | null {
  const on = own?.on ?? 2;
  if (on === 1) return own ?? null;
  if (on === 2 && start?.on === 1) return start;
  return null;
}

export interface TimeoutPlan {
  deadline: number;
  firstOver: number;
  every: number;
  notice: boolean;
  autoApproveAt: number | null;
  /** At which overtime the overtime event (overTimeFuncConfig) is called. */
  eventAt: number | null;
}

/** The count of overEventTime-like settings: a whole number, at least 1. */
const countOf = (value: unknown) => Math.max(1, Math.floor(num(value) || 1));

/** The effective time limit of an approver node and its base time, or null when none applies. */
function limitOf(
  node: RealNode,
  start: StartProperties,
  received: number,
  launched: number,
  formData: Record<string, unknown>,
): { limit: Config; base: number } | null {
  if (node.type !== 'approver') return null;
  const limit = effective(
    node.properties.timeLimitConfig as Config | undefined,
    start.timeLimitConfig as Config | undefined,
  );
  if (!limit) return null;
  const field = typeof limit.formField === 'string' ? formData[limit.formField] : undefined;
  const base =
    limit.nodeLimit === 1 ? launched : limit.nodeLimit === 2 && num(field) > 0 ? num(field) : received;
  return { limit, base };
}

/** The overtime plan of an approver node, or null when no timeout applies. */
export function timeoutPlan(
  node: RealNode,
  start: StartProperties,
  received: number,
  launched: number,
  formData: Record<string, unknown>,
): TimeoutPlan | null {
  const limited = limitOf(node, start, received, launched, formData);
  if (!limited || node.type !== 'approver') return null;
  const over = effective(
    node.properties.overTimeConfig as Config | undefined,
    start.overTimeConfig as Config | undefined,
  );
  if (!over) return null;
  const notice = over.overNotice === true;
  const autoApproveAt = over.overAutoApprove === true ? countOf(over.overAutoApproveTime) : null;
  const eventAt = over.overEvent === true ? countOf(over.overEventTime) : null;
  if (!notice && autoApproveAt === null && eventAt === null) return null;
  return {
    deadline: limited.base + num(limited.limit.duringDeal) * HOUR,
    firstOver: num(over.firstOver) * HOUR,
    every: num(over.overTimeDuring) * HOUR,
    notice,
    autoApproveAt,
    eventAt,
  };
}

/** When the (fired + 1)-th overtime event is due, or null when there is none. */
export function nextTimeout(plan: TimeoutPlan, fired: number): number | null {
  if (fired > 0 && plan.every === 0) return null;
  if (plan.autoApproveAt !== null && fired >= plan.autoApproveAt) return null;
  // Nothing but the event is left to do, and it was called.
  if (!plan.notice && plan.autoApproveAt === null && plan.eventAt !== null && fired >= plan.eventAt)
    return null;
  return plan.deadline + plan.firstOver + fired * plan.every;
}

export interface NoticePlan {
  deadline: number;
  /** When the first reminder is due: base + firstOver hours. */
  first: number;
  every: number;
  notice: boolean;
  /** After how many reminders the reminder event (noticeFuncConfig) is called. */
  eventAt: number | null;
}

/**
 * The reminders before the deadline of an approver node (noticeConfig, inherited like
 * overTimeConfig), or null when none apply (no effective time limit or reminders off).
 */
export function noticePlan(
  node: RealNode,
  start: StartProperties,
  received: number,
  launched: number,
  formData: Record<string, unknown>,
): NoticePlan | null {
  const limited = limitOf(node, start, received, launched, formData);
  if (!limited || node.type !== 'approver') return null;
  const config = effective(
    node.properties.noticeConfig as Config | undefined,
    start.noticeConfig as Config | undefined,
  );
  if (!config) return null;
  const notice = config.overNotice === true;
  const eventAt = config.overEvent === true ? countOf(config.overEventTime) : null;
  if (!notice && eventAt === null) return null;
  return {
    deadline: limited.base + num(limited.limit.duringDeal) * HOUR,
    first: limited.base + num(config.firstOver) * HOUR,
    every: num(config.overTimeDuring) * HOUR,
    notice,
    eventAt,
  };
}

/** When the (fired + 1)-th reminder is due: only before the deadline, else null. */
export function nextNotice(plan: NoticePlan, fired: number): number | null {
  if (fired > 0 && plan.every === 0) return null;
  if (!plan.notice && plan.eventAt !== null && fired >= plan.eventAt) return null;
  const at = plan.first + fired * plan.every;
  return at < plan.deadline ? at : null;
}
