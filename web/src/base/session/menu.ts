import type { MenuNode } from './session-types';

/** Parsed propertyJson of a menu node (moduleId and isTree for generated pages, isHidden for directories). */
export interface MenuProperties {
  moduleId?: string;
  isTree?: number;
  isHidden?: number;
}

export function menuProperties(node: Pick<MenuNode, 'propertyJson'>): MenuProperties {
  if (!node.propertyJson) return {};
  try {
    const value: unknown = JSON.parse(node.propertyJson);
    return value && typeof value === 'object' ? (value as MenuProperties) : {};
  } catch {
    return {};
  }
}

/** Hidden nodes (propertyJson isHidden 1) are routable but not shown in menus. */
export function isHiddenMenu(node: MenuNode): boolean {
  return Number(menuProperties(node).isHidden) === 1;
}

/** Address of a menu node inside the app, or null for nodes that only group others. */
export function menuPath(node: MenuNode): string | null {
  if (node.type === 0) return null;
  if (node.type === 1) return `/${node.enCode}`;
  const address = (node.urlAddress ?? '').split('?')[0]?.replace(/^\/+/, '');
  if (node.type === 6) return dataScreenPath(node);
  if (node.type === 7) return node.urlAddress ?? null;
  if (address) return `/${address}`;
  return node.enCode ? `/${node.enCode.replaceAll('.', '-')}` : null;
}

/** Where a click on a menu node leads. */
export type MenuTarget = { kind: 'route'; path: string } | { kind: 'window'; url: string } | { kind: 'none' };

/**
 * The in-app viewer of a data screen (type 6): /dataScreen/view/{moduleId}. It is signed in
 * through the normal session like every page, so no token ever goes into the address.
 */
function dataScreenPath(node: MenuNode): string | null {
  const moduleId = menuProperties(node).moduleId;
  if (moduleId) return `/dataScreen/view/${encodeURIComponent(moduleId)}`;
  const address = (node.urlAddress ?? '').split('?')[0] ?? '';
  return /^\/?dataScreen\/view\/[^/]+$/.test(address) ? `/${address.replace(/^\/+/, '')}` : null;
}

export function menuTarget(node: MenuNode, _token?: string | null): MenuTarget {
  const path = menuPath(node);
  if (!path) return { kind: 'none' };
  // A screen opens in the console (_self) or in a new tab of the same app (its hash route).
  if (node.type === 6)
    return node.linkTarget === '_self' ? { kind: 'route', path } : { kind: 'window', url: `#${path}` };
  if (node.type === 7) {
    return node.linkTarget === '_self'
      ? { kind: 'route', path: `/externalLink?href=${encodeURIComponent(path)}` }
      : { kind: 'window', url: path };
  }
  return { kind: 'route', path };
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
    if (node.type !== 7 && node.type !== 6 && menuPath(node) === pathname) return node.id;
    const found = menuIdForPath(node.children ?? [], pathname);
    if (found) return found;
  }
  return null;
}

/** Ids from the top node down to the node with `id` (empty when absent). */
export function menuAncestry(nodes: readonly MenuNode[], id: string): string[] {
  for (const node of nodes) {
    if (node.id === id) return [node.id];
    const below = menuAncestry(node.children ?? [], id);
    if (below.length > 0) return [node.id, ...below];
  }
  return [];
}

/** The menus shown in navigation: hidden nodes and their subtrees are left out. */
export function visibleMenus(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes
    .filter((node) => !isHiddenMenu(node))
    .map((node) => ({ ...node, children: visibleMenus(node.children ?? []) }));
}

/** Every routable node (types 2, 3, 4, 5, 8, and 1 for categories) by path, hidden ones included. */
export function routableMenus(nodes: readonly MenuNode[]): Map<string, MenuNode> {
  const map = new Map<string, MenuNode>();
  const walk = (list: readonly MenuNode[]) => {
    for (const node of list) {
      if (node.type !== 0 && node.type !== 6 && node.type !== 7) {
        const path = menuPath(node);
        if (path && !map.has(path)) map.set(path, node);
      }
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return map;
}

/** The deepest first-child address of the first menu (console.md 2.2 "first path"). */
export function firstPath(nodes: readonly MenuNode[]): string | null {
  let node = visibleMenus(nodes)[0];
  while (node && (node.children ?? []).length > 0) node = node.children[0];
  if (!node) return null;
  const target = menuTarget(node, null);
  return target.kind === 'route' ? target.path : null;
}

/** The first leaf address under a node (for categories and directories opened directly). */
export function firstLeafPath(node: MenuNode): string | null {
  for (const child of node.children ?? []) {
    if ((child.children ?? []).length > 0) {
      const found = firstLeafPath(child);
      if (found) return found;
    } else {
      const target = menuTarget(child, null);
      if (target.kind === 'route') return target.path;
    }
  }
  return null;
}

/** A searchable entry: a leaf menu with its title trail. */
export interface MenuLeaf {
  node: MenuNode;
  title: string;
  trail: string;
  path: string;
}

export function menuLeaves(nodes: readonly MenuNode[], trail: string[] = []): MenuLeaf[] {
  return nodes.flatMap((node) => {
    const children = node.children ?? [];
    const names = [...trail, node.fullName];
    if (children.length > 0) return menuLeaves(children, names);
    const path = menuPath(node);
    return path ? [{ node, title: node.fullName, trail: names.join(' / '), path }] : [];
  });
}
