import { http } from '../../../base/api';

/** An approval common word (system-admin.md 6): type 0 system-wide, 1 personal. */
export interface CommonWord {
  id: string;
  systemIds: string[];
  systemNames: string[];
  commonWordsText: string;
  commonWordsType: number;
  sortCode: number;
  enabledMark: number;
  creatorTime: number;
  version: number;
}

export interface CommonWordsForm {
  commonWordsText: string;
  systemIds: string[];
  commonWordsType: number;
  sortCode: number;
  enabledMark: number;
  version?: number;
}

export interface CommonWordsQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const commonWordsKeys = {
  all: ['commonWords'] as const,
  list: (query: CommonWordsQuery) => ['commonWords', 'list', query] as const,
  systems: ['commonWords', 'systems'] as const,
};

const BASE = '/system/CommonWords';

export const fetchCommonWords = (query: CommonWordsQuery) => http.get<Paged<CommonWord>>(BASE, { ...query });
export const fetchCommonWord = (id: string) => http.get<CommonWord>(`${BASE}/${id}`);

export async function saveCommonWord(
  id: string | undefined,
  form: CommonWordsForm,
): Promise<{ msg: string }> {
  const answer = id
    ? await http.send(`${BASE}/${id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return { msg: answer.msg };
}

export const deleteCommonWord = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;

/** The enabled apps a word may be limited to. */
export async function fetchApps(): Promise<{ id: string; fullName: string }[]> {
  return (
    (await http.get<{ list: { id: string; fullName: string }[] }>('/system/System', { enableMark: 1 }))
      .list ?? []
  );
}
