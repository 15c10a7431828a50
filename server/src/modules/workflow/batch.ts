import { type BatchOperationBody, HandleStatus, TaskStatus } from '@console/shared';
import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { BizError, badRequest } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import {
  flowTaskOperators,
  flowTaskRecords,
  flowTasks,
  organizes,
  positions,
  users,
} from '../../db/schema/index.js';
import { delegateOr } from './delegate.js';
import type { WorkflowEngine } from './engine/workflow-engine.js';

export const BatchMessages = {
  done: (ok: number, failed: number) =>
    failed === 0 ? `批量审批成功，共 ${ok} 条` : `批量审批完成：成功 ${ok} 条，失败 ${failed} 条`,
  noneDone: (first: string) => `批量审批失败：${first}`,
  missing: '所选待办不存在或已被处理，请刷新后重试',
  mixedVersions: '批量审批的待办必须属于同一流程的同一版本',
  noGroup: '未分组',
} as const;

/** One failed item of a batch: the todo, its task title and why. */
export interface BatchFailure {
  id: string;
  fullName: string;
  msg: string;
}

/**
 * Batch approval (workflow.md 4.3): the caller's todos (own or delegated) of tasks whose flow
 * allows batch approval (start node isBatchApproval; kept on the task as isBatch). Each todo of
 * a BatchOperation is handled in its own transaction by the engine, so one that fails (handled
 * meanwhile, needs a candidate, ...) leaves the others done and is named in the answer.
 */
export class BatchService {
  constructor(
    private readonly db: Db,
    private readonly engine: WorkflowEngine,
  ) {}

  private todoOf(userId: string): SQL {
    return and(
      delegateOr(flowTaskOperators.handleId, userId, flowTasks.templateId),
      eq(flowTaskOperators.completion, 0),
      ne(flowTaskOperators.state, -1),
      eq(flowTaskOperators.waiting, 0),
      eq(flowTasks.status, TaskStatus.Running),
      eq(flowTasks.isBatch, 1),
      eq(flowTasks.deleteMark, 0),
    ) as SQL;
  }

  /** GET /FlowBefore/BatchFlowSelector: templates with batch todos → [{id, fullName, num}]. */
  async flows(userId: string) {
    const rows = await this.db
      .select({ id: flowTasks.templateId, fullName: flowTasks.flowName, num: count() })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(this.todoOf(userId))
      .groupBy(flowTasks.templateId, flowTasks.flowName)
      .orderBy(asc(flowTasks.flowName));
    return rows;
  }

  /** GET /FlowBefore/BatchFlowJsonList/{templateId}: its versions with batch todos → [{id (flowId), fullName, num}]. */
  async versions(userId: string, templateId: string) {
    const rows = await this.db
      .select({
        id: flowTasks.flowId,
        flowName: flowTasks.flowName,
        flowVersion: flowTasks.flowVersion,
        num: count(),
      })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(and(this.todoOf(userId), eq(flowTasks.templateId, templateId)))
      .groupBy(flowTasks.flowId, flowTasks.flowName, flowTasks.flowVersion)
      .orderBy(asc(flowTasks.flowVersion));
    return rows.map((r) => ({ id: r.id, fullName: `${r.flowName}(v${r.flowVersion})`, num: r.num }));
  }

  /** GET /FlowBefore/NodeSelector/{flowId}: the nodes of that version where batch todos wait → [{id (nodeCode), fullName, num}]. */
  async nodes(userId: string, flowId: string) {
    return this.db
      .select({ id: flowTaskOperators.nodeCode, fullName: flowTaskOperators.nodeName, num: count() })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(and(this.todoOf(userId), eq(flowTasks.flowId, flowId)))
      .groupBy(flowTaskOperators.nodeCode, flowTaskOperators.nodeName)
      .orderBy(asc(flowTaskOperators.nodeName));
  }

  /** POST /FlowBefore/BatchOperation */
  async operate(body: BatchOperationBody, userId: string) {
    const ids = [...new Set(body.ids)];
    const rows = await this.db
      .select({ id: flowTaskOperators.id, flowId: flowTasks.flowId, fullName: flowTasks.fullName })
      .from(flowTaskOperators)
      .innerJoin(flowTasks, eq(flowTasks.id, flowTaskOperators.taskId))
      .where(and(inArray(flowTaskOperators.id, ids), this.todoOf(userId)));
    // Checked before anything is done: a bad selection changes nothing.
    if (rows.length !== ids.length) throw badRequest(`ids：${BatchMessages.missing}`);
    if (new Set(rows.map((r) => r.flowId)).size > 1) throw badRequest(`ids：${BatchMessages.mixedVersions}`);
    const titleOf = new Map(rows.map((r) => [r.id, r.fullName]));
    const succeeded: string[] = [];
    const failed: BatchFailure[] = [];
    for (const id of ids) {
      try {
        if (body.batchType === 0) await this.engine.audit(id, body, userId);
        else if (body.batchType === 1) await this.engine.reject(id, { ...body, rejectStep: '' }, userId);
        else await this.engine.transfer(id, body, userId);
        succeeded.push(id);
      } catch (error) {
        if (!(error instanceof BizError)) throw error;
        failed.push({ id, fullName: titleOf.get(id) ?? '', msg: error.message });
      }
    }
    const first = failed[0];
    if (succeeded.length === 0 && first)
      throw badRequest(BatchMessages.noneDone(first.msg), { succeeded, failed });
    return { succeeded, failed, msg: BatchMessages.done(succeeded.length, failed.length) };
  }

  /**
   * GET /FlowBefore/RecordList/{taskId}: the task's approval records grouped by the handler's
   * department (category 1) or position (3); type 1 keeps only approvals and returns.
   */
  async recordGroups(taskId: string, category: number, type: number) {
    const statuses = type === 1 ? [HandleStatus.Approve, HandleStatus.Reject] : undefined;
    const records = await this.db
      .select({
        rec: flowTaskRecords,
        realName: users.realName,
        account: users.account,
        headIcon: users.headIcon,
        organizeId: users.organizeId,
        positionId: users.positionId,
      })
      .from(flowTaskRecords)
      .leftJoin(users, eq(users.id, flowTaskRecords.handleId))
      .where(
        and(
          eq(flowTaskRecords.taskId, taskId),
          ne(flowTaskRecords.status, 3),
          statuses ? inArray(flowTaskRecords.handleStatus, statuses) : undefined,
        ),
      )
      .orderBy(asc(flowTaskRecords.handleTime), asc(flowTaskRecords.id));
    const keyOf = (r: (typeof records)[number]) => (category === 3 ? r.positionId : r.organizeId) ?? '';
    const keys = [...new Set(records.map(keyOf).filter(Boolean))].concat('');
    const named =
      category === 3
        ? await this.db
            .select({ id: positions.id, fullName: positions.fullName })
            .from(positions)
            .where(inArray(positions.id, keys))
        : await this.db
            .select({ id: organizes.id, fullName: organizes.fullName })
            .from(organizes)
            .where(inArray(organizes.id, keys));
    const nameOf = new Map(named.map((n) => [n.id, n.fullName]));
    const groups = new Map<string, { id: string; fullName: string; list: unknown[] }>();
    for (const r of records) {
      const key = keyOf(r);
      let group = groups.get(key);
      if (!group) {
        group = { id: key, fullName: nameOf.get(key) ?? BatchMessages.noGroup, list: [] };
        groups.set(key, group);
      }
      group.list.push({
        id: r.rec.id,
        nodeName: r.rec.nodeName,
        handleOpinion: r.rec.handleOpinion,
        userName: r.realName ? `${r.realName}/${r.account}` : r.rec.handleId,
        handleTime: r.rec.handleTime,
        handleStatus: r.rec.handleStatus,
        signImg: r.rec.signImg,
        fileList: r.rec.fileList,
        headIcon: r.headIcon,
      });
    }
    return [...groups.values()];
  }
}
