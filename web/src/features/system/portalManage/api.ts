import { http } from '../../../base/api';

export type Platform = 'Web' | 'App';

/** A portal an application offers on a platform (GET /api/system/PortalManage/list/{systemId}). */
export interface PortalManageItem {
  id: string;
  portalId: string;
  systemId: string;
  platform: Platform;
  fullName: string;
  enCode: string;
  categoryId: string;
  categoryName: string | null;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
}

export interface PortalManageInfo {
  id: string;
  portalId: string;
  systemId: string;
  platform: Platform;
  fullName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  version: number;
}

/** A portal the picker offers (GET /api/visualdev/Portal/manage/Selector/{systemId}). */
export interface PortalChoice {
  id: string;
  fullName: string;
  enCode: string;
  categoryId: string;
  categoryName: string | null;
}

export interface ListFilters {
  platform: Platform;
  keyword: string;
  enabledMark?: number;
  currentPage: number;
  pageSize: number;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

const BASE = '/system/PortalManage';

export const portalManageKeys = {
  all: ['portalManage'] as const,
  list: (systemId: string, filters: ListFilters) => ['portalManage', 'list', systemId, filters] as const,
  choices: (systemId: string, platform: Platform, keyword: string) =>
    ['portalManage', 'choices', systemId, platform, keyword] as const,
};

export const fetchPortalManages = (systemId: string, filters: ListFilters) =>
  http.get<Paged<PortalManageItem>>(`${BASE}/list/${systemId}`, { ...filters });

export const fetchPortalManage = (id: string) => http.get<PortalManageInfo>(`${BASE}/${id}`);

export const fetchPortalChoices = (systemId: string, platform: Platform, keyword: string) =>
  http.get<Paged<PortalChoice>>(`/visualdev/Portal/manage/Selector/${systemId}`, {
    platform,
    keyword,
    currentPage: 1,
    pageSize: 50,
  });

export interface PortalManageForm {
  id?: string;
  version?: number;
  portalId: string;
  systemId: string;
  platform: Platform;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

/** Creates or updates; answers the server's message. */
export async function savePortalManage(form: PortalManageForm): Promise<string> {
  const { id, ...body } = form;
  const answer = id
    ? await http.send(`${BASE}/${id}`, { method: 'PUT', data: body })
    : await http.send(BASE, { method: 'POST', data: body });
  return answer.msg;
}

export const removePortalManage = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
