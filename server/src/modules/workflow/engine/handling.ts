import { HandleStatus, TaskStatus } from '@console/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { flowTaskNodes, flowTaskOperators, flowTasks } from '../../../db/schema/index.js';
import { mayActFor } from '../delegate.js';
import { type Engine, live, lockTask, type Operator, type Step, WorkflowMessages } from './task.js';

/** An approver's item (operator): whose it is, marking it handled, the form they change, a node's seats. */

/** The caller's pending operator and its task, owned by this transaction. */
export async function myOperator(tx: Tx, operatorId: string, userId: string) {
  const [op] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
  if (!op) throw badRequest(WorkflowMessages.operatorMissing);
  const task = await lockTask(tx, op.taskId);
  // Read again after the guard: another action may have changed it before we owned the task.
  const [current] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
  if (
    !current ||
    current.state === -1 ||
    current.completion !== 0 ||
    current.handleStatus !== null ||
    current.waiting !== 0
  )
    throw badRequest(WorkflowMessages.operatorMissing);
  if (!(await mayActFor(tx, current.handleId, userId, task.templateId)))
    throw badRequest(WorkflowMessages.notYours);
  if (task.status === TaskStatus.Suspended) throw badRequest(WorkflowMessages.suspendedTask);
  if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
  const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, current.taskNodeId));
  if (node?.state !== 0 || node.completion !== 0) throw badRequest(WorkflowMessages.operatorMissing);
  return { op: current, task, node };
}

/** Marks an operator handled, only if it is still pending (a second click finds it handled). */
export async function handle(s: Step, op: Operator, handleStatus: number, completion: 1 | -1) {
  const [row] = await s.tx
    .update(flowTaskOperators)
    .set({
      handleStatus,
      completion,
      handleTime: Date.now(),
      version: sql`${flowTaskOperators.version} + 1`,
    })
    .where(
      and(
        eq(flowTaskOperators.id, op.id),
        eq(flowTaskOperators.completion, 0),
        isNull(flowTaskOperators.handleStatus),
      ),
    )
    .returning({ id: flowTaskOperators.id });
  if (!row) throw badRequest(WorkflowMessages.operatorMissing);
}

export async function applyForm(s: Step, formData: Record<string, unknown> | undefined) {
  if (!formData) return;
  const merged = { ...s.task.flowFormContentJson, ...formData };
  await s.tx.update(flowTasks).set({ flowFormContentJson: merged }).where(eq(flowTasks.id, s.task.id));
  s.task.flowFormContentJson = merged;
}

/** Seats of a node's decision: its operators except added-before signers and those who handed over to an added-after signer. */
export async function seats(s: Step, nodeId: string) {
  const ops = await s.tx
    .select()
    .from(flowTaskOperators)
    .where(and(eq(flowTaskOperators.taskNodeId, nodeId), live(flowTaskOperators)))
    .orderBy(asc(flowTaskOperators.sortCode), asc(flowTaskOperators.creatorTime));
  return ops.filter((o) => o.handleType !== 'before' && o.handleStatus !== HandleStatus.AddAfter);
}

/** POST /FlowBefore/SaveAudit/{operatorId}: the handler's draft of the form. */
export async function saveDraft(
  e: Engine,
  operatorId: string,
  formData: Record<string, unknown>,
  userId: string,
): Promise<void> {
  const [row] = await e.services.db
    .update(flowTaskOperators)
    .set({ draftData: formData })
    .where(
      and(
        eq(flowTaskOperators.id, operatorId),
        eq(flowTaskOperators.handleId, userId),
        eq(flowTaskOperators.completion, 0),
        live(flowTaskOperators),
      ),
    )
    .returning({ id: flowTaskOperators.id });
  if (!row) throw badRequest(WorkflowMessages.operatorMissing);
}
