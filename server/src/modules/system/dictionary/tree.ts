/** Builds trees of rows that name their parent; orphans whose parent is missing become roots. */
export type TreeNode<T> = T & { hasChildren: boolean; children: TreeNode<T>[] };

export function buildTree<T extends { id: string; parentId: string }>(
  rows: T[],
  rootId: string,
): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const row of rows) nodes.set(row.id, { ...row, hasChildren: false, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === rootId ? undefined : nodes.get(node.parentId);
    if (parent && parent !== node) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

/** Ids of `id` and every node below it. */
export function subtreeIds<T extends { id: string; parentId: string }>(rows: T[], id: string): Set<string> {
  const byParent = new Map<string, string[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row.id]);
  const found = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    for (const child of byParent.get(queue.pop()!) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return found;
}

/** The rows matching `match` plus all their ancestors, so a filtered tree keeps its paths. */
export function withAncestors<T extends { id: string; parentId: string }>(
  rows: T[],
  match: (row: T) => boolean,
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const row of rows) {
    if (!match(row)) continue;
    let current: T | undefined = row;
    while (current && !keep.has(current.id)) {
      keep.add(current.id);
      current = byId.get(current.parentId);
    }
  }
  return rows.filter((r) => keep.has(r.id));
}

/** True when a database error is a unique-index violation (PostgreSQL 23505), however wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
