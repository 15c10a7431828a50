import type { DataReportItem } from '@console/shared';
import { http } from '../../../../base/api';

export type { DataReportItem };

/** `{reportServer}/api/datareport/Data`, reportServer = `/api/ReportServer` (other.md 3). */
export const REPORT_BASE = '/ReportServer/api/datareport/Data';

export type ReportRow = Record<string, unknown>;
export type ReportParams = Record<string, string>;

export interface ReportRuntime {
  id: string;
  fullName: string;
  interfaceId: string;
  reportData: string;
}

export const reportKeys = {
  all: ['dataReport'] as const,
  runtime: (id: string) => ['dataReport', 'runtime', id] as const,
  rows: (id: string, params: ReportParams) => ['dataReport', 'rows', id, params] as const,
};

export const fetchReportRuntime = (id: string) => http.get<ReportRuntime>(`${REPORT_BASE}/${id}/Runtime`);

export const runReport = async (id: string, params: ReportParams) =>
  (await http.post<{ list: ReportRow[] }>(`${REPORT_BASE}/${id}/Actions/Run`, { params })).list;

export const exportReport = (id: string, params: ReportParams) =>
  http.post<{ name: string; url: string }>(`${REPORT_BASE}/${id}/Actions/Export`, { params });
