import type { DataInterfaceItem, DataInterfaceLogItem } from '@console/shared';
import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

export interface DataInterfaceQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  categoryId?: string;
}

export type DataInterfaceRow = Pick<
  DataInterfaceItem,
  | 'id'
  | 'fullName'
  | 'enCode'
  | 'dataType'
  | 'requestMethod'
  | 'sortCode'
  | 'enabledMark'
  | 'creatorTime'
  | 'categoryId'
> & { requestParameters: string };

export type DataInterfaceForm = Omit<
  DataInterfaceItem,
  'id' | 'creatorUser' | 'creatorTime' | 'lastModifyTime' | 'tenantId' | 'version' | 'dataProcessing'
> & {
  version?: number;
};

export const dataInterfaceKeys = {
  all: ['dataInterface'] as const,
  list: (query: DataInterfaceQuery) => ['dataInterface', 'list', query] as const,
  logs: (id: string, page: number) => ['dataInterface', 'logs', id, page] as const,
};

const BASE = '/system/DataInterface';

export const fetchDataInterfaces = (query: DataInterfaceQuery) =>
  http.get<PagedAnswer<DataInterfaceRow>>(BASE, { ...query });
export const fetchDataInterface = (id: string) => http.get<DataInterfaceItem>(`${BASE}/${id}`);
export const saveDataInterface = (id: string | undefined, form: DataInterfaceForm) =>
  id
    ? http.send(`${BASE}/${id}`, { method: 'PUT', data: form })
    : http.send(BASE, { method: 'POST', data: form });
export const deleteDataInterface = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const toggleDataInterface = async (id: string) =>
  (await http.send(`${BASE}/${id}/Actions/State`, { method: 'PUT' })).msg;
export const copyDataInterface = async (id: string) =>
  (await http.send(`${BASE}/${id}/Actions/Copy`, { method: 'POST' })).msg;
export const previewDataInterface = (id: string, paramList: { field: string; defaultValue: unknown }[]) =>
  http.send<unknown>(`${BASE}/${id}/Actions/Preview`, { method: 'POST', data: { paramList } });
export const exportDataInterface = (id: string) =>
  http.get<{ name: string; url: string }>(`${BASE}/${id}/Action/Export`);
export const importDataInterface = async (file: File) =>
  (await uploadFile(`${BASE}/Action/Import`, file)).msg;
export const fetchDataInterfaceLogs = (id: string, currentPage: number) =>
  http.get<PagedAnswer<DataInterfaceLogItem>>(`/system/DataInterfaceLog/${id}`, {
    currentPage,
    pageSize: 20,
  });
