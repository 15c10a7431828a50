import type { PortalAuth } from '@console/shared';
import { http } from '../../../../base/api';

export type { PortalAuth };
export type WidgetRow = Record<string, unknown>;

export const PORTAL_BASE = '/visualdev/Portal';

export const portalKeys = {
  all: ['portal'] as const,
  auth: (id: string) => ['portal', 'auth', id] as const,
  widgetData: (interfaceId: string) => ['portal', 'widgetData', interfaceId] as const,
  notices: ['portal', 'notices'] as const,
  todos: (count: number) => ['portal', 'todos', count] as const,
  todoCounts: ['portal', 'todoCounts'] as const,
  mails: ['portal', 'mails'] as const,
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

/** A notice of the viewer (POST /Dashboard/Notice); `id` is the receipt ReadInfo opens. */
export interface NoticeRow {
  id: string;
  fullName: string;
  category: string;
  categoryId: string | null;
  excerpt: string | null;
  coverImage: string | null;
  isRead: number;
  creatorTime: number | null;
  releaseTime: number | null;
  releaseUser: string | null;
}

/** The viewer's latest notices, of the given notice categories (all when none). */
export const fetchNotices = async (typeList: string[] = []) =>
  (await http.post<{ list: NoticeRow[] }>('/visualdev/Dashboard/Notice', { typeList })).list;

export interface TodoRow {
  id: string;
  taskId: string;
  taskNodeId: string | null;
  flowId: string;
  fullName: string;
  flowName: string;
  userName: string | null;
  creatorTime: number;
}

/** The viewer's pending approvals (the todoList widget). */
export const fetchTodos = async (count: number) =>
  (await http.get<{ list: TodoRow[] }>('/visualdev/Dashboard/FlowTodo', { currentPage: 1, pageSize: count }))
    .list;

/** The counts of the todo widget (POST /Dashboard/FlowTodoCount). */
export interface TodoCounts {
  toBeReviewed: number;
  entrust: number;
  flowDone: number;
  flowCirculate: number;
}

export const fetchTodoCounts = () =>
  http.post<TodoCounts>('/visualdev/Dashboard/FlowTodoCount', {
    toBeReviewedType: [],
    flowDoneType: [],
    flowCirculateType: [],
  });

/** An unread received mail of the viewer (GET /Dashboard/Email). */
export interface MailRow {
  id: string;
  fullName: string;
  sender: string;
  senderName: string;
  creatorTime: number | null;
}

export const fetchUnreadMails = async () =>
  (await http.get<{ list: MailRow[] }>('/visualdev/Dashboard/Email')).list;
