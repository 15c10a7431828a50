import type { MessageChannel, MessageTemplateItem, PagedList, TemplateParam } from '@console/shared';
import { http } from '../../../base/api';

export interface TemplateQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  messageType?: MessageChannel;
  messageSource?: number;
  enabledMark?: number;
}

export interface TemplateForm {
  id?: string;
  fullName: string;
  enCode: string;
  messageSource: number;
  messageType: MessageChannel;
  title: string;
  content: string;
  templateCode: string;
  params: TemplateParam[];
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export const templateKeys = {
  all: ['msgTemplate'] as const,
  list: (query: TemplateQuery) => ['msgTemplate', 'list', query] as const,
};

const BASE = '/message/MessageTemplateConfig';

export const fetchTemplates = (query: TemplateQuery) =>
  http.get<PagedList<MessageTemplateItem>>(BASE, { ...query });
export const fetchTemplate = (id: string) => http.get<MessageTemplateItem>(`${BASE}/${id}`);

export async function saveTemplate(form: TemplateForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return answer.msg;
}

export const deleteTemplate = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const copyTemplate = async (id: string) =>
  (await http.send(`${BASE}/copy/${id}`, { method: 'POST' })).msg;
