import type { CrmCollectionPlan, CrmOrderEntry, CrmOrderRow, SaleCustomer, SaleGoods } from '@console/shared';
import dayjs from 'dayjs';
import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';
import type { Paging } from '../../../widgets/list/paged-table';

export const ORDER_BASE = '/extend/CrmOrder';
/** The coded flow form and the flow template of orders (other.md 1). */
export const ORDER_FLOW_CODE = 'crmOrder';
/** The bill rule that numbers new orders. */
export const ORDER_BILL_RULE = 'OrderNumber';

export type OrderQuery = { keyword: string; startTime?: number; endTime?: number } & Paging;

export const orderKeys = {
  all: ['extendOrder'] as const,
  list: (q: OrderQuery) => ['extendOrder', 'list', q] as const,
  lines: (id: string) => ['extendOrder', 'lines', id] as const,
  plan: (id: string) => ['extendOrder', 'plan', id] as const,
};

export const fetchOrders = (query: OrderQuery) =>
  http.get<PagedAnswer<CrmOrderRow>>(ORDER_BASE, { ...query });
export const fetchLines = (id: string) =>
  http.get<{ list: CrmOrderEntry[] }>(`${ORDER_BASE}/OrderEntry/${encodeURIComponent(id)}/Items`);
export const fetchPlan = (id: string) =>
  http.get<{ list: CrmCollectionPlan[] }>(`${ORDER_BASE}/${encodeURIComponent(id)}/CollectionPlan`);
export const exportOrder = (id: string) =>
  http.get<{ name: string; url: string }>(`${ORDER_BASE}/${encodeURIComponent(id)}/Export`);
export const deleteOrder = async (id: string) =>
  (await http.send(`${ORDER_BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' })).msg;
export const fetchCustomers = () => http.get<SaleCustomer[]>(`${ORDER_BASE}/Customer`);
export const fetchGoods = () => http.get<SaleGoods[]>(`${ORDER_BASE}/Goods`);
export const takeOrderNumber = () => http.get<string>(`/system/BillRule/BillNumber/${ORDER_BILL_RULE}`);

/** The launchable version of the order flow: template by code, then its launchable flows. */
export async function orderFlowId(): Promise<string | undefined> {
  const templateId = await http.get<string>(
    `/workflow/Engine/flowTemplate/getFlowIdByCode/${ORDER_FLOW_CODE}`,
  );
  const flows = await http.get<{ id: string }[]>(`/workflow/Engine/flowTemplate/FlowJsonList/${templateId}`, {
    type: 1,
  });
  return flows[0]?.id;
}

export const money = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const day = (value?: number | null) => (value ? dayjs(value).format('YYYY-MM-DD') : '');
