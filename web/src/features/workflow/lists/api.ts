import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

const BASE = '/workflow/Engine';

/** A row of the launch, todo, done, circulate and monitor lists (workflow.md 4.2, 4.3, 4.5). */
export interface TaskRow {
  id: string;
  /** Task id (todo rows carry the operator id in `id`). */
  processId?: string;
  /** Task id on todo and done rows (their `id` is the operator or record id). */
  taskId?: string;
  taskOperatorId?: string | null;
  fullName: string;
  flowName: string;
  flowCode?: string;
  flowId: string;
  flowVersion?: string;
  thisStep?: string | null;
  thisStepId?: string | null;
  status: number;
  completion?: number;
  flowUrgent: number;
  startTime?: number | null;
  endTime?: number | null;
  creatorTime?: number | null;
  userName?: string | null;
  nodeName?: string | null;
  taskNodeId?: string | null;
  /** Todo rows delegated to the caller: whose todo it is. */
  delegateUser?: string | null;
}

export interface TaskQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  status?: number;
  flowUrgent?: number;
  startTime?: number;
  endTime?: number;
}

/** Which list: the page's menu address, its endpoint and what opening a row means (opType of 4.6). */
export type ListKind = 'launch' | 'todo' | 'done' | 'circulate' | 'monitor';

const URLS: Record<ListKind, string> = {
  launch: `${BASE}/FlowLaunch`,
  todo: `${BASE}/FlowBefore/List/1`,
  done: `${BASE}/FlowBefore/List/2`,
  circulate: `${BASE}/FlowBefore/List/3`,
  monitor: `${BASE}/FlowMonitor`,
};

export const workflowKeys = {
  all: ['workflow'] as const,
  list: (kind: ListKind, query: TaskQuery) => ['workflow', kind, query] as const,
  detail: (taskId: string, operatorId: string) => ['workflow', 'detail', taskId, operatorId] as const,
};

/** Drops empty filters so the query string holds only what the user chose. */
function clean(query: TaskQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

export function fetchTasks(kind: ListKind, query: TaskQuery): Promise<PagedAnswer<TaskRow>> {
  return http.get<PagedAnswer<TaskRow>>(URLS[kind], clean(query));
}

export async function deleteLaunched(id: string): Promise<string> {
  return (await http.send(`${BASE}/FlowLaunch/${id}`, { method: 'DELETE' })).msg;
}

export async function deleteMonitored(ids: string[]): Promise<string> {
  return (await http.send(`${BASE}/FlowMonitor`, { method: 'DELETE', data: { ids: ids.join(',') } })).msg;
}

/** A todo a batch could not handle, and why. */
export interface BatchFailure {
  id: string;
  fullName: string;
  msg: string;
}

/** POST /FlowBefore/BatchOperation: 0 approve, 1 return, 2 transfer the given todos. */
export async function batchOperate(body: {
  ids: string[];
  batchType: 0 | 1 | 2;
  handleOpinion: string;
  freeApproverUserId: string;
}) {
  return http.send<{ succeeded: string[]; failed: BatchFailure[] }>(`${BASE}/FlowBefore/BatchOperation`, {
    method: 'POST',
    data: body,
  });
}
