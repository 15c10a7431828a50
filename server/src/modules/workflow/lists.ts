import { type FlowTaskListQuery, HandleStatus, type StartProperties, TaskStatus } from '@console/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { assertFixedOrder, keywordMatch } from '../../db/query.js';
import {
  flowForms,
  flowTaskCirculates,
  flowTaskNodes,
  flowTaskOperators,
  flowTaskRecords,
  flowTasks,
  flowTemplateJsons,
  users,
} from '../../db/schema/index.js';
import { userNames } from './assignees.js';
import { delegatedTo, mayActFor, todoHandlers } from './delegate.js';
import { flowVersion } from './engine/new-task.js';
import { graphOf, WorkflowMessages } from './engine/task.js';

type Task = typeof flowTasks.$inferSelect;

/** Filters on the task's own fields (keyword: title, serial or flow name; template, version, urgency, category, initiator). */
function taskFieldFilters(query: FlowTaskListQuery): SQL[] {
  const filters: SQL[] = [];
  const keyword = keywordMatch(query.keyword, flowTasks.fullName, flowTasks.enCode, flowTasks.flowName);
  if (keyword) filters.push(keyword);
  if (query.templateId) filters.push(eq(flowTasks.templateId, query.templateId));
  if (query.flowId) filters.push(eq(flowTasks.flowId, query.flowId));
  if (query.flowUrgent !== undefined) filters.push(eq(flowTasks.flowUrgent, query.flowUrgent));
  if (query.flowCategory) filters.push(eq(flowTasks.flowCategory, query.flowCategory));
  if (query.creatorUserId) filters.push(eq(flowTasks.creatorUserId, query.creatorUserId));
  return filters;
}

/** The startTime / endTime range on the list's time column. */
function timeFilters(query: FlowTaskListQuery, timeColumn: AnyPgColumn): SQL[] {
  const filters: SQL[] = [];
  if (query.startTime !== undefined) filters.push(gte(timeColumn, query.startTime));
  if (query.endTime !== undefined) filters.push(lte(timeColumn, query.endTime));
  return filters;
}

/** Filters every task list shares (workflow.md 4.2 / 4.3). */
function taskFilters(query: FlowTaskListQuery, timeColumn: AnyPgColumn = flowTasks.creatorTime): SQL[] {
  return [eq(flowTasks.deleteMark, 0), ...taskFieldFilters(query), ...timeFilters(query, timeColumn)];
}

const pagination = (query: FlowTaskListQuery, total: number) => ({
  currentPage: query.currentPage,
  pageSize: query.pageSize,
  total,
});

function taskRow(t: Task, names: Map<string, string>) {
  return {
    id: t.id,
    processId: t.processId,
    enCode: t.enCode,
    fullName: t.fullName,
    flowName: t.flowName,
    flowCode: t.flowCode,
    flowId: t.flowId,
    templateId: t.templateId,
    flowCategory: t.flowCategory,
    flowVersion: t.flowVersion,
    startTime: t.startTime,
    endTime: t.endTime,
    thisStep: t.thisStep,
    thisStepId: t.thisStepId,
    status: t.status,
    completion: t.completion,
    flowUrgent: t.flowUrgent,
    formType: 2,
    parentId: t.parentId,
    delegateUser: t.delegateUser,
    creatorUserId: t.creatorUserId,
    userName: t.creatorUserId ? (names.get(t.creatorUserId) ?? null) : null,
    creatorTime: t.creatorTime,
  };
}

const formInfo = (form: typeof flowForms.$inferSelect) => ({
  id: form.id,
  formType: form.formType,
  enCode: form.enCode,
  fullName: form.fullName,
  urlAddress: form.urlAddress,
  appUrlAddress: form.appUrlAddress,
  interfaceUrl: form.interfaceUrl,
  propertyJson: form.propertyJson,
});

export class TaskLists {
  constructor(private readonly db: Db) {}

  private async page(where: SQL, query: FlowTaskListQuery) {
    assertFixedOrder(query.sidx);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(flowTasks)
        .where(where)
        .orderBy(desc(flowTasks.creatorTime), desc(flowTasks.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(flowTasks).where(where),
    ]);
    const names = await userNames(
      this.db,
      rows.map((r) => r.creatorUserId ?? ''),
    );
    return { list: rows.map((r) => taskRow(r, names)), pagination: pagination(query, total?.n ?? 0) };
  }

  /** GET /FlowLaunch: the caller's own tasks (sub-flows launched for them included). */
  launched(userId: string, query: FlowTaskListQuery) {
    const filters = taskFilters(query);
    filters.push(eq(flowTasks.creatorUserId, userId));
    if (query.status !== undefined) filters.push(eq(flowTasks.status, query.status));
    return this.page(and(...filters) as SQL, query);
  }

  /** GET /FlowMonitor: every submitted task. */
  monitor(query: FlowTaskListQuery) {
    const filters = taskFilters(query);
    filters.push(ne(flowTasks.status, TaskStatus.Draft));
    if (query.status !== undefined) filters.push(eq(flowTasks.status, query.status));
    return this.page(and(...filters) as SQL, query);
  }

  /** GET /FlowBefore/List/{category}: 1 todo, 2 done, 3 copied to me, 4 batch-capable todo. */
  async byCategory(category: number, userId: string, query: FlowTaskListQuery) {
    assertFixedOrder(query.sidx);
    if (category === 1 || category === 4) return this.todo(userId, query, category === 4);
    if (category === 2) return this.done(userId, query);
    if (category === 3) return this.copied(userId, query);
    throw badRequest('category：只能是 1 待办、2 已办、3 抄送、4 批量审批');
  }

  private async todo(userId: string, query: FlowTaskListQuery, batch: boolean) {
    const handlers = await todoHandlers(this.db, userId, flowTaskOperators.handleId, flowTasks.templateId);
    const onTask = taskFieldFilters(query);
    if (batch) onTask.push(eq(flowTasks.isBatch, 1));
    // The actionable items are those of the partial index flow_task_operator_pending; the
    // conditions are written as constants so that PostgreSQL matches them to it. task_live = 1
    // (kept by triggers) stands for "the task is running and not deleted", so without filters on
    // task fields the page is an ordered walk of that index stopping at the page and the total an
    // index-only count, neither joining the 100,000s of tasks (workflow.md 4.3, issue 13 bench).
    const filters: SQL[] = [
      handlers.condition,
      sql`${flowTaskOperators.completion} = 0`,
      sql`${flowTaskOperators.waiting} = 0`,
      sql`${flowTaskOperators.state} <> -1`,
      sql`${flowTaskOperators.taskLive} = 1`,
      ...timeFilters(query, flowTaskOperators.creatorTime),
      ...onTask,
    ];
    if (query.nodeCode) filters.push(eq(flowTaskOperators.nodeCode, query.nodeCode));
    const where = and(...filters);
    const joinTask = onTask.length > 0 || handlers.onTemplate;
    const operators = () => {
      const base = this.db.select({ id: flowTaskOperators.id }).from(flowTaskOperators);
      return joinTask ? base.innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId)) : base;
    };
    // The page's ids first, then its rows: the task rows carry the flow snapshot. Both columns are
    // not null; "nulls last" only names the index's order, which plain DESC (nulls first) would
    // not match, leaving PostgreSQL to sort every match.
    const order = [
      sql`${flowTaskOperators.creatorTime} desc nulls last`,
      sql`${flowTaskOperators.id} desc nulls last`,
    ];
    const pageIds = operators()
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize);
    const counted = this.db.select({ n: count() }).from(flowTaskOperators);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ op: flowTaskOperators, task: flowTasks })
        .from(flowTaskOperators)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
        .where(inArray(flowTaskOperators.id, pageIds))
        .orderBy(...order),
      (joinTask ? counted.innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId)) : counted).where(
        where,
      ),
    ]);
    const names = await userNames(
      this.db,
      rows.flatMap((r) => [r.task.creatorUserId ?? '', r.op.handleId]),
    );
    const list = rows.map(({ op, task }) => {
      const base = taskRow(task, names);
      const row: Record<string, unknown> = {
        ...base,
        // A todo delegated to the caller names the delegator whose item it is.
        delegateUser: op.handleId === userId ? base.delegateUser : (names.get(op.handleId) ?? op.handleId),
        id: op.id,
        taskId: task.id,
        taskNodeId: op.taskNodeId,
        nodeName: op.nodeName,
        nodeCode: op.nodeCode,
        thisStep: op.nodeName,
        thisStepId: op.nodeCode,
        creatorTime: op.creatorTime,
      };
      if (batch) {
        const node = graphOf(task).nodes.get(op.nodeCode);
        row.approversProperties = JSON.stringify(node?.properties ?? {});
      }
      return row;
    });
    return { list, pagination: pagination(query, total?.n ?? 0) };
  }

  private async done(userId: string, query: FlowTaskListQuery) {
    const filters = taskFilters(query, flowTaskRecords.handleTime);
    filters.push(
      eq(flowTaskRecords.handleId, userId),
      inArray(flowTaskRecords.handleStatus, [
        HandleStatus.Reject,
        HandleStatus.Approve,
        HandleStatus.AddBefore,
      ]),
      ne(flowTaskRecords.status, 3),
    );
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ rec: flowTaskRecords, task: flowTasks })
        .from(flowTaskRecords)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskRecords.taskId))
        .where(where)
        .orderBy(desc(flowTaskRecords.handleTime), desc(flowTaskRecords.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db
        .select({ n: count() })
        .from(flowTaskRecords)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskRecords.taskId))
        .where(where),
    ]);
    const names = await userNames(
      this.db,
      rows.map((r) => r.task.creatorUserId ?? ''),
    );
    return {
      list: rows.map(({ rec, task }) => ({
        ...taskRow(task, names),
        id: rec.id,
        taskId: task.id,
        taskNodeId: rec.taskNodeId,
        taskOperatorId: rec.taskOperatorId,
        nodeName: rec.nodeName,
        thisStep: task.thisStep,
        status: rec.handleStatus,
        taskStatus: task.status,
        creatorTime: rec.handleTime,
      })),
      pagination: pagination(query, total?.n ?? 0),
    };
  }

  private async copied(userId: string, query: FlowTaskListQuery) {
    const filters = taskFilters(query, flowTaskCirculates.creatorTime);
    filters.push(eq(flowTaskCirculates.objectId, userId));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ cc: flowTaskCirculates, task: flowTasks })
        .from(flowTaskCirculates)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskCirculates.taskId))
        .where(where)
        .orderBy(desc(flowTaskCirculates.creatorTime), desc(flowTaskCirculates.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db
        .select({ n: count() })
        .from(flowTaskCirculates)
        .innerJoin(flowTasks, eq(flowTasks.id, flowTaskCirculates.taskId))
        .where(where),
    ]);
    const names = await userNames(
      this.db,
      rows.map((r) => r.task.creatorUserId ?? ''),
    );
    return {
      list: rows.map(({ cc, task }) => ({
        ...taskRow(task, names),
        id: task.id,
        circulateId: cc.id,
        thisStep: cc.nodeName,
        thisStepId: cc.nodeCode,
        taskNodeId: cc.taskNodeId,
        creatorTime: cc.creatorTime,
      })),
      pagination: pagination(query, total?.n ?? 0),
    };
  }

  /** Whether the user takes part in the task: initiator, handler, recorded, or copied. */
  async involved(taskId: string, userId: string): Promise<boolean> {
    const [task] = await this.db
      .select({ creator: flowTasks.creatorUserId })
      .from(flowTasks)
      .where(eq(flowTasks.id, taskId));
    if (!task) return false;
    if (task.creator === userId) return true;
    const [hit] = await this.db
      .execute<{ one: number }>(sql`
      select 1 as one from ${flowTaskOperators} where task_id = ${taskId} and handle_id = ${userId}
      union all select 1 from ${flowTaskRecords} where task_id = ${taskId} and handle_id = ${userId}
      union all select 1 from ${flowTaskCirculates} where task_id = ${taskId} and object_id = ${userId}
      limit 1`)
      .then((r) => (r as unknown as { rows: { one: number }[] }).rows);
    if (hit) return true;
    const [delegated] = await this.db
      .select({ id: flowTaskOperators.id })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(
        and(
          eq(flowTaskOperators.taskId, taskId),
          delegatedTo(userId, flowTaskOperators.handleId, flowTasks.templateId),
        ),
      )
      .limit(1);
    return delegated !== undefined;
  }

  /** The sub-flow tasks a parent's sub-flow node launched. */
  childrenOf(taskNodeId: string) {
    return this.db
      .select({ id: flowTasks.id, parentId: flowTasks.parentId })
      .from(flowTasks)
      .where(and(eq(flowTasks.parentNodeId, taskNodeId), eq(flowTasks.deleteMark, 0)))
      .orderBy(asc(flowTasks.creatorTime));
  }

  /**
   * GET /FlowBefore/0?flowId=: what the launch form needs before a task exists (the start node's
   * form, its field rights and properties), for a version of a released template the user may launch.
   */
  async launchInfo(flowId: string, mayLaunch: (p: StartProperties) => Promise<boolean>) {
    const row = await flowVersion(this.db, flowId);
    if (row.template.enabledMark !== 1) throw badRequest(WorkflowMessages.flowStopped);
    const start = graphOf(row.version).start;
    if (!(await mayLaunch(start.properties))) throw badRequest(WorkflowMessages.notInitiator);
    const [form] = await this.db.select().from(flowForms).where(eq(flowForms.id, start.properties.formId));
    return {
      flowTaskInfo: null,
      flowTaskNodeList: [],
      flowTaskOperatorList: [],
      flowTaskOperatorRecordList: [],
      flowTemplateInfo: {
        id: row.version.id,
        templateId: row.template.id,
        fullName: row.version.fullName,
        type: row.template.type,
        flowTemplateJson: row.version.flowTemplateJson,
        version: row.version.flowVersion,
      },
      flowFormInfo: form ? formInfo(form) : null,
      formOperates: start.properties.formOperates,
      approversProperties: JSON.stringify(start.properties),
      formData: {},
      draftData: null,
    };
  }

  /** GET /FlowBefore/{id}: the task with its nodes, operators, records, flow and form. */
  async info(taskId: string, query: { taskNodeId?: string; taskOperatorId?: string }) {
    const [task] = await this.db
      .select()
      .from(flowTasks)
      .where(and(eq(flowTasks.id, taskId), eq(flowTasks.deleteMark, 0)));
    if (!task) throw badRequest(WorkflowMessages.taskMissing);
    const [nodes, operators, records, [version]] = await Promise.all([
      this.db
        .select()
        .from(flowTaskNodes)
        .where(eq(flowTaskNodes.taskId, taskId))
        .orderBy(asc(flowTaskNodes.creatorTime)),
      this.db
        .select()
        .from(flowTaskOperators)
        .where(eq(flowTaskOperators.taskId, taskId))
        .orderBy(asc(flowTaskOperators.creatorTime), asc(flowTaskOperators.sortCode)),
      this.db
        .select()
        .from(flowTaskRecords)
        .where(and(eq(flowTaskRecords.taskId, taskId), ne(flowTaskRecords.status, 3)))
        .orderBy(asc(flowTaskRecords.handleTime), asc(flowTaskRecords.id)),
      this.db.select().from(flowTemplateJsons).where(eq(flowTemplateJsons.id, task.flowId)),
    ]);
    const names = await userNames(this.db, [
      task.creatorUserId ?? '',
      ...operators.map((o) => o.handleId),
      ...records.flatMap((r) => [r.handleId, r.operatorId ?? '']),
    ]);
    const heads = await this.db
      .select({ id: users.id, headIcon: users.headIcon })
      .from(users)
      .where(inArray(users.id, [...new Set(records.map((r) => r.handleId))].concat([''])));
    const headOf = new Map(heads.map((h) => [h.id, h.headIcon]));
    const graph = graphOf(task);
    const current = query.taskOperatorId ? operators.find((o) => o.id === query.taskOperatorId) : undefined;
    const nodeCode = current?.nodeCode ?? nodes.find((n) => n.id === query.taskNodeId)?.nodeCode;
    const node = nodeCode ? graph.nodes.get(nodeCode) : graph.start;
    const formId = (node?.type === 'approver' && node.properties.formId) || graph.start.properties.formId;
    const [form] = await this.db.select().from(flowForms).where(eq(flowForms.id, formId));
    return {
      flowTaskInfo: { ...taskRow(task, names), formData: undefined, flowTemplateJson: undefined },
      flowTaskNodeList: nodes.map((n) => ({
        id: n.id,
        nodeCode: n.nodeCode,
        nodeName: n.nodeName,
        nodeType: n.nodeType,
        nodeUp: n.nodeUp,
        completion: n.completion,
        state: n.state,
        creatorTime: n.creatorTime,
        completeTime: n.completeTime,
      })),
      flowTaskOperatorList: operators.map((o) => ({
        id: o.id,
        taskNodeId: o.taskNodeId,
        nodeCode: o.nodeCode,
        nodeName: o.nodeName,
        handleId: o.handleId,
        userName: names.get(o.handleId) ?? null,
        handleType: o.handleType,
        handleStatus: o.handleStatus,
        handleTime: o.handleTime,
        completion: o.completion,
        state: o.state,
        waiting: o.waiting,
        parentId: o.parentId,
        creatorTime: o.creatorTime,
      })),
      flowTaskOperatorRecordList: records.map((r) => ({
        id: r.id,
        nodeCode: r.nodeCode,
        nodeName: r.nodeName,
        handleStatus: r.handleStatus,
        handleId: r.handleId,
        userName: names.get(r.handleId) ?? null,
        headIcon: headOf.get(r.handleId) ?? null,
        handleTime: r.handleTime,
        creatorTime: r.creatorTime,
        handleOpinion: r.handleOpinion,
        signImg: r.signImg,
        fileList: r.fileList,
        operatorId: r.operatorId ? (names.get(r.operatorId) ?? r.operatorId) : null,
        taskId: r.taskId,
        taskNodeId: r.taskNodeId,
        taskOperatorId: r.taskOperatorId,
        status: r.status,
      })),
      flowTemplateInfo: {
        id: task.flowId,
        templateId: task.templateId,
        fullName: task.flowName,
        type: task.flowType,
        flowTemplateJson: task.flowTemplateJson,
        version: version?.flowVersion ?? task.flowVersion,
      },
      flowFormInfo: form ? formInfo(form) : null,
      formOperates:
        node && (node.type === 'start' || node.type === 'approver') ? node.properties.formOperates : [],
      approversProperties: node ? JSON.stringify(node.properties) : null,
      formData: task.flowFormContentJson,
      draftData: current?.draftData ?? null,
    };
  }
}

/** GET /FlowBefore/{operatorId}/Info: open a message link as a todo (isCheck) or read-only with the caller's record. */
export async function operatorLink(db: Db, operatorId: string, userId: string) {
  const [row] = await db
    .select({ op: flowTaskOperators, status: flowTasks.status, templateId: flowTasks.templateId })
    .from(flowTaskOperators)
    .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
    .where(eq(flowTaskOperators.id, operatorId));
  if (!row || !(await mayActFor(db, row.op.handleId, userId, row.templateId))) {
    const [record] = await db
      .select({ id: flowTaskRecords.id })
      .from(flowTaskRecords)
      .where(and(eq(flowTaskRecords.taskOperatorId, operatorId), eq(flowTaskRecords.handleId, userId)))
      .orderBy(desc(flowTaskRecords.handleTime))
      .limit(1);
    if (!record) throw badRequest(WorkflowMessages.operatorMissing);
    return { isCheck: false, flowTaskOperatorRecordId: record.id };
  }
  const pending =
    row.op.completion === 0 &&
    row.op.state !== -1 &&
    row.op.waiting === 0 &&
    row.status === TaskStatus.Running;
  if (pending) return { isCheck: true };
  const [record] = await db
    .select({ id: flowTaskRecords.id })
    .from(flowTaskRecords)
    .where(and(eq(flowTaskRecords.taskOperatorId, operatorId), eq(flowTaskRecords.handleId, userId)))
    .orderBy(desc(flowTaskRecords.handleTime))
    .limit(1);
  return { isCheck: false, flowTaskOperatorRecordId: record?.id ?? null };
}
