import type { OpinionBody } from '@console/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { flowTaskCirculates, flowTaskRecords, users } from '../../../db/schema/index.js';
import { deliverMessage } from '../../message/delivery.js';
import { membersOf } from '../assignees.js';
import { callFlowEvent, type FlowEventKind, flowEventSetting } from '../events.js';
import type { RealNode } from '../graph.js';
import { type FlowMessageKind, flowMessageSetting, sendFlowMessage } from '../messages.js';
import { type Operator, type Step, type TaskNode, WorkflowMessages } from './task.js';

/**
 * What an action leaves besides the task's state: its handling record, the inbox messages of
 * the people concerned, message-centre sends and flow-event calls queued for the commit, copies.
 */

/** The node a flow message is about (its name and code go into the message's parameters). */
export type MessageNode = { id?: string | null; nodeCode?: string | null; nodeName?: string | null } | null;

export async function record(
  s: Step,
  values: {
    handleStatus: number;
    node?: Pick<TaskNode, 'id' | 'nodeCode' | 'nodeName'> | null;
    operator?: Pick<Operator, 'id' | 'creatorTime'> | null;
    opinion?: Partial<OpinionBody>;
    operatorId?: string | null;
    status?: number;
    handleId?: string;
  },
) {
  const now = Date.now();
  await s.tx.insert(flowTaskRecords).values({
    id: newId(),
    taskId: s.task.id,
    taskNodeId: values.node?.id ?? null,
    taskOperatorId: values.operator?.id ?? null,
    nodeCode: values.node?.nodeCode ?? null,
    nodeName: values.node?.nodeName ?? null,
    handleStatus: values.handleStatus,
    handleId: values.handleId ?? s.actor,
    handleTime: now,
    handleOpinion: values.opinion?.handleOpinion ?? null,
    operatorId: values.operatorId ?? null,
    signImg: values.opinion?.signImg ?? null,
    fileList: JSON.stringify(values.opinion?.fileList ?? []),
    status: values.status ?? 0,
    creatorTime: values.operator?.creatorTime ?? now,
  });
}

/**
 * A flow message (inbox type 2) written in this transaction and pushed once it commits; with
 * `msg`, also sent through the message centre when the event's message setting names a send
 * configuration (messages.ts).
 */
export async function notify(
  s: Step,
  userIds: string[],
  title: string,
  body: { opType: number; taskOperatorId?: string; taskNodeId?: string },
  msg?: { kind: FlowMessageKind; node?: MessageNode },
) {
  const recipients = [...new Set(userIds.filter(Boolean))];
  if (recipients.length === 0) return;
  if (msg) queueMessage(s, recipients, title, msg.kind, msg.node ?? null);
  await deliverMessage(
    s.engine.services,
    {
      userIds: recipients,
      type: 2,
      flowType: 1,
      title,
      releaseUserId: s.actor,
      bodyText: JSON.stringify({
        id: s.task.id,
        taskId: s.task.id,
        flowId: s.task.flowId,
        status: s.task.status,
        ...body,
      }),
    },
    s.tx,
  );
}

/** Queues a message-centre send for after the commit, when the event's setting names one. */
export function queueMessage(
  s: Step,
  userIds: string[],
  title: string,
  kind: FlowMessageKind,
  node: MessageNode,
) {
  const setting = flowMessageSetting(s.graph, kind, node?.nodeCode);
  if (!setting || !s.outbox || userIds.length === 0) return;
  const job = { setting, userIds: [...new Set(userIds)], title, ...eventContext(s, node) };
  s.outbox.push(() => sendFlowMessage(s.engine.services, job, s.engine.log));
}

/** The task, node, actor and time a message or event is about, as they are now. */
function eventContext(s: Step, node: MessageNode) {
  const t = s.task;
  return {
    task: {
      id: t.id,
      flowId: t.flowId,
      fullName: t.fullName,
      flowName: t.flowName,
      flowCode: t.flowCode,
      creatorUserId: t.creatorUserId,
      startTime: t.startTime,
      creatorTime: t.creatorTime,
      flowFormContentJson: { ...t.flowFormContentJson },
    },
    node: { id: node?.id, code: node?.nodeCode, name: node?.nodeName },
    actor: s.actor,
    time: Date.now(),
  };
}

/** Queues the call of a flow event's data interface for after the commit, when the event is on. */
export function queueEvent(s: Step, kind: FlowEventKind, node: MessageNode = null) {
  const setting = flowEventSetting(s.graph, kind, node?.nodeCode);
  if (!setting || !s.outbox) return;
  const job = { kind, setting, ...eventContext(s, node) };
  s.outbox.push(() => callFlowEvent(s.engine.services, job, s.engine.log));
}

export async function copyTo(
  s: Step,
  node: Pick<TaskNode, 'id' | 'nodeCode' | 'nodeName'>,
  userIds: string[],
) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const valid = await s.tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.deleteMark, 0)));
  if (valid.length !== unique.length) throw badRequest(`copyIds：${WorkflowMessages.userMissing}`);
  await s.tx.insert(flowTaskCirculates).values(
    unique.map((objectId) => ({
      id: newId(),
      taskId: s.task.id,
      taskNodeId: node.id,
      nodeCode: node.nodeCode,
      nodeName: node.nodeName,
      objectType: 'user',
      objectId,
    })),
  );
  await notify(
    s,
    unique,
    `${s.task.fullName}：抄送给您`,
    { opType: 3, taskNodeId: node.id },
    { kind: 'copy', node },
  );
}

/** Copies set on the node (users, positions, roles, organisations, groups, the initiator). */
export async function nodeCopies(s: Step, node: TaskNode, real: RealNode, extra: string[]) {
  if (real.type !== 'start' && real.type !== 'approver') return copyTo(s, node, extra);
  const p = real.properties;
  const members = await membersOf(s.tx, {
    users: p.circulateUser,
    positions: p.circulatePosition,
    roles: p.circulateRole,
    orgs: p.circulateOrg,
    groups: p.circulateGroup,
  });
  if (p.isInitiatorCopy && s.task.creatorUserId) members.push(s.task.creatorUserId);
  await copyTo(s, node, [...members, ...extra]);
}
