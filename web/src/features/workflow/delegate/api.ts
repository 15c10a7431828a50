import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

const BASE = '/workflow/Engine';

/** A delegation (workflow.md 4.5): type "0" launch / "1" approve on behalf, in a date range. */
export interface Delegation {
  id: string;
  type: string;
  userId: string;
  userName: string | null;
  toUserId: string;
  toUserName: string | null;
  /** Comma list of template ids; empty = every flow. */
  flowId: string;
  flowName: string | null;
  startTime: number;
  endTime: number;
  enabledMark: number;
  description: string | null;
  version: number;
}

export interface DelegationQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  /** '1' mine, '2' delegated to me. */
  myOrDelagateToMe: '1' | '2';
}

export interface DelegationBody {
  toUserId: string;
  type: string;
  flowId: string;
  startTime: number;
  endTime: number;
  description: string;
  version?: number | undefined;
}

export const entrustKeys = {
  all: ['workflowEntrust'] as const,
  list: (query: DelegationQuery) => ['workflowEntrust', 'list', query] as const,
  flows: ['workflowEntrust', 'flows'] as const,
};

export const fetchDelegations = (query: DelegationQuery) =>
  http.get<PagedAnswer<Delegation>>(`${BASE}/FlowDelegate`, { ...query });
export const fetchDelegation = (id: string) => http.get<Delegation>(`${BASE}/FlowDelegate/${id}`);
export const fetchDelegableFlows = async () =>
  (await http.get<{ list: { id: string; fullName: string }[] }>(`${BASE}/FlowDelegate/getflow`)).list;

export function saveDelegation(id: string | undefined, body: DelegationBody) {
  return http.send(id ? `${BASE}/FlowDelegate/${id}` : `${BASE}/FlowDelegate`, {
    method: id ? 'PUT' : 'POST',
    data: body,
  });
}
export const stopDelegation = async (id: string) =>
  (await http.send(`${BASE}/FlowDelegate/Stop/${id}`, { method: 'PUT' })).msg;
export const deleteDelegation = async (id: string) =>
  (await http.send(`${BASE}/FlowDelegate/${id}`, { method: 'DELETE' })).msg;
