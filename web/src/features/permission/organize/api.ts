import type { OrganizeCategory, OrganizeInfo, OrganizeNode } from '@console/shared';
import { http, type ListAnswer, listOf } from '../../../base/api';
import { send } from './shared';

export type { OrganizeCategory, OrganizeInfo, OrganizeNode };

export interface OrganizeForm {
  parentId: string;
  fullName: string;
  enCode: string;
  shortName?: string | null;
  managerId?: string | null;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export const organizeKeys = {
  all: ['permissionOrganize'] as const,
  tree: (keyword: string) => ['permissionOrganize', 'tree', keyword] as const,
  info: (id: string) => ['permissionOrganize', 'info', id] as const,
};

const BASE = '/permission/Organize';
/** Companies live under /Organize, departments under /Organize/Department. */
const base = (category: OrganizeCategory) => (category === 'company' ? BASE : `${BASE}/Department`);

/** The unit tree of the page (companies and departments), filtered by keyword. */
export async function fetchOrganizeList(keyword: string): Promise<OrganizeNode[]> {
  return listOf(await http.get<ListAnswer<OrganizeNode>>(BASE, { keyword }));
}

export function fetchOrganize(category: OrganizeCategory, id: string): Promise<OrganizeInfo> {
  return http.get<OrganizeInfo>(`${base(category)}/${id}`);
}

export async function saveOrganize(category: OrganizeCategory, form: OrganizeForm, id?: string) {
  return id ? send(`${base(category)}/${id}`, 'PUT', form) : send(base(category), 'POST', form);
}

export function deleteOrganize(category: OrganizeCategory, id: string) {
  return send(`${base(category)}/${id}`, 'DELETE');
}

export function toggleOrganize(category: OrganizeCategory, id: string) {
  return send(`${base(category)}/${id}/Actions/State`, 'PUT');
}
