import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

/** The visualdev record of forms.md 4 (list rows carry no JSON bodies). */
export interface VisualDev {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  categoryName?: string | null;
  type: number;
  webType: number;
  enableFlow: number;
  state: number;
  sortCode: number;
  description?: string | null;
  dbLinkId: string;
  tables: string;
  formData?: string | null;
  columnData?: string | null;
  appColumnData?: string | null;
  isRelease?: number;
  creatorUser?: string | null;
  creatorTime?: number | null;
  lastModifyTime?: number | null;
  version?: number;
}

export type VisualDevForm = Omit<
  VisualDev,
  'id' | 'categoryName' | 'isRelease' | 'creatorUser' | 'creatorTime' | 'lastModifyTime'
> & {
  id?: string;
};

/** A table of `tables` (forms.md 4): typeId "1" main, "0" sub-table. */
export interface DesignTable {
  table: string;
  tableName: string;
  typeId: '1' | '0';
  relationTable: string;
  relationField: string;
  tableField: string;
  fields?: TableField[];
}

export interface TableField {
  field: string;
  fieldName?: string | null;
  dataType?: string;
  primaryKey?: number | boolean;
}

export interface VisualDevQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  type: number;
  category?: string;
}

export interface ReleaseForm {
  pc: 0 | 1;
  app: 0 | 1;
  pcModuleParentId: string;
  appModuleParentId: string;
  pcSystemId: string;
  appSystemId: string;
}

export const webDesignKeys = {
  all: ['webDesign'] as const,
  list: (query: VisualDevQuery) => ['webDesign', 'list', query] as const,
  one: (id: string) => ['webDesign', 'one', id] as const,
  dataSources: ['webDesign', 'dataSources'] as const,
  tables: (dbLinkId: string) => ['webDesign', 'tables', dbLinkId] as const,
};

const BASE = '/visualdev/Base';

export function fetchDesigns(query: VisualDevQuery): Promise<PagedAnswer<VisualDev>> {
  return http.get<PagedAnswer<VisualDev>>(BASE, { ...query });
}

export function fetchDesign(id: string): Promise<VisualDev> {
  return http.get<VisualDev>(`${BASE}/${id}`);
}

/** Saves the design; answers the id (a new record's from the answer data). */
export async function saveDesign(form: VisualDevForm): Promise<{ msg: string; id: string | undefined }> {
  const { id, ...body } = form;
  const answer = id
    ? await http.send<unknown>(`${BASE}/${id}`, { method: 'PUT', data: { id, ...body } })
    : await http.send<unknown>(BASE, { method: 'POST', data: body });
  const data = answer.data;
  const newId = typeof data === 'string' ? data : (data as { id?: string } | null)?.id;
  return { msg: answer.msg, id: id ?? newId };
}

export async function deleteDesign(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function copyDesign(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}/Actions/Copy`, { method: 'POST' })).msg;
}

export async function releaseDesign(id: string, form: ReleaseForm): Promise<string> {
  return (await http.send(`${BASE}/${id}/Actions/Release`, { method: 'POST', data: form })).msg;
}

export function exportDesign(id: string): Promise<{ name: string; url: string }> {
  return http.post<{ name: string; url: string }>(`/visualdev/OnlineDev/${id}/Actions/ExportData`);
}

export async function importDesign(file: File): Promise<string> {
  return (await uploadFile('/visualdev/OnlineDev/Model/Actions/ImportData', file)).msg;
}

/** Data sources to build on ("0" is the system database). */
export interface DataSourceOption {
  id: string;
  fullName: string;
}

export async function fetchDataSources(): Promise<DataSourceOption[]> {
  const answer = await http.get<{ list?: { id: string; fullName: string; children?: DataSourceOption[] }[] }>(
    '/system/DataSource/Selector',
  );
  const out: DataSourceOption[] = [];
  const visit = (nodes: readonly { id: string; fullName: string; children?: DataSourceOption[] }[]) => {
    for (const node of nodes) {
      if (node.children?.length) visit(node.children);
      else out.push({ id: node.id, fullName: node.fullName });
    }
  };
  visit(answer.list ?? []);
  return out;
}

export interface DbTable {
  table: string;
  tableName?: string | null;
}

export async function fetchTables(dbLinkId: string): Promise<DbTable[]> {
  const answer = await http.get<{ list?: DbTable[] } | DbTable[]>(`/system/DataModel/${dbLinkId}/TableAll`);
  return Array.isArray(answer) ? answer : (answer.list ?? []);
}

export async function fetchTableFields(dbLinkId: string, table: string): Promise<TableField[]> {
  const answer = await http.get<{ list?: TableField[] } | TableField[]>(
    `/system/DataModel/${dbLinkId}/Tables/${encodeURIComponent(table)}/Fields`,
    { type: 0 },
  );
  return Array.isArray(answer) ? answer : (answer.list ?? []);
}
