import { http } from '../../../base/api';

const BASE = '/extend/TableExample';

/** A row of /api/extend/TableExample (the 3.4.7 client's field names). */
export interface TableExampleRow {
  id: string;
  projectName: string;
  projectCode: string;
  projectType: string;
  projectPhase: string;
  customerName: string;
  principal: string;
  jackStands: string;
  interactionDate: number | null;
  costAmount: number;
  tunesAmount: number;
  projectedIncome: number;
  registrant: string;
  registerDate: number | null;
  description: string;
  sign: string;
  postilCount: number;
  version: number;
}
export type TableExampleForm = Omit<
  TableExampleRow,
  'id' | 'registrant' | 'registerDate' | 'sign' | 'postilCount' | 'version'
> & {
  id?: string;
  version?: number;
};

export interface IndustryNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  children: IndustryNode[];
}
export interface AreaRow {
  id: string;
  fullName: string;
  enCode: string;
}
export interface Postil {
  userId: string;
  text: string;
  creatorTime: number;
}
export interface TableQuery {
  currentPage: number;
  pageSize: number;
  keyword: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
}
interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

export const tableKeys = {
  all: ['extendTableDemo'] as const,
  list: (query: TableQuery, typeId = '') => ['extendTableDemo', 'list', typeId, query] as const,
  allRows: (keyword: string) => ['extendTableDemo', 'all', keyword] as const,
  types: ['extendTableDemo', 'types'] as const,
  provinces: (keyword: string) => ['extendTableDemo', 'provinces', keyword] as const,
  cities: (id: string) => ['extendTableDemo', 'cities', id] as const,
  postils: (id: string) => ['extendTableDemo', 'postils', id] as const,
};

export const fetchRows = (query: TableQuery) => http.get<Paged<TableExampleRow>>(BASE, { ...query });
export const fetchRowsOfType = (typeId: string, query: TableQuery) =>
  http.get<Paged<TableExampleRow>>(`${BASE}/ControlSample/${typeId}`, { ...query });
export const fetchAllRows = async (keyword: string) =>
  (await http.get<{ list: TableExampleRow[] }>(`${BASE}/All`, { keyword })).list;
export const fetchTypes = async () =>
  (await http.get<{ list: IndustryNode[] }>(`${BASE}/ControlSample/TreeList`)).list;
export const fetchProvinces = async (keyword: string) =>
  (await http.get<{ list: AreaRow[] }>(`${BASE}/IndustryList`, { keyword })).list;
export const fetchCities = async (id: string) =>
  (await http.get<{ list: AreaRow[] }>(`${BASE}/CityList/${id}`)).list;
export const fetchRow = (id: string) => http.get<TableExampleRow>(`${BASE}/${id}`);

export async function saveRow(form: TableExampleForm): Promise<string> {
  return form.id
    ? (await http.send(`${BASE}/${form.id}`, { method: 'PUT', data: form })).msg
    : (await http.send(BASE, { method: 'POST', data: form })).msg;
}
/** The editable table's save of one row in place. */
export const saveRowInPlace = async (row: TableExampleRow) =>
  (await http.send(`${BASE}/${row.id}/Actions/RowsEdit`, { method: 'PUT', data: row })).msg;
export const deleteRow = async (id: string) => (await http.send(`${BASE}/${id}`, { method: 'DELETE' })).msg;
export const updateSign = async (id: string, sign: string) =>
  (await http.send(`${BASE}/UpdateSign/${id}`, { method: 'PUT', data: { sign } })).msg;
export const fetchPostils = async (id: string): Promise<Postil[]> =>
  JSON.parse((await http.get<{ postilJson: string }>(`${BASE}/${id}/Actions/Postil`)).postilJson || '[]');
export const addPostil = async (id: string, text: string) =>
  (await http.send(`${BASE}/${id}/Postil`, { method: 'POST', data: { text } })).msg;
export const deletePostil = async (id: string, index: number) =>
  (await http.send(`${BASE}/${id}/Postil/${index}`, { method: 'DELETE' })).msg;
