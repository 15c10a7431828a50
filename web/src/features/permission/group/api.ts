import type { GroupItem } from '@console/shared';
import { http } from '../../../base/api';
import type { Paged } from '../../../widgets/org-picker/api';
import { send } from '../organize/shared';

export type { GroupItem };

export interface GroupQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface GroupForm {
  fullName: string;
  enCode: string;
  type: string;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export const groupKeys = {
  all: ['permissionGroup'] as const,
  list: (query: GroupQuery) => ['permissionGroup', 'list', query] as const,
};

const BASE = '/permission/Group';

export function fetchGroups(query: GroupQuery): Promise<Paged<GroupItem>> {
  return http.get<Paged<GroupItem>>(BASE, { ...query });
}

export function fetchGroup(id: string): Promise<GroupItem> {
  return http.get<GroupItem>(`${BASE}/${id}`);
}

export function saveGroup(form: GroupForm, id?: string) {
  return id ? send(`${BASE}/${id}`, 'PUT', form) : send(BASE, 'POST', form);
}

export function deleteGroup(id: string) {
  return send(`${BASE}/${id}`, 'DELETE');
}
