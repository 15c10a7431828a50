import type { OnlineConfig } from '@console/shared';
import { http } from '../../../base/api';

/** Public calls of the external links (forms.md 5): no session, the link's token as `encryption`. */
const base = '/visualdev/ShortLink';
const id = (value: string) => encodeURIComponent(value);

export type Channel = 'form' | 'list';

/** GET /getConfig/{modelId}: which parts of the link are on and whether they need a password. */
export interface ShortLinkInfo {
  id: string;
  fullName: string;
  formUse: number;
  formPassUse: number;
  columnUse: number;
  columnPassUse: number;
  columnCondition: string;
  columnText: string;
  formLink: string;
  columnLink: string;
}

/** What every call after the password carries. */
export interface LinkTicket {
  modelId: string;
  encryption: string;
  /** Answered by checkPwd; '' when the part has no password. */
  pass: string;
}

const params = (ticket: LinkTicket, extra: Record<string, string> = {}) => ({
  encryption: ticket.encryption,
  ...(ticket.pass ? { pass: ticket.pass } : {}),
  ...extra,
});

export const fetchLinkInfo = (modelId: string, encryption: string) =>
  http.get<ShortLinkInfo>(`${base}/getConfig/${id(modelId)}`, { encryption }, { silent: true });

/** POST /checkPwd (type 0 form, 1 list; the MD5 of what was typed) → the pass for that part. */
export async function checkPassword(modelId: string, encryption: string, channel: Channel, password: string) {
  const { md5 } = await import('js-md5');
  return http.post<{ pass: string }>(`${base}/checkPwd`, {
    id: modelId,
    type: channel === 'form' ? 0 : 1,
    password: md5(password),
    encryption,
  });
}

export const fetchLinkConfig = (ticket: LinkTicket, channel: Channel) =>
  http.get<OnlineConfig>(`${base}/${id(ticket.modelId)}/Config`, params(ticket, { type: channel }), {
    silent: true,
  });

export const submitRecord = (ticket: LinkTicket, data: Record<string, unknown>) =>
  http.send<{ id: string }>(`${base}/${id(ticket.modelId)}`, {
    method: 'POST',
    params: params(ticket),
    data: { data: JSON.stringify(data) },
  });

export interface LinkListQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  queryJson: string;
}

export interface LinkListAnswer {
  list: (Record<string, unknown> & { id: string })[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const fetchLinkList = (ticket: LinkTicket, query: LinkListQuery) =>
  http.request<LinkListAnswer>(`${base}/${id(ticket.modelId)}/ListLink`, {
    method: 'POST',
    params: params(ticket),
    data: query,
  });

export async function fetchLinkRecord(ticket: LinkTicket, recordId: string) {
  const answer = await http.get<{ id: string; data: string }>(
    `${base}/${id(ticket.modelId)}/${id(recordId)}/DataChange`,
    params(ticket),
  );
  return JSON.parse(answer.data) as Record<string, unknown>;
}
