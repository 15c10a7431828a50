import { http, listOf } from '../../../base/api';
import {
  DICTIONARY_DATA_API as DATA,
  type DictionaryType,
  type SelectorNode,
  DICTIONARY_TYPE_API as TYPE,
} from '../../../widgets/dictionary-select/api';

export {
  type AllDictionary,
  type DictionaryType,
  dictionaryKeys,
  fetchAllDictionaries,
  fetchDataSelector,
  fetchTypes,
  type SelectorNode,
} from '../../../widgets/dictionary-select/api';

import { uploadFile } from '../../../widgets/list/files';

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

/** Parent tree for the type dialog: every type except `id` and its descendants. */
export async function fetchTypeSelector(id?: string): Promise<SelectorNode[]> {
  return listOf(await http.get<{ list: SelectorNode[] }>(`${TYPE}/Selector/${id || '0'}`));
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
  return listOf(await http.get<{ list: DictionaryEntry[] }>(`${DATA}/${typeId}`, { keyword, isTree }));
}

/** Parent tree for the item dialog: the type as the root node, its entries below. */
export async function fetchEntrySelector(typeId: string, id: string | undefined, isTree: number) {
  return listOf(
    await http.get<{ list: SelectorNode[] }>(`${DATA}/${typeId}/Selector/${id || '0'}`, { isTree }),
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
