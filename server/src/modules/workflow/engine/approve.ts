import { type AuditBody, HandleStatus } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { flowTaskOperators } from '../../../db/schema/index.js';
import type { RealNode } from '../graph.js';
import { mergeChosen, noticeDue, timeoutDue } from './assignment.js';
import { applyForm, handle, myOperator, seats } from './handling.js';
import { copyTo, nodeCopies, notify, queueEvent, record } from './records.js';
import { finishStep, passNode } from './state-machine.js';
import { type Engine, runAction, type Step, step, type TaskNode } from './task.js';

/** POST /FlowBefore/Audit/{operatorId} */
export async function audit(e: Engine, operatorId: string, body: AuditBody, userId: string): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const { op, task, node } = await myOperator(tx, operatorId, userId);
    const s = step(t, task, userId, { branchList: body.branchList, chosen: mergeChosen(body) });
    await handle(s, op, HandleStatus.Approve, 1);
    await record(s, { handleStatus: HandleStatus.Approve, node, operator: op, opinion: body });
    await applyForm(s, body.formData);
    queueEvent(s, 'approve', node);
    const real = s.graph.nodes.get(node.nodeCode);
    await nodeCopies(s, node, real as RealNode, []);
    if (body.copyIds.length) await copyTo(s, node, body.copyIds);
    if (op.handleType === 'before' && op.parentId) {
      // The added-before signer is done: the task returns to the handler who added them.
      const [parent] = await tx
        .update(flowTaskOperators)
        .set({ waiting: 0, creatorTime: Date.now() })
        .where(and(eq(flowTaskOperators.id, op.parentId), eq(flowTaskOperators.completion, 0)))
        .returning();
      if (parent)
        await notify(
          s,
          [parent.handleId],
          `${task.fullName}：待您审批`,
          { opType: 1, taskOperatorId: parent.id },
          { kind: 'wait', node: { ...parent, id: parent.taskNodeId } },
        );
    } else await decide(s, node);
    await finishStep(s);
  });
}

/** After an approval: or-sign passes, countersign passes at its ratio, sequential moves to the next handler. */
export async function decide(s: Step, node: TaskNode) {
  const real = s.graph.nodes.get(node.nodeCode);
  const p = real?.type === 'approver' ? real.properties : null;
  const nodeSeats = await seats(s, node.id);
  const counterSign = p?.counterSign ?? 0;
  if (counterSign === 0) return passNode(s, node);
  if (counterSign === 2) {
    const next = nodeSeats.find((o) => o.waiting === 1 && o.completion === 0);
    if (next) {
      await s.tx
        .update(flowTaskOperators)
        .set({
          waiting: 0,
          creatorTime: Date.now(),
          dueTime: timeoutDue(s, s.graph.nodes.get(node.nodeCode)),
          noticeDueTime: noticeDue(s, s.graph.nodes.get(node.nodeCode)),
        })
        .where(eq(flowTaskOperators.id, next.id));
      await notify(
        s,
        [next.handleId],
        `${s.task.fullName}：待您审批`,
        { opType: 1, taskOperatorId: next.id },
        { kind: 'wait', node },
      );
      return;
    }
    if (nodeSeats.every((o) => o.completion === 1)) return passNode(s, node);
    return;
  }
  const approved = nodeSeats.filter((o) => o.handleStatus === HandleStatus.Approve).length;
  if (Math.floor((approved * 100) / Math.max(nodeSeats.length, 1)) >= (p?.countersignRatio ?? 100))
    return passNode(s, node);
}
