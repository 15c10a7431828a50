import type {
  AccountConfigItem,
  MessageTemplateItem,
  PagedList,
  SendConfigItem,
  SendResult,
  SendTemplateEntry,
  SendTestChannel,
} from '@console/shared';
import { http } from '../../../base/api';

export interface SendConfigQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  messageSource?: number;
}

export interface SendConfigForm {
  id?: string;
  fullName: string;
  enCode: string;
  messageSource: number;
  templates: SendTemplateEntry[];
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export const sendConfigKeys = {
  all: ['msgSendConfig'] as const,
  list: (query: SendConfigQuery) => ['msgSendConfig', 'list', query] as const,
  /** Enabled templates and accounts the rows choose from. */
  choices: ['msgSendConfig', 'choices'] as const,
};

const BASE = '/message/SendMessageConfig';
/** Enough for any installation's templates and accounts in one list. */
const ALL = { currentPage: 1, pageSize: 500, enabledMark: 1 };

export const fetchSendConfigs = (query: SendConfigQuery) =>
  http.get<PagedList<SendConfigItem>>(BASE, { ...query });
export const fetchSendConfig = (id: string) => http.get<SendConfigItem>(`${BASE}/${id}`);

export async function fetchChoices() {
  const [templates, accounts] = await Promise.all([
    http.get<PagedList<MessageTemplateItem>>('/message/MessageTemplateConfig', ALL),
    http.get<PagedList<AccountConfigItem>>('/message/AccountConfig', ALL),
  ]);
  return { templates: templates.list, accounts: accounts.list };
}

export async function saveSendConfig(form: SendConfigForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return answer.msg;
}

export const deleteSendConfig = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const copySendConfig = async (id: string) =>
  (await http.send(`${BASE}/copy/${id}`, { method: 'POST' })).msg;
export const fetchTestChannels = (id: string) => http.post<SendTestChannel[]>(`${BASE}/getTestConfig/${id}`);
export const testSend = (body: { id: string; userIds: string[]; params: Record<string, string> }) =>
  http.post<SendResult[]>(`${BASE}/testSendConfig`, body);
