import type { PortalAuth } from '@console/shared';
import { http } from '../../api';

export type { PortalAuth };
export type WidgetRow = Record<string, unknown>;

export const PORTAL_BASE = '/visualdev/Portal';

export const portalKeys = {
  all: ['portal'] as const,
  auth: (id: string) => ['portal', 'auth', id] as const,
  widgetData: (interfaceId: string) => ['portal', 'widgetData', interfaceId] as const,
  notices: (count: number) => ['portal', 'notices', count] as const,
  todos: (count: number) => ['portal', 'todos', count] as const,
};

export const fetchPortalAuth = (id: string) => http.get<PortalAuth>(`${PORTAL_BASE}/${id}/auth`);

export const saveOwnLayout = async (id: string, formData: string) =>
  (await http.send(`${PORTAL_BASE}/Custom/Save/${id}`, { method: 'PUT', data: { formData } })).msg;

/** A widget's rows: its data interface run for the viewer with the interface's defaults. */
export async function fetchWidgetRows(interfaceId: string): Promise<WidgetRow[]> {
  const data = await http.post<unknown>(`/system/DataInterface/${interfaceId}/Actions/Preview`, {
    paramList: [],
  });
  const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as WidgetRow[]) : [];
}

export interface NoticeRow {
  id: string;
  title: string;
  releaseTime: number | null;
  isRead: number;
}

/** The viewer's latest notices (message type 1). */
export const fetchNotices = async (count: number) =>
  (await http.get<{ list: NoticeRow[] }>('/message', { type: 1, currentPage: 1, pageSize: count })).list;

export interface TodoRow {
  id: string;
  fullName: string;
  flowName: string;
  userName: string | null;
  creatorTime: number;
}

/** The viewer's pending approvals. */
export const fetchTodos = async (count: number) =>
  (await http.get<{ list: TodoRow[] }>('/visualdev/Dashboard/FlowTodo', { currentPage: 1, pageSize: count }))
    .list;
