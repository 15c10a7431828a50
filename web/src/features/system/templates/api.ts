import type {
  SmsAccountOption,
  SmsTemplateItem,
  SmsVendorTemplate,
  SystemTemplateItem,
  TemplateParam,
} from '@console/shared';
import { http } from '../../../base/api';

/** The two kinds of template: system (/system/MessageTemplate) and SMS (/system/SmsTemplate). */
export type TemplateKind = 'system' | 'sms';

export type TemplateItem = SystemTemplateItem | SmsTemplateItem;

export interface TemplateQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** What the dialog sends; the server works the parameters out of the text. */
export interface TemplateForm {
  fullName: string;
  enCode: string;
  category?: number;
  title?: string;
  accountConfigId?: string;
  templateId?: string;
  signContent?: string;
  content: string;
  params: TemplateParam[];
  sortCode: number;
  enabledMark: number;
  description: string;
  version?: number;
}

const BASE: Record<TemplateKind, string> = {
  system: '/system/MessageTemplate',
  sms: '/system/SmsTemplate',
};

export const templateKeys = {
  all: (kind: TemplateKind) => ['systemTemplate', kind] as const,
  list: (kind: TemplateKind, query: TemplateQuery) => ['systemTemplate', kind, 'list', query] as const,
  accounts: ['systemTemplate', 'sms', 'accounts'] as const,
};

export function fetchTemplates(kind: TemplateKind, query: TemplateQuery): Promise<Paged<TemplateItem>> {
  return http.get<Paged<TemplateItem>>(BASE[kind], { ...query });
}

export function fetchTemplate(kind: TemplateKind, id: string): Promise<TemplateItem> {
  return http.get<TemplateItem>(`${BASE[kind]}/${id}`);
}

export async function saveTemplate(kind: TemplateKind, form: TemplateForm, id?: string): Promise<string> {
  const answer = id
    ? await http.send(`${BASE[kind]}/${id}`, { method: 'PUT', data: form })
    : await http.send(BASE[kind], { method: 'POST', data: form });
  return answer.msg;
}

export async function deleteTemplate(kind: TemplateKind, id: string): Promise<string> {
  return (await http.send(`${BASE[kind]}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleTemplate(kind: TemplateKind, id: string): Promise<string> {
  return (await http.send(`${BASE[kind]}/${id}/Actions/State`, { method: 'PUT' })).msg;
}

export function fetchSmsAccounts(): Promise<SmsAccountOption[]> {
  return http.get<SmsAccountOption[]>(`${BASE.sms}/Accounts`);
}

/** Asks the account's vendor for its template with this code. */
export function fetchVendorTemplate(accountConfigId: string, templateId: string): Promise<SmsVendorTemplate> {
  return http
    .send<SmsVendorTemplate>(`${BASE.sms}/getTemplate`, {
      method: 'POST',
      data: { accountConfigId, templateId },
    })
    .then((answer) => answer.data);
}

export async function testSendSms(body: {
  id: string;
  phoneNumbers: string;
  parameters: Record<string, string>;
}): Promise<string> {
  return (await http.send(`${BASE.sms}/testSent`, { method: 'POST', data: body })).msg;
}
