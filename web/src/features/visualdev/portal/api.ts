import type { PortalItem } from '@console/shared';
import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';
import { PORTAL_BASE } from './view/api';

export type { PortalItem };

export interface PortalForm {
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  linkType: number;
  customUrl?: string;
  enabledLock: number;
  formData: string;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export interface PortalQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  category?: string;
}

interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const designKeys = {
  all: ['portalDesign'] as const,
  list: (query: PortalQuery) => ['portalDesign', 'list', query] as const,
  info: (id: string) => ['portalDesign', 'info', id] as const,
  fields: (interfaceId: string) => ['portalDesign', 'fields', interfaceId] as const,
};

export const fetchPortals = (query: PortalQuery) => http.get<Paged<PortalItem>>(PORTAL_BASE, { ...query });
export const fetchPortal = (id: string) => http.get<PortalItem>(`${PORTAL_BASE}/${id}`);

export async function savePortal(id: string | undefined, form: PortalForm) {
  const answer = id
    ? await http.send(`${PORTAL_BASE}/${id}`, { method: 'PUT', data: form })
    : await http.send(PORTAL_BASE, { method: 'POST', data: form });
  return answer.msg;
}

export const deletePortal = async (id: string) =>
  (await http.send(`${PORTAL_BASE}/${id}`, { method: 'DELETE' })).msg;
export const copyPortal = async (id: string) =>
  (await http.send(`${PORTAL_BASE}/${id}/Actions/Copy`, { method: 'POST' })).msg;
export const exportPortal = (id: string) =>
  http.post<{ name: string; url: string }>(`${PORTAL_BASE}/${id}/Actions/ExportData`);
export const importPortal = async (file: File) =>
  (await uploadFile(`${PORTAL_BASE}/Model/Actions/ImportData`, file)).msg;
export const releasePortal = async (id: string, pcModuleParentId: string) =>
  (await http.send(`${PORTAL_BASE}/Actions/release/${id}`, { method: 'PUT', data: { pcModuleParentId } }))
    .msg;

/** The field names of an interface's first row (property panel pickers). */
export const fetchInterfaceFields = (interfaceId: string) =>
  http.post<string[]>(`/system/DataInterface/${interfaceId}/Actions/GetFields`, { paramList: [] });
