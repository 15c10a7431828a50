import type { AccountCategory, AccountConfigItem, PagedList } from '@console/shared';
import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';

export interface AccountQuery {
  type: AccountCategory;
  keyword: string;
  currentPage: number;
  pageSize: number;
  enabledMark?: number;
}

export interface AccountForm {
  id?: string;
  category: AccountCategory;
  fullName: string;
  enCode: string;
  settings: Record<string, unknown>;
  sortCode: number;
  enabledMark: number;
  description?: string;
  version?: number;
}

export const accountKeys = {
  all: ['msgAccount'] as const,
  list: (query: AccountQuery) => ['msgAccount', 'list', query] as const,
};

const BASE = '/message/AccountConfig';

export const fetchAccounts = (query: AccountQuery) =>
  http.get<PagedList<AccountConfigItem>>(BASE, { ...query });
export const fetchAccount = (id: string) => http.get<AccountConfigItem>(`${BASE}/${id}`);

export async function saveAccount(form: AccountForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return answer.msg;
}

export const deleteAccount = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const copyAccount = async (id: string) =>
  (await http.send(`${BASE}/copy/${id}`, { method: 'POST' })).msg;
export const exportAccount = (id: string) =>
  http.get<{ name: string; url: string }>(`${BASE}/${id}/Action/Export`);
export const importAccount = async (file: File) => (await uploadFile(`${BASE}/Action/Import`, file)).msg;

/** Sends a test mail with the form's settings (a masked password stands for the saved one of `id`). */
export async function testSendMail(body: Record<string, unknown>): Promise<string> {
  return (await http.send('/message/MessageTemplateConfig/testSendMail', { method: 'POST', data: body })).msg;
}
