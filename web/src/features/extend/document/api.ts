import type { DocumentFolderNode, DocumentRow, DocumentShareUser } from '@console/shared';
import { http } from '../../../base/api';

export type { DocumentFolderNode, DocumentRow, DocumentShareUser };

/** The four views of the document centre. */
export type DocumentView = 'all' | 'share' | 'shareToMe' | 'trash';

const BASE = '/extend/Document';

export const documentKeys = {
  all: ['extendDocument'] as const,
  list: (view: DocumentView, parentId: string, keyword: string) =>
    ['extendDocument', 'list', view, parentId, keyword] as const,
  tree: (excludeId: string) => ['extendDocument', 'tree', excludeId] as const,
  shareUsers: (id: string) => ['extendDocument', 'shareUsers', id] as const,
};

const LIST_PATHS: Record<DocumentView, string> = {
  all: BASE,
  share: `${BASE}/Share`,
  shareToMe: `${BASE}/ShareTome`,
  trash: `${BASE}/Trash`,
};

export async function fetchDocuments(view: DocumentView, parentId: string, keyword: string) {
  const query = view === 'all' ? { parentId, keyword } : { keyword };
  return (await http.get<{ list: DocumentRow[] }>(LIST_PATHS[view], query)).list;
}

export function fetchFolderTree(excludeId: string): Promise<DocumentFolderNode[]> {
  return http.get<DocumentFolderNode[]>(`${BASE}/FolderTree/${excludeId}`);
}

export async function fetchShareUsers(id: string): Promise<DocumentShareUser[]> {
  return (await http.get<{ list: DocumentShareUser[] }>(`${BASE}/ShareUser/${id}`)).list;
}

export async function createFolder(parentId: string, fullName: string): Promise<string> {
  return (await http.send(BASE, { method: 'POST', data: { fullName, type: 0, parentId } })).msg;
}

export async function renameDocument(row: DocumentRow, fullName: string): Promise<string> {
  return (await http.send(`${BASE}/${row.id}`, { method: 'PUT', data: { fullName, version: row.version } }))
    .msg;
}

export async function moveDocument(id: string, toId: string): Promise<string> {
  return (await http.send(`${BASE}/${id}/Actions/MoveTo/${toId}`, { method: 'PUT' })).msg;
}

export async function removeDocument(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function shareDocument(id: string, userIds: string[]): Promise<string> {
  return (
    await http.send(`${BASE}/${id}/Actions/Share`, { method: 'POST', data: { userId: userIds.join(',') } })
  ).msg;
}

export async function cancelShare(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}/Actions/Share`, { method: 'DELETE' })).msg;
}

export async function recoverDocument(id: string): Promise<string> {
  return (await http.send(`${BASE}/Trash/${id}/Actions/Recovery`, { method: 'POST' })).msg;
}

export async function destroyDocument(id: string): Promise<string> {
  return (await http.send(`${BASE}/Trash/${id}`, { method: 'DELETE' })).msg;
}

/** A one-use address of the file's bytes. */
export function downloadDocument(id: string): Promise<{ name: string; url: string }> {
  return http.post<{ name: string; url: string }>(`${BASE}/Download/${id}`);
}

/** The merge call of a chunked upload into a folder. */
export const mergeInto = (parentId: string) => ({ path: `${BASE}/merge`, fields: { parentId } });
