import type { DataReportItem } from '@console/shared';
import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';
import { REPORT_BASE, type ReportParams, type ReportRow } from './view/api';

export interface DataReportForm {
  fullName: string;
  enCode: string;
  categoryId: string;
  interfaceId: string;
  reportData: string;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export interface DataReportQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  categoryId?: string;
}

export interface InterfaceParameter {
  field: string;
  fieldName?: string;
  dataType?: string;
  defaultValue?: unknown;
}

interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const designKeys = {
  all: ['dataReport'] as const,
  list: (query: DataReportQuery) => ['dataReport', 'list', query] as const,
  info: (id: string) => ['dataReport', 'info', id] as const,
  params: (id: string) => ['dataReport', 'params', id] as const,
  preview: (id: string, params: ReportParams) => ['dataReport', 'preview', id, params] as const,
};

export const fetchReports = (query: DataReportQuery) =>
  http.get<Paged<DataReportItem>>(REPORT_BASE, { ...query });
export const fetchReport = (id: string) => http.get<DataReportItem>(`${REPORT_BASE}/${id}`);

export async function saveReport(id: string | undefined, form: DataReportForm) {
  const answer = id
    ? await http.send(`${REPORT_BASE}/${id}`, { method: 'PUT', data: form })
    : await http.send<{ id: string }>(REPORT_BASE, { method: 'POST', data: form });
  return answer.msg;
}

export const deleteReport = async (id: string) =>
  (await http.send(`${REPORT_BASE}/${id}`, { method: 'DELETE' })).msg;
export const copyReport = async (id: string) =>
  (await http.send(`${REPORT_BASE}/Copy/${id}`, { method: 'POST' })).msg;
export const exportReportFile = (id: string) =>
  http.get<{ name: string; url: string }>(`${REPORT_BASE}/${id}/Action/Export`);
export const importReportFile = async (file: File) =>
  (await uploadFile(`${REPORT_BASE}/Action/Import`, file)).msg;

export const fetchInterfaceParams = (id: string) =>
  http.get<InterfaceParameter[]>(`/system/DataInterface/GetParam/${id}`);

/** The interface's rows for these parameter values (the designer's live preview). */
export async function previewInterface(id: string, params: ReportParams): Promise<ReportRow[]> {
  const data = await http.post<unknown>(`/system/DataInterface/${id}/Actions/Preview`, {
    paramList: Object.entries(params).map(([field, defaultValue]) => ({ field, defaultValue })),
  });
  const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as ReportRow[]) : [];
}
