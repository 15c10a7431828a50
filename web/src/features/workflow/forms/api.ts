import { http } from '../../../base/api';
import type { PagedAnswer } from '../../../widgets/list/paged-list';

const BASE = '/flowForm/Form';

/** A flow form (workflow.md 4.1): a designed form's working copy (draftJson) and released copy (propertyJson). */
export interface FlowForm {
  id: string;
  fullName: string;
  enCode: string;
  formType: number;
  flowType: number;
  draftJson: string | null;
  propertyJson: string | null;
  sortCode: number;
  description: string | null;
  lastModifyTime: number | null;
  creatorTime: number;
}

export interface FlowFormQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export const flowFormKeys = {
  all: ['flowForms'] as const,
  list: (query: FlowFormQuery) => ['flowForms', 'list', query] as const,
  one: (id: string) => ['flowForms', 'one', id] as const,
};

export const fetchFlowForms = (query: FlowFormQuery) => http.get<PagedAnswer<FlowForm>>(BASE, { ...query });
export const fetchFlowForm = (id: string) => http.get<FlowForm>(`${BASE}/${id}`);

export function saveFlowForm(
  id: string | undefined,
  body: { fullName: string; enCode: string; draftJson: string; description: string },
) {
  return http.send<{ id: string } | null>(BASE, {
    method: id ? 'PUT' : 'POST',
    data: { ...body, ...(id ? { id } : {}), formType: 2, flowType: 0, sortCode: 0 },
  });
}
export const releaseFlowForm = async (id: string) =>
  (await http.send(`${BASE}/Release/${id}?isRelease=1`, { method: 'POST' })).msg;
export const deleteFlowForm = async (id: string) =>
  (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
