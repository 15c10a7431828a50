import { HandleStatus, readFlowTree, TaskStatus } from '@console/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { flowTaskNodes, flowTaskOperators, flowTasks } from '../../../db/schema/index.js';
import { membersOf } from '../assignees.js';
import { compileFlow, type RealNode, walk } from '../graph.js';
import { timerDue } from '../timing.js';
import { assignees, fallbackHandlers, openOperators } from './assignment.js';
import { flowVersion, taskTitle } from './new-task.js';
import { nodeCopies, notify, queueEvent, record } from './records.js';
import { lockTask, type Step, step, type Task, type TaskNode, WorkflowMessages } from './task.js';

/**
 * The workflow engine as an explicit state machine (workflow.md 1 and 3): how a task moves
 * through its graph. The actions (launch.ts, approve.ts, reject.ts …) change operators and
 * call these transitions.
 *
 * Task status: 0 draft → submit → 1 running → (2 approved | 3 returned | 4 revoked | 5 cancelled),
 * 1 ⇄ 6 suspended; 3 and 4 → resubmit → 1; 2 → revive → 1.
 * Task node completion: 0 pending → 1 passed | -1 returned; state 0 live | -1 discarded.
 * Operator: pending (completion 0, no handleStatus, waiting 0) → handled (handleStatus set);
 * waiting 1 = its turn has not come (sequential) or an added-before signer handles first.
 */

/** Draft, returned or revoked → running: the start node passes and the flow moves on. */
export async function submit(s: Step, copyIds: string[]) {
  const { tx, task } = s;
  await discardLive(s);
  const now = Date.now();
  const startNode = await createNode(s, s.graph.start, null, 1);
  await tx
    .update(flowTasks)
    .set({ status: TaskStatus.Running, startTime: task.startTime ?? now, endTime: null })
    .where(eq(flowTasks.id, task.id));
  task.status = TaskStatus.Running;
  task.startTime = task.startTime ?? now;
  await record(s, { handleStatus: HandleStatus.Submit, node: startNode });
  queueEvent(s, 'init', startNode);
  await nodeCopies(s, startNode, s.graph.start, copyIds);
  const back = task.rejectNodeCode;
  if (back && s.graph.nodes.has(back)) {
    await tx.update(flowTasks).set({ rejectNodeCode: null }).where(eq(flowTasks.id, task.id));
    task.rejectNodeCode = null;
    await activate(s, back, startNode.nodeCode);
  } else await advance(s, s.graph.start.code, startNode.nodeCode);
  await finishStep(s);
}

async function createNode(
  s: Step,
  real: RealNode,
  up: string | null,
  completion = 0,
  dueTime: number | null = null,
): Promise<TaskNode> {
  const [node] = await s.tx
    .insert(flowTaskNodes)
    .values({
      id: newId(),
      taskId: s.task.id,
      nodeCode: real.code,
      nodeName: real.title,
      nodeType: real.type,
      nodeUp: up,
      completion,
      counterSign: real.type === 'approver' ? real.properties.counterSign : 0,
      completeTime: completion === 1 ? Date.now() : null,
      dueTime,
    })
    .returning();
  return node as TaskNode;
}

/** After `code` passed: the nodes its edge reaches (choosing branches), joins and the end. */
async function advance(s: Step, code: string, up: string) {
  const real = s.graph.nodes.get(code);
  if (!real) throw new Error(`unknown node ${code}`);
  const reached = walk(s.graph, real.next, s.task.flowFormContentJson, s.branchList);
  for (const next of reached.nodes) await activate(s, next, up);
  for (const join of reached.joins) await tryJoin(s, join, up);
  if (reached.end) await finishIfDone(s);
}

/** A branch reached its split's join: go on only when no live node inside the split is left. */
async function tryJoin(s: Step, splitId: string, up: string) {
  const split = s.graph.splits.get(splitId);
  if (!split) return;
  const pending = await pendingNodes(s);
  if (pending.some((n) => s.graph.nodes.get(n.nodeCode)?.within.includes(splitId))) return;
  const reached = walk(s.graph, split.join, s.task.flowFormContentJson, s.branchList);
  for (const next of reached.nodes) await activate(s, next, up);
  for (const join of reached.joins) await tryJoin(s, join, up);
  if (reached.end) await finishIfDone(s);
}

export function pendingNodes(s: Step) {
  return s.tx
    .select()
    .from(flowTaskNodes)
    .where(
      and(eq(flowTaskNodes.taskId, s.task.id), eq(flowTaskNodes.state, 0), eq(flowTaskNodes.completion, 0)),
    );
}

/** Reaches a real node: approvers get their operators, sub-flows their child tasks. */
export async function activate(s: Step, code: string, up: string) {
  const real = s.graph.nodes.get(code);
  if (!real) throw new Error(`unknown node ${code}`);
  if (real.type === 'start') {
    // Returned to the start node: the initiator edits and resubmits.
    await returnToStart(s);
    return;
  }
  if (real.type === 'timer') {
    await createNode(s, real, up, 0, timerDue(real, Date.now()));
    return;
  }
  if (real.type === 'subFlow') {
    await startSubFlows(s, real, up);
    return;
  }
  let handlers = await assignees(s, real);
  const node = await createNode(s, real, up);
  if (handlers.length === 0) {
    const fallback = await fallbackHandlers(s, real, node);
    if (fallback === 'pass') {
      await passNode(s, node);
      return;
    }
    if (fallback === 'missing') return;
    handlers = fallback;
  }
  await openOperators(s, real, node, handlers);
}

/** Sub-flow node: one child task per initiator, submitted at once; async children do not hold the parent. */
async function startSubFlows(s: Step, real: RealNode & { type: 'subFlow' }, up: string) {
  const p = real.properties;
  const node = await createNode(s, real, up);
  let initiators: string[];
  if (p.initiateType === 3) initiators = [s.task.creatorUserId ?? ''];
  else
    initiators = await membersOf(s.tx, {
      users: p.initiator,
      positions: p.initiatePos,
      roles: p.initiateRole,
      orgs: p.initiateOrg,
      groups: p.initiateGroup,
    });
  if (initiators.length === 0) initiators = [s.task.creatorUserId ?? ''];
  const { version, template } = await flowVersion(s.tx, p.flowId);
  const childGraph = compileFlow(readFlowTree(version.flowTemplateJson));
  const data: Record<string, unknown> = {};
  for (const rule of p.assignList.flatMap((a) => (Array.isArray(a.ruleList) ? a.ruleList : []))) {
    const { parentField, childField } = rule as { parentField?: string; childField?: string };
    if (parentField && childField && Object.hasOwn(s.task.flowFormContentJson, parentField))
      data[childField] = s.task.flowFormContentJson[parentField];
  }
  for (const initiator of initiators) {
    const childId = newId();
    const [child] = await s.tx
      .insert(flowTasks)
      .values({
        id: childId,
        processId: childId,
        fullName: await taskTitle(s.tx, template.fullName, initiator, childGraph.start.properties, data),
        flowUrgent: s.task.flowUrgent,
        flowId: version.id,
        templateId: template.id,
        flowCode: template.enCode,
        flowName: template.fullName,
        flowType: template.type,
        flowCategory: template.category,
        flowForm: childGraph.start.properties.formId,
        flowFormContentJson: data,
        flowTemplateJson: version.flowTemplateJson,
        flowVersion: version.flowVersion,
        status: TaskStatus.Draft,
        parentId: s.task.id,
        parentNodeId: node.id,
        isAsync: p.isAsync ? 1 : 0,
        creatorUserId: initiator,
      })
      .returning();
    await submit(step(s, child as Task, initiator), []);
  }
  if (p.isAsync) await passNode(s, node);
  else
    await notify(
      s,
      initiators,
      `${s.task.fullName}：子流程已发起`,
      { opType: 0, taskNodeId: node.id },
      { kind: 'launch', node },
    );
}

/** The task is back at its initiator (status 3). */
export async function returnToStart(s: Step) {
  await discardLive(s);
  await s.tx
    .update(flowTasks)
    .set({
      status: TaskStatus.Returned,
      thisStep: s.graph.start.title,
      thisStepId: s.graph.start.code,
      completion: 0,
    })
    .where(eq(flowTasks.id, s.task.id));
  s.task.status = TaskStatus.Returned;
}

/** Discards live nodes and their pending operators (a return, revoke, cancel or resubmission). */
export async function discardLive(s: Step, where?: SQL) {
  const nodes = await s.tx
    .update(flowTaskNodes)
    .set({ state: -1 })
    .where(and(eq(flowTaskNodes.taskId, s.task.id), eq(flowTaskNodes.state, 0), where))
    .returning({ id: flowTaskNodes.id });
  if (nodes.length)
    await s.tx
      .update(flowTaskOperators)
      .set({ state: -1 })
      .where(
        and(
          inArray(
            flowTaskOperators.taskNodeId,
            nodes.map((n) => n.id),
          ),
          eq(flowTaskOperators.completion, 0),
        ),
      );
}

/** A node passed: its open operators close, the task's progress moves and the flow goes on. */
export async function passNode(s: Step, node: TaskNode) {
  const [passed] = await s.tx
    .update(flowTaskNodes)
    .set({ completion: 1, completeTime: Date.now() })
    .where(and(eq(flowTaskNodes.id, node.id), eq(flowTaskNodes.completion, 0), eq(flowTaskNodes.state, 0)))
    .returning({ id: flowTaskNodes.id });
  if (!passed) return;
  await s.tx
    .update(flowTaskOperators)
    .set({ state: -1 })
    .where(and(eq(flowTaskOperators.taskNodeId, node.id), eq(flowTaskOperators.completion, 0)));
  const real = s.graph.nodes.get(node.nodeCode);
  if (real?.type === 'approver') {
    await s.tx
      .update(flowTasks)
      .set({ completion: sql`greatest(${flowTasks.completion}, ${real.properties.progress})` })
      .where(eq(flowTasks.id, s.task.id));
    if (s.task.creatorUserId && s.task.creatorUserId !== s.actor)
      await notify(
        s,
        [s.task.creatorUserId],
        `${s.task.fullName}：${node.nodeName}已通过`,
        { opType: 0, taskNodeId: node.id },
        { kind: 'approve', node },
      );
  }
  const back = s.task.rejectNodeCode;
  if (back && back !== node.nodeCode && s.graph.nodes.has(back)) {
    // rejectType 2: straight back to the node that returned the task.
    await s.tx.update(flowTasks).set({ rejectNodeCode: null }).where(eq(flowTasks.id, s.task.id));
    s.task.rejectNodeCode = null;
    await activate(s, back, node.nodeCode);
    return;
  }
  await advance(s, node.nodeCode, node.nodeCode);
}

/** No live node left and the end reached: approved. A sync child then moves its parent on. */
async function finishIfDone(s: Step) {
  const pending = await pendingNodes(s);
  if (pending.length > 0) return;
  const now = Date.now();
  await s.tx
    .update(flowTasks)
    .set({
      status: TaskStatus.Approved,
      completion: 100,
      endTime: now,
      thisStep: '结束',
      thisStepId: 'end',
    })
    .where(eq(flowTasks.id, s.task.id));
  s.task.status = TaskStatus.Approved;
  await record(s, { handleStatus: 100, handleId: s.actor });
  queueEvent(s, 'end');
  if (s.task.creatorUserId)
    await notify(s, [s.task.creatorUserId], `${s.task.fullName}：审核通过`, { opType: 0 }, { kind: 'end' });
  if (s.task.parentId !== '0' && s.task.isAsync === 0 && s.task.parentNodeId)
    await childFinished(s, s.task.parentId, s.task.parentNodeId);
}

/** A sync child ended: its parent's sub-flow node passes once all its children ended (unless the parent is suspended). */
async function childFinished(s: Step, parentId: string, parentNodeId: string) {
  const parent = await lockTask(s.tx, parentId);
  if (parent.status !== TaskStatus.Running) return;
  await passSubFlowNodeIfDone(step(s, parent, s.actor), parentNodeId);
}

export async function passSubFlowNodeIfDone(s: Step, taskNodeId: string) {
  const open = await s.tx
    .select({ id: flowTasks.id })
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.parentNodeId, taskNodeId),
        eq(flowTasks.deleteMark, 0),
        inArray(flowTasks.status, [
          TaskStatus.Draft,
          TaskStatus.Running,
          TaskStatus.Returned,
          TaskStatus.Suspended,
        ]),
      ),
    );
  if (open.length > 0) return;
  const [node] = await s.tx
    .select()
    .from(flowTaskNodes)
    .where(
      and(eq(flowTaskNodes.id, taskNodeId), eq(flowTaskNodes.state, 0), eq(flowTaskNodes.completion, 0)),
    );
  if (!node) return;
  await passNode(s, node);
  await finishStep(s);
}

/** Ends an action: thisStep from the live nodes; exception nodes answered to the client. */
export async function finishStep(s: Step) {
  if (s.missing.length > 0) throw badRequest(WorkflowMessages.chooseHandler, s.missing);
  const pending = await pendingNodes(s);
  if (s.task.status === TaskStatus.Running || s.task.status === TaskStatus.Suspended) {
    await s.tx
      .update(flowTasks)
      .set({
        thisStep: pending.map((n) => n.nodeName).join(',') || null,
        thisStepId: pending.map((n) => n.nodeCode).join(',') || null,
      })
      .where(eq(flowTasks.id, s.task.id));
  }
}
