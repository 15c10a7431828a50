import { HandleStatus, type RejectBody } from '@console/shared';
import { and, asc, eq } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { Tx } from '../../../db/client.js';
import { flowTaskNodes, flowTaskOperators, flowTasks } from '../../../db/schema/index.js';
import { mayActFor } from '../delegate.js';
import { applyForm, handle, myOperator, seats } from './handling.js';
import { notify, queueEvent, record } from './records.js';
import { activate, discardLive, finishStep, returnToStart } from './state-machine.js';
import {
  type Engine,
  loadTask,
  runAction,
  type Step,
  step,
  type TaskNode,
  WorkflowMessages,
} from './task.js';

/** A return (退回): whether it decides the node, where it may go (rejectStep) and how the flow comes back (rejectType). */

/** Whether a return by one more seat decides the node (or-sign and sequential: always). */
async function returnDecides(s: Step, node: TaskNode, extraReturns: number): Promise<boolean> {
  const real = s.graph.nodes.get(node.nodeCode);
  const p = real?.type === 'approver' ? real.properties : null;
  if (p?.counterSign !== 1) return true;
  const nodeSeats = await seats(s, node.id);
  const returned = nodeSeats.filter((o) => o.handleStatus === HandleStatus.Reject).length + extraReturns;
  return Math.floor((returned * 100) / Math.max(nodeSeats.length, 1)) >= 100 - p.countersignRatio;
}

/** The nodes a return from `node` may go to (RejectList). */
export async function rejectChoices(e: Engine, operatorId: string, userId: string) {
  return e.services.db.transaction(async (tx) => {
    const [op] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
    if (op?.completion !== 0 || op.state === -1) throw badRequest(WorkflowMessages.operatorMissing);
    const task = await loadTask(tx as Tx, op.taskId);
    if (!(await mayActFor(tx, op.handleId, userId, task.templateId)))
      throw badRequest(WorkflowMessages.operatorMissing);
    const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, op.taskNodeId));
    if (!node) throw badRequest(WorkflowMessages.operatorMissing);
    // Reads only: nothing is queued for after the commit.
    const s = step({ tx: tx as Tx, engine: e }, task, userId);
    const list = await rejectTargets(s, node);
    const isLastAppro = await returnDecides(s, node, 1);
    return { list, isLastAppro };
  });
}

/** Upstream nodes this task has passed (and the start node), in the order they passed. */
async function handledUpstream(s: Step, beforeCode: string) {
  const passed = await s.tx
    .select({ nodeCode: flowTaskNodes.nodeCode, nodeName: flowTaskNodes.nodeName, id: flowTaskNodes.id })
    .from(flowTaskNodes)
    .where(
      and(eq(flowTaskNodes.taskId, s.task.id), eq(flowTaskNodes.completion, 1), eq(flowTaskNodes.state, 0)),
    )
    .orderBy(asc(flowTaskNodes.completeTime));
  const seen = new Set<string>();
  return passed.filter((n) => {
    if (n.nodeCode === beforeCode || seen.has(n.nodeCode)) return false;
    seen.add(n.nodeCode);
    return s.graph.nodes.get(n.nodeCode)?.type !== 'subFlow';
  });
}

async function rejectTargets(s: Step, node: TaskNode) {
  const real = s.graph.nodes.get(node.nodeCode);
  const rejectStep = real?.type === 'approver' ? real.properties.rejectStep : '0';
  const start = { id: s.graph.start.code, nodeCode: s.graph.start.code, nodeName: s.graph.start.title };
  if (rejectStep === '0') return [start];
  if (rejectStep === '1') {
    const up = (node.nodeUp ?? s.graph.start.code).split(',').filter(Boolean);
    return [{ id: '1', nodeCode: up.join(','), nodeName: '上一审批' }];
  }
  const upstream = (await handledUpstream(s, node.nodeCode)).map((n) => ({
    id: n.nodeCode,
    nodeCode: n.nodeCode,
    nodeName: n.nodeName,
  }));
  if (rejectStep === '2')
    return upstream.some((n) => n.nodeCode === start.nodeCode) ? upstream : [start, ...upstream];
  const named = upstream.find((n) => n.nodeCode === rejectStep);
  return named ? [named] : [start];
}

/** POST /FlowBefore/Reject/{operatorId} */
export async function reject(e: Engine, operatorId: string, body: RejectBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const { op, task, node } = await myOperator(tx, operatorId, userId);
    const s = step(t, task, userId);
    await handle(s, op, HandleStatus.Reject, -1);
    if (op.handleType === 'before' && op.parentId) {
      // An added-before signer's return is the return of the handler who added them.
      await tx
        .update(flowTaskOperators)
        .set({ handleStatus: HandleStatus.Reject, completion: -1, waiting: 0, handleTime: Date.now() })
        .where(and(eq(flowTaskOperators.id, op.parentId), eq(flowTaskOperators.completion, 0)));
    }
    await record(s, { handleStatus: HandleStatus.Reject, node, operator: op, opinion: body });
    await applyForm(s, body.formData);
    queueEvent(s, 'reject', node);
    if (!(await returnDecides(s, node, 0))) {
      await finishStep(s);
      return;
    }
    const choices = await rejectTargets(s, node);
    const real = s.graph.nodes.get(node.nodeCode);
    const setting = real?.type === 'approver' ? real.properties : null;
    let targets: string[];
    if (body.rejectStep) {
      targets = body.rejectStep.split(',').filter(Boolean);
      const allowed = new Set(choices.flatMap((c) => c.nodeCode.split(',')));
      for (const target of targets)
        if (!allowed.has(target)) throw badRequest(WorkflowMessages.rejectTarget(target));
    } else targets = (choices[0]?.nodeCode ?? s.graph.start.code).split(',');
    const rejectType = setting?.rejectType === 3 ? (body.rejectType ?? 1) : (setting?.rejectType ?? 1);
    await tx
      .update(flowTaskNodes)
      .set({ completion: -1, completeTime: Date.now() })
      .where(eq(flowTaskNodes.id, node.id));
    await discardLive(s);
    if (rejectType === 2) {
      await tx.update(flowTasks).set({ rejectNodeCode: node.nodeCode }).where(eq(flowTasks.id, task.id));
      task.rejectNodeCode = node.nodeCode;
    }
    if (targets.includes(s.graph.start.code)) await returnToStart(s);
    else for (const target of targets) await activate(s, target, node.nodeCode);
    if (task.creatorUserId)
      await notify(
        s,
        [task.creatorUserId],
        `${task.fullName}：${node.nodeName}已退回`,
        { opType: 0 },
        { kind: 'reject', node },
      );
    await finishStep(s);
  });
}
