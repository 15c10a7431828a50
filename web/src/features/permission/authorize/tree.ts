/** Checked state of the authorise trees: only leaves are stored, parents follow from them. */
export interface GrantNode {
  id: string;
  children?: readonly GrantNode[] | null;
}

/** Ids of the leaves of a tree. */
export function leafIds(nodes: readonly GrantNode[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly GrantNode[]) => {
    for (const node of list) {
      if (node.children?.length) walk(node.children);
      else out.push(node.id);
    }
  };
  walk(nodes);
  return out;
}

/** Ids of the nodes with children (what "expand all" opens). */
export function branchIds(nodes: readonly GrantNode[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly GrantNode[]) => {
    for (const node of list) {
      if (node.children?.length) {
        out.push(node.id);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return out;
}

/**
 * The leaves among the granted ids. A granted parent whose children are not all granted is
 * shown half-checked instead of checking every child (what a plain checkable tree would do).
 */
export function checkedLeaves(nodes: readonly GrantNode[], granted: readonly string[]): string[] {
  const set = new Set(granted);
  return leafIds(nodes).filter((id) => set.has(id));
}

/** What to save: the checked leaves and every ancestor of one (the server ignores foreign kinds). */
export function grantedIds(nodes: readonly GrantNode[], leaves: readonly string[]): string[] {
  const checked = new Set(leaves);
  const out: string[] = [];
  const walk = (list: readonly GrantNode[]): boolean => {
    let any = false;
    for (const node of list) {
      const hit = node.children?.length ? walk(node.children) : checked.has(node.id);
      if (hit) {
        out.push(node.id);
        any = true;
      }
    }
    return any;
  };
  walk(nodes);
  return out;
}
