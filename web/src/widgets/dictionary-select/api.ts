import { http, listOf } from '../../base/api';

// The dictionary reads that the pickers, the designers and the dictionary page
// (features/system/dictionary) share.

export const DICTIONARY_TYPE_API = '/system/DictionaryType';
export const DICTIONARY_DATA_API = '/system/DictionaryData';

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

/** A node of the parent selectors (id, fullName, children). */
export interface SelectorNode {
  id: string;
  parentId?: string;
  fullName: string;
  enCode?: string;
  children?: SelectorNode[];
}

/** Query keys: everything about dictionaries starts with 'dictionary' (one call clears them all). */
export const dictionaryKeys = {
  all: ['dictionary'] as const,
  types: () => ['dictionary', 'types'] as const,
  entries: (typeId: string, keyword: string) => ['dictionary', 'entries', typeId, keyword] as const,
  allData: () => ['dictionary', 'all'] as const,
  dataSelector: (type: string) => ['dictionary', 'dataSelector', type] as const,
};

export async function fetchTypes(): Promise<DictionaryType[]> {
  return listOf(await http.get<{ list: DictionaryType[] }>(DICTIONARY_TYPE_API));
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
  return listOf(await http.get<{ list: AllDictionary[] }>(`${DICTIONARY_DATA_API}/All`));
}

/** Enabled entries of one type (by id or code) as a tree, for form fields. */
export async function fetchDataSelector(type: string): Promise<SelectorNode[]> {
  return listOf(
    await http.get<{ list: SelectorNode[] }>(
      `${DICTIONARY_DATA_API}/${encodeURIComponent(type)}/Data/Selector`,
    ),
  );
}
