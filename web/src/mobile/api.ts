import { fetchMessages } from '../features/message/inbox/api';
import { fetchTasks, type ListKind } from '../features/workflow/lists/api';

/** The four flow lists of the mobile app, in tab order (the desktop's list APIs). */
export const FLOW_KINDS = ['todo', 'done', 'circulate', 'launch'] as const satisfies readonly ListKind[];
export type FlowKind = (typeof FLOW_KINDS)[number];

export const isFlowKind = (value: string | undefined): value is FlowKind =>
  FLOW_KINDS.includes(value as FlowKind);

export const PAGE_SIZE = 20;

/** How many rows a list holds (one row asked for). */
export async function countTasks(kind: FlowKind): Promise<number> {
  const answer = await fetchTasks(kind, { keyword: '', currentPage: 1, pageSize: 1 });
  return answer.pagination.total;
}

/** The latest notices (message type 1). */
export async function latestNotices(count: number) {
  return (await fetchMessages({ currentPage: 1, pageSize: count, type: 1 })).list;
}
