import type { OnlineConfig, OnlineRecord } from '@console/shared';
import { http } from '../../../base/api';

/** Calls of the generated pages (forms.md 5), `/api/visualdev/OnlineDev/{modelId}/…`. */
const base = (modelId: string) => `/visualdev/OnlineDev/${encodeURIComponent(modelId)}`;

export type OnlineRow = Record<string, unknown> & { id: string; version?: number };

export interface OnlineListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  sidx: string;
  sort: 'asc' | 'desc';
  queryJson: string;
  /** The advanced query (super-query.ts superQueryJson); '' for none. */
  superQueryJson: string;
  menuId: string;
}

export interface OnlineListAnswer {
  list: OnlineRow[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const onlineKeys = {
  all: ['onlineDev'] as const,
  config: (modelId: string) => ['onlineDev', modelId, 'config'] as const,
  list: (modelId: string, query: OnlineListQuery) => ['onlineDev', modelId, 'list', query] as const,
};

export const fetchConfig = (modelId: string) => http.get<OnlineConfig>(`${base(modelId)}/Config`);

export const fetchList = (modelId: string, query: OnlineListQuery) =>
  http.post<OnlineListAnswer>(`${base(modelId)}/List`, query);

/** Raw values of a record for its form (data is a JSON string). */
export async function fetchRecord(modelId: string, id: string): Promise<Record<string, unknown>> {
  const answer = await http.get<OnlineRecord>(`${base(modelId)}/${encodeURIComponent(id)}`);
  return JSON.parse(answer.data) as Record<string, unknown>;
}

export async function saveRecord(modelId: string, id: string | undefined, data: Record<string, unknown>) {
  const body = { ...(id ? { id } : {}), data: JSON.stringify(data) };
  const answer = id
    ? await http.send(`${base(modelId)}/${encodeURIComponent(id)}`, { method: 'PUT', data: body })
    : await http.send(base(modelId), { method: 'POST', data: body });
  return answer.msg;
}

export async function removeRecord(modelId: string, id: string) {
  return (await http.send(`${base(modelId)}/${encodeURIComponent(id)}`, { method: 'DELETE' })).msg;
}

export async function removeRecords(modelId: string, ids: string[]) {
  return (
    await http.send(`/visualdev/OnlineDev/batchDelete/${encodeURIComponent(modelId)}`, {
      method: 'POST',
      data: { ids },
    })
  ).msg;
}

export const exportRecords = (
  modelId: string,
  query: OnlineListQuery & { dataType: number; selectKey: string[] },
) => http.post<{ name: string; url: string }>(`${base(modelId)}/Actions/Export`, query);

/** A saved advanced-query scheme (/api/system/AdvancedQuery), the caller's own, per menu. */
export interface QueryScheme {
  id: string;
  fullName: string;
  matchLogic: string;
  moduleId: string;
  conditionJson: string;
}

export const schemeKeys = {
  list: (menuId: string) => ['onlineDev', 'advancedQuery', menuId] as const,
};

export const fetchSchemes = async (menuId: string) =>
  (await http.get<{ list: QueryScheme[] }>(`/system/AdvancedQuery/${encodeURIComponent(menuId)}/List`)).list;

export async function createScheme(body: Omit<QueryScheme, 'id'>) {
  return (await http.send('/system/AdvancedQuery', { method: 'POST', data: body })).msg;
}

export async function removeScheme(id: string) {
  return (await http.send(`/system/AdvancedQuery/${encodeURIComponent(id)}`, { method: 'DELETE' })).msg;
}
