import { readFlowTree } from '@console/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { type flowTaskNodes, type flowTaskOperators, flowTasks } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { compileFlow, type FlowGraph } from '../graph.js';

/**
 * A task as every engine action reads it: its rows, its compiled graph, the transaction an
 * action runs in and the answers the engine gives.
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

export type Task = typeof flowTasks.$inferSelect;
export type TaskNode = typeof flowTaskNodes.$inferSelect;
export type Operator = typeof flowTaskOperators.$inferSelect;

/** What every action runs with (WorkflowEngine holds one). */
export interface Engine {
  services: Services;
  /** Where a message-centre send or flow-event call that failed after the commit is reported. */
  log: (message: string) => void;
}

/** The transaction of one action. */
export interface Txn {
  tx: Tx;
  engine: Engine;
  /**
   * Message-centre sends and flow-event calls of this transaction, made once it commits (never
   * on rollback); absent in a transaction that only reads.
   */
  outbox?: (() => Promise<void>)[];
}

/** One task moving within an action's transaction. */
export interface Step extends Txn {
  task: Task;
  graph: FlowGraph;
  actor: string;
  branchList: string[];
  /** candidateList and errorRuleUserList of the submitter, by node code. */
  chosen: Record<string, string[]>;
  /** Exception nodes whose handler the previous approver must choose (errorRule 3). */
  missing: { nodeId: string; nodeName: string }[];
}

/** Thrown when the task's version moved under us; the transaction is run again. */
class TaskConflict extends Error {}

/** One action in one transaction, run again (a few times) when the task moved meanwhile. */
export async function runAction<T>(engine: Engine, work: (t: Txn) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    // A fresh outbox each attempt: what a rolled-back attempt queued is never sent.
    const outbox: (() => Promise<void>)[] = [];
    try {
      const result = await engine.services.db.transaction((tx) => work({ tx: tx as Tx, engine, outbox }));
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
export async function guard(tx: Tx, task: Task): Promise<void> {
  const [row] = await tx
    .update(flowTasks)
    .set({ version: sql`${flowTasks.version} + 1`, lastModifyTime: Date.now() })
    .where(and(eq(flowTasks.id, task.id), eq(flowTasks.version, task.version)))
    .returning({ version: flowTasks.version });
  if (!row) throw new TaskConflict();
  task.version = row.version;
}

export async function loadTask(tx: DbOrTx, id: string): Promise<Task> {
  const [task] = await tx
    .select()
    .from(flowTasks)
    .where(and(eq(flowTasks.id, id), eq(flowTasks.deleteMark, 0)));
  if (!task) throw badRequest(WorkflowMessages.taskMissing);
  return task;
}

/** Reads and guards a task: from here on this transaction owns it. */
export async function lockTask(tx: Tx, id: string): Promise<Task> {
  const task = await loadTask(tx, id);
  await guard(tx, task);
  return task;
}

export function step(t: Txn, task: Task, actor: string, extra: Partial<Step> = {}): Step {
  return {
    tx: t.tx,
    engine: t.engine,
    outbox: t.outbox,
    task,
    graph: graphOf(task),
    actor,
    branchList: [],
    chosen: {},
    missing: [],
    ...extra,
  };
}

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

export const live = (table: typeof flowTaskOperators | typeof flowTaskNodes) => ne(table.state, -1);
