import type { MessageChannel, MessageMonitorItem, PagedList } from '@console/shared';
import { http } from '../../../base/api';

export interface MonitorQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  messageType?: MessageChannel;
  messageSource?: number;
  startTime?: number;
  endTime?: number;
}

export const monitorKeys = {
  all: ['msgMonitor'] as const,
  list: (query: MonitorQuery) => ['msgMonitor', 'list', query] as const,
};

const BASE = '/message/MessageMonitor';

export const fetchMonitor = (query: MonitorQuery) =>
  http.get<PagedList<MessageMonitorItem>>(BASE, { ...query });
export const fetchMonitorDetail = (id: string) => http.get<MessageMonitorItem>(`${BASE}/detail/${id}`);
export const removeMonitor = async (ids: string[]) =>
  (await http.send(`${BASE}/batchRemove`, { method: 'DELETE', data: { ids } })).msg;
export const emptyMonitor = async () => (await http.send(`${BASE}/empty`, { method: 'DELETE' })).msg;
