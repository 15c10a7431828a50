import type {
  KbBaseBody,
  KbBaseRow,
  KbChunkRow,
  KbDocumentRow,
  KbGrant,
  KbHit,
  KbModelSettings,
  KbModelSettingsBody,
  KbQaBody,
  KbQaRow,
} from '@console/shared';
import { http } from '../../../base/api';
import { toastError } from '../../../base/api/feedback';
import { getToken } from '../../../base/api/token';
import { i18n } from '../../../base/i18n';
import { downloadUrl, uploadFile } from '../../../widgets/list/files';
import type { PagedAnswer } from '../../../widgets/list/paged-list';
import type { Paging } from '../../../widgets/list/paged-table';

/** Knowledge-base API of issue #14 (/tmp kb-api agreement): bases, documents, chunks, Q&A, word lists. */
const BASE = '/knowledge/Base';

export type KnowledgeGrant = KbGrant & { objectName?: string };
export type KnowledgeBase = KbBaseRow;
export type KnowledgeDocument = KbDocumentRow;
export type KnowledgeChunk = KbChunkRow;
export type QaPair = KbQaRow;

export type ListQuery = { keyword: string } & Paging & Record<string, unknown>;

/** Query keys: everything of the knowledge base starts with 'knowledge'. */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  bases: (query: ListQuery) => ['knowledge', 'bases', query] as const,
  base: (id: string) => ['knowledge', 'base', id] as const,
  documents: (baseId: string) => ['knowledge', 'documents', baseId] as const,
  chunks: (query: ListQuery & { baseId: string; docId: string }) => ['knowledge', 'chunks', query] as const,
  qa: (query: ListQuery & { baseId: string }) => ['knowledge', 'qa', query] as const,
  words: (kind: WordListKind) => ['knowledge', 'words', kind] as const,
  models: () => ['knowledge', 'models'] as const,
};

export function fetchBases(query: ListQuery): Promise<PagedAnswer<KnowledgeBase>> {
  return http.get<PagedAnswer<KnowledgeBase>>(BASE, query);
}

export function fetchBase(id: string): Promise<KnowledgeBase> {
  return http.get<KnowledgeBase>(`${BASE}/${id}`);
}

export async function saveBase(
  form: KbBaseBody & { version?: number },
  id?: string,
): Promise<{ msg: string }> {
  return id
    ? http.send(`${BASE}/${id}`, { method: 'PUT', data: form })
    : http.send(BASE, { method: 'POST', data: form });
}

export async function deleteBase(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function reindexBase(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}/Reindex`, { method: 'POST' })).msg;
}

export async function fetchDocuments(baseId: string): Promise<KnowledgeDocument[]> {
  const answer = await http.get<{ list: KnowledgeDocument[] } | KnowledgeDocument[]>(
    `${BASE}/${baseId}/Document`,
    { currentPage: 1, pageSize: 500 },
  );
  return Array.isArray(answer) ? answer : (answer?.list ?? []);
}

export async function uploadDocument(baseId: string, file: File): Promise<string> {
  return (await uploadFile(`${BASE}/${baseId}/Document`, file)).msg;
}

export async function deleteDocument(baseId: string, docId: string): Promise<string> {
  return (await http.send(`${BASE}/${baseId}/Document/${docId}`, { method: 'DELETE' })).msg;
}

export async function reindexDocument(baseId: string, docId: string): Promise<string> {
  return (await http.send(`${BASE}/${baseId}/Document/${docId}/Reindex`, { method: 'POST' })).msg;
}

/**
 * Saves a document's original. The route needs the token in its header, so the bytes come through
 * fetch; a refusal answers the usual JSON envelope, whose message is shown.
 */
export async function downloadDocument(baseId: string, docId: string, name: string): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api${BASE}/${baseId}/Document/${docId}/Download`, {
    headers: token ? { Authorization: token } : {},
  });
  if (!response.ok || response.headers.get('content-type')?.includes('application/json')) {
    const answer = (await response.json().catch(() => null)) as { msg?: string } | null;
    toastError(answer?.msg || i18n.t('common:request.failed'));
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  downloadUrl(url, name);
  URL.revokeObjectURL(url);
}

export function fetchChunks(
  query: ListQuery & { baseId: string; docId: string },
): Promise<PagedAnswer<KnowledgeChunk>> {
  const { baseId, docId, ...params } = query;
  return http.get<PagedAnswer<KnowledgeChunk>>(`${BASE}/${baseId}/Document/${docId}/Chunk`, params);
}

export async function saveChunk(
  baseId: string,
  chunk: Pick<KnowledgeChunk, 'id' | 'content' | 'enabledMark' | 'version'>,
): Promise<string> {
  const { id, ...body } = chunk;
  return (await http.send(`${BASE}/${baseId}/Chunk/${id}`, { method: 'PUT', data: body })).msg;
}

export async function hitTest(baseId: string, question: string, topK: number): Promise<KbHit[]> {
  return (await http.post<{ list: KbHit[] }>(`${BASE}/${baseId}/HitTest`, { question, topK })).list;
}

export function fetchQa(query: ListQuery & { baseId: string }): Promise<PagedAnswer<QaPair>> {
  const { baseId, ...params } = query;
  return http.get<PagedAnswer<QaPair>>(`${BASE}/${baseId}/QA`, params);
}

export async function saveQa(
  baseId: string,
  form: KbQaBody & { version?: number },
  id?: string,
): Promise<{ msg: string }> {
  return id
    ? http.send(`${BASE}/${baseId}/QA/${id}`, { method: 'PUT', data: form })
    : http.send(`${BASE}/${baseId}/QA`, { method: 'POST', data: form });
}

export async function deleteQa(baseId: string, id: string): Promise<string> {
  return (await http.send(`${BASE}/${baseId}/QA/${id}`, { method: 'DELETE' })).msg;
}

/** The jieba user dictionary and the sensitive words. */
export type WordListKind = 'Dictionary' | 'SensitiveWord';

export async function fetchWords(kind: WordListKind): Promise<string[]> {
  return (await http.get<{ words: string[] }>(`/knowledge/${kind}`)).words ?? [];
}

export async function saveWords(kind: WordListKind, words: string[]): Promise<string> {
  return (await http.send(`/knowledge/${kind}`, { method: 'PUT', data: { words } })).msg;
}

export function fetchModelSettings(): Promise<KbModelSettings> {
  return http.get<KbModelSettings>('/knowledge/ModelSettings');
}

export async function saveModelSettings(form: KbModelSettingsBody): Promise<string> {
  return (await http.send('/knowledge/ModelSettings', { method: 'PUT', data: form })).msg;
}
