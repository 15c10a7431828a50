import type { DataInterfaceLogItem, InterfaceOauthItem } from '@console/shared';
import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

export interface InterfaceOauthQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export type InterfaceOauthRow = Omit<InterfaceOauthItem, 'appSecret'> & { creatorUser?: string | null };
export type InterfaceOauthForm = Omit<
  InterfaceOauthItem,
  'id' | 'creatorUser' | 'creatorTime' | 'lastModifyTime' | 'version'
> & {
  version?: number;
};
export interface BoundInterface {
  id: string;
  fullName: string;
  enCode: string;
}

export const interfaceOauthKeys = {
  all: ['interfaceOauth'] as const,
  list: (query: InterfaceOauthQuery) => ['interfaceOauth', 'list', query] as const,
  logs: (id: string, page: number) => ['interfaceOauth', 'logs', id, page] as const,
};

const BASE = '/system/InterfaceOauth';

export const fetchApps = (query: InterfaceOauthQuery) =>
  http.get<PagedAnswer<InterfaceOauthRow>>(BASE, { ...query });
export const fetchApp = (id: string) =>
  http.get<InterfaceOauthItem & { list: BoundInterface[] }>(`${BASE}/${id}`);
export const saveApp = (id: string | undefined, form: InterfaceOauthForm) =>
  id
    ? http.send(`${BASE}/${id}`, { method: 'PUT', data: form })
    : http.send(BASE, { method: 'POST', data: form });
export const deleteApp = async (id: string) => (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const newSecret = () => http.get<string>(`${BASE}/getAppSecret`);
export const saveInterfaces = async (id: string, ids: string[]) =>
  (
    await http.send(`${BASE}/saveInterfaceList`, {
      method: 'POST',
      data: { interfaceIdentId: id, dataInterfaceIds: ids.join(',') },
    })
  ).msg;
export const fetchAppLogs = (id: string, currentPage: number) =>
  http.get<PagedAnswer<DataInterfaceLogItem>>(`${BASE}/dataInterfaceLog/${id}`, {
    currentPage,
    pageSize: 20,
  });
export const fetchInterfaceOptions = async () =>
  (await http.get<{ children: BoundInterface[] }[]>('/system/DataInterface/Selector')).flatMap(
    (group) => group.children,
  );
