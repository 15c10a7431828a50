import {
  type AssignBody,
  type AuditBody,
  type ChangeBody,
  type FlowTaskBody,
  type FreeApproverBody,
  HandleStatus,
  type OpinionBody,
  type RejectBody,
  readFlowTree,
  type StartProperties,
  type SuspendBody,
  TaskStatus,
  type TransferBody,
} from '@console/shared';
import { and, asc, eq, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { badRequest, STALE_VERSION_MESSAGE } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Session } from '../../core/sessions.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  flowCandidates,
  flowTaskCirculates,
  flowTaskNodes,
  flowTaskOperators,
  flowTaskRecords,
  flowTasks,
  flowTemplateJsons,
  flowTemplates,
  users,
} from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { deliverMessage } from '../message/delivery.js';
import { membersOf, resolveAssignees } from './assignees.js';
import { writeCodedForm } from './coded-forms.js';
import { delegatesOf, mayActFor } from './delegate.js';
import { callFlowEvent, type FlowEventKind, flowEventSetting } from './events.js';
import { compileFlow, type FlowGraph, type RealNode, walk } from './graph.js';
import { type FlowMessageKind, flowMessageSetting, sendFlowMessage } from './messages.js';
import {
  type NoticePlan,
  nextNotice,
  nextTimeout,
  noticePlan,
  type TimeoutPlan,
  timeoutPlan,
  timerDue,
} from './timing.js';

/**
 * The workflow engine as an explicit state machine (workflow.md 1 and 3).
 *
 * Task status: 0 draft → submit → 1 running → (2 approved | 3 returned | 4 revoked | 5 cancelled),
 * 1 ⇄ 6 suspended; 3 and 4 → resubmit → 1; 2 → revive → 1.
 * Task node completion: 0 pending → 1 passed | -1 returned; state 0 live | -1 discarded.
 * Operator: pending (completion 0, no handleStatus, waiting 0) → handled (handleStatus set);
 * waiting 1 = its turn has not come (sequential) or an added-before signer handles first.
 *
 * Every action runs in one transaction that first bumps the task's version with
 * `UPDATE flow_task ... WHERE id = ? AND version = ?`. Two actions on one task therefore
 * serialise: on PostgreSQL the second UPDATE waits for the first to commit and then matches no
 * row, its transaction is rolled back and run again on the new state (a second approval of an
 * already decided node then finds nothing to do and says so). Operator and node updates carry
 * their own state guards as well.
 */

export const WorkflowMessages = {
  saved: '保存成功',
  submitted: '提交成功',
  approved: '审核成功',
  rejected: '退回成功',
  transferred: '转审成功',
  added: '加签成功',
  recalled: '撤回成功',
  revoked: '撤回成功',
  cancelled: '终止成功',
  assigned: '指派成功',
  suspended: '挂起成功',
  resumed: '恢复成功',
  pressed: '催办成功',
  revived: '复活成功',
  changed: '变更成功',
  taskMissing: '流程任务不存在',
  flowMissing: '流程不存在或已被删除',
  flowStopped: '该流程已停用，不能发起',
  notInitiator: '您没有发起该流程的权限',
  operatorMissing: '该审批已被处理或已失效，请刷新后重试',
  notYours: '这不是您的待办，不能处理',
  notRunning: '流程不在审批中，不能办理',
  suspendedTask: '流程已被挂起，不能办理',
  cannotEdit: '只有草稿、被退回或已撤回的流程可以修改后提交',
  noHandler: (node: string) => `节点“${node}”找不到审批人，且流程设置为不能提交`,
  chooseCandidates: '请选择下一节点的审批人',
  notCandidate: '所选审批人不在该节点的候选范围内',
  chooseHandler: '请为以下节点指定审批人',
  userMissing: '所选用户不存在或已停用',
  notOwnLaunch: '只能撤回自己发起的流程',
  recallRefused: '下一节点已有审批人办理，不能撤回',
  recallOnlyApproval: '只有“通过”的审批可以撤回',
  functionFlowCancel: '功能流程不能终止',
  nodeNotLive: '该节点不是当前审批节点',
  rejectTarget: (code: string) => `不能退回到节点“${code}”：只能退回到发起节点或已经办理过的上游节点`,
  notSuspended: '流程没有被挂起',
  parentSuspended: '上级流程被挂起，子流程随之挂起，请先恢复上级流程',
  notFinished: '只有已结束的流程可以复活',
  changeRefused: '只有审批中或被退回的流程可以变更',
  httpAssigneeUnsupported: '“服务”方式的审批人暂不支持',
  selfTransfer: '不能转给自己',
  delegateUnsupported: '委托发起（delegateUserList）暂不支持',
} as const;

/** Thrown when the task's version moved under us; the transaction is run again. */
class TaskConflict extends Error {}

type Task = typeof flowTasks.$inferSelect;
type TaskNode = typeof flowTaskNodes.$inferSelect;
type Operator = typeof flowTaskOperators.$inferSelect;

interface Step {
  tx: Tx;
  task: Task;
  graph: FlowGraph;
  actor: string;
  branchList: string[];
  /** candidateList and errorRuleUserList of the submitter, by node code. */
  chosen: Record<string, string[]>;
  /** Exception nodes whose handler the previous approver must choose (errorRule 3). */
  missing: { nodeId: string; nodeName: string }[];
}

/** What an overtime or a reminder is planned, counted and announced with (fireDue). */
interface DueTimer<P> {
  at: 'dueTime' | 'noticeDueTime';
  count: 'timeoutCount' | 'noticeCount';
  plan: (
    node: RealNode,
    start: FlowGraph['start']['properties'],
    received: number,
    launched: number,
    formData: Record<string, unknown>,
  ) => P | null;
  next: (plan: P, fired: number) => number | null;
  kind: 'overTime' | 'notice';
  text: string;
}
const OVERTIME: DueTimer<TimeoutPlan> = {
  at: 'dueTime',
  count: 'timeoutCount',
  plan: timeoutPlan,
  next: nextTimeout,
  kind: 'overTime',
  text: '审批已超时',
};
const REMINDER: DueTimer<NoticePlan> = {
  at: 'noticeDueTime',
  count: 'noticeCount',
  plan: noticePlan,
  next: nextNotice,
  kind: 'notice',
  text: '审批即将超时',
};

const graphCache = new Map<string, FlowGraph>();
/**
 * The compiled graph of a task's snapshot, cached by the snapshot itself (a version no task
 * runs may still be edited in place, so its id alone does not name one tree).
 */
export function graphOf(task: Pick<Task, 'flowTemplateJson'>): FlowGraph {
  const cached = graphCache.get(task.flowTemplateJson);
  if (cached) return cached;
  const graph = compileFlow(readFlowTree(task.flowTemplateJson));
  if (graphCache.size > 500) graphCache.clear();
  graphCache.set(task.flowTemplateJson, graph);
  return graph;
}

const live = (table: typeof flowTaskOperators | typeof flowTaskNodes) => ne(table.state, -1);

/** The node a flow message is about (its name and code go into the message's parameters). */
type MessageNode = { id?: string | null; nodeCode?: string | null; nodeName?: string | null } | null;

export class WorkflowEngine {
  /**
   * Message-centre sends and flow-event calls of each running transaction, made once it commits
   * (never on rollback).
   */
  private readonly outboxes = new WeakMap<object, (() => Promise<void>)[]>();

  constructor(
    private readonly services: Services,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  private get db() {
    return this.services.db;
  }

  /** One action in one transaction, run again (a few times) when the task moved meanwhile. */
  private async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      // A fresh outbox each attempt: what a rolled-back attempt queued is never sent.
      const outbox: (() => Promise<void>)[] = [];
      try {
        const result = await this.db.transaction((tx) => {
          this.outboxes.set(tx, outbox);
          return work(tx as Tx);
        });
        // Committed: the channels and event interfaces are called in the background, so a slow or
        // failing one neither delays nor fails the action (the message monitor and the interface's
        // call log record each outcome).
        for (const send of outbox) void send();
        return result;
      } catch (error) {
        if (!(error instanceof TaskConflict)) throw error;
        if (attempt >= 8) throw badRequest(STALE_VERSION_MESSAGE);
      }
    }
  }

  /** Bumps the task's version only if nobody else did since it was read. */
  private async guard(tx: Tx, task: Task): Promise<void> {
    const [row] = await tx
      .update(flowTasks)
      .set({ version: sql`${flowTasks.version} + 1`, lastModifyTime: Date.now() })
      .where(and(eq(flowTasks.id, task.id), eq(flowTasks.version, task.version)))
      .returning({ version: flowTasks.version });
    if (!row) throw new TaskConflict();
    task.version = row.version;
  }

  private async loadTask(tx: DbOrTx, id: string): Promise<Task> {
    const [task] = await tx
      .select()
      .from(flowTasks)
      .where(and(eq(flowTasks.id, id), eq(flowTasks.deleteMark, 0)));
    if (!task) throw badRequest(WorkflowMessages.taskMissing);
    return task;
  }

  /** Reads and guards a task: from here on this transaction owns it. */
  private async lockTask(tx: Tx, id: string): Promise<Task> {
    const task = await this.loadTask(tx, id);
    await this.guard(tx, task);
    return task;
  }

  private step(tx: Tx, task: Task, actor: string, extra: Partial<Step> = {}): Step {
    return { tx, task, graph: graphOf(task), actor, branchList: [], chosen: {}, missing: [], ...extra };
  }

  // ----- records and messages -----

  private async record(
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
  private async notify(
    s: Step,
    userIds: string[],
    title: string,
    body: { opType: number; taskOperatorId?: string; taskNodeId?: string },
    msg?: { kind: FlowMessageKind; node?: MessageNode },
  ) {
    const recipients = [...new Set(userIds.filter(Boolean))];
    if (recipients.length === 0) return;
    if (msg) this.queueMessage(s, recipients, title, msg.kind, msg.node ?? null);
    await deliverMessage(
      this.services,
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
  private queueMessage(s: Step, userIds: string[], title: string, kind: FlowMessageKind, node: MessageNode) {
    const setting = flowMessageSetting(s.graph, kind, node?.nodeCode);
    const outbox = this.outboxes.get(s.tx);
    if (!setting || !outbox || userIds.length === 0) return;
    const job = { setting, userIds: [...new Set(userIds)], title, ...this.eventContext(s, node) };
    outbox.push(() => sendFlowMessage(this.services, job, this.log));
  }

  /** The task, node, actor and time a message or event is about, as they are now. */
  private eventContext(s: Step, node: MessageNode) {
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
  private queueEvent(s: Step, kind: FlowEventKind, node: MessageNode = null) {
    const setting = flowEventSetting(s.graph, kind, node?.nodeCode);
    const outbox = this.outboxes.get(s.tx);
    if (!setting || !outbox) return;
    const job = { kind, setting, ...this.eventContext(s, node) };
    outbox.push(() => callFlowEvent(this.services, job, this.log));
  }

  private async copyTo(s: Step, node: Pick<TaskNode, 'id' | 'nodeCode' | 'nodeName'>, userIds: string[]) {
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
    await this.notify(
      s,
      unique,
      `${s.task.fullName}：抄送给您`,
      { opType: 3, taskNodeId: node.id },
      { kind: 'copy', node },
    );
  }

  /** Copies set on the node (users, positions, roles, organisations, groups, the initiator). */
  private async nodeCopies(s: Step, node: TaskNode, real: RealNode, extra: string[]) {
    if (real.type !== 'start' && real.type !== 'approver') return this.copyTo(s, node, extra);
    const p = real.properties;
    const members = await membersOf(s.tx, {
      users: p.circulateUser,
      positions: p.circulatePosition,
      roles: p.circulateRole,
      orgs: p.circulateOrg,
      groups: p.circulateGroup,
    });
    if (p.isInitiatorCopy && s.task.creatorUserId) members.push(s.task.creatorUserId);
    await this.copyTo(s, node, [...members, ...extra]);
  }

  // ----- launch -----

  private async version(tx: Tx, flowId: string) {
    const [row] = await tx
      .select({ version: flowTemplateJsons, template: flowTemplates })
      .from(flowTemplateJsons)
      .innerJoin(flowTemplates, eq(flowTemplates.id, flowTemplateJsons.templateId))
      .where(
        and(
          eq(flowTemplateJsons.id, flowId),
          eq(flowTemplateJsons.deleteMark, 0),
          eq(flowTemplates.deleteMark, 0),
        ),
      );
    if (!row) throw badRequest(`flowId：${WorkflowMessages.flowMissing}`);
    return row;
  }

  /** Whether the user is within the start node's initiator lists (all empty = everyone). */
  async mayLaunch(tx: DbOrTx, userId: string, p: StartProperties): Promise<boolean> {
    const lists = [p.initiator, p.initiatePos, p.initiateRole, p.initiateOrg, p.initiateGroup];
    if (lists.every((l) => l.length === 0)) return true;
    const members = await membersOf(tx, {
      users: p.initiator,
      positions: p.initiatePos,
      roles: p.initiateRole,
      orgs: p.initiateOrg,
      groups: p.initiateGroup,
    });
    return members.includes(userId);
  }

  private async title(
    tx: Tx,
    flowName: string,
    userId: string,
    p: StartProperties,
    data: Record<string, unknown>,
  ) {
    const [user] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, userId));
    const name = user?.realName ?? '';
    if (p.titleType !== 1 || !p.titleContent) return `${name}的${flowName}`;
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
    return p.titleContent
      .replaceAll('{@flowFullName}', flowName)
      .replaceAll('{@launchUserName}', name)
      .replaceAll('{@launchTime}', date)
      .replace(/\{([\w-]+)\}/g, (_, field: string) => {
        const value = Object.hasOwn(data, field) ? data[field] : '';
        return typeof value === 'object' ? JSON.stringify(value) : String(value ?? '');
      })
      .slice(0, 200);
  }

  /**
   * POST /FlowTask and PUT /FlowTask/{id}: saves a draft (status 1 in the body) or submits.
   * Answers the task id, or — when an approver must be chosen (errorRule 3) — the nodes to
   * choose for as the data of a code 400 answer.
   */
  async launch(body: FlowTaskBody, session: Pick<Session, 'userId'>, taskId?: string): Promise<string> {
    return this.run(async (tx) => {
      const { version, template } = await this.version(tx, body.flowId);
      if (template.enabledMark !== 1) throw badRequest(WorkflowMessages.flowStopped);
      const graph = compileFlow(readFlowTree(version.flowTemplateJson));
      if (!(await this.mayLaunch(tx, session.userId, graph.start.properties)))
        throw badRequest(WorkflowMessages.notInitiator);
      if (body.delegateUserList.length > 0) throw badRequest(WorkflowMessages.delegateUnsupported);
      let task: Task;
      const id = taskId ?? body.id;
      const existing = id
        ? await tx
            .select()
            .from(flowTasks)
            .where(and(eq(flowTasks.id, id), eq(flowTasks.deleteMark, 0)))
        : [];
      if (existing[0]) {
        task = existing[0];
        if (task.creatorUserId !== session.userId) throw badRequest(WorkflowMessages.notOwnLaunch);
        await this.guard(tx, task);
        if (
          task.status !== TaskStatus.Draft &&
          task.status !== TaskStatus.Returned &&
          task.status !== TaskStatus.Revoked
        )
          throw badRequest(WorkflowMessages.cannotEdit);
        const formData = await writeCodedForm(graph.start.properties.formId, {
          tx,
          taskId: task.id,
          userId: session.userId,
          formData: body.formData,
        });
        const [updated] = await tx
          .update(flowTasks)
          .set({
            flowFormContentJson: formData,
            flowUrgent: body.flowUrgent,
            fullName: await this.title(
              tx,
              version.fullName,
              session.userId,
              graph.start.properties,
              formData,
            ),
          })
          .where(eq(flowTasks.id, task.id))
          .returning();
        task = updated as Task;
      } else {
        if (taskId) throw badRequest(WorkflowMessages.taskMissing);
        const newTaskId = newId();
        const formData = await writeCodedForm(graph.start.properties.formId, {
          tx,
          taskId: newTaskId,
          userId: session.userId,
          formData: body.formData,
        });
        const [inserted] = await tx
          .insert(flowTasks)
          .values({
            id: newTaskId,
            processId: newTaskId,
            fullName: await this.title(
              tx,
              version.fullName,
              session.userId,
              graph.start.properties,
              formData,
            ),
            flowUrgent: body.flowUrgent,
            flowId: version.id,
            templateId: template.id,
            flowCode: template.enCode,
            flowName: version.fullName,
            flowType: template.type,
            flowCategory: template.category,
            flowForm: graph.start.properties.formId,
            flowFormContentJson: formData,
            flowTemplateJson: version.flowTemplateJson,
            flowVersion: version.flowVersion,
            isBatch: graph.start.properties.isBatchApproval ? 1 : 0,
            status: TaskStatus.Draft,
            parentId: body.parentId || '0',
            creatorUserId: session.userId,
          })
          .returning();
        task = inserted as Task;
      }
      if (body.status === 1) return task.id;
      const s = this.step(tx, task, session.userId, {
        branchList: body.branchList,
        chosen: mergeChosen(body),
      });
      await this.submit(s, body.copyIds);
      return task.id;
    });
  }

  /** Draft, returned or revoked → running: the start node passes and the flow moves on. */
  private async submit(s: Step, copyIds: string[]) {
    const { tx, task } = s;
    await this.discardLive(s);
    const now = Date.now();
    const startNode = await this.createNode(s, s.graph.start, null, 1);
    await tx
      .update(flowTasks)
      .set({ status: TaskStatus.Running, startTime: task.startTime ?? now, endTime: null })
      .where(eq(flowTasks.id, task.id));
    task.status = TaskStatus.Running;
    task.startTime = task.startTime ?? now;
    await this.record(s, { handleStatus: HandleStatus.Submit, node: startNode });
    this.queueEvent(s, 'init', startNode);
    await this.nodeCopies(s, startNode, s.graph.start, copyIds);
    const back = task.rejectNodeCode;
    if (back && s.graph.nodes.has(back)) {
      await tx.update(flowTasks).set({ rejectNodeCode: null }).where(eq(flowTasks.id, task.id));
      task.rejectNodeCode = null;
      await this.activate(s, back, startNode.nodeCode);
    } else await this.advance(s, s.graph.start.code, startNode.nodeCode);
    await this.finishStep(s);
  }

  // ----- moving through the graph -----

  private async createNode(
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
  private async advance(s: Step, code: string, up: string) {
    const real = s.graph.nodes.get(code);
    if (!real) throw new Error(`unknown node ${code}`);
    const reached = walk(s.graph, real.next, s.task.flowFormContentJson, s.branchList);
    for (const next of reached.nodes) await this.activate(s, next, up);
    for (const join of reached.joins) await this.tryJoin(s, join, up);
    if (reached.end) await this.finishIfDone(s);
  }

  /** A branch reached its split's join: go on only when no live node inside the split is left. */
  private async tryJoin(s: Step, splitId: string, up: string) {
    const split = s.graph.splits.get(splitId);
    if (!split) return;
    const pending = await this.pendingNodes(s);
    if (pending.some((n) => s.graph.nodes.get(n.nodeCode)?.within.includes(splitId))) return;
    const reached = walk(s.graph, split.join, s.task.flowFormContentJson, s.branchList);
    for (const next of reached.nodes) await this.activate(s, next, up);
    for (const join of reached.joins) await this.tryJoin(s, join, up);
    if (reached.end) await this.finishIfDone(s);
  }

  private pendingNodes(s: Step) {
    return s.tx
      .select()
      .from(flowTaskNodes)
      .where(
        and(eq(flowTaskNodes.taskId, s.task.id), eq(flowTaskNodes.state, 0), eq(flowTaskNodes.completion, 0)),
      );
  }

  /** Reaches a real node: approvers get their operators, sub-flows their child tasks. */
  private async activate(s: Step, code: string, up: string) {
    const real = s.graph.nodes.get(code);
    if (!real) throw new Error(`unknown node ${code}`);
    if (real.type === 'start') {
      // Returned to the start node: the initiator edits and resubmits.
      await this.returnToStart(s);
      return;
    }
    if (real.type === 'timer') {
      await this.createNode(s, real, up, 0, timerDue(real, Date.now()));
      return;
    }
    if (real.type === 'subFlow') {
      await this.startSubFlows(s, real, up);
      return;
    }
    const p = real.properties;
    if (p.assigneeType === 9) throw badRequest(WorkflowMessages.httpAssigneeUnsupported);
    const chosen = s.chosen[code] ?? [];
    if (p.assigneeType === 7 && chosen.length === 0) {
      throw badRequest(WorkflowMessages.chooseCandidates, [
        { nodeId: code, nodeName: real.title, isCandidates: true },
      ]);
    }
    let handlers = await resolveAssignees(
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
    const node = await this.createNode(s, real, up);
    if (handlers.length === 0) {
      const rule = s.graph.start.properties;
      if (rule.errorRule === 4) {
        await this.passNode(s, node);
        return;
      }
      if (rule.errorRule === 5) throw badRequest(WorkflowMessages.noHandler(real.title));
      if (rule.errorRule === 3) {
        if (chosen.length === 0) {
          s.missing.push({ nodeId: code, nodeName: real.title });
          return;
        }
        handlers = chosen;
        await this.keepChoice(s, node, chosen, 2);
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
    }
    if (p.assigneeType === 7) await this.keepChoice(s, node, handlers, 1);
    const sequential = p.counterSign === 2;
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
        dueTime: sequential && i > 0 ? null : this.timeoutDue(s, real),
        noticeDueTime: sequential && i > 0 ? null : this.noticeDue(s, real),
      })),
    );
    const told = sequential ? handlers.slice(0, 1) : handlers;
    const delegates = await delegatesOf(s.tx, told, s.task.templateId);
    await this.notify(
      s,
      [...told, ...delegates],
      `${s.task.fullName}：待您审批`,
      { opType: 1, taskNodeId: node.id },
      { kind: 'wait', node },
    );
  }

  /** The submitter's choice of handlers for a node: 1 candidates, 2 exception handlers. */
  private async keepChoice(s: Step, node: TaskNode, handlers: string[], type: 1 | 2) {
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

  /** Sub-flow node: one child task per initiator, submitted at once; async children do not hold the parent. */
  private async startSubFlows(s: Step, real: RealNode & { type: 'subFlow' }, up: string) {
    const p = real.properties;
    const node = await this.createNode(s, real, up);
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
    const { version, template } = await this.version(s.tx, p.flowId);
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
          fullName: await this.title(s.tx, version.fullName, initiator, childGraph.start.properties, data),
          flowUrgent: s.task.flowUrgent,
          flowId: version.id,
          templateId: template.id,
          flowCode: template.enCode,
          flowName: version.fullName,
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
      const childStep = this.step(s.tx, child as Task, initiator);
      await this.submit(childStep, []);
    }
    if (p.isAsync) await this.passNode(s, node);
    else
      await this.notify(
        s,
        initiators,
        `${s.task.fullName}：子流程已发起`,
        { opType: 0, taskNodeId: node.id },
        { kind: 'launch', node },
      );
  }

  /** The task is back at its initiator (status 3). */
  private async returnToStart(s: Step) {
    await this.discardLive(s);
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
  private async discardLive(s: Step, where?: SQL) {
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
  private async passNode(s: Step, node: TaskNode) {
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
        await this.notify(
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
      await this.activate(s, back, node.nodeCode);
      return;
    }
    await this.advance(s, node.nodeCode, node.nodeCode);
  }

  /** No live node left and the end reached: approved. A sync child then moves its parent on. */
  private async finishIfDone(s: Step) {
    const pending = await this.pendingNodes(s);
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
    await this.record(s, { handleStatus: 100, handleId: s.actor });
    this.queueEvent(s, 'end');
    if (s.task.creatorUserId)
      await this.notify(
        s,
        [s.task.creatorUserId],
        `${s.task.fullName}：审核通过`,
        { opType: 0 },
        { kind: 'end' },
      );
    if (s.task.parentId !== '0' && s.task.isAsync === 0 && s.task.parentNodeId)
      await this.childFinished(s, s.task.parentId, s.task.parentNodeId);
  }

  /** A sync child ended: its parent's sub-flow node passes once all its children ended (unless the parent is suspended). */
  private async childFinished(s: Step, parentId: string, parentNodeId: string) {
    const parent = await this.lockTask(s.tx, parentId);
    if (parent.status !== TaskStatus.Running) return;
    await this.passSubFlowNodeIfDone(this.step(s.tx, parent, s.actor), parentNodeId);
  }

  private async passSubFlowNodeIfDone(s: Step, taskNodeId: string) {
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
    await this.passNode(s, node);
    await this.finishStep(s);
  }

  /** Ends an action: thisStep from the live nodes; exception nodes answered to the client. */
  private async finishStep(s: Step) {
    if (s.missing.length > 0) throw badRequest(WorkflowMessages.chooseHandler, s.missing);
    const pending = await this.pendingNodes(s);
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

  /** When the first timeout event of an operator that receives its item now is due. */
  private timeoutDue(s: Step, real: RealNode | undefined): number | null {
    if (!real) return null;
    const now = Date.now();
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
  private noticeDue(s: Step, real: RealNode | undefined): number | null {
    if (!real) return null;
    const now = Date.now();
    const plan = noticePlan(
      real,
      s.graph.start.properties,
      now,
      s.task.startTime ?? now,
      s.task.flowFormContentJson,
    );
    return plan ? nextNotice(plan, 0) : null;
  }

  /** Due timer nodes and operator timeouts of running tasks (the poller's batch). */
  async due(now: number, limit = 50) {
    const [nodes, operators, notices] = await Promise.all([
      this.db
        .select({ id: flowTaskNodes.id })
        .from(flowTaskNodes)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskNodes.taskId))
        .where(
          and(
            eq(flowTaskNodes.state, 0),
            eq(flowTaskNodes.completion, 0),
            lte(flowTaskNodes.dueTime, now),
            eq(flowTasks.status, TaskStatus.Running),
          ),
        )
        .limit(limit),
      this.db
        .select({ id: flowTaskOperators.id })
        .from(flowTaskOperators)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
        .where(
          and(
            ne(flowTaskOperators.state, -1),
            eq(flowTaskOperators.completion, 0),
            eq(flowTaskOperators.waiting, 0),
            lte(flowTaskOperators.dueTime, now),
            eq(flowTasks.status, TaskStatus.Running),
          ),
        )
        .limit(limit),
      this.db
        .select({ id: flowTaskOperators.id })
        .from(flowTaskOperators)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
        .where(
          and(
            ne(flowTaskOperators.state, -1),
            eq(flowTaskOperators.completion, 0),
            eq(flowTaskOperators.waiting, 0),
            lte(flowTaskOperators.noticeDueTime, now),
            eq(flowTasks.status, TaskStatus.Running),
          ),
        )
        .limit(limit),
    ]);
    return {
      nodes: nodes.map((n) => n.id),
      operators: operators.map((o) => o.id),
      notices: notices.map((o) => o.id),
    };
  }

  /** A timer node's time came: it passes and the flow moves on (once: its due time is cleared here). */
  async fireTimer(taskNodeId: string): Promise<boolean> {
    return this.run(async (tx) => {
      const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, taskNodeId));
      if (!node) return false;
      const task = await this.lockTask(tx, node.taskId);
      if (task.status !== TaskStatus.Running) return false;
      const [claimed] = await tx
        .update(flowTaskNodes)
        .set({ dueTime: null })
        .where(
          and(
            eq(flowTaskNodes.id, node.id),
            eq(flowTaskNodes.state, 0),
            eq(flowTaskNodes.completion, 0),
            lte(flowTaskNodes.dueTime, Date.now()),
          ),
        )
        .returning();
      if (!claimed) return false;
      const s = this.step(tx, task, task.creatorUserId ?? '');
      await this.passNode(s, claimed);
      await this.finishStep(s);
      return true;
    });
  }

  /**
   * One overtime or reminder event of an operator, read again under the task's lock (nothing
   * happens when it was handled, moved or fired meanwhile, by this or another instance): the
   * count goes up and the next event is planned in the same transaction, so each event happens
   * once across instances; then the notice to the handler and, at the configured count, the
   * flow event. `more` adds what only overtime does.
   */
  private async fireDue<P extends TimeoutPlan | NoticePlan>(
    operatorId: string,
    due: DueTimer<P>,
    more?: (s: Step, current: Operator, node: TaskNode, plan: P, fired: number) => Promise<void>,
  ): Promise<boolean> {
    return this.run(async (tx) => {
      const [op] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
      if (!op) return false;
      const task = await this.lockTask(tx, op.taskId);
      const [current] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
      const at = current?.[due.at];
      if (
        !current ||
        task.status !== TaskStatus.Running ||
        current.completion !== 0 ||
        current.state === -1 ||
        current.waiting !== 0 ||
        at === null ||
        at === undefined ||
        at > Date.now()
      )
        return false;
      const s = this.step(tx, task, current.handleId);
      const real = s.graph.nodes.get(current.nodeCode);
      const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, current.taskNodeId));
      const launched = task.startTime ?? current.creatorTime;
      const plan = real
        ? due.plan(real, s.graph.start.properties, current.creatorTime, launched, task.flowFormContentJson)
        : null;
      const fired = current[due.count] + 1;
      await tx
        .update(flowTaskOperators)
        .set({ [due.count]: fired, [due.at]: plan ? due.next(plan, fired) : null })
        .where(eq(flowTaskOperators.id, current.id));
      if (!plan || !node) return false;
      if (plan.notice)
        await this.notify(
          s,
          [current.handleId],
          `${task.fullName}：${current.nodeName}${due.text}`,
          { opType: 1, taskOperatorId: current.id },
          { kind: due.kind, node: { ...current, id: current.taskNodeId } },
        );
      if (plan.eventAt === fired) this.queueEvent(s, due.kind, node);
      await more?.(s, current, node, plan, fired);
      return true;
    });
  }

  /** An operator's overtime: the notice, the overtime event and, at the configured count, an automatic approval. */
  fireTimeout(operatorId: string): Promise<boolean> {
    return this.fireDue(operatorId, OVERTIME, async (s, current, node, plan, fired) => {
      if (plan.autoApproveAt === null || fired < plan.autoApproveAt) return;
      await this.handle(s, current, HandleStatus.Approve, 1);
      await this.record(s, {
        handleStatus: HandleStatus.Approve,
        node,
        operator: current,
        opinion: { handleOpinion: '超时自动审批' },
      });
      this.queueEvent(s, 'approve', node);
      await this.decide(s, node);
      await this.finishStep(s);
    });
  }

  /** A reminder before an operator's deadline (noticeConfig); none is planned at or after the deadline. */
  fireNotice(operatorId: string): Promise<boolean> {
    return this.fireDue(operatorId, REMINDER);
  }

  // ----- approver actions -----

  /** The caller's pending operator and its task, owned by this transaction. */
  private async myOperator(tx: Tx, operatorId: string, userId: string) {
    const [op] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
    if (!op) throw badRequest(WorkflowMessages.operatorMissing);
    const task = await this.lockTask(tx, op.taskId);
    // Read again after the guard: another action may have changed it before we owned the task.
    const [current] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
    if (
      !current ||
      current.state === -1 ||
      current.completion !== 0 ||
      current.handleStatus !== null ||
      current.waiting !== 0
    )
      throw badRequest(WorkflowMessages.operatorMissing);
    if (!(await mayActFor(tx, current.handleId, userId, task.templateId)))
      throw badRequest(WorkflowMessages.notYours);
    if (task.status === TaskStatus.Suspended) throw badRequest(WorkflowMessages.suspendedTask);
    if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
    const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, current.taskNodeId));
    if (node?.state !== 0 || node.completion !== 0) throw badRequest(WorkflowMessages.operatorMissing);
    return { op: current, task, node };
  }

  /** Marks an operator handled, only if it is still pending (a second click finds it handled). */
  private async handle(s: Step, op: Operator, handleStatus: number, completion: 1 | -1) {
    const [row] = await s.tx
      .update(flowTaskOperators)
      .set({
        handleStatus,
        completion,
        handleTime: Date.now(),
        version: sql`${flowTaskOperators.version} + 1`,
      })
      .where(
        and(
          eq(flowTaskOperators.id, op.id),
          eq(flowTaskOperators.completion, 0),
          isNull(flowTaskOperators.handleStatus),
        ),
      )
      .returning({ id: flowTaskOperators.id });
    if (!row) throw badRequest(WorkflowMessages.operatorMissing);
  }

  private async applyForm(s: Step, formData: Record<string, unknown> | undefined) {
    if (!formData) return;
    const merged = { ...s.task.flowFormContentJson, ...formData };
    await s.tx.update(flowTasks).set({ flowFormContentJson: merged }).where(eq(flowTasks.id, s.task.id));
    s.task.flowFormContentJson = merged;
  }

  /** Seats of a node's decision: its operators except added-before signers and those who handed over to an added-after signer. */
  private async seats(s: Step, nodeId: string) {
    const ops = await s.tx
      .select()
      .from(flowTaskOperators)
      .where(and(eq(flowTaskOperators.taskNodeId, nodeId), live(flowTaskOperators)))
      .orderBy(asc(flowTaskOperators.sortCode), asc(flowTaskOperators.creatorTime));
    return ops.filter((o) => o.handleType !== 'before' && o.handleStatus !== HandleStatus.AddAfter);
  }

  /** POST /FlowBefore/Audit/{operatorId} */
  async audit(operatorId: string, body: AuditBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const { op, task, node } = await this.myOperator(tx, operatorId, userId);
      const s = this.step(tx, task, userId, { branchList: body.branchList, chosen: mergeChosen(body) });
      await this.handle(s, op, HandleStatus.Approve, 1);
      await this.record(s, { handleStatus: HandleStatus.Approve, node, operator: op, opinion: body });
      await this.applyForm(s, body.formData);
      this.queueEvent(s, 'approve', node);
      const real = s.graph.nodes.get(node.nodeCode);
      await this.nodeCopies(s, node, real as RealNode, []);
      if (body.copyIds.length) await this.copyTo(s, node, body.copyIds);
      if (op.handleType === 'before' && op.parentId) {
        // The added-before signer is done: the task returns to the handler who added them.
        const [parent] = await tx
          .update(flowTaskOperators)
          .set({ waiting: 0, creatorTime: Date.now() })
          .where(and(eq(flowTaskOperators.id, op.parentId), eq(flowTaskOperators.completion, 0)))
          .returning();
        if (parent)
          await this.notify(
            s,
            [parent.handleId],
            `${task.fullName}：待您审批`,
            { opType: 1, taskOperatorId: parent.id },
            { kind: 'wait', node: { ...parent, id: parent.taskNodeId } },
          );
      } else await this.decide(s, node);
      await this.finishStep(s);
    });
  }

  /** After an approval: or-sign passes, countersign passes at its ratio, sequential moves to the next handler. */
  private async decide(s: Step, node: TaskNode) {
    const real = s.graph.nodes.get(node.nodeCode);
    const p = real?.type === 'approver' ? real.properties : null;
    const seats = await this.seats(s, node.id);
    const counterSign = p?.counterSign ?? 0;
    if (counterSign === 0) return this.passNode(s, node);
    if (counterSign === 2) {
      const next = seats.find((o) => o.waiting === 1 && o.completion === 0);
      if (next) {
        await s.tx
          .update(flowTaskOperators)
          .set({
            waiting: 0,
            creatorTime: Date.now(),
            dueTime: this.timeoutDue(s, s.graph.nodes.get(node.nodeCode)),
            noticeDueTime: this.noticeDue(s, s.graph.nodes.get(node.nodeCode)),
          })
          .where(eq(flowTaskOperators.id, next.id));
        await this.notify(
          s,
          [next.handleId],
          `${s.task.fullName}：待您审批`,
          { opType: 1, taskOperatorId: next.id },
          { kind: 'wait', node },
        );
        return;
      }
      if (seats.every((o) => o.completion === 1)) return this.passNode(s, node);
      return;
    }
    const approved = seats.filter((o) => o.handleStatus === HandleStatus.Approve).length;
    if (Math.floor((approved * 100) / Math.max(seats.length, 1)) >= (p?.countersignRatio ?? 100))
      return this.passNode(s, node);
  }

  /** Whether a return by one more seat decides the node (or-sign and sequential: always). */
  private async returnDecides(s: Step, node: TaskNode, extraReturns: number): Promise<boolean> {
    const real = s.graph.nodes.get(node.nodeCode);
    const p = real?.type === 'approver' ? real.properties : null;
    if (p?.counterSign !== 1) return true;
    const seats = await this.seats(s, node.id);
    const returned = seats.filter((o) => o.handleStatus === HandleStatus.Reject).length + extraReturns;
    return Math.floor((returned * 100) / Math.max(seats.length, 1)) >= 100 - p.countersignRatio;
  }

  /** The nodes a return from `node` may go to (RejectList). */
  async rejectChoices(operatorId: string, userId: string) {
    return this.db.transaction(async (tx) => {
      const [op] = await tx.select().from(flowTaskOperators).where(eq(flowTaskOperators.id, operatorId));
      if (op?.completion !== 0 || op.state === -1) throw badRequest(WorkflowMessages.operatorMissing);
      const task = await this.loadTask(tx as Tx, op.taskId);
      if (!(await mayActFor(tx, op.handleId, userId, task.templateId)))
        throw badRequest(WorkflowMessages.operatorMissing);
      const [node] = await tx.select().from(flowTaskNodes).where(eq(flowTaskNodes.id, op.taskNodeId));
      if (!node) throw badRequest(WorkflowMessages.operatorMissing);
      const s = this.step(tx as Tx, task, userId);
      const list = await this.rejectTargets(s, node);
      const isLastAppro = await this.returnDecides(s, node, 1);
      return { list, isLastAppro };
    });
  }

  /** Upstream nodes this task has passed (and the start node), in the order they passed. */
  private async handledUpstream(s: Step, beforeCode: string) {
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

  private async rejectTargets(s: Step, node: TaskNode) {
    const real = s.graph.nodes.get(node.nodeCode);
    const step = real?.type === 'approver' ? real.properties.rejectStep : '0';
    const start = { id: s.graph.start.code, nodeCode: s.graph.start.code, nodeName: s.graph.start.title };
    if (step === '0') return [start];
    if (step === '1') {
      const up = (node.nodeUp ?? s.graph.start.code).split(',').filter(Boolean);
      return [{ id: '1', nodeCode: up.join(','), nodeName: '上一审批' }];
    }
    const upstream = (await this.handledUpstream(s, node.nodeCode)).map((n) => ({
      id: n.nodeCode,
      nodeCode: n.nodeCode,
      nodeName: n.nodeName,
    }));
    if (step === '2')
      return upstream.some((n) => n.nodeCode === start.nodeCode) ? upstream : [start, ...upstream];
    const named = upstream.find((n) => n.nodeCode === step);
    return named ? [named] : [start];
  }

  /** POST /FlowBefore/Reject/{operatorId} */
  async reject(operatorId: string, body: RejectBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const { op, task, node } = await this.myOperator(tx, operatorId, userId);
      const s = this.step(tx, task, userId);
      await this.handle(s, op, HandleStatus.Reject, -1);
      if (op.handleType === 'before' && op.parentId) {
        // An added-before signer's return is the return of the handler who added them.
        await tx
          .update(flowTaskOperators)
          .set({ handleStatus: HandleStatus.Reject, completion: -1, waiting: 0, handleTime: Date.now() })
          .where(and(eq(flowTaskOperators.id, op.parentId), eq(flowTaskOperators.completion, 0)));
      }
      await this.record(s, { handleStatus: HandleStatus.Reject, node, operator: op, opinion: body });
      await this.applyForm(s, body.formData);
      this.queueEvent(s, 'reject', node);
      if (!(await this.returnDecides(s, node, 0))) {
        await this.finishStep(s);
        return;
      }
      const choices = await this.rejectTargets(s, node);
      const real = s.graph.nodes.get(node.nodeCode);
      const setting = real?.type === 'approver' ? real.properties : null;
      let targets: string[];
      if (body.rejectStep) {
        targets = body.rejectStep.split(',').filter(Boolean);
        const allowed = new Set(choices.flatMap((c) => c.nodeCode.split(',')));
        for (const t of targets) if (!allowed.has(t)) throw badRequest(WorkflowMessages.rejectTarget(t));
      } else targets = (choices[0]?.nodeCode ?? s.graph.start.code).split(',');
      const rejectType = setting?.rejectType === 3 ? (body.rejectType ?? 1) : (setting?.rejectType ?? 1);
      await tx
        .update(flowTaskNodes)
        .set({ completion: -1, completeTime: Date.now() })
        .where(eq(flowTaskNodes.id, node.id));
      await this.discardLive(s);
      if (rejectType === 2) {
        await tx.update(flowTasks).set({ rejectNodeCode: node.nodeCode }).where(eq(flowTasks.id, task.id));
        task.rejectNodeCode = node.nodeCode;
      }
      if (targets.includes(s.graph.start.code)) await this.returnToStart(s);
      else for (const target of targets) await this.activate(s, target, node.nodeCode);
      if (task.creatorUserId)
        await this.notify(
          s,
          [task.creatorUserId],
          `${task.fullName}：${node.nodeName}已退回`,
          { opType: 0 },
          { kind: 'reject', node },
        );
      await this.finishStep(s);
    });
  }

  /** POST /FlowBefore/Transfer/{operatorId}: the item moves to another user. */
  async transfer(operatorId: string, body: TransferBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const { op, task, node } = await this.myOperator(tx, operatorId, userId);
      if (body.freeApproverUserId === userId) throw badRequest(WorkflowMessages.selfTransfer);
      await this.assertUser(tx, body.freeApproverUserId);
      const s = this.step(tx, task, userId);
      await tx
        .update(flowTaskOperators)
        .set({
          handleId: body.freeApproverUserId,
          creatorTime: Date.now(),
          version: sql`${flowTaskOperators.version} + 1`,
        })
        .where(and(eq(flowTaskOperators.id, op.id), eq(flowTaskOperators.version, op.version)));
      await this.record(s, {
        handleStatus: HandleStatus.Transfer,
        node,
        operator: op,
        opinion: body,
        operatorId: body.freeApproverUserId,
      });
      await this.notify(
        s,
        [body.freeApproverUserId],
        `${task.fullName}：待您审批`,
        { opType: 1, taskOperatorId: op.id },
        { kind: 'wait', node },
      );
    });
  }

  private async assertUser(tx: Tx, id: string) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.enabledMark, 1), eq(users.deleteMark, 0)));
    if (!user) throw badRequest(`freeApproverUserId：${WorkflowMessages.userMissing}`);
  }

  /** POST /FlowBefore/freeApprover/{operatorId}: add a signer before (1) or after (2) oneself. */
  async addSigner(operatorId: string, body: FreeApproverBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const { op, task, node } = await this.myOperator(tx, operatorId, userId);
      if (body.freeApproverUserId === userId) throw badRequest(WorkflowMessages.selfTransfer);
      await this.assertUser(tx, body.freeApproverUserId);
      const s = this.step(tx, task, userId);
      await this.applyForm(s, body.formData);
      const before = body.freeApproverType === 1;
      if (before) {
        await tx.update(flowTaskOperators).set({ waiting: 1 }).where(eq(flowTaskOperators.id, op.id));
      } else await this.handle(s, op, HandleStatus.AddAfter, 1);
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
      await this.record(s, {
        handleStatus: before ? HandleStatus.AddBefore : HandleStatus.AddAfter,
        node,
        operator: op,
        opinion: body,
        operatorId: body.freeApproverUserId,
        status: 1,
      });
      await this.notify(
        s,
        [body.freeApproverUserId],
        `${task.fullName}：待您审批`,
        { opType: 1, taskOperatorId: added },
        { kind: 'wait', node },
      );
    });
  }

  /** POST /FlowBefore/SaveAudit/{operatorId}: the handler's draft of the form. */
  async saveDraft(operatorId: string, formData: Record<string, unknown>, userId: string): Promise<void> {
    const [row] = await this.db
      .update(flowTaskOperators)
      .set({ draftData: formData })
      .where(
        and(
          eq(flowTaskOperators.id, operatorId),
          eq(flowTaskOperators.handleId, userId),
          eq(flowTaskOperators.completion, 0),
          live(flowTaskOperators),
        ),
      )
      .returning({ id: flowTaskOperators.id });
    if (!row) throw badRequest(WorkflowMessages.operatorMissing);
  }

  /**
   * POST /FlowBefore/Recall/{recordId}: takes back one's approval while the task runs and no
   * handler of the following node has acted yet.
   */
  async recall(recordId: string, body: OpinionBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const [rec] = await tx.select().from(flowTaskRecords).where(eq(flowTaskRecords.id, recordId));
      if (!rec || rec.handleId !== userId || rec.status === 3)
        throw badRequest(WorkflowMessages.operatorMissing);
      if (rec.handleStatus !== HandleStatus.Approve || !rec.taskOperatorId || !rec.taskNodeId)
        throw badRequest(WorkflowMessages.recallOnlyApproval);
      const task = await this.lockTask(tx, rec.taskId);
      if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
      const s = this.step(tx, task, userId);
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
          await this.discardLive(s, inArray(flowTaskNodes.id, ids));
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
      await this.record(s, { handleStatus: HandleStatus.Recall, node, operator: op, opinion: body });
      this.queueEvent(s, 'recall', node);
      await this.finishStep(s);
    });
  }

  // ----- initiator and monitor actions -----

  /** PUT /FlowLaunch/{id}/Actions/Withdraw: the initiator takes the whole task back (status 4). */
  async revoke(taskId: string, body: OpinionBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const task = await this.lockTask(tx, taskId);
      if (task.creatorUserId !== userId) throw badRequest(WorkflowMessages.notOwnLaunch);
      if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
      if (task.parentId !== '0') throw badRequest('子流程不能撤回');
      const s = this.step(tx, task, userId);
      await this.discardLive(s);
      await tx
        .update(flowTasks)
        .set({
          status: TaskStatus.Revoked,
          thisStep: s.graph.start.title,
          thisStepId: s.graph.start.code,
          completion: 0,
        })
        .where(eq(flowTasks.id, task.id));
      await this.record(s, { handleStatus: HandleStatus.Recall, opinion: body });
      this.queueEvent(s, 'flowRecall');
    });
  }

  /** POST /FlowLaunch/Press/{id}: reminds the current handlers. */
  async press(taskId: string, userId: string): Promise<number> {
    return this.run(async (tx) => {
      const task = await this.lockTask(tx, taskId);
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
      const s = this.step(tx, task, userId);
      const title = `${task.fullName}：催办，请尽快审批`;
      await this.notify(
        s,
        ops.map((o) => o.handleId),
        title,
        { opType: 1 },
      );
      // Through the message centre as a todo message of each node's handlers.
      for (const code of new Set(ops.map((o) => o.nodeCode))) {
        const mine = ops.filter((o) => o.nodeCode === code);
        const first = mine[0]!;
        this.queueMessage(
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

  /** POST /FlowBefore/Cancel/{taskId} (monitor): terminates the task and its running sub-flows. */
  async cancel(taskId: string, body: OpinionBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const task = await this.lockTask(tx, taskId);
      if (task.flowType === 1) throw badRequest(WorkflowMessages.functionFlowCancel);
      await this.cancelTask(tx, task, body, userId);
    });
  }

  private async cancelTask(tx: Tx, task: Task, body: OpinionBody, userId: string) {
    if (task.status !== TaskStatus.Running && task.status !== TaskStatus.Suspended)
      throw badRequest(WorkflowMessages.notRunning);
    const s = this.step(tx, task, userId);
    await this.discardLive(s);
    await tx
      .update(flowTasks)
      .set({ status: TaskStatus.Cancelled, endTime: Date.now() })
      .where(eq(flowTasks.id, task.id));
    await this.record(s, { handleStatus: HandleStatus.Cancel, opinion: body });
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
      await this.guard(tx, child);
      await this.cancelTask(tx, child, body, userId);
    }
  }

  /** POST /FlowBefore/Assign/{taskId} (monitor): the handlers of a current node are replaced by one user. */
  async assign(taskId: string, body: AssignBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const task = await this.lockTask(tx, taskId);
      if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
      await this.assertUser(tx, body.freeApproverUserId);
      const s = this.step(tx, task, userId);
      const [node] = (await this.pendingNodes(s)).filter(
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
        dueTime: this.timeoutDue(s, s.graph.nodes.get(node.nodeCode)),
        noticeDueTime: this.noticeDue(s, s.graph.nodes.get(node.nodeCode)),
      });
      await this.record(s, {
        handleStatus: HandleStatus.Assign,
        node,
        opinion: body,
        operatorId: body.freeApproverUserId,
      });
      await this.notify(
        s,
        [body.freeApproverUserId],
        `${task.fullName}：待您审批`,
        { opType: 1, taskOperatorId: id },
        { kind: 'wait', node },
      );
    });
  }

  /** GET /FlowBefore/Suspend/{taskId}: whether the task has sub-flows. */
  async hasChildren(taskId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: flowTasks.id })
      .from(flowTasks)
      .where(and(eq(flowTasks.parentId, taskId), eq(flowTasks.deleteMark, 0)))
      .limit(1);
    return rows.length > 0;
  }

  /** POST /FlowBefore/Suspend/{taskId}: suspend true = this task only, false = with its running sub-flows. */
  async suspend(taskId: string, body: SuspendBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const task = await this.lockTask(tx, taskId);
      if (task.status !== TaskStatus.Running) throw badRequest(WorkflowMessages.notRunning);
      await tx.update(flowTasks).set({ status: TaskStatus.Suspended }).where(eq(flowTasks.id, task.id));
      await this.record(this.step(tx, task, userId), { handleStatus: HandleStatus.Suspend, opinion: body });
      if (!body.suspend) await this.suspendChildren(tx, task.id, body, userId);
    });
  }

  private async suspendChildren(tx: Tx, parentId: string, body: OpinionBody, userId: string) {
    const children = await tx
      .select()
      .from(flowTasks)
      .where(and(eq(flowTasks.parentId, parentId), eq(flowTasks.status, TaskStatus.Running)));
    for (const child of children) {
      await this.guard(tx, child);
      await tx
        .update(flowTasks)
        .set({ status: TaskStatus.Suspended, suspendedByParent: 1 })
        .where(eq(flowTasks.id, child.id));
      await this.record(this.step(tx, child, userId), { handleStatus: HandleStatus.Suspend, opinion: body });
      await this.suspendChildren(tx, child.id, body, userId);
    }
  }

  /** POST /FlowBefore/Restore/{taskId}: resumes; children suspended with it resume too; finished sync children move it on. */
  async resume(taskId: string, body: OpinionBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const task = await this.lockTask(tx, taskId);
      if (task.status !== TaskStatus.Suspended) throw badRequest(WorkflowMessages.notSuspended);
      if (task.suspendedByParent === 1 && task.parentId !== '0') {
        const [parent] = await tx
          .select({ status: flowTasks.status })
          .from(flowTasks)
          .where(eq(flowTasks.id, task.parentId));
        if (parent?.status === TaskStatus.Suspended) throw badRequest(WorkflowMessages.parentSuspended);
      }
      await this.resumeTask(tx, task, body, userId);
    });
  }

  private async resumeTask(tx: Tx, task: Task, body: OpinionBody, userId: string) {
    await tx
      .update(flowTasks)
      .set({ status: TaskStatus.Running, suspendedByParent: 0 })
      .where(eq(flowTasks.id, task.id));
    task.status = TaskStatus.Running;
    const s = this.step(tx, task, userId);
    await this.record(s, { handleStatus: HandleStatus.Resume, opinion: body });
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
      await this.guard(tx, child);
      await this.resumeTask(tx, child, body, userId);
    }
    // Sub-flow nodes whose children all ended while this task was suspended.
    const waiting = (await this.pendingNodes(s)).filter((n) => n.nodeType === 'subFlow');
    for (const node of waiting) await this.passSubFlowNodeIfDone(s, node.id);
  }

  /** GET /FlowBefore/Selector/{taskId}: nodes a change or revive may move the task to. */
  async nodeChoices(taskId: string) {
    const task = await this.loadTask(this.db, taskId);
    const graph = graphOf(task);
    const rows = await this.db
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
  async change(body: ChangeBody, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const task = await this.lockTask(tx, body.taskId);
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
      const s = this.step(tx, task, userId, { chosen: body.errorRuleUserList });
      await this.discardLive(s);
      await tx
        .update(flowTasks)
        .set({ status: TaskStatus.Running, endTime: null })
        .where(eq(flowTasks.id, task.id));
      task.status = TaskStatus.Running;
      await this.activate(s, target.nodeCode, s.graph.start.code);
      await this.record(s, {
        handleStatus: body.resurgence ? HandleStatus.Revive : HandleStatus.Change,
        node: target,
        opinion: body,
      });
      await this.finishStep(s);
    });
  }

  /** DELETE /FlowLaunch/{id}: drafts (and revoked tasks) of one's own. */
  async deleteOwn(taskId: string, userId: string): Promise<void> {
    await this.run(async (tx) => {
      const task = await this.lockTask(tx, taskId);
      if (task.creatorUserId !== userId) throw badRequest('只能删除自己发起的流程');
      if (task.status !== TaskStatus.Draft && task.status !== TaskStatus.Revoked)
        throw badRequest('只有草稿或已撤回的流程可以删除');
      await this.softDelete(tx, [task.id], userId);
    });
  }

  /** DELETE /FlowMonitor: deletes tasks that are not running (sub-flows with them). */
  async deleteTasks(ids: string[], userId: string): Promise<void> {
    await this.run(async (tx) => {
      const tasks = await tx
        .select()
        .from(flowTasks)
        .where(and(inArray(flowTasks.id, ids), eq(flowTasks.deleteMark, 0)));
      if (tasks.length !== ids.length) throw badRequest(WorkflowMessages.taskMissing);
      for (const task of tasks) {
        await this.guard(tx, task);
        if (task.status === TaskStatus.Running || task.status === TaskStatus.Suspended)
          throw badRequest(`“${task.fullName}”正在审批中，请先终止再删除`);
        if (task.parentId !== '0') throw badRequest(`“${task.fullName}”是子流程，不能单独删除`);
      }
      await this.softDelete(tx, ids, userId);
    });
  }

  private async softDelete(tx: Tx, ids: string[], userId: string) {
    const children = await tx
      .select({ id: flowTasks.id })
      .from(flowTasks)
      .where(inArray(flowTasks.parentId, ids));
    if (children.length)
      await this.softDelete(
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
}

function mergeChosen(body: {
  candidateList: Record<string, string[]>;
  errorRuleUserList: Record<string, string[]>;
}) {
  const out: Record<string, string[]> = {};
  for (const [node, list] of Object.entries(body.candidateList)) out[node] = [...list];
  for (const [node, list] of Object.entries(body.errorRuleUserList))
    out[node] = [...(out[node] ?? []), ...list];
  return out;
}
