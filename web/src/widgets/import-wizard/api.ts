import { http } from '../../base/api';
import { uploadFile } from '../list/files';

/** A column of the import template; sub-table columns carry children. */
export interface ImportHeader {
  id: string;
  fullName: string;
  children?: ImportHeader[];
}

/** One row of the file: values by header id, plus the server's complaint about it if any. */
export type ImportRow = Record<string, unknown> & { errorsInfo?: string };

export interface ImportPreview {
  headerRow: ImportHeader[];
  dataRow: ImportRow[];
}

/** Answer of ImportData (widgets.md "Import preview"). */
export interface ImportResult {
  resultType?: number;
  snum: number;
  fnum: number;
  failResult?: ImportRow[];
}

/** widgets.md "Import file": xls or xlsx, at most 500 KB and 1000 rows. */
export const IMPORT_MAX_BYTES = 500 * 1024;
export const IMPORT_MAX_ROWS = 1000;
const EXTENSIONS = ['xls', 'xlsx'];

/** Returns the translation key of what is wrong with a chosen file, or null when it may be sent. */
export function checkImportFile(file: { name: string; size: number }): 'badType' | 'tooLarge' | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!EXTENSIONS.includes(extension)) return 'badType';
  if (file.size > IMPORT_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Stores the file on the server (at `path`); resolves with the name ImportPreview reads it by. */
export async function uploadImportFile(path: string, file: File): Promise<string> {
  const answer = await uploadFile(path, file);
  return (answer.data as { name: string }).name;
}

export function previewImport(base: string, fileName: string): Promise<ImportPreview> {
  return http.get<ImportPreview>(`${base}/ImportPreview`, { fileName });
}

export function executeImport(base: string, list: ImportRow[]): Promise<ImportResult> {
  return http.post<ImportResult>(`${base}/ImportData`, { list });
}

export function exportFailedRows(base: string, list: ImportRow[]): Promise<{ name: string; url: string }> {
  return http.post<{ name: string; url: string }>(`${base}/ExportExceptionData`, { list });
}

export function downloadImportTemplate(base: string): Promise<{ name: string; url: string }> {
  return http.get<{ name: string; url: string }>(`${base}/TemplateDownload`);
}
