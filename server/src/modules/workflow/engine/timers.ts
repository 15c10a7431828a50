import { HandleStatus, TaskStatus } from '@console/shared';
import { and, eq, lte, ne } from 'drizzle-orm';
import { flowTaskNodes, flowTaskOperators, flowTasks } from '../../../db/schema/index.js';
import type { FlowGraph, RealNode } from '../graph.js';
import {
  type NoticePlan,
  nextNotice,
  nextTimeout,
  noticePlan,
  type TimeoutPlan,
  timeoutPlan,
} from '../timing.js';
import { decide } from './approve.js';
import { handle } from './handling.js';
import { notify, queueEvent, record } from './records.js';
import { finishStep, passNode } from './state-machine.js';
import { type Engine, lockTask, type Operator, runAction, type Step, step, type TaskNode } from './task.js';

/**
 * What happens when a time comes (timing.ts plans the times): a timer node passes, an operator's
 * overtime or reminder fires. The poller (scheduler.ts) asks for what is due and fires each.
 */

/** What an overtime or a reminder is planned, counted and announced with (fireDue). */
interface DueTimer<P> {
  at: 'dueTime' | 'noticeDueTime';
  count: 'timeoutCount' | 'noticeCount';
  plan: (
    node: RealNode,
    start: FlowGraph['start']['properties'],
    received: number,
    launched: number,
    formData: Record<string, unknown>,
  ) => P | null;
  next: (plan: P, fired: number) => number | null;
  kind: 'overTime' | 'notice';
  text: string;
}
const OVERTIME: DueTimer<TimeoutPlan> = {
  at: 'dueTime',
  count: 'timeoutCount',
  plan: timeoutPlan,
  next: nextTimeout,
  kind: 'overTime',
  text: '审批已超时',
};
const REMINDER: DueTimer<NoticePlan> = {
  at: 'noticeDueTime',
  count: 'noticeCount',
  plan: noticePlan,
  next: nextNotice,
  kind: 'notice',
  text: '审批即将超时',
};

/** Due timer nodes and operator timeouts of running tasks (the poller's batch). */
export async function due(e: Engine, now: number, limit = 50) {
  const { db } = e.services;
  const [nodes, operators, notices] = await Promise.all([
    db
      .select({ id: flowTaskNodes.id })
      .from(flowTaskNodes)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskNodes.taskId))
      .where(
        and(
          eq(flowTaskNodes.state, 0),
          eq(flowTaskNodes.completion, 0),
          lte(flowTaskNodes.dueTime, now),
          eq(flowTasks.status, TaskStatus.Running),
        ),
      )
      .limit(limit),
    db
      .select({ id: flowTaskOperators.id })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(
        and(
          ne(flowTaskOperators.state, -1),
          eq(flowTaskOperators.completion, 0),
          eq(flowTaskOperators.waiting, 0),
          lte(flowTaskOperators.dueTime, now),
          eq(flowTasks.status, TaskStatus.Running),
        ),
      )
      .limit(limit),
    db
      .select({ id: flowTaskOperators.id })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(
        and(
          ne(flowTaskOperators.state, -1),
          eq(flowTaskOperators.completion, 0),
          eq(flowTaskOperators.waiting, 0),
          lte(flowTaskOperators.noticeDueTime, now),
          eq(flowTasks.status, TaskStatus.Running),
        ),
      )
      .limit(limit),
  ]);
  return {
    nodes: nodes.map((n) => n.id),
    operators: operators.map((o) => o.id),
    notices: notices.map((o) => o.id),
  };
}

/** A timer node's time came: it passes and the flow moves on (once: its due time is cleared here). */
export async function fireTimer(e: Engine, taskNodeId: string): Promise<boolean> {
  return runAction(e, async (t) => {
    const { tx } = t;
    const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, taskNodeId));
    if (!node) return false;
    const task = await lockTask(tx, node.taskId);
    if (task.status !== TaskStatus.Running) return false;
    const [claimed] = await tx
      .update(flowTaskNodes)
      .set({ dueTime: null })
      .where(
        and(
          eq(flowTaskNodes.id, node.id),
          eq(flowTaskNodes.state, 0),
          eq(flowTaskNodes.completion, 0),
          lte(flowTaskNodes.dueTime, Date.now()),
        ),
      )
      .returning();
    if (!claimed) return false;
    const s = step(t, task, task.creatorUserId ?? '');
    await passNode(s, claimed);
    await finishStep(s);
    return true;
  });
}

/**
 * One overtime or reminder event of an operator, read again under the task's lock (nothing
 * happens when it was handled, moved or fired meanwhile, by this or another instance): the
 * count goes up and the next event is planned in the same transaction, so each event happens
 * once across instances; then the notice to the handler and, at the configured count, the
 * flow event. `more` adds what only overtime does.
 */
async function fireDue<P extends TimeoutPlan | NoticePlan>(
  e: Engine,
  operatorId: string,
  timer: DueTimer<P>,
  more?: (s: Step, current: Operator, node: TaskNode, plan: P, fired: number) => Promise<void>,
): Promise<boolean> {
  return runAction(e, async (t) => {
    const { tx } = t;
    const [op] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
    if (!op) return false;
    const task = await lockTask(tx, op.taskId);
    const [current] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
    const at = current?.[timer.at];
    if (
      !current ||
      task.status !== TaskStatus.Running ||
      current.completion !== 0 ||
      current.state === -1 ||
      current.waiting !== 0 ||
      at === null ||
      at === undefined ||
      at > Date.now()
    )
      return false;
    const s = step(t, task, current.handleId);
    const real = s.graph.nodes.get(current.nodeCode);
    const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, current.taskNodeId));
    const launched = task.startTime ?? current.creatorTime;
    const plan = real
      ? timer.plan(real, s.graph.start.properties, current.creatorTime, launched, task.flowFormContentJson)
      : null;
    const fired = current[timer.count] + 1;
    await tx
      .update(flowTaskOperators)
      .set({ [timer.count]: fired, [timer.at]: plan ? timer.next(plan, fired) : null })
      .where(eq(flowTaskOperators.id, current.id));
    if (!plan || !node) return false;
    if (plan.notice)
      await notify(
        s,
        [current.handleId],
        `${task.fullName}：${current.nodeName}${timer.text}`,
        { opType: 1, taskOperatorId: current.id },
        { kind: timer.kind, node: { ...current, id: current.taskNodeId } },
      );
    if (plan.eventAt === fired) queueEvent(s, timer.kind, node);
    await more?.(s, current, node, plan, fired);
    return true;
  });
}

/** An operator's overtime: the notice, the overtime event and, at the configured count, an automatic approval. */
export function fireTimeout(e: Engine, operatorId: string): Promise<boolean> {
  return fireDue(e, operatorId, OVERTIME, async (s, current, node, plan, fired) => {
    if (plan.autoApproveAt === null || fired < plan.autoApproveAt) return;
    await handle(s, current, HandleStatus.Approve, 1);
    await record(s, {
      handleStatus: HandleStatus.Approve,
      node,
      operator: current,
      opinion: { handleOpinion: '超时自动审批' },
    });
    queueEvent(s, 'approve', node);
    await decide(s, node);
    await finishStep(s);
  });
}

/** A reminder before an operator's deadline (noticeConfig); none is planned at or after the deadline. */
export function fireNotice(e: Engine, operatorId: string): Promise<boolean> {
  return fireDue(e, operatorId, REMINDER);
}
