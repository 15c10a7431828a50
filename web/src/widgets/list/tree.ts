/** Helpers for the id/parentId/children trees of the contract. */
export interface TreeNode {
  id: string;
  children?: TreeNode[] | null;
}

/** Every id in the tree, depth first. */
export function allIds<T extends TreeNode>(nodes: readonly T[] | null | undefined): string[] {
  const out: string[] = [];
  const walk = (list: readonly TreeNode[] | null | undefined) => {
    for (const node of list ?? []) {
      out.push(node.id);
      walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

/** Ids of the nodes that have children (the expandable ones). */
export function parentIds<T extends TreeNode>(nodes: readonly T[] | null | undefined): string[] {
  const out: string[] = [];
  const walk = (list: readonly TreeNode[] | null | undefined) => {
    for (const node of list ?? []) {
      if (node.children && node.children.length > 0) {
        out.push(node.id);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return out;
}

/**
 * Keeps the nodes whose label contains the filter (case-insensitive) and their ancestors;
 * a matching node keeps its whole subtree.
 */
export function filterTree<T extends TreeNode>(
  nodes: readonly T[],
  filter: string,
  label: (node: T) => string,
): T[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: T[] = [];
  for (const node of nodes) {
    if (label(node).toLowerCase().includes(needle)) {
      out.push(node);
      continue;
    }
    const children = filterTree((node.children ?? []) as T[], filter, label);
    if (children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** Drops empty `children` arrays so that antd tables do not show an expand icon on leaves. */
export function pruneEmptyChildren<T extends TreeNode>(nodes: readonly T[] | null | undefined): T[] {
  return (nodes ?? []).map((node) => {
    const children =
      node.children && node.children.length > 0 ? pruneEmptyChildren(node.children) : undefined;
    const copy = { ...node } as T;
    if (children) copy.children = children;
    else delete copy.children;
    return copy;
  });
}
