import type { MenuNode } from './session-types';

/** Address of a menu node inside the app, or null for nodes that only group others. */
export function menuPath(node: MenuNode): string | null {
  if (node.type === 0) return null;
  if (node.type === 1) return `/${node.enCode}`;
  const address = (node.urlAddress ?? '').split('?')[0]?.replace(/^\/+/, '');
  if (node.type === 7) return node.urlAddress ?? null;
  if (address) return `/${address}`;
  return node.enCode ? `/${node.enCode.replaceAll('.', '-')}` : null;
}

/** Depth-first search of a node by id. */
export function findMenu(nodes: readonly MenuNode[], id: string): MenuNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findMenu(node.children ?? [], id);
    if (found) return found;
  }
  return null;
}

/** Id of the node whose address is `pathname`, if any. */
export function menuIdForPath(nodes: readonly MenuNode[], pathname: string): string | null {
  for (const node of nodes) {
    if (node.type !== 7 && menuPath(node) === pathname) return node.id;
    const found = menuIdForPath(node.children ?? [], pathname);
    if (found) return found;
  }
  return null;
}
