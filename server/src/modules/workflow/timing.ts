import type { StartProperties } from '@console/shared';
import type { RealNode } from './graph.js';

/**
 * Timer nodes and approval timeouts (workflow.md 2.6). Times are computed when a node or an
 * operator becomes active and stored as `due_time`; every instance polls for due rows and
 * the engine fires each one in a transaction that clears or moves `due_time` only if it is
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
}

/** The overtime plan of an approver node, or null when no timeout applies. */
export function timeoutPlan(
  node: RealNode,
  start: StartProperties,
  received: number,
  launched: number,
  formData: Record<string, unknown>,
): TimeoutPlan | null {
  if (node.type !== 'approver') return null;
  const p = node.properties;
  const limit = effective(
    p.timeLimitConfig as Config | undefined,
    start.timeLimitConfig as Config | undefined,
  );
  const over = effective(p.overTimeConfig as Config | undefined, start.overTimeConfig as Config | undefined);
  if (!limit || !over) return null;
  const field = typeof limit.formField === 'string' ? formData[limit.formField] : undefined;
  const base =
    limit.nodeLimit === 1 ? launched : limit.nodeLimit === 2 && num(field) > 0 ? num(field) : received;
  const notice = over.overNotice === true;
  const autoApproveAt =
    over.overAutoApprove === true ? Math.max(1, Math.floor(num(over.overAutoApproveTime) || 1)) : null;
  if (!notice && autoApproveAt === null) return null;
  return {
    deadline: base + num(limit.duringDeal) * HOUR,
    firstOver: num(over.firstOver) * HOUR,
    every: num(over.overTimeDuring) * HOUR,
    notice,
    autoApproveAt,
  };
}

/** When the (fired + 1)-th overtime event is due, or null when there is none. */
export function nextTimeout(plan: TimeoutPlan, fired: number): number | null {
  if (fired > 0 && plan.every === 0) return null;
  if (plan.autoApproveAt !== null && fired >= plan.autoApproveAt) return null;
  return plan.deadline + plan.firstOver + fired * plan.every;
}
