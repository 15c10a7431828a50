import { HandleStatus, type OpinionBody, type SuspendBody, TaskStatus } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { flowTasks } from '../../../db/schema/index.js';
import { record } from './records.js';
import { passSubFlowNodeIfDone, pendingNodes } from './state-machine.js';
import {
  type Engine,
  guard,
  lockTask,
  runAction,
  step,
  type Task,
  type Txn,
  WorkflowMessages,
} from './task.js';

/** Suspending a task (1 ⇄ 6), with or without its running sub-flows, and resuming it. */

/** GET /FlowBefore/Suspend/{taskId}: whether the task has sub-flows. */
export async function hasChildren(e: Engine, taskId: string): Promise<boolean> {
  const rows = await e.services.db
    .select({ id: flowTasks.id })
    .from(flowTasks)
    .where(and(eq(flowTasks.parentId, taskId), eq(flowTasks.deleteMark, 0)))
    .limit(1);
  return rows.length > 0;
}

/** POST /FlowBefore/Suspend/{taskId}: suspend true = this task only, false = with its running sub-flows. */
export async function suspend(e: Engine, taskId: string, body: SuspendBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const task = await lockTask(tx, taskId);
    if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
    await tx.update(flowTasks).set({ status: TaskStatus.Suspended }).where(eq(flowTasks.id, task.id));
    await record(step(t, task, userId), { handleStatus: HandleStatus.Suspend, opinion: body });
    if (!body.suspend) await suspendChildren(t, task.id, body, userId);
  });
}

async function suspendChildren(t: Txn, parentId: string, body: OpinionBody, userId: string) {
  const { tx } = t;
  const children = await tx
    .select()
    .from(flowTasks)
    .where(and(eq(flowTasks.parentId, parentId), eq(flowTasks.status, TaskStatus.Running)));
  for (const child of children) {
    await guard(tx, child);
    await tx
      .update(flowTasks)
      .set({ status: TaskStatus.Suspended, suspendedByParent: 1 })
      .where(eq(flowTasks.id, child.id));
    await record(step(t, child, userId), { handleStatus: HandleStatus.Suspend, opinion: body });
    await suspendChildren(t, child.id, body, userId);
  }
}

/** POST /FlowBefore/Restore/{taskId}: resumes; children suspended with it resume too; finished sync children move it on. */
export async function resume(e: Engine, taskId: string, body: OpinionBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const task = await lockTask(tx, taskId);
    if (task.status !== TaskStatus.Suspended) throw badRequest(WorkflowMessages.notSuspended);
    if (task.suspendedByParent === 1 && task.parentId !== '0') {
      const [parent] = await tx
        .select({ status: flowTasks.status })
        .from(flowTasks)
        .where(eq(flowTasks.id, task.parentId));
      if (parent?.status === TaskStatus.Suspended) throw badRequest(WorkflowMessages.parentSuspended);
    }
    await resumeTask(t, task, body, userId);
  });
}

async function resumeTask(t: Txn, task: Task, body: OpinionBody, userId: string) {
  const { tx } = t;
  await tx
    .update(flowTasks)
    .set({ status: TaskStatus.Running, suspendedByParent: 0 })
    .where(eq(flowTasks.id, task.id));
  task.status = TaskStatus.Running;
  const s = step(t, task, userId);
  await record(s, { handleStatus: HandleStatus.Resume, opinion: body });
  const children = await tx
    .select()
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.parentId, task.id),
        eq(flowTasks.status, TaskStatus.Suspended),
        eq(flowTasks.suspendedByParent, 1),
      ),
    );
  for (const child of children) {
    await guard(tx, child);
    await resumeTask(t, child, body, userId);
  }
  // Sub-flow nodes whose children all ended while this task was suspended.
  const waiting = (await pendingNodes(s)).filter((n) => n.nodeType === 'subFlow');
  for (const node of waiting) await passSubFlowNodeIfDone(s, node.id);
}
