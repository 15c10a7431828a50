import { http, type ListAnswer, listOf } from '../../base/api';
import { PAGE_SIZE, type PickerNode } from './selection';

export interface Paged<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

type RawNode = Record<string, unknown> & { id: string | number; children?: RawNode[] | null };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * A selector node or user row of the server as the pickers use it. Unit nodes may carry their kind
 * as `category`; user rows carry `realName` and `account` instead of `fullName`.
 */
export function toPickerNode(raw: RawNode, fallbackType?: string): PickerNode {
  const realName = text(raw.realName);
  const account = text(raw.account);
  const fullName =
    text(raw.fullName) ??
    (realName && account ? `${realName}/${account}` : (realName ?? account ?? String(raw.id)));
  const node: PickerNode = { id: String(raw.id), fullName };
  const type = text(raw.type) ?? text(raw.category) ?? fallbackType;
  if (type) node.type = type;
  const parentId = text(raw.parentId);
  if (parentId) node.parentId = parentId;
  const organize = text(raw.organize) ?? text(raw.organizeName);
  if (organize) node.organize = organize;
  if (Array.isArray(raw.organizeIds)) node.organizeIds = raw.organizeIds.map(String);
  const headIcon = text(raw.headIcon);
  if (headIcon) node.headIcon = headIcon;
  const icon = text(raw.icon);
  if (icon) node.icon = icon;
  if (raw.disabled === true || raw.enabledMark === 0) node.disabled = true;
  if (typeof raw.isLeaf === 'boolean') node.isLeaf = raw.isLeaf;
  if (typeof raw.hasChildren === 'boolean') node.hasChildren = raw.hasChildren;
  if (Array.isArray(raw.children) && raw.children.length > 0)
    node.children = raw.children.map((child) => toPickerNode(child));
  return node;
}

const nodes = (answer: ListAnswer<RawNode>, fallbackType?: string) =>
  listOf(answer).map((raw) => toPickerNode(raw, fallbackType));

const PERMISSION = '/permission';

export const pickerKeys = {
  all: ['orgPicker'] as const,
  userTree: (organizeId: string) => ['orgPicker', 'userTree', organizeId] as const,
  users: (keyword: string) => ['orgPicker', 'users', keyword] as const,
  userCondition: (keyword: string, able: unknown) => ['orgPicker', 'userCondition', keyword, able] as const,
  usersByIds: (ids: readonly string[]) => ['orgPicker', 'usersByIds', ids] as const,
  organization: (organizeId: string) => ['orgPicker', 'organization', organizeId] as const,
  subordinates: (keyword: string) => ['orgPicker', 'subordinates', keyword] as const,
  organize: (auth: boolean, onlyCompanies = false) => ['orgPicker', 'organize', auth, onlyCompanies] as const,
  position: () => ['orgPicker', 'position'] as const,
  role: () => ['orgPicker', 'role'] as const,
  group: () => ['orgPicker', 'group'] as const,
};

/** A unit's child units and direct members ('0': the top units); the user tree loads lazily. */
export async function fetchUserTree(organizeId = '0'): Promise<PickerNode[]> {
  return nodes(await http.get<ListAnswer<RawNode>>(`${PERMISSION}/Users/Selector`, { organizeId }));
}

/** One page of users matching a keyword (account, name, pinyin initials). */
export async function fetchUserPage(keyword: string, currentPage: number): Promise<Paged<PickerNode>> {
  // The picker's own search (any signed-in user), not the user management list.
  const answer = await http.post<Paged<RawNode>>(`${PERMISSION}/Users/ImUser/Selector/0`, {
    keyword,
    currentPage,
    pageSize: PAGE_SIZE,
  });
  return { list: nodes(answer.list, 'user'), pagination: answer.pagination };
}

export interface AbleIds {
  departIds?: string[];
  positionIds?: string[];
  userIds?: string[];
  roleIds?: string[];
  groupIds?: string[];
}

/** One page of the users allowed by the custom filter (selection type 'custom'). */
export async function fetchUserConditionPage(
  keyword: string,
  currentPage: number,
  able: AbleIds,
): Promise<Paged<PickerNode>> {
  const answer = await http.post<Paged<RawNode>>(`${PERMISSION}/Users/UserCondition`, {
    ...able,
    keyword,
    currentPage,
    pageSize: PAGE_SIZE,
  });
  return { list: nodes(answer.list, 'user'), pagination: answer.pagination };
}

/** Users by id (to show the names of a stored value). */
export async function fetchUsersByIds(ids: readonly string[]): Promise<PickerNode[]> {
  if (ids.length === 0) return [];
  return nodes(
    await http.post<ListAnswer<RawNode>>(`${PERMISSION}/Users/getUserList`, { userId: ids }),
    'user',
  );
}

/** The signed-in user's organisation (no id) or one of its units: child units and members. */
export async function fetchOrganizationUsers(organizeId?: string): Promise<PickerNode[]> {
  return nodes(await http.get<ListAnswer<RawNode>>(`${PERMISSION}/Users/getOrganization`, { organizeId }));
}

/** The signed-in user's subordinates. */
export async function fetchSubordinates(keyword: string): Promise<PickerNode[]> {
  return nodes(
    await http.post<ListAnswer<RawNode>>(`${PERMISSION}/Users/getSubordinates`, { keyword }),
    'user',
  );
}

/**
 * Units: companies and departments, or companies only; auth mode: only those the user may see
 * (their ancestors come marked disabled).
 */
export async function fetchOrganizeTree(auth: boolean, onlyCompanies = false): Promise<PickerNode[]> {
  const base = onlyCompanies ? 'Organize' : 'Organize/Department';
  const path = `${base}/${auth ? 'SelectorByAuth' : 'Selector'}/0`;
  return nodes(await http.get<ListAnswer<RawNode>>(`${PERMISSION}/${path}`));
}

export async function fetchPositionTree(): Promise<PickerNode[]> {
  return nodes(await http.get<ListAnswer<RawNode>>(`${PERMISSION}/Position/Selector`));
}

export async function fetchRoleTree(): Promise<PickerNode[]> {
  return nodes(await http.get<ListAnswer<RawNode>>(`${PERMISSION}/Role/Selector`));
}

export async function fetchGroupTree(): Promise<PickerNode[]> {
  return nodes(await http.get<ListAnswer<RawNode>>(`${PERMISSION}/Group/Selector`), 'group');
}
