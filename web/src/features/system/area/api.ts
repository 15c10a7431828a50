import { http } from '../../../base/api';

/** Administrative area (console.md 3; root parent '-1'). */
export interface Area {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type?: string | null;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
  hasChildren?: boolean;
  isLeaf?: boolean;
  version?: number;
}

export type AreaForm = Pick<Area, 'parentId' | 'fullName' | 'enCode' | 'sortCode' | 'enabledMark'> & {
  id?: string;
  description?: string;
  version?: number;
};

/** Parent id of the top level. */
export const AREA_ROOT = '-1';

export const areaKeys = {
  all: ['area'] as const,
  children: (parentId: string, keyword = '') => ['area', 'children', parentId, keyword] as const,
  labels: (paths: readonly (readonly string[])[]) => ['area', 'labels', paths] as const,
};

const BASE = '/system/Area';

const listOf = <T>(answer: { list: T[] } | T[] | null | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.list ?? []);

/** Children of one area (lazy tree); a keyword searches. */
export async function fetchAreaChildren(parentId: string, keyword = ''): Promise<Area[]> {
  const params = keyword ? { keyword } : undefined;
  return listOf(await http.get<{ list: Area[] }>(`${BASE}/${encodeURIComponent(parentId)}`, params));
}

export function fetchArea(id: string): Promise<Area> {
  return http.get<Area>(`${BASE}/${id}/Info`);
}

export async function saveArea(form: AreaForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return answer.msg;
}

export async function deleteArea(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleArea(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}/Actions/State`, { method: 'PUT' })).msg;
}

/** Labels of id paths: [['110000','110100']] gives [['北京市','市辖区']]. */
export async function fetchAreaLabels(paths: readonly (readonly string[])[]): Promise<string[][]> {
  if (paths.length === 0) return [];
  const answer = await http.post<string[][] | { list: string[][] }>(`${BASE}/GetAreaByIds`, {
    idsList: paths,
  });
  return listOf(answer);
}

/** True when the node has no children to load. */
export function isAreaLeaf(area: Area): boolean {
  if (area.isLeaf !== undefined) return Boolean(area.isLeaf);
  if (area.hasChildren !== undefined) return !area.hasChildren;
  return false;
}
