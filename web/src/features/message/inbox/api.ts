import { http } from '../../../base/api';

/** Message types of console.md 3. */
export const MESSAGE_TYPES = [1, 2, 3, 4] as const;
export type MessageTypeCode = (typeof MESSAGE_TYPES)[number];

/** A row of the inbox (GET /api/message). */
export interface MessageItem {
  id: string;
  title: string;
  type: number;
  flowType?: number | null;
  /** '1' read, '0' unread (numbers accepted too). */
  isRead: string | number;
  releaseUser?: string | null;
  releaseTime?: number | null;
  excerpt?: string | null;
  bodyText?: string | null;
}

/** An attachment of a notice (widgets.md 3 "File entry"). */
export interface MessageFile {
  name: string;
  fileId?: string;
  url?: string;
  fileSize?: number;
}

/** Detail of one message (GET /api/message/ReadInfo/{id}, which also marks it read). */
export interface MessageDetail extends MessageItem {
  coverImage?: string | null;
  /** HTML for notices and system messages; JSON for flow and schedule messages. */
  bodyText?: string | null;
  /** JSON list (string) or the list itself. */
  files?: string | MessageFile[] | null;
}

export interface MessageQuery {
  keyword?: string;
  currentPage: number;
  pageSize: number;
  /** Empty: all types. */
  type?: number | '';
  /** 0 unread only, 1 read only; empty: all. */
  isRead?: 0 | 1 | '';
  sort?: 'asc' | 'desc';
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const messageKeys = {
  all: ['message'] as const,
  list: (query: MessageQuery) => ['message', 'list', query] as const,
};

/** Query without empty filters (the server treats a missing filter as "all"). */
function compact(query: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '' && value !== undefined));
}

export function fetchMessages(query: MessageQuery): Promise<Paged<MessageItem>> {
  return http.get<Paged<MessageItem>>('/message', compact(query));
}

export function readMessage(id: string): Promise<MessageDetail> {
  return http.get<MessageDetail>(`/message/ReadInfo/${encodeURIComponent(id)}`);
}

/** Marks every message (of the type, when given) read. */
export async function readAllMessages(filter: { type?: number | '' } = {}): Promise<string> {
  return (await http.send('/message/Actions/ReadAll', { method: 'POST', data: compact(filter) })).msg;
}

/** Deletes inbox records (the messages stay for their other recipients). */
export async function deleteRecords(ids: string[]): Promise<string> {
  return (await http.send('/message/Record', { method: 'DELETE', data: { ids: ids.join(',') } })).msg;
}

export const isUnread = (item: Pick<MessageItem, 'isRead'>) => Number(item.isRead) !== 1;

/** The attachments of a message, whichever form the server gave them in. */
export function messageFiles(files: MessageDetail['files']): MessageFile[] {
  if (!files) return [];
  if (Array.isArray(files)) return files;
  try {
    const parsed: unknown = JSON.parse(files);
    return Array.isArray(parsed) ? (parsed as MessageFile[]) : [];
  } catch {
    return [];
  }
}
