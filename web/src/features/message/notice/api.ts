import { http } from '../../../base/api';
import type { MessageFile, Paged } from '../inbox/api';

/** Notice states: 0 draft, 1 released, 2 expired. */
export const NOTICE_STATES = [0, 1, 2] as const;

export interface NoticeRow {
  id: string;
  title: string;
  excerpt?: string | null;
  enabledMark: number;
  expirationTime?: number | null;
  releaseTime?: number | null;
  releaseUser?: string | null;
  creatorTime?: number | null;
  creatorUser?: string | null;
}

export interface NoticeForm {
  id?: string;
  title: string;
  bodyText: string;
  excerpt?: string | null;
  coverImage?: string | null;
  files: MessageFile[];
  expirationTime?: number | null;
  /** Empty: everyone. */
  toUserIds: string[];
  version?: number;
}

export interface NoticeInfo extends NoticeForm {
  id: string;
  enabledMark: number;
  releaseTime?: number | null;
}

export interface NoticeQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  enabledMark: number | '';
}

export const noticeKeys = {
  all: ['notice'] as const,
  list: (query: NoticeQuery) => ['notice', 'list', query] as const,
};

export function fetchNotices(query: NoticeQuery): Promise<Paged<NoticeRow>> {
  return http.post<Paged<NoticeRow>>('/message/Notice', query);
}

/** The notice as the server answers it: files as JSON text and toUserIds comma-joined ('' for everyone), as the 3.4.7 client reads them. */
type NoticeAnswer = Omit<NoticeInfo, 'files' | 'toUserIds'> & {
  files: string | MessageFile[] | null;
  toUserIds: string | string[] | null;
};

export async function fetchNotice(id: string): Promise<NoticeInfo> {
  const notice = await http.get<NoticeAnswer>(`/message/${encodeURIComponent(id)}`);
  const files =
    typeof notice.files === 'string' ? (notice.files ? JSON.parse(notice.files) : []) : notice.files;
  const toUserIds =
    typeof notice.toUserIds === 'string' ? notice.toUserIds.split(',').filter(Boolean) : notice.toUserIds;
  return { ...notice, files: files ?? [], toUserIds: toUserIds ?? [] };
}

export async function saveNotice(form: NoticeForm): Promise<string> {
  const body = { ...form, toUserIds: form.toUserIds.length ? form.toUserIds : null };
  const answer = form.id
    ? await http.send(`/message/${encodeURIComponent(form.id)}`, { method: 'PUT', data: body })
    : await http.send('/message', { method: 'POST', data: body });
  return answer.msg;
}

export async function deleteNotice(id: string): Promise<string> {
  return (await http.send(`/message/${encodeURIComponent(id)}`, { method: 'DELETE' })).msg;
}

export async function releaseNotice(id: string): Promise<string> {
  return (await http.send(`/message/${encodeURIComponent(id)}/Actions/Release`, { method: 'PUT' })).msg;
}
