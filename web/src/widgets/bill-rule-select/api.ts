import type { BillDateFormat } from '@console/shared';
import { http } from '../../base/api';

// The bill-rule reads that the rule picker, the bill-number field and the bill-rule page
// (features/system/billRule) share.

export const BILL_RULE_API = '/system/BillRule';

/** Dictionary code of the rules' business categories. */
export const BUSINESS_TYPE = 'businessType';

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

/** Rules offered by the business-rule picker (enabled ones). */
export function fetchBillRuleSelector(query: BillRuleQuery): Promise<Paged<BillRule>> {
  return http.get<Paged<BillRule>>(`${BILL_RULE_API}/Selector`, { ...query });
}

/** The next number of a rule (each call uses one number). */
export function fetchBillNumber(code: string): Promise<string> {
  return http.get<string>(`${BILL_RULE_API}/BillNumber/${encodeURIComponent(code)}`);
}
