import type { GradeAdminInfo, GradeAdminItem, GradeTreeNode, GradeUnitRights } from '@console/shared';
import { http, type ListAnswer, listOf } from '../../../base/api';
import type { Paged } from '../../../widgets/org-picker/api';
import { send } from '../organize/shared';

export type { GradeAdminInfo, GradeAdminItem, GradeTreeNode };

export interface GradeQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export const gradeKeys = {
  all: ['permissionGrade'] as const,
  list: (query: GradeQuery) => ['permissionGrade', 'list', query] as const,
  tree: (userId: string) => ['permissionGrade', 'tree', userId] as const,
};

const BASE = '/permission/organizeAdminIsTrator';

export function fetchGradeAdmins(query: GradeQuery): Promise<Paged<GradeAdminItem>> {
  return http.get<Paged<GradeAdminItem>>(BASE, { ...query });
}

/** The unit tree with one administrator's rights per unit ('0': nobody's, all unchecked). */
export async function fetchGradeTree(userId: string): Promise<GradeTreeNode[]> {
  return listOf(await http.get<ListAnswer<GradeTreeNode>>(`${BASE}/Selector/${userId || '0'}`));
}

export function fetchGradeAdmin(userId: string): Promise<GradeAdminInfo> {
  return http.get<GradeAdminInfo>(`${BASE}/${userId}`);
}

export function saveGradeAdmin(userId: string, organizeAdminList: GradeUnitRights[], editing: boolean) {
  return editing
    ? send(`${BASE}/${userId}`, 'PUT', { organizeAdminList })
    : send(BASE, 'POST', { userId, organizeAdminList });
}

export function deleteGradeAdmin(id: string) {
  return send(`${BASE}/${id}`, 'DELETE');
}
