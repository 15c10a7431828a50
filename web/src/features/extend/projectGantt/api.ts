import type { ProjectRow, ProjectTaskNode } from '@console/shared';
import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';
import type { Paging } from '../../../widgets/list/paged-table';

export type { ProjectRow, ProjectTaskNode };
export type ProjectQuery = { keyword: string } & Paging;

const BASE = '/extend/ProjectGantt';

export const ganttKeys = {
  all: ['extendProjectGantt'] as const,
  list: (query: ProjectQuery) => ['extendProjectGantt', 'list', query] as const,
  tasks: (projectId: string) => ['extendProjectGantt', 'tasks', projectId] as const,
  selector: (projectId: string, taskId: string) =>
    ['extendProjectGantt', 'selector', projectId, taskId] as const,
};

export const fetchProjects = (query: ProjectQuery) => http.get<PagedAnswer<ProjectRow>>(BASE, { ...query });

export async function fetchTasks(projectId: string): Promise<ProjectTaskNode[]> {
  return (await http.get<{ list: ProjectTaskNode[] }>(`${BASE}/${projectId}/Task`)).list;
}

export async function fetchTaskSelector(projectId: string, taskId: string): Promise<ProjectTaskNode[]> {
  return (await http.get<{ list: ProjectTaskNode[] }>(`${BASE}/${projectId}/Task/Selector/${taskId || '0'}`))
    .list;
}

export interface ProjectForm {
  id?: string;
  fullName: string;
  enCode?: string;
  startTime: number;
  endTime: number;
  timeLimit: number;
  schedule: number;
  state?: number;
  signColor?: string;
  managerIds: string;
  description?: string;
  version?: number;
}

export async function saveProject(form: ProjectForm): Promise<string> {
  return form.id
    ? (await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })).msg
    : (await http.send(BASE, { method: 'POST', data: form })).msg;
}

export async function saveTask(form: ProjectForm & { projectId: string; parentId: string }): Promise<string> {
  return form.id
    ? (await http.send(`${BASE}/Task/${form.id}`, { method: 'PUT', data: form })).msg
    : (await http.send(`${BASE}/Task`, { method: 'POST', data: form })).msg;
}

/** A project with its tasks, or a task with its subtasks. */
export async function deleteGantt(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}
