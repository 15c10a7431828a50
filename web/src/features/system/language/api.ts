import { http } from '../../../base/api';

export const UI_LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** One key of the bundled locale files with its current and bundled texts (GET /api/system/BaseLang). */
export interface LanguageRow {
  namespace: string;
  key: string;
  values: Record<UiLanguage, string>;
  original: Record<UiLanguage, string>;
  versions: Partial<Record<UiLanguage, number>>;
}

export interface LanguageQuery {
  keyword: string;
  namespace: string;
  currentPage: number;
  pageSize: number;
}

interface LanguageList {
  list: LanguageRow[];
  pagination: { currentPage: number; pageSize: number; total: number };
  namespaces: string[];
}

export const languageKeys = {
  all: ['systemLanguage'] as const,
  list: (query: LanguageQuery) => ['systemLanguage', 'list', query] as const,
};

export const fetchLanguageRows = (query: LanguageQuery) =>
  http.get<LanguageList>('/system/BaseLang', { ...query });

export async function saveLanguageRow(row: LanguageRow, values: Record<UiLanguage, string>): Promise<string> {
  const answer = await http.send('/system/BaseLang', {
    method: 'PUT',
    data: { namespace: row.namespace, key: row.key, values, versions: row.versions },
  });
  return answer.msg;
}
