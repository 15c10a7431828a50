import type { PrintDataAnswer, PrintDevItem, PrintFieldGroup, PrintLogItem } from '@console/shared';
import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';

export type { PrintDataAnswer, PrintDevItem, PrintFieldGroup, PrintLogItem };

export interface PrintDevForm {
  id?: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  dbLinkId: string;
  sqlTemplate: string;
  printTemplate: string;
  pageParam: string;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export interface PrintDevQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  category?: string;
}

export interface PrintLogQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const printDevKeys = {
  all: ['printDev'] as const,
  list: (query: PrintDevQuery) => ['printDev', 'list', query] as const,
  logs: (id: string, query: PrintLogQuery) => ['printDev', 'logs', id, query] as const,
};

const BASE = '/system/printDev';

export const fetchPrintDevs = (query: PrintDevQuery) => http.get<Paged<PrintDevItem>>(BASE, { ...query });
export const fetchPrintDev = (id: string) => http.get<PrintDevItem>(`${BASE}/${id}`);

export async function savePrintDev(form: PrintDevForm): Promise<{ msg: string }> {
  const answer = form.id
    ? await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return { msg: answer.msg };
}

export const deletePrintDev = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const copyPrintDev = async (id: string) =>
  (await http.send(`${BASE}/${id}/Actions/Copy`, { method: 'POST' })).msg;
export const togglePrintDev = async (id: string) =>
  (await http.send(`${BASE}/${id}/Actions/State`, { method: 'PUT' })).msg;
export const exportPrintDev = (id: string) =>
  http.get<{ name: string; url: string }>(`${BASE}/${id}/Actions/Export`);
export const importPrintDev = async (file: File) =>
  (await uploadFile(`${BASE}/Actions/ImportData`, file)).msg;

/** Columns of each statement: headTable, T1, T2 … */
export async function fetchPrintFields(sqlTemplate: string): Promise<PrintFieldGroup[]> {
  return (
    await http.send<PrintFieldGroup[]>(`${BASE}/Fields`, {
      method: 'POST',
      data: { dbLinkId: '0', sqlTemplate },
    })
  ).data;
}

/** Print data of one record, or of several (comma-joined keys) for a batch. */
export function fetchPrintData(id: string, formIds: string[]): Promise<PrintDataAnswer[]> {
  if (formIds.length === 1)
    return http.get<PrintDataAnswer>(`${BASE}/Data`, { id, formId: formIds[0]! }).then((one) => [one]);
  return http.get<PrintDataAnswer[]>(`${BASE}/BatchData`, { id, formId: formIds.join(',') });
}

export async function savePrintLog(body: { printId: string; printTitle: string; printNum: number }) {
  await http.send('/system/printLog/save', { method: 'POST', data: body });
}

export const fetchPrintLogs = (id: string, query: PrintLogQuery) =>
  http.get<Paged<PrintLogItem>>(`/system/printLog/${id}`, { ...query });
