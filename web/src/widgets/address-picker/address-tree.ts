import type { Area } from './api';

/** A node of the picker's lazy tree with the path of ids and names from the top. */
export interface AddressNode {
  key: string;
  title: string;
  isLeaf: boolean;
  /** Ids from the province down to this node. */
  path: string[];
  /** Names along the same path. */
  names: string[];
  children?: AddressNode[];
}

/**
 * Turns loaded areas into nodes one level below `parent` (null: top level). A node at depth
 * `level` (0 = province) is a leaf whatever the server says (widgets.md 5).
 */
export function toAddressNodes(
  areas: readonly Area[],
  parent: AddressNode | null,
  level: number,
): AddressNode[] {
  const depth = parent ? parent.path.length : 0;
  return areas.map((area) => {
    const serverLeaf =
      area.isLeaf !== undefined
        ? Boolean(area.isLeaf)
        : area.hasChildren !== undefined
          ? !area.hasChildren
          : false;
    return {
      key: area.id,
      title: area.fullName,
      isLeaf: depth >= level || serverLeaf,
      path: [...(parent?.path ?? []), area.id],
      names: [...(parent?.names ?? []), area.fullName],
    };
  });
}

/** Puts `children` under the node with `key` (immutably). */
export function attachChildren(
  nodes: readonly AddressNode[],
  key: string,
  children: AddressNode[],
): AddressNode[] {
  return nodes.map((node) => {
    if (node.key === key) return { ...node, children };
    if (node.children) return { ...node, children: attachChildren(node.children, key, children) };
    return node;
  });
}

export interface Picked {
  path: string[];
  names: string[];
}

const samePath = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** Adds a leaf to the choice: single mode replaces it, multiple mode ignores a duplicate path. */
export function pick(current: readonly Picked[], node: AddressNode, multiple: boolean): Picked[] {
  if (!node.isLeaf) return [...current];
  const entry = { path: node.path, names: node.names };
  if (!multiple) return [entry];
  if (current.some((item) => samePath(item.path, node.path))) return [...current];
  return [...current, entry];
}

/** Text of a chosen path: names joined with '/'. */
export const pathLabel = (names: readonly string[]) => names.join('/');
