import type { PositionItem } from '@console/shared';
import { http } from '../../../base/api';
import type { Paged } from '../../../widgets/org-picker/api';
import { send } from '../organize/shared';

export type { PositionItem };

export interface PositionQuery {
  keyword: string;
  organizeId: string;
  currentPage: number;
  pageSize: number;
}

export interface PositionForm {
  organizeId: string;
  fullName: string;
  enCode: string;
  type?: string | null;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export const positionKeys = {
  all: ['permissionPosition'] as const,
  list: (query: PositionQuery) => ['permissionPosition', 'list', query] as const,
};

const BASE = '/permission/Position';

export function fetchPositions(query: PositionQuery): Promise<Paged<PositionItem>> {
  return http.get<Paged<PositionItem>>(BASE, { ...query });
}

export function fetchPosition(id: string): Promise<PositionItem> {
  return http.get<PositionItem>(`${BASE}/${id}`);
}

export function savePosition(form: PositionForm, id?: string) {
  return id ? send(`${BASE}/${id}`, 'PUT', form) : send(BASE, 'POST', form);
}

export function deletePosition(id: string) {
  return send(`${BASE}/${id}`, 'DELETE');
}

export function togglePosition(id: string) {
  return send(`${BASE}/${id}/Actions/State`, 'PUT');
}
