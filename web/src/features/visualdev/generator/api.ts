import { http } from '../../../base/api';

/** The code generator's settings (POST /Generater/{id}/Actions/CodePreview and DownloadCode). */
export interface CodeSettings {
  module: string;
  className: string;
  subClassName: string[];
  description: string;
}

/** CodePreview's file tree: one folder per directory of the module, files with their text. */
export interface CodeFolder {
  fileName: string;
  children: { fileName: string; fileContent: string }[];
}

const BASE = '/visualdev/Generater';

export const generatorKeys = {
  areas: ['codeGenerator', 'areas'] as const,
};

export function fetchAreas(): Promise<string[]> {
  return http.get<string[]>(`${BASE}/AreasName`);
}

export async function previewCode(id: string, settings: CodeSettings): Promise<CodeFolder[]> {
  return (await http.post<{ list: CodeFolder[] }>(`${BASE}/${id}/Actions/CodePreview`, settings)).list;
}

export function downloadCode(id: string, settings: CodeSettings): Promise<{ name: string; url: string }> {
  return http.post<{ name: string; url: string }>(`${BASE}/${id}/Actions/DownloadCode`, {
    ...settings,
    modulePackageName: 'jnpf',
  });
}
