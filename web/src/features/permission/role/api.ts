import type { RoleInfo, RoleItem } from '@console/shared';
import { http } from '../../../base/api';
import type { Paged } from '../../../widgets/org-picker/api';
import { indexTree, type PickerNode } from '../../../widgets/org-picker/selection';
import { send } from '../organize/shared';

export type { RoleInfo, RoleItem };

export interface RoleQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface RoleForm {
  fullName: string;
  enCode: string;
  type?: string | null;
  globalMark: number;
  organizeIdsTree: string[][];
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export const roleKeys = {
  all: ['permissionRole'] as const,
  list: (query: RoleQuery) => ['permissionRole', 'list', query] as const,
};

const BASE = '/permission/Role';

export function fetchRoles(query: RoleQuery): Promise<Paged<RoleItem>> {
  return http.get<Paged<RoleItem>>(BASE, { ...query });
}

export function fetchRole(id: string): Promise<RoleInfo> {
  return http.get<RoleInfo>(`${BASE}/${id}`);
}

export function saveRole(form: RoleForm, id?: string) {
  return id ? send(`${BASE}/${id}`, 'PUT', form) : send(BASE, 'POST', form);
}

export function deleteRole(id: string) {
  return send(`${BASE}/${id}`, 'DELETE');
}

export function toggleRole(id: string) {
  return send(`${BASE}/${id}/Actions/State`, 'PUT');
}

/** The server keeps a role's units as id paths from the top; the picker holds the units' ids. */
export function unitPaths(ids: readonly string[], units: readonly PickerNode[]): string[][] {
  const index = indexTree(units);
  return ids.map((id) => {
    const path = index.get(id)?.organizeIds;
    return path && path.length > 0 && path.at(-1) === id ? [...path] : [id];
  });
}

export function unitIdsOf(paths: readonly (readonly string[])[]): string[] {
  return paths.map((path) => path.at(-1)).filter((id): id is string => Boolean(id));
}
