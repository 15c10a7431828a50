import { type FreeApproverBody, HandleStatus, type TransferBody } from '@console/shared';
import { and, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { flowTaskOperators } from '../../../db/schema/index.js';
import { assertUser } from './assignment.js';
import { applyForm, handle, myOperator } from './handling.js';
import { notify, record } from './records.js';
import { type Engine, runAction, step, WorkflowMessages } from './task.js';

/** An item handed to another user: transferred (转审) or shared with an added signer (加签). */

/** POST /FlowBefore/Transfer/{operatorId}: the item moves to another user. */
export async function transfer(
  e: Engine,
  operatorId: string,
  body: TransferBody,
  userId: string,
): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const { op, task, node } = await myOperator(tx, operatorId, userId);
    if (body.freeApproverUserId === userId) throw badRequest(WorkflowMessages.selfTransfer);
    await assertUser(tx, body.freeApproverUserId);
    const s = step(t, task, userId);
    await tx
      .update(flowTaskOperators)
      .set({
        handleId: body.freeApproverUserId,
        creatorTime: Date.now(),
        version: sql`${flowTaskOperators.version} + 1`,
      })
      .where(and(eq(flowTaskOperators.id, op.id), eq(flowTaskOperators.version, op.version)));
    await record(s, {
      handleStatus: HandleStatus.Transfer,
      node,
      operator: op,
      opinion: body,
      operatorId: body.freeApproverUserId,
    });
    await notify(
      s,
      [body.freeApproverUserId],
      `${task.fullName}：待您审批`,
      { opType: 1, taskOperatorId: op.id },
      { kind: 'wait', node },
    );
  });
}

/** POST /FlowBefore/freeApprover/{operatorId}: add a signer before (1) or after (2) oneself. */
export async function addSigner(
  e: Engine,
  operatorId: string,
  body: FreeApproverBody,
  userId: string,
): Promise<void> {
  await runAction(e, async (t) => {
    const { tx } = t;
    const { op, task, node } = await myOperator(tx, operatorId, userId);
    if (body.freeApproverUserId === userId) throw badRequest(WorkflowMessages.selfTransfer);
    await assertUser(tx, body.freeApproverUserId);
    const s = step(t, task, userId);
    await applyForm(s, body.formData);
    const before = body.freeApproverType === 1;
    if (before) {
      await tx.update(flowTaskOperators).set({ waiting: 1 }).where(eq(flowTaskOperators.id, op.id));
    } else await handle(s, op, HandleStatus.AddAfter, 1);
    const added = newId();
    await tx.insert(flowTaskOperators).values({
      id: added,
      taskId: task.id,
      taskNodeId: node.id,
      nodeCode: node.nodeCode,
      nodeName: node.nodeName,
      handleType: before ? 'before' : 'after',
      handleId: body.freeApproverUserId,
      state: 1,
      parentId: op.id,
      sortCode: op.sortCode,
    });
    await record(s, {
      handleStatus: before ? HandleStatus.AddBefore : HandleStatus.AddAfter,
      node,
      operator: op,
      opinion: body,
      operatorId: body.freeApproverUserId,
      status: 1,
    });
    await notify(
      s,
      [body.freeApproverUserId],
      `${task.fullName}：待您审批`,
      { opType: 1, taskOperatorId: added },
      { kind: 'wait', node },
    );
  });
}
