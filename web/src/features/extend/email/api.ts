import type {
  EmailConfigBody,
  EmailConfigInfo,
  EmailFolder,
  EmailInfo,
  EmailListItem,
  EmailReceiveResult,
} from '@console/shared';
import { http } from '../../../base/api';

export interface EmailQuery {
  type: EmailFolder;
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface ComposeBody {
  id?: string;
  version?: number;
  recipient: string;
  cc: string;
  bcc: string;
  subject: string;
  bodyText: string;
  attachment: { fileId: string; fullName: string; fileSize: number }[];
}

export const emailKeys = {
  all: ['extendEmail'] as const,
  list: (query: EmailQuery) => ['extendEmail', 'list', query] as const,
  info: (id: string) => ['extendEmail', 'info', id] as const,
  config: ['extendEmail', 'config'] as const,
};

const BASE = '/extend/Email';

export const fetchEmails = (query: EmailQuery) =>
  http.get<{ list: EmailListItem[]; pagination: { total: number } }>(BASE, { ...query });
export const fetchEmail = (id: string) => http.get<EmailInfo>(`${BASE}/${id}`);
export const fetchEmailConfig = () => http.get<EmailConfigInfo | null>(`${BASE}/Config`);

const msgOf = async (promise: Promise<{ msg: string }>) => (await promise).msg;

export const saveEmailConfig = (body: Partial<EmailConfigBody>) =>
  msgOf(http.send(`${BASE}/Config`, { method: 'PUT', data: body }));
export const checkEmailConfig = (body: Partial<EmailConfigBody>) =>
  msgOf(http.send(`${BASE}/Config/Actions/CheckMail`, { method: 'POST', data: body }));
export const receiveEmails = async () =>
  (await http.send<EmailReceiveResult>(`${BASE}/Receive`, { method: 'POST' })).msg;
export const markEmail = (id: string, action: 'Read' | 'Unread' | 'Star' | 'Unstar') =>
  msgOf(http.send(`${BASE}/${id}/Actions/${action}`, { method: 'PUT' }));
export const deleteEmail = (id: string) => msgOf(http.send(`${BASE}/${id}`, { method: 'DELETE' }));
export const sendEmail = (body: ComposeBody) => msgOf(http.send(BASE, { method: 'POST', data: body }));
export const saveEmailDraft = (body: ComposeBody) =>
  msgOf(http.send(`${BASE}/Actions/SaveDraft`, { method: 'POST', data: body }));
