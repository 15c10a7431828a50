import { http } from '../../../base/api';
import type { DesignNode } from '../../../widgets/flow-designer/tree';
import { uploadFile } from '../../../widgets/list/files';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

const BASE = '/workflow/Engine/flowTemplate';

/** A row of the template list (workflow.md 4.1). */
export interface TemplateRow {
  id: string;
  enCode: string;
  fullName: string;
  /** The category's name (what the 3.4.7 list shows). */
  category: string | null;
  /** The category's WorkFlowCategory entry id. */
  categoryId?: string | null;
  type: number;
  sortCode: number;
  enabledMark: number;
  creatorUser: string | null;
  creatorTime: number | null;
  /** 1 when the caller may name the template's co-managers (its creator or an administrator). */
  hasAssistBtn: number;
}

export interface VersionRow {
  id: string;
  flowId: string;
  fullName: string;
  version: number;
  enabledMark: number;
  creatorUser: string | null;
  creatorTime: number | null;
  lastModifyTime: number | null;
}

/** One named flow of a template as the designer edits it. */
export interface NamedFlow {
  id: string;
  flowId: string;
  fullName: string;
  flowTemplateJson: DesignNode;
}

export interface TemplateForm {
  fullName: string;
  enCode: string;
  category?: string | null;
  type: number;
  sortCode: number;
  description?: string | null;
  flows: NamedFlow[];
}

export interface TemplateQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  category?: string;
}

export const flowEngineKeys = {
  all: ['flowEngine'] as const,
  list: (query: TemplateQuery) => ['flowEngine', 'list', query] as const,
  versions: (id: string, page: number) => ['flowEngine', 'versions', id, page] as const,
  info: (id: string) => ['flowEngine', 'info', id] as const,
  assist: (id: string) => ['flowEngine', 'assist', id] as const,
};

export const fetchTemplates = (query: TemplateQuery) =>
  http.get<PagedAnswer<TemplateRow>>(BASE, { ...query, category: query.category ?? '' });

export const fetchVersions = (id: string, currentPage: number) =>
  http.get<PagedAnswer<VersionRow>>(`${BASE}/${id}/FlowJsonList`, { currentPage, pageSize: 10 });

export async function fetchTemplate(id: string): Promise<TemplateForm> {
  const info = await http.get<{
    fullName: string;
    enCode: string;
    category: string | null;
    type: number;
    sortCode: number;
    description: string | null;
    flowTemplateJson: string;
  }>(`${BASE}/${id}`);
  const { flowTemplateJson, ...rest } = info;
  return { ...rest, flows: JSON.parse(flowTemplateJson) as NamedFlow[] };
}

/** Saves the template; `isMainVersion` true: a flow in use got a new version (id answered) to make main. */
export async function saveTemplate(
  id: string | undefined,
  form: TemplateForm,
): Promise<{ id: string; isMainVersion: boolean; msg: string }> {
  const { flows, ...fields } = form;
  const data = { ...fields, flowTemplateJson: JSON.stringify(flows) };
  const answer = id
    ? await http.send<{ id: string; isMainVersion: boolean }>(`${BASE}/${id}`, { method: 'PUT', data })
    : await http.send<{ id: string; isMainVersion: boolean }>(BASE, { method: 'POST', data });
  return { ...answer.data, msg: answer.msg };
}

const post = async (path: string) => (await http.send(`${BASE}${path}`, { method: 'POST' })).msg;
const remove = async (path: string) => (await http.send(`${BASE}${path}`, { method: 'DELETE' })).msg;

export const deleteTemplate = (id: string) => remove(`/${id}`);
export const releaseTemplate = (id: string) => post(`/Release/${id}`);
export const stopTemplate = (id: string) => post(`/Stop/${id}`);
export const copyTemplate = (id: string) => post(`/${id}/Actions/Copy`);
export const setMainVersion = (versionId: string) => post(`/${versionId}/MainVersion`);
export const deleteVersion = (versionId: string) => remove(`/${versionId}/FlowJson`);
export const exportTemplate = (id: string) =>
  http.get<{ name: string; url: string }>(`${BASE}/${id}/Actions/ExportData`);
export const importTemplate = async (file: File) =>
  (await uploadFile(`${BASE}/Actions/ImportData`, file)).msg;

/** The co-managers of a template (user ids, in the order saved). */
export const fetchAssist = async (id: string) =>
  (await http.get<{ list: string[] }>(`${BASE}/${id}/assistList`)).list;

/** Replaces the co-managers of a template. */
export const saveAssist = async (templateId: string, list: string[]) =>
  (await http.send(`${BASE}/assist`, { method: 'POST', data: { templateId, list } })).msg;
