import type { DataModelField, DataModelTableBody, DataModelTableItem } from '@console/shared';
import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

export interface TableInfo {
  tableInfo: { table: string; tableName: string };
  tableFieldList: (DataModelField & { columnName?: string })[];
  hasTableData: boolean;
}

export const dataModelKeys = {
  all: ['dataModel'] as const,
  commonFields: ['dataModel', 'commonFields'] as const,
  tables: (linkId: string, keyword: string) => ['dataModel', 'tables', linkId, keyword] as const,
  preview: (linkId: string, table: string, query: object) =>
    ['dataModel', 'preview', linkId, table, query] as const,
};

const base = (linkId: string) => `/system/DataModel/${encodeURIComponent(linkId)}`;

export const fetchTables = async (linkId: string, keyword: string) =>
  (await http.get<{ list: DataModelTableItem[] }>(`${base(linkId)}/TableAll`, { keyword })).list;
export const fetchTable = (linkId: string, table: string) =>
  http.get<TableInfo>(`${base(linkId)}/Table/${encodeURIComponent(table)}`);
export const saveTable = (
  linkId: string,
  body: DataModelTableBody,
  mode: 'create' | 'update' | 'addFields',
) =>
  mode === 'create'
    ? http.send(`${base(linkId)}/Table`, { method: 'POST', data: body })
    : http.send(`${base(linkId)}/${mode === 'update' ? 'Table' : 'addFields'}`, {
        method: 'PUT',
        data: body,
      });
export const dropTable = async (linkId: string, table: string) =>
  (await http.send(`${base(linkId)}/Table/${encodeURIComponent(table)}`, { method: 'DELETE' })).msg;
export const previewTable = (
  linkId: string,
  table: string,
  query: { field: string; keyword: string; currentPage: number; pageSize: number },
) =>
  http.get<PagedAnswer<Record<string, unknown>>>(
    `${base(linkId)}/Table/${encodeURIComponent(table)}/Preview`,
    { ...query },
  );

/** The table's structure as a one-use .bdb download. */
export const exportTable = (linkId: string, table: string) =>
  http.get<{ name: string; url: string }>(`${base(linkId)}/Table/${encodeURIComponent(table)}/Action/Export`);
/** Creates the table of a .bdb file in the source; answers the message. */
export const importTable = async (linkId: string, file: File) =>
  (await uploadFile(`${base(linkId)}/Action/Import`, file)).msg;

/** A row of the common fields library (system-data.md 2). */
export type CommonFieldBody = Pick<
  DataModelField,
  'field' | 'fieldName' | 'dataType' | 'dataLength' | 'allowNull'
>;
export type CommonField = CommonFieldBody & {
  id: string;
  /** Sent back with an edit: a stale one is refused. */
  version: number;
};
export const fetchCommonFields = async () =>
  (await http.get<{ list: CommonField[] }>('/system/CommonFields')).list;
/** The library's list for its management dialog, keyword on field and fieldName. */
export const fetchCommonFieldList = async (keyword: string) =>
  (await http.get<{ list: CommonField[] }>('/system/CommonFields', { keyword })).list;
export const createCommonField = async (body: CommonFieldBody) =>
  (await http.send('/system/CommonFields', { method: 'POST', data: body })).msg;
export const updateCommonField = async (id: string, body: CommonFieldBody & { version: number }) =>
  (await http.send(`/system/CommonFields/${encodeURIComponent(id)}`, { method: 'PUT', data: body })).msg;
export const removeCommonField = async (id: string) =>
  (await http.send(`/system/CommonFields/${encodeURIComponent(id)}`, { method: 'DELETE' })).msg;
