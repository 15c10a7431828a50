import { http, listOf } from '../../base/api';

// The area reads that the address picker and the area page (features/system/area) share.

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

/** Parent id of the top level. */
export const AREA_ROOT = '-1';

export const areaKeys = {
  all: ['area'] as const,
  children: (parentId: string, keyword = '') => ['area', 'children', parentId, keyword] as const,
  labels: (paths: readonly (readonly string[])[]) => ['area', 'labels', paths] as const,
};

/** The area API's base path. */
export const AREA_API = '/system/Area';

/** Children of one area (lazy tree); a keyword searches. */
export async function fetchAreaChildren(parentId: string, keyword = ''): Promise<Area[]> {
  const params = keyword ? { keyword } : undefined;
  return listOf(await http.get<{ list: Area[] }>(`${AREA_API}/${encodeURIComponent(parentId)}`, params));
}

/** Labels of id paths: [['110000','110100']] gives [['北京市','市辖区']]. */
export async function fetchAreaLabels(paths: readonly (readonly string[])[]): Promise<string[][]> {
  if (paths.length === 0) return [];
  const answer = await http.post<string[][] | { list: string[][] }>(`${AREA_API}/GetAreaByIds`, {
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
