import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';

/** Dictionary type (console.md 3). */
export interface DictionaryType {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  description?: string | null;
  version?: number;
  children?: DictionaryType[] | null;
}

/** Dictionary entry (console.md 3). */
export interface DictionaryEntry {
  id: string;
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  description?: string | null;
  hasChildren?: boolean;
  version?: number;
  children?: DictionaryEntry[] | null;
}

/** A node of the parent selectors (id, fullName, children). */
export interface SelectorNode {
  id: string;
  parentId?: string;
  fullName: string;
  enCode?: string;
  children?: SelectorNode[];
}

export type DictionaryTypeForm = Pick<
  DictionaryType,
  'parentId' | 'fullName' | 'enCode' | 'isTree' | 'sortCode'
> & {
  description?: string;
  id?: string;
  version?: number;
};

export type DictionaryEntryForm = Pick<
  DictionaryEntry,
  'dictionaryTypeId' | 'parentId' | 'fullName' | 'enCode' | 'enabledMark' | 'sortCode'
> & { description?: string; id?: string; version?: number };

/** Query keys: everything about dictionaries starts with 'dictionary' (one call clears them all). */
export const dictionaryKeys = {
  all: ['dictionary'] as const,
  types: () => ['dictionary', 'types'] as const,
  entries: (typeId: string, keyword: string) => ['dictionary', 'entries', typeId, keyword] as const,
  allData: () => ['dictionary', 'all'] as const,
  dataSelector: (type: string) => ['dictionary', 'dataSelector', type] as const,
};

const TYPE = '/system/DictionaryType';
const DATA = '/system/DictionaryData';

interface ListAnswer<T> {
  list: T[];
}

const listOf = <T>(answer: ListAnswer<T> | T[] | null | undefined): T[] =>
  Array.isArray(answer) ? answer : (answer?.list ?? []);

export async function fetchTypes(): Promise<DictionaryType[]> {
  return listOf(await http.get<ListAnswer<DictionaryType>>(TYPE));
}

/** Parent tree for the type dialog: every type except `id` and its descendants. */
export async function fetchTypeSelector(id?: string): Promise<SelectorNode[]> {
  return listOf(await http.get<ListAnswer<SelectorNode>>(`${TYPE}/Selector/${id || '0'}`));
}

export function fetchType(id: string): Promise<DictionaryType> {
  return http.get<DictionaryType>(`${TYPE}/${id}`);
}

export async function saveType(form: DictionaryTypeForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${TYPE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(TYPE, { method: 'POST', data: form });
  return answer.msg;
}

export async function deleteType(id: string): Promise<string> {
  return (await http.send(`${TYPE}/${id}`, { method: 'DELETE' })).msg;
}

export async function fetchEntries(
  typeId: string,
  keyword: string,
  isTree: number,
): Promise<DictionaryEntry[]> {
  return listOf(await http.get<ListAnswer<DictionaryEntry>>(`${DATA}/${typeId}`, { keyword, isTree }));
}

/** Parent tree for the item dialog: the type as the root node, its entries below. */
export async function fetchEntrySelector(typeId: string, id: string | undefined, isTree: number) {
  return listOf(
    await http.get<ListAnswer<SelectorNode>>(`${DATA}/${typeId}/Selector/${id || '0'}`, { isTree }),
  );
}

export function fetchEntry(id: string): Promise<DictionaryEntry> {
  return http.get<DictionaryEntry>(`${DATA}/${id}/Info`);
}

export async function saveEntry(form: DictionaryEntryForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${DATA}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(DATA, { method: 'POST', data: form });
  return answer.msg;
}

export async function deleteEntry(id: string): Promise<string> {
  return (await http.send(`${DATA}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleEntry(id: string): Promise<string> {
  return (await http.send(`${DATA}/${id}/Actions/State`, { method: 'PUT' })).msg;
}

export function exportType(typeId: string): Promise<{ name: string; url: string }> {
  return http.get<{ name: string; url: string }>(`${DATA}/${typeId}/Action/Export`);
}

export async function importTypes(file: File): Promise<string> {
  return (await uploadFile(`${DATA}/Action/Import`, file)).msg;
}

/** GET /DictionaryData/All: every type with its entries (dictionary-select reads it). */
export interface AllDictionary {
  id: string;
  enCode: string;
  fullName?: string;
  isTree: number;
  dictionaryList: SelectorNode[];
}

export async function fetchAllDictionaries(): Promise<AllDictionary[]> {
  return listOf(await http.get<ListAnswer<AllDictionary>>(`${DATA}/All`));
}

/** Enabled entries of one type (by id or code) as a tree, for form fields. */
export async function fetchDataSelector(type: string): Promise<SelectorNode[]> {
  return listOf(
    await http.get<ListAnswer<SelectorNode>>(`${DATA}/${encodeURIComponent(type)}/Data/Selector`),
  );
}
