import type {
  DataRuleSchemeCondition,
  MenuCategory,
  MenuItem,
  MenuTreeNode,
  ModuleItem,
  SystemItem,
} from '@console/shared';
import { http } from '../../../base/api';

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

// ----- Data connection of a page's permission editors (ModuleDataAuthorizeLink) -----

const LINK = '/system/ModuleDataAuthorizeLink';

/** The link kind of each editor, as the server numbers them. */
export const LINK_TYPE = { ModuleColumn: 1, ModuleForm: 2, ModuleDataAuthorize: 3 } as const;
export type LinkedKind = keyof typeof LINK_TYPE;
export const isLinkedKind = (kind: ItemKind): kind is LinkedKind => kind in LINK_TYPE;

export interface ModuleLink {
  id: string;
  linkId: string;
  /** Comma separated. */
  linkTables: string;
  dataType: string;
}

/** A field of a linked table: `field` is the name the page's rules use, `columnName` the column. */
export interface LinkField {
  field: string;
  fieldName: string;
  columnName: string;
  dataType: string;
}

export const linkKeys = {
  info: (moduleId: string, type: number) => ['systemMenu', 'link', moduleId, type] as const,
  tables: (moduleId: string, type: number) => ['systemMenu', 'linkTables', moduleId, type] as const,
  fields: (moduleId: string, type: number, linkId: string, table: string) =>
    ['systemMenu', 'linkFields', moduleId, type, linkId, table] as const,
};

export function fetchLinkInfo(moduleId: string, type: number): Promise<ModuleLink | null> {
  return http.get<ModuleLink | null>(`${LINK}/getInfo/${moduleId}/${type}`);
}

/** The tables the editors pick from: a generated page's design tables, else the page's link. */
export function fetchLinkTables(
  moduleId: string,
  type: number,
): Promise<{ linkId: string; linkTables: string[] }> {
  return http.get<{ linkId: string; linkTables: string[] }>(`${LINK}/getVisualTables/${moduleId}/${type}`);
}

export async function fetchLinkFields(
  moduleId: string,
  type: number,
  linkId: string,
  table: string,
): Promise<LinkField[]> {
  const path = `${LINK}/${encodeURIComponent(linkId)}/Tables/${encodeURIComponent(table)}/Fields/${moduleId}/${type}`;
  return (await http.get<{ list: LinkField[] }>(path)).list ?? [];
}

export async function saveLink(body: {
  moduleId: string;
  linkId: string;
  linkTables: string[];
  dataType: number;
}): Promise<string> {
  return (
    await http.send(`${LINK}/saveLinkData`, {
      method: 'POST',
      data: { ...body, linkTables: body.linkTables.join(',') },
    })
  ).msg;
}
