import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Tx } from '../../../db/client.js';
import { flowCandidates, flowTaskOperators, users } from '../../../db/schema/index.js';
import { resolveAssignees } from '../assignees.js';
import { delegatesOf } from '../delegate.js';
import type { RealNode } from '../graph.js';
import { nextNotice, nextTimeout, noticePlan, timeoutPlan } from '../timing.js';
import { notify } from './records.js';
import { type Step, type TaskNode, WorkflowMessages } from './task.js';

/**
 * Who handles an approver node once it is reached: the handlers its settings name, the
 * submitter's choice, the start node's rule when nobody is found (errorRule), and the operators
 * (items) opened for them with their deadlines.
 */

type Approver = RealNode & { type: 'approver' };

/** The submitter's candidateList and errorRuleUserList, by node code. */
export function mergeChosen(body: {
  candidateList: Record<string, string[]>;
  errorRuleUserList: Record<string, string[]>;
}) {
  const out: Record<string, string[]> = {};
  for (const [node, list] of Object.entries(body.candidateList)) out[node] = [...list];
  for (const [node, list] of Object.entries(body.errorRuleUserList))
    out[node] = [...(out[node] ?? []), ...list];
  return out;
}

/** The handlers the node's settings name (assignees.ts); candidates (assigneeType 7) must be chosen among them. */
export async function assignees(s: Step, real: Approver): Promise<string[]> {
  const p = real.properties;
  if (p.assigneeType === 9) throw badRequest(WorkflowMessages.httpAssigneeUnsupported);
  const chosen = s.chosen[real.code] ?? [];
  if (p.assigneeType === 7 && chosen.length === 0) {
    throw badRequest(WorkflowMessages.chooseCandidates, [
      { nodeId: real.code, nodeName: real.title, isCandidates: true },
    ]);
  }
  const handlers = await resolveAssignees(
    {
      db: s.tx,
      taskId: s.task.id,
      initiatorId: s.task.creatorUserId ?? '',
      formData: s.task.flowFormContentJson,
      chosen,
    },
    p,
  );
  if (p.assigneeType === 7 && handlers.length < new Set(chosen).size)
    throw badRequest(`${real.title}：${WorkflowMessages.notCandidate}`);
  return handlers;
}

/**
 * The handlers of a node whose settings name nobody, by the start node's errorRule: 'pass'
 * (4) passes the node; 'missing' (3, nobody chosen yet) leaves it for the previous approver's
 * choice, collected in the step.
 */
export async function fallbackHandlers(
  s: Step,
  real: Approver,
  node: TaskNode,
): Promise<string[] | 'pass' | 'missing'> {
  const rule = s.graph.start.properties;
  const chosen = s.chosen[real.code] ?? [];
  let handlers: string[];
  if (rule.errorRule === 4) return 'pass';
  if (rule.errorRule === 5) throw badRequest(WorkflowMessages.noHandler(real.title));
  if (rule.errorRule === 3) {
    if (chosen.length === 0) {
      s.missing.push({ nodeId: real.code, nodeName: real.title });
      return 'missing';
    }
    handlers = chosen;
    await keepChoice(s, node, chosen, 2);
  } else if (rule.errorRule === 2) handlers = rule.errorRuleUser;
  else if (rule.errorRule === 6) handlers = [s.task.creatorUserId ?? ''];
  else {
    const admins = await s.tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdministrator, 1), eq(users.enabledMark, 1), eq(users.deleteMark, 0)))
      .limit(1);
    handlers = admins.map((a) => a.id);
  }
  if (handlers.filter(Boolean).length === 0) throw badRequest(WorkflowMessages.noHandler(real.title));
  return handlers;
}

/** One operator per handler (in turn when sequential, countersign 2); those whose turn it is are told. */
export async function openOperators(s: Step, real: Approver, node: TaskNode, handlers: string[]) {
  const p = real.properties;
  if (p.assigneeType === 7) await keepChoice(s, node, handlers, 1);
  const sequential = p.counterSign === 2;
  // One clock reading for the arrival and the due times counted from it.
  const received = Date.now();
  await s.tx.insert(flowTaskOperators).values(
    handlers.map((handleId, i) => ({
      id: newId(),
      taskId: s.task.id,
      taskNodeId: node.id,
      nodeCode: node.nodeCode,
      nodeName: node.nodeName,
      handleId,
      waiting: sequential && i > 0 ? 1 : 0,
      sortCode: i,
      creatorTime: received,
      dueTime: sequential && i > 0 ? null : timeoutDue(s, real, received),
      noticeDueTime: sequential && i > 0 ? null : noticeDue(s, real, received),
    })),
  );
  const told = sequential ? handlers.slice(0, 1) : handlers;
  const delegates = await delegatesOf(s.tx, told, s.task.templateId);
  await notify(
    s,
    [...told, ...delegates],
    `${s.task.fullName}：待您审批`,
    { opType: 1, taskNodeId: node.id },
    { kind: 'wait', node },
  );
}

/** The submitter's choice of handlers for a node: 1 candidates, 2 exception handlers. */
async function keepChoice(s: Step, node: TaskNode, handlers: string[], type: 1 | 2) {
  const valid = await s.tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, handlers), eq(users.enabledMark, 1), eq(users.deleteMark, 0)));
  if (valid.length !== new Set(handlers).size)
    throw badRequest(`${node.nodeName}：${WorkflowMessages.userMissing}`);
  await s.tx
    .insert(flowCandidates)
    .values({
      id: newId(),
      taskId: s.task.id,
      nodeCode: node.nodeCode,
      taskNodeId: node.id,
      handleId: s.actor,
      candidates: handlers,
      type,
    })
    .onConflictDoUpdate({
      target: [flowCandidates.taskId, flowCandidates.nodeCode, flowCandidates.type],
      set: { candidates: handlers, taskNodeId: node.id, handleId: s.actor, creatorTime: Date.now() },
    });
}

/** A user an item is handed to (transfer, added signer, monitor's assignment): enabled and not deleted. */
export async function assertUser(tx: Tx, id: string) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.enabledMark, 1), eq(users.deleteMark, 0)));
  if (!user) throw badRequest(`freeApproverUserId：${WorkflowMessages.userMissing}`);
}

/** When the first timeout event of an operator that receives its item now is due. */
export function timeoutDue(s: Step, real: RealNode | undefined, now = Date.now()): number | null {
  if (!real) return null;
  const plan = timeoutPlan(
    real,
    s.graph.start.properties,
    now,
    s.task.startTime ?? now,
    s.task.flowFormContentJson,
  );
  return plan ? nextTimeout(plan, 0) : null;
}

/** When the first reminder of an operator that receives its item now is due. */
export function noticeDue(s: Step, real: RealNode | undefined, now = Date.now()): number | null {
  if (!real) return null;
  const plan = noticePlan(
    real,
    s.graph.start.properties,
    now,
    s.task.startTime ?? now,
    s.task.flowFormContentJson,
  );
  return plan ? nextNotice(plan, 0) : null;
}
