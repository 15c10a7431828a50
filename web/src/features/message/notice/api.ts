import { http } from '../../../base/api';
import type { MessageFile, Paged } from '../inbox/api';

/** Notice states: 0 draft, 1 released, 2 withdrawn. */
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

export function fetchNotice(id: string): Promise<NoticeInfo> {
  return http.get<NoticeInfo>(`/message/${encodeURIComponent(id)}`);
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
