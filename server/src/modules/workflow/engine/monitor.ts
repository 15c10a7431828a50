import {
  type AssignBody,
  type ChangeBody,
  HandleStatus,
  type OpinionBody,
  TaskStatus,
} from '@console/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Tx } from '../../../db/client.js';
import { flowCandidates, flowTaskNodes, flowTaskOperators, flowTasks } from '../../../db/schema/index.js';
import { assertUser, noticeDue, timeoutDue } from './assignment.js';
import { notify, record } from './records.js';
import { activate, discardLive, finishStep, pendingNodes } from './state-machine.js';
import {
  type Engine,
  graphOf,
  guard,
  loadTask,
  lockTask,
  runAction,
  step,
  type Task,
  type Txn,
  WorkflowMessages,
} from './task.js';

/** The flow monitor's actions on any task: cancel, assign a node's handler, change or revive, delete. */

/** POST /FlowBefore/Cancel/{taskId} (monitor): terminates the task and its running sub-flows. */
export async function cancel(e: Engine, taskId: string, body: OpinionBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const task = await lockTask(t.tx, taskId);
    if (task.flowType === 1) throw badRequest(WorkflowMessages.functionFlowCancel);
    await cancelTask(t, task, body, userId);
  });
}

async function cancelTask(t: Txn, task: Task, body: OpinionBody, userId: string) {
  const { tx } = t;
  if (task.status !== TaskStatus.Running && task.status !== TaskStatus.Suspended)
    throw badRequest(WorkflowMessages.notRunning);
  const s = step(t, task, userId);
  await discardLive(s);
  await tx
    .update(flowTasks)
    .set({ status: TaskStatus.Cancelled, endTime: Date.now() })
    .where(eq(flowTasks.id, task.id));
  await record(s, { handleStatus: HandleStatus.Cancel, opinion: body });
  const children = await tx
    .select()
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.parentId, task.id),
        inArray(flowTasks.status, [TaskStatus.Running, TaskStatus.Suspended]),
      ),
    );
  for (const child of children) {
    await guard(tx, child);
    await cancelTask(t, child, body, userId);
  }
}

/** POST /FlowBefore/Assign/{taskId} (monitor): the handlers of a current node are replaced by one user. */
export async function assign(e: Engine, taskId: string, body: AssignBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const task = await lockTask(tx, taskId);
    if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
    await assertUser(tx, body.freeApproverUserId);
    const s = step(t, task, userId);
    const [node] = (await pendingNodes(s)).filter(
      (n) => n.nodeCode === body.nodeCode && n.nodeType === 'approver',
    );
    if (!node) throw badRequest(`nodeCode：${WorkflowMessages.nodeNotLive}`);
    await tx
      .update(flowTaskOperators)
      .set({ state: -1 })
      .where(and(eq(flowTaskOperators.taskNodeId, node.id), eq(flowTaskOperators.completion, 0)));
    const id = newId();
    await tx.insert(flowTaskOperators).values({
      id,
      taskId: task.id,
      taskNodeId: node.id,
      nodeCode: node.nodeCode,
      nodeName: node.nodeName,
      handleId: body.freeApproverUserId,
      dueTime: timeoutDue(s, s.graph.nodes.get(node.nodeCode)),
      noticeDueTime: noticeDue(s, s.graph.nodes.get(node.nodeCode)),
    });
    await record(s, {
      handleStatus: HandleStatus.Assign,
      node,
      opinion: body,
      operatorId: body.freeApproverUserId,
    });
    await notify(
      s,
      [body.freeApproverUserId],
      `${task.fullName}：待您审批`,
      { opType: 1, taskOperatorId: id },
      { kind: 'wait', node },
    );
  });
}

/** GET /FlowBefore/Selector/{taskId}: nodes a change or revive may move the task to. */
export async function nodeChoices(e: Engine, taskId: string) {
  const { db } = e.services;
  const task = await loadTask(db, taskId);
  const graph = graphOf(task);
  const rows = await db
    .select()
    .from(flowTaskNodes)
    .where(and(eq(flowTaskNodes.taskId, task.id), eq(flowTaskNodes.nodeType, 'approver')))
    .orderBy(asc(flowTaskNodes.creatorTime));
  const seen = new Set<string>();
  return rows
    .filter((n) => graph.nodes.has(n.nodeCode) && !seen.has(n.nodeCode) && seen.add(n.nodeCode))
    .map((n) => ({ id: n.id, nodeCode: n.nodeCode, nodeName: n.nodeName }));
}

/** POST /FlowBefore/Change: change (running or returned task) or revive (finished task) to a node. */
export async function change(e: Engine, body: ChangeBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const task = await lockTask(tx, body.taskId);
    const [target] = await tx
      .select()
      .from(flowTaskNodes)
      .where(and(eq(flowTaskNodes.id, body.taskNodeId), eq(flowTaskNodes.taskId, task.id)));
    if (target?.nodeType !== 'approver') throw badRequest(`taskNodeId：${WorkflowMessages.nodeNotLive}`);
    if (body.resurgence) {
      if (task.status !== TaskStatus.Approved || task.completion !== 100)
        throw badRequest(WorkflowMessages.notFinished);
    } else if (task.status !== TaskStatus.Running && task.status !== TaskStatus.Returned)
      throw badRequest(WorkflowMessages.changeRefused);
    const s = step(t, task, userId, { chosen: body.errorRuleUserList });
    await discardLive(s);
    await tx
      .update(flowTasks)
      .set({ status: TaskStatus.Running, endTime: null })
      .where(eq(flowTasks.id, task.id));
    task.status = TaskStatus.Running;
    await activate(s, target.nodeCode, s.graph.start.code);
    await record(s, {
      handleStatus: body.resurgence ? HandleStatus.Revive : HandleStatus.Change,
      node: target,
      opinion: body,
    });
    await finishStep(s);
  });
}

/** DELETE /FlowMonitor: deletes tasks that are not running (sub-flows with them). */
export async function deleteTasks(e: Engine, ids: string[], userId: string): Promise<void> {
  await runAction(e, async ({ tx }) => {
    const tasks = await tx
      .select()
      .from(flowTasks)
      .where(and(inArray(flowTasks.id, ids), eq(flowTasks.deleteMark, 0)));
    if (tasks.length !== ids.length) throw badRequest(WorkflowMessages.taskMissing);
    for (const task of tasks) {
      await guard(tx, task);
      if (task.status === TaskStatus.Running || task.status === TaskStatus.Suspended)
        throw badRequest(`“${task.fullName}”正在审批中，请先终止再删除`);
      if (task.parentId !== '0') throw badRequest(`“${task.fullName}”是子流程，不能单独删除`);
    }
    await softDelete(tx, ids, userId);
  });
}

/** Marks tasks and their sub-flows deleted; their open items close and their kept choices go. */
export async function softDelete(tx: Tx, ids: string[], userId: string) {
  const children = await tx
    .select({ id: flowTasks.id })
    .from(flowTasks)
    .where(inArray(flowTasks.parentId, ids));
  if (children.length)
    await softDelete(
      tx,
      children.map((c) => c.id),
      userId,
    );
  await tx
    .update(flowTasks)
    .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: userId })
    .where(inArray(flowTasks.id, ids));
  await tx
    .update(flowTaskOperators)
    .set({ state: -1 })
    .where(and(inArray(flowTaskOperators.taskId, ids), eq(flowTaskOperators.completion, 0)));
  await tx.delete(flowCandidates).where(inArray(flowCandidates.taskId, ids));
}
