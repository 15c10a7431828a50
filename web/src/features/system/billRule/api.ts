import { http } from '../../../base/api';
import {
  BILL_RULE_API as BASE,
  type BillRule,
  type BillRuleQuery,
  type Paged,
} from '../../../widgets/bill-rule-select/api';
import { uploadFile } from '../../../widgets/list/files';

export {
  type BillRule,
  type BillRuleQuery,
  BUSINESS_TYPE,
  billRuleKeys,
  fetchBillNumber,
  fetchBillRuleSelector,
  type Paged,
} from '../../../widgets/bill-rule-select/api';

export type BillRuleForm = Omit<BillRule, 'id' | 'categoryName' | 'outputNumber' | 'creatorTime'> & {
  id?: string;
};

export function fetchBillRules(query: BillRuleQuery): Promise<Paged<BillRule>> {
  return http.get<Paged<BillRule>>(BASE, { ...query });
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
