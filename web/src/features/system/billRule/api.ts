import type { BillDateFormat } from '@console/shared';
import { http } from '../../../base/api';
import { uploadFile } from '../../../widgets/list/files';

/** Bill (serial number) rule of console.md 3. */
export interface BillRule {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  categoryName?: string;
  prefix: string;
  dateFormat: BillDateFormat;
  digit: number;
  startNumber: string;
  example?: string;
  outputNumber?: string | null;
  sortCode: number;
  enabledMark: number;
  description?: string | null;
  creatorTime?: number | null;
  version?: number;
}

export type BillRuleForm = Omit<BillRule, 'id' | 'categoryName' | 'outputNumber' | 'creatorTime'> & {
  id?: string;
};

export interface BillRuleQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  categoryId?: string;
}

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const billRuleKeys = {
  all: ['billRule'] as const,
  list: (query: BillRuleQuery) => ['billRule', 'list', query] as const,
  selector: (query: BillRuleQuery) => ['billRule', 'selector', query] as const,
};

const BASE = '/system/BillRule';

export function fetchBillRules(query: BillRuleQuery): Promise<Paged<BillRule>> {
  return http.get<Paged<BillRule>>(BASE, { ...query });
}

/** Rules offered by the business-rule picker (enabled ones). */
export function fetchBillRuleSelector(query: BillRuleQuery): Promise<Paged<BillRule>> {
  return http.get<Paged<BillRule>>(`${BASE}/Selector`, { ...query });
}

export function fetchBillRule(id: string): Promise<BillRule> {
  return http.get<BillRule>(`${BASE}/${id}`);
}

export async function saveBillRule(form: BillRuleForm): Promise<string> {
  const answer = form.id
    ? await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })
    : await http.send(BASE, { method: 'POST', data: form });
  return answer.msg;
}

export async function deleteBillRule(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleBillRule(id: string): Promise<string> {
  return (await http.send(`${BASE}/${id}/Actions/State`, { method: 'PUT' })).msg;
}

export function exportBillRule(id: string): Promise<{ name: string; url: string }> {
  return http.get<{ name: string; url: string }>(`${BASE}/${id}/Action/Export`);
}

export async function importBillRules(file: File): Promise<string> {
  return (await uploadFile(`${BASE}/Action/Import`, file)).msg;
}

/** The next number of a rule (each call uses one number). */
export function fetchBillNumber(code: string): Promise<string> {
  return http.get<string>(`${BASE}/BillNumber/${encodeURIComponent(code)}`);
}
