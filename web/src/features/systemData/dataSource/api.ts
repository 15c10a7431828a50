import type { DataSourceItem } from '@console/shared';
import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

export interface DataSourceQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface DataSourceForm {
  fullName: string;
  dbType: string;
  host: string;
  port: number;
  userName: string;
  password: string;
  serviceName: string;
  dbSchema?: string;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export interface SourceGroup {
  id: string;
  fullName: string;
  children: { id: string; fullName: string; dbType: string }[];
}

export const dataSourceKeys = {
  all: ['dataSource'] as const,
  list: (query: DataSourceQuery) => ['dataSource', 'list', query] as const,
  selector: ['dataSource', 'selector'] as const,
};

const BASE = '/system/DataSource';

export const fetchDataSources = (query: DataSourceQuery) =>
  http.get<PagedAnswer<DataSourceItem>>(BASE, { ...query });
export const fetchDataSource = (id: string) => http.get<DataSourceItem>(`${BASE}/${id}`);
/** Sources to pick from, the console database ("0") first. */
export const fetchSourceSelector = async () =>
  (await http.get<{ list: SourceGroup[] }>(`${BASE}/Selector`)).list.flatMap((g) => g.children);

export const saveDataSource = async (id: string | undefined, form: DataSourceForm) =>
  id
    ? http.send(`${BASE}/${id}`, { method: 'PUT', data: form })
    : http.send(BASE, { method: 'POST', data: form });
export const deleteDataSource = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const testDataSource = async (form: DataSourceForm & { id?: string }) =>
  (await http.send(`${BASE}/Actions/Test`, { method: 'POST', data: form })).msg;
