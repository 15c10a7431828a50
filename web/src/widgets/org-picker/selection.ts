/**
 * Pure selection rules of the organisation pickers (widgets.md 3 "User/organisation selector node",
 * 5 "Tree selection"): which node kinds a picker may take, how a choice is keyed (id or id--type)
 * and how the pending choice grows.
 */

/** Kinds of selector node the server sends. */
export type NodeKind = 'company' | 'department' | 'role' | 'position' | 'group' | 'user';

/** A node of any selector tree, as the pickers use it (normalised from the server's answer). */
export interface PickerNode {
  id: string;
  fullName: string;
  /** Missing when the server did not say; such a node is never selectable. */
  type?: string;
  parentId?: string;
  organize?: string;
  organizeIds?: string[];
  headIcon?: string;
  icon?: string;
  disabled?: boolean;
  isLeaf?: boolean;
  hasChildren?: boolean;
  children?: PickerNode[];
}

/** One entry of a picker's pending or committed choice. */
export interface Picked {
  /** What goes into the value: the id, or id--type for non-user kinds in the multi user picker. */
  key: string;
  id: string;
  type?: string;
  fullName: string;
  organize?: string;
  headIcon?: string;
}

export type PickerKind = 'user' | 'organize' | 'department' | 'position' | 'role' | 'group';

const TYPED_SEPARATOR = '--';

/** The user picker's system variable: the signed-in user, resolved when the form is used. */
export const CURRENT_USER = 'currentUser';

/** id--type as stored for a non-user node chosen in the multiple user picker. */
export function typedId(id: string, type: string): string {
  return `${id}${TYPED_SEPARATOR}${type}`;
}

/** Splits a stored value back into id and type (plain ids are users in the user picker). */
export function splitTypedId(value: string): { id: string; type?: string } {
  const at = value.lastIndexOf(TYPED_SEPARATOR);
  if (at <= 0) return { id: value };
  return { id: value.slice(0, at), type: value.slice(at + TYPED_SEPARATOR.length) };
}

/** The user ids of a user-picker value (entries standing for units, roles etc. are left out). */
export function userIdsOf(values: readonly string[]): string[] {
  return values.filter((value) => splitTypedId(value).type === undefined);
}

/** Node kinds a picker takes. */
export function selectableKinds(
  picker: PickerKind,
  options: { multiple?: boolean; onlyOrganize?: boolean } = {},
): ReadonlySet<string> {
  switch (picker) {
    case 'user':
      return new Set(
        options.multiple ? ['company', 'department', 'role', 'position', 'group', 'user'] : ['user'],
      );
    case 'organize':
      return new Set(options.onlyOrganize ? ['company'] : ['company', 'department']);
    default:
      return new Set([picker]);
  }
}

/** Whether a node may be chosen: its kind is taken and it is not disabled. */
export function canPick(node: Pick<PickerNode, 'type' | 'disabled'>, kinds: ReadonlySet<string>): boolean {
  return !node.disabled && node.type !== undefined && kinds.has(node.type);
}

/** The value key of a node: id--type for non-user kinds of the multiple user picker, else the id. */
export function keyOf(node: Pick<PickerNode, 'id' | 'type'>, picker: PickerKind, multiple: boolean): string {
  if (picker === 'user' && multiple && node.type && node.type !== 'user') return typedId(node.id, node.type);
  return node.id;
}

export function toPicked(node: PickerNode, picker: PickerKind, multiple: boolean): Picked {
  const picked: Picked = { key: keyOf(node, picker, multiple), id: node.id, fullName: node.fullName };
  if (node.type) picked.type = node.type;
  if (node.organize) picked.organize = node.organize;
  if (node.headIcon) picked.headIcon = node.headIcon;
  return picked;
}

/** Adds a choice: single mode replaces, multiple mode appends and ignores duplicates. */
export function addPick(list: readonly Picked[], item: Picked, multiple: boolean): Picked[] {
  if (!multiple) return [item];
  if (list.some((entry) => entry.key === item.key)) return [...list];
  return [...list, item];
}

/** The value a picker emits for a choice: '' / [] when empty. */
export function emittedValue(list: readonly Picked[], multiple: boolean): string | string[] {
  if (multiple) return list.map((item) => item.key);
  return list[0]?.key ?? '';
}

/** The value as a list of keys, whatever shape the caller gave. */
export function keysOf(value: string | readonly string[] | null | undefined): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return [value];
  return value.filter((item) => typeof item === 'string' && item !== '');
}

/** Every node of a tree by id (the first one wins when an id repeats). */
export function indexTree(nodes: readonly PickerNode[] | undefined, into = new Map<string, PickerNode>()) {
  for (const node of nodes ?? []) {
    if (!into.has(node.id)) into.set(node.id, node);
    indexTree(node.children, into);
  }
  return into;
}

/**
 * Resolves stored keys to entries through a tree index; keys the index does not know keep their
 * id as the name so that they still show and can be removed.
 */
export function resolveKeys(keys: readonly string[], index: ReadonlyMap<string, PickerNode>): Picked[] {
  return keys.map((key) => {
    const { id, type } = splitTypedId(key);
    const node = index.get(id);
    const picked: Picked = { key, id, fullName: node?.fullName ?? id };
    const kind = type ?? node?.type;
    if (kind) picked.type = kind;
    if (node?.organize) picked.organize = node.organize;
    return picked;
  });
}

/** Every id of a subtree (the node and its descendants), e.g. to keep a unit off its own parent list. */
export function subtreeIds(nodes: readonly PickerNode[] | undefined, rootId: string): Set<string> {
  const root = indexTree(nodes).get(rootId);
  const out = new Set<string>();
  const walk = (node: PickerNode) => {
    out.add(node.id);
    for (const child of node.children ?? []) walk(child);
  };
  if (root) walk(root);
  return out;
}

/** Keeps nodes whose name contains the keyword (case-insensitive) and the ancestors of matches. */
export function filterNodes(nodes: readonly PickerNode[], keyword: string): PickerNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: PickerNode[] = [];
  for (const node of nodes) {
    if (node.fullName.toLowerCase().includes(needle)) {
      out.push(node);
      continue;
    }
    const children = filterNodes(node.children ?? [], keyword);
    if (children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** Splits the role selector tree into the global tab (node id '1') and the organisation tab. */
export function splitRoleTree(nodes: readonly PickerNode[]): {
  global: PickerNode[];
  organize: PickerNode[];
} {
  const global: PickerNode[] = [];
  const organize: PickerNode[] = [];
  for (const node of nodes) (node.id === '1' ? global : organize).push(node);
  return { global, organize };
}

/** Within 200 px of the bottom with more rows on the server: load the next page of 20. */
export const PAGE_SIZE = 20;
export function shouldLoadMore(
  scroll: { scrollTop: number; scrollHeight: number; clientHeight: number },
  lastPageSize: number,
  loading: boolean,
): boolean {
  if (loading || lastPageSize < PAGE_SIZE) return false;
  return scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight <= 200;
}

/** Puts lazily loaded children under the node reached by a path of ids (a tree key 'a/b/c'). */
export function attachChildren(
  nodes: readonly PickerNode[],
  path: readonly string[],
  children: PickerNode[],
): PickerNode[] {
  const [head, ...rest] = path;
  return nodes.map((node) => {
    if (node.id !== head) return node;
    if (rest.length === 0) return { ...node, children, hasChildren: children.length > 0 };
    return { ...node, children: attachChildren(node.children ?? [], rest, children) };
  });
}
