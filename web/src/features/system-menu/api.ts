import type {
  DataRuleSchemeCondition,
  MenuCategory,
  MenuItem,
  MenuTreeNode,
  ModuleItem,
  SystemItem,
} from '@console/shared';
import { http } from '../../api';

const SYSTEM = '/system/System';
const MENU = '/system/Menu';

export const menuKeys = {
  all: ['systemMenu'] as const,
  systems: ['systemMenu', 'systems'] as const,
  tree: (systemId: string, category: MenuCategory, keyword: string) =>
    ['systemMenu', 'tree', systemId, category, keyword] as const,
  items: (kind: ItemKind, moduleId: string) => ['systemMenu', 'items', kind, moduleId] as const,
};

// ----- Applications -----

export async function fetchSystems(): Promise<SystemItem[]> {
  return (await http.get<{ list: SystemItem[] }>(SYSTEM)).list ?? [];
}

export function fetchSystem(id: string): Promise<SystemItem> {
  return http.get<SystemItem>(`${SYSTEM}/${id}`);
}

export type SystemForm = Pick<
  SystemItem,
  'fullName' | 'enCode' | 'icon' | 'sortCode' | 'enabledMark' | 'description'
> & {
  id?: string;
  version?: number;
};

export async function saveSystem(form: SystemForm): Promise<string> {
  const { id, ...body } = form;
  const answer = id
    ? await http.send(`${SYSTEM}/${id}`, { method: 'PUT', data: body })
    : await http.send(SYSTEM, { method: 'POST', data: body });
  return answer.msg;
}

export async function deleteSystem(id: string): Promise<string> {
  return (await http.send(`${SYSTEM}/${id}`, { method: 'DELETE' })).msg;
}

// ----- Menus -----

export async function fetchMenuTree(
  systemId: string,
  category: MenuCategory,
  keyword: string,
): Promise<MenuTreeNode[]> {
  return (
    (await http.get<{ list: MenuTreeNode[] }>(`${MENU}/ModuleBySystem/${systemId}`, { category, keyword }))
      .list ?? []
  );
}

export function fetchMenu(id: string): Promise<MenuItem & Pick<MenuForm, 'fullNameI18n'>> {
  return http.get<MenuItem & Pick<MenuForm, 'fullNameI18n'>>(`${MENU}/${id}`);
}

export type MenuForm = Omit<MenuItem, 'id' | 'creatorTime' | 'lastModifyTime' | 'version'> & {
  id?: string;
  version?: number;
  /** The menu's names in the other interface languages ('' = the default name). */
  fullNameI18n?: { 'zh-TW': string; 'en-US': string };
};

export async function saveMenu(form: MenuForm): Promise<string> {
  const { id, ...body } = form;
  const answer = id
    ? await http.send(`${MENU}/${id}`, { method: 'PUT', data: body })
    : await http.send(MENU, { method: 'POST', data: body });
  return answer.msg;
}

export async function deleteMenu(id: string): Promise<string> {
  return (await http.send(`${MENU}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleMenu(id: string): Promise<string> {
  return (await http.send(`${MENU}/${id}/Actions/State`, { method: 'PUT' })).msg;
}

// ----- Per page items -----

/** The item tables of a page: buttons, list columns, form fields, data-rule fields and schemes. */
export type ItemKind =
  | 'ModuleButton'
  | 'ModuleColumn'
  | 'ModuleForm'
  | 'ModuleDataAuthorize'
  | 'ModuleDataAuthorizeScheme';

/** A data-rule field a scheme may filter on. */
export interface DataField extends ModuleItem {
  type: string;
  conditionSymbol: string;
  conditionText: string;
}

/** A data-rule scheme. */
export interface DataScheme extends ModuleItem {
  allData: number;
  conditionJson: DataRuleSchemeCondition | null;
}

export type AnyItem = ModuleItem & Partial<DataField> & Partial<DataScheme>;

export async function fetchItems(kind: ItemKind, moduleId: string): Promise<AnyItem[]> {
  return (await http.get<{ list: AnyItem[] }>(`/system/${kind}/${moduleId}/List`)).list ?? [];
}

export function fetchItem(kind: ItemKind, id: string): Promise<AnyItem> {
  return http.get<AnyItem>(`/system/${kind}/${id}`);
}

export async function saveItem(
  kind: ItemKind,
  body: Record<string, unknown> & { id?: string },
): Promise<string> {
  const { id, ...rest } = body;
  const answer = id
    ? await http.send(`/system/${kind}/${id}`, { method: 'PUT', data: rest })
    : await http.send(`/system/${kind}`, { method: 'POST', data: rest });
  return answer.msg;
}

export async function deleteItem(kind: ItemKind, id: string): Promise<string> {
  return (await http.send(`/system/${kind}/${id}`, { method: 'DELETE' })).msg;
}

export async function toggleItem(kind: ItemKind, id: string): Promise<string> {
  return (await http.send(`/system/${kind}/${id}/Actions/State`, { method: 'PUT' })).msg;
}
