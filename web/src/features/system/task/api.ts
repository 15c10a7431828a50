import type {
  TaskExecuteContent,
  TaskExecuteType,
  TaskInfo,
  TaskListItem,
  TaskLogRow,
  TaskMethod,
} from '@console/shared';
import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

export type { TaskExecuteContent, TaskExecuteType, TaskInfo, TaskListItem, TaskLogRow, TaskMethod };

export interface TaskQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface TaskLogQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  runResult?: number | '';
}

export interface TaskForm {
  id?: string;
  fullName: string;
  enCode: string;
  executeType: TaskExecuteType;
  executeContent: string;
  enabledMark: number;
  description?: string | null;
  sortCode: number;
  version?: number;
}

export interface RunAnswer {
  logId: string;
  runResult: 0 | 1;
  description: string;
}

export const taskKeys = {
  all: ['systemTask'] as const,
  list: (query: TaskQuery) => ['systemTask', 'list', query] as const,
  info: (id: string) => ['systemTask', 'info', id] as const,
  methods: ['systemTask', 'methods'] as const,
  logs: (id: string, query: TaskLogQuery) => ['systemTask', 'logs', id, query] as const,
};

const BASE = '/scheduletask';

export function fetchTasks(query: TaskQuery): Promise<PagedAnswer<TaskListItem>> {
  return http.get<PagedAnswer<TaskListItem>>(BASE, { ...query });
}

export function fetchTask(id: string): Promise<TaskInfo> {
  return http.get<TaskInfo>(`${BASE}/Info/${id}`);
}

export function fetchTaskMethods(): Promise<TaskMethod[]> {
  return http.get<TaskMethod[]>(`${BASE}/TaskMethods`);
}

export async function saveTask(form: TaskForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return answer.msg;
}

export async function deleteTask(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function setTaskEnabled(id: string, enabled: boolean): Promise<string> {
  return (await http.send(`${BASE}/${id}/Actions/${enabled ? 'Enable' : 'Stop'}`, { method: 'PUT' })).msg;
}

export async function runTask(id: string): Promise<{ msg: string; data: RunAnswer }> {
  const answer = await http.send<RunAnswer>(`${BASE}/${id}/Actions/Run`, { method: 'POST' });
  return { msg: answer.msg, data: answer.data };
}

export function fetchTaskLogs(id: string, query: TaskLogQuery): Promise<PagedAnswer<TaskLogRow>> {
  return http.get<PagedAnswer<TaskLogRow>>(`${BASE}/${id}/TaskLog`, { ...query });
}
