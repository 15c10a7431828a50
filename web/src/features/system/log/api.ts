import type { LogCategory, LogRow } from '@console/shared';
import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

export type { LogCategory, LogRow };

export interface LogQuery {
  category: LogCategory;
  keyword: string;
  currentPage: number;
  pageSize: number;
  startTime?: number;
  endTime?: number;
}

export const logKeys = {
  all: ['systemLog'] as const,
  list: (query: LogQuery) => ['systemLog', 'list', query] as const,
  retention: ['systemLog', 'retention'] as const,
};

const BASE = '/system/Log';

export function fetchLogs({ category, ...query }: LogQuery): Promise<PagedAnswer<LogRow>> {
  return http.get<PagedAnswer<LogRow>>(`${BASE}/${category}`, { ...query });
}

export async function deleteLogs(ids: string[]): Promise<string> {
  return (await http.send(BASE, { method: 'DELETE', data: { ids } })).msg;
}

export async function clearLogs(category: LogCategory): Promise<string> {
  return (await http.send(`${BASE}/${category}`, { method: 'DELETE' })).msg;
}

export function exportLogs({
  category,
  keyword,
  startTime,
  endTime,
}: LogQuery): Promise<{ name: string; url: string }> {
  return http.get<{ name: string; url: string }>(`${BASE}/${category}/Actions/Export`, {
    keyword,
    startTime,
    endTime,
  });
}

export function fetchRetention(): Promise<{ days: number }> {
  return http.get<{ days: number }>(`${BASE}/Actions/Retention`);
}

export async function saveRetention(days: number): Promise<string> {
  return (await http.send(`${BASE}/Actions/Retention`, { method: 'PUT', data: { days } })).msg;
}
