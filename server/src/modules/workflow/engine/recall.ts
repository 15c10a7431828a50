import { HandleStatus, type OpinionBody, TaskStatus } from '@console/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { flowTaskNodes, flowTaskOperators, flowTaskRecords } from '../../../db/schema/index.js';
import { queueEvent, record } from './records.js';
import { discardLive, finishStep } from './state-machine.js';
import { type Engine, lockTask, runAction, step, WorkflowMessages } from './task.js';

/**
 * POST /FlowBefore/Recall/{recordId}: takes back one's approval while the task runs and no
 * handler of the following node has acted yet.
 */
export async function recall(e: Engine, recordId: string, body: OpinionBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const [rec] = await tx.select().from(flowTaskRecords).where(eq(flowTaskRecords.id, recordId));
    if (!rec || rec.handleId !== userId || rec.status === 3)
      throw badRequest(WorkflowMessages.operatorMissing);
    if (rec.handleStatus !== HandleStatus.Approve || !rec.taskOperatorId || !rec.taskNodeId)
      throw badRequest(WorkflowMessages.recallOnlyApproval);
    const task = await lockTask(tx, rec.taskId);
    if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
    const s = step(t, task, userId);
    const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, rec.taskNodeId));
    const [op] = await tx
      .select()
      .from(flowTaskOperators)
      .where(eq(flowTaskOperators.id, rec.taskOperatorId));
    if (node?.state !== 0 || !op || op.handleStatus !== HandleStatus.Approve)
      throw badRequest(WorkflowMessages.recallRefused);
    if (node.completion === 1) {
      // The nodes this one reached: none may have been acted on.
      const after = await tx
        .select()
        .from(flowTaskNodes)
        .where(
          and(
            eq(flowTaskNodes.taskId, task.id),
            eq(flowTaskNodes.state, 0),
            eq(flowTaskNodes.nodeUp, node.nodeCode),
          ),
        );
      if (after.some((n) => n.completion !== 0 || n.nodeType !== 'approver'))
        throw badRequest(WorkflowMessages.recallRefused);
      const ids = after.map((n) => n.id);
      if (ids.length) {
        const acted = await tx
          .select({ id: flowTaskOperators.id })
          .from(flowTaskOperators)
          .where(
            and(
              inArray(flowTaskOperators.taskNodeId, ids),
              sql`${flowTaskOperators.handleStatus} is not null`,
            ),
          );
        if (acted.length) throw badRequest(WorkflowMessages.recallRefused);
        await discardLive(s, inArray(flowTaskNodes.id, ids));
      }
      await tx
        .update(flowTaskNodes)
        .set({ completion: 0, completeTime: null })
        .where(eq(flowTaskNodes.id, node.id));
      // Operators closed when the node passed come back.
      await tx
        .update(flowTaskOperators)
        .set({ state: 0 })
        .where(
          and(
            eq(flowTaskOperators.taskNodeId, node.id),
            eq(flowTaskOperators.state, -1),
            isNull(flowTaskOperators.handleStatus),
          ),
        );
    }
    await tx
      .update(flowTaskOperators)
      .set({
        handleStatus: null,
        completion: 0,
        handleTime: null,
        creatorTime: Date.now(),
        version: sql`${flowTaskOperators.version} + 1`,
      })
      .where(eq(flowTaskOperators.id, op.id));
    await tx.update(flowTaskRecords).set({ status: 3 }).where(eq(flowTaskRecords.id, rec.id));
    await record(s, { handleStatus: HandleStatus.Recall, node, operator: op, opinion: body });
    queueEvent(s, 'recall', node);
    await finishStep(s);
  });
}
