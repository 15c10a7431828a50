import { HandleStatus, type OpinionBody, TaskStatus } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { flowTaskOperators, flowTasks } from '../../../db/schema/index.js';
import { softDelete } from './monitor.js';
import { notify, queueEvent, queueMessage, record } from './records.js';
import { discardLive } from './state-machine.js';
import { type Engine, live, lockTask, runAction, step, WorkflowMessages } from './task.js';

/** What the initiator does with a task of their own: withdraw it, press its handlers, delete a draft. */

/** PUT /FlowLaunch/{id}/Actions/Withdraw: the initiator takes the whole task back (status 4). */
export async function revoke(e: Engine, taskId: string, body: OpinionBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const task = await lockTask(tx, taskId);
    if (task.creatorUserId !== userId) throw badRequest(WorkflowMessages.notOwnLaunch);
    if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
    if (task.parentId !== '0') throw badRequest('子流程不能撤回');
    const s = step(t, task, userId);
    await discardLive(s);
    await tx
      .update(flowTasks)
      .set({
        status: TaskStatus.Revoked,
        thisStep: s.graph.start.title,
        thisStepId: s.graph.start.code,
        completion: 0,
      })
      .where(eq(flowTasks.id, task.id));
    await record(s, { handleStatus: HandleStatus.Recall, opinion: body });
    queueEvent(s, 'flowRecall');
  });
}

/** POST /FlowLaunch/Press/{id}: reminds the current handlers. */
export async function press(e: Engine, taskId: string, userId: string): Promise<number> {
  return runAction(e, async (t) => {
    const { tx } = t;
    const task = await lockTask(tx, taskId);
    if (task.creatorUserId !== userId) throw badRequest('只能催办自己发起的流程');
    if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
    const ops = await tx
      .select()
      .from(flowTaskOperators)
      .where(
        and(
          eq(flowTaskOperators.taskId, task.id),
          eq(flowTaskOperators.completion, 0),
          eq(flowTaskOperators.waiting, 0),
          live(flowTaskOperators),
        ),
      );
    if (ops.length === 0) throw badRequest('当前没有待办的审批人');
    const s = step(t, task, userId);
    const title = `${task.fullName}：催办，请尽快审批`;
    await notify(
      s,
      ops.map((o) => o.handleId),
      title,
      { opType: 1 },
    );
    // Through the message centre as a todo message of each node's handlers.
    for (const code of new Set(ops.map((o) => o.nodeCode))) {
      const mine = ops.filter((o) => o.nodeCode === code);
      const first = mine[0]!;
      queueMessage(
        s,
        mine.map((o) => o.handleId),
        title,
        'wait',
        { ...first, id: first.taskNodeId },
      );
    }
    return ops.length;
  });
}

/** DELETE /FlowLaunch/{id}: drafts (and revoked tasks) of one's own. */
export async function deleteOwn(e: Engine, taskId: string, userId: string): Promise<void> {
  await runAction(e, async ({ tx }) => {
    const task = await lockTask(tx, taskId);
    if (task.creatorUserId !== userId) throw badRequest('只能删除自己发起的流程');
    if (task.status !== TaskStatus.Draft && task.status !== TaskStatus.Revoked)
      throw badRequest('只有草稿或已撤回的流程可以删除');
    await softDelete(tx, [task.id], userId);
  });
}
