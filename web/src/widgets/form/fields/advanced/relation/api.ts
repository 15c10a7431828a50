import { http } from '../../../../../base/api';

/*
 * Where the relation fields read their rows (forms.md 4-6, system-data.md 3): a form's records
 * (relationForm, relationFormAttr) and a data interface's rows (popupSelect, popupTableSelect,
 * autoComplete, popupAttr, sub-table rows picked with addType 1).
 */

export type Row = Record<string, unknown>;

export interface RowPage {
  list: Row[];
  total: number;
}

/** A templateJson entry: an interface parameter, filled from a form field when relationField names one. */
export interface TemplateParam {
  field: string;
  defaultValue?: unknown;
  relationField?: string;
  [key: string]: unknown;
}

/** forms.md 6: the parameters with defaultValue taken from each param's relationField. */
export function paramList(template: unknown, values: Row): TemplateParam[] {
  if (!Array.isArray(template)) return [];
  return template
    .filter((param): param is TemplateParam => typeof param?.field === 'string')
    .map((param) => {
      const source = param.relationField;
      return source ? { ...param, defaultValue: values[source] ?? param.defaultValue ?? '' } : { ...param };
    });
}

/** A column of the popup: columnOptions [{value, label}]. */
export interface ColumnOption {
  value: string;
  label: string;
}

export function columnOptions(value: unknown): ColumnOption[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((option) => typeof option?.value === 'string' && option.value !== '')
    .map((option) => ({ value: option.value, label: String(option.label ?? option.value) }));
}

interface PageAnswer {
  list?: Row[] | null;
  pagination?: { total?: number } | null;
}

const toPage = (answer: PageAnswer | Row[] | null): RowPage => {
  if (Array.isArray(answer)) return { list: answer, total: answer.length };
  const list = answer?.list ?? [];
  return { list, total: answer?.pagination?.total ?? list.length };
};

export interface PageQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

/** One page of a form's records for relationForm: GET /api/visualdev/Base/{modelId}/FieldDataSelect. */
export async function fetchModelRows(
  modelId: string,
  relationField: string,
  columns: readonly ColumnOption[],
  query: PageQuery,
): Promise<RowPage> {
  return toPage(
    await http.get<PageAnswer>(`/visualdev/Base/${encodeURIComponent(modelId)}/FieldDataSelect`, {
      ...query,
      relationField,
      columnOptions: columns.map((column) => column.value).join(','),
    }),
  );
}

/** One record of a form with display text: GET /api/visualdev/OnlineDev/{modelId}/{id}/DataChange. */
export async function fetchModelRecord(modelId: string, id: string): Promise<Row> {
  const answer = await http.get<{ id?: string; data?: string | Row }>(
    `/visualdev/OnlineDev/${encodeURIComponent(modelId)}/${encodeURIComponent(id)}/DataChange`,
  );
  const data = answer?.data;
  if (typeof data !== 'string') return data ?? {};
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' ? (parsed as Row) : {};
  } catch {
    return {};
  }
}

export interface InterfaceQuery {
  propsValue: string;
  relationField: string;
  columns: readonly ColumnOption[];
  params: TemplateParam[];
}

/** One page of a data interface: POST /api/system/DataInterface/{id}/Action/List. */
export async function fetchInterfaceRows(
  interfaceId: string,
  source: InterfaceQuery,
  query: PageQuery,
): Promise<RowPage> {
  return toPage(
    await http.post<PageAnswer>(`/system/DataInterface/${encodeURIComponent(interfaceId)}/Action/List`, {
      ...query,
      interfaceId,
      propsValue: source.propsValue,
      relationField: source.relationField,
      columnOptions: source.columns.map((column) => column.value).join(','),
      paramList: source.params,
    }),
  );
}

/** The rows whose propsValue is among ids (to show stored values): POST …/Action/InfoByIds. */
export async function fetchInterfaceRowsByIds(
  interfaceId: string,
  ids: readonly string[],
  source: Omit<InterfaceQuery, 'columns'>,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const answer = await http.post<Row[] | PageAnswer>(
    `/system/DataInterface/${encodeURIComponent(interfaceId)}/Action/InfoByIds`,
    { ids, propsValue: source.propsValue, relationField: source.relationField, paramList: source.params },
  );
  return toPage(answer).list;
}

export const relationKeys = {
  modelRecord: (modelId: string, id: string) => ['formRelation', 'model', modelId, id] as const,
  interfaceRows: (interfaceId: string, ids: readonly string[], params: unknown) =>
    ['formRelation', 'interface', interfaceId, ids, params] as const,
};

/** forms.md 1.2: "{vModel}_jnpfTable_{table}{1|0}" names the field {vModel}; a bare name is itself. */
export function relationVModel(reference: unknown): string {
  if (typeof reference !== 'string') return '';
  const at = reference.indexOf('_jnpfTable_');
  return at < 0 ? reference : reference.slice(0, at);
}
