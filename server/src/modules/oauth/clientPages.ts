import type { CurrentUserResult, MenuNode } from '@console/shared';

/**
 * The request header by which this project's web client (web/src/base/api) says who it is. A
 * client that does not send it is taken to be the 3.4.7 web client (jnpf-web), whose router can
 * open only the pages it has.
 */
export const CONSOLE_CLIENT_HEADER = 'x-console-client';
export const CONSOLE_CLIENT = 'console-web';

/**
 * Page addresses (menu type 2 urlAddress, without its query) that the 3.4.7 client has no view
 * for: its store/modules/user.js requires `@/views/<address>`, which fails ("Cannot find module")
 * and leaves a blank page. Kept as a fact; server/test/clientPages.test.ts compares it with the
 * recorded list of that client's views and with every page address this server offers.
 */
export const PAGES_MISSING_IN_347: ReadonlySet<string> = new Set([
  'home',
  'msgCenter/accountConfig',
  'onlineDev/dataScreen',
  'questionAnswering/chat',
  'questionAnswering/zskManagement',
  'system/language',
  'system/smsTemplate',
  'system/systemTemplate',
  'systemData/map',
  // WeChat administration (#27): the 3.4.7 client has only these menus' titles.
  ...[
    'mpConfig',
    'mpMenu',
    'mpUser',
    'mpMessage',
    'mpMaterial',
    'qyhConfig',
    'qyDepartment',
    'qyUser',
    'qyMessage',
  ].map((p) => `weChat/${p}`),
]);

/** True when the request comes from this project's web client. */
export function isConsoleClient(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[CONSOLE_CLIENT_HEADER] === CONSOLE_CLIENT;
}

const missing = (node: MenuNode) =>
  node.type === 2 && PAGES_MISSING_IN_347.has((node.urlAddress ?? '').split('?')[0]!.replace(/^\/+/, ''));

/** The nodes without the pages the 3.4.7 client lacks, and without folders left empty by that. */
function prune(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => {
    if (missing(node)) return [];
    if (!node.hasChildren) return [node];
    const children = prune(node.children);
    if (children.length === 0) return [];
    return [{ ...node, children, hasChildren: true }];
  });
}

/**
 * CurrentUser as offered to the 3.4.7 client: the menus (routerList per system, menuList of the
 * current one) without the pages it cannot open. A system whose menus are all left out keeps its
 * node with no children, as a system without menus has.
 */
export function forClient347(data: CurrentUserResult): CurrentUserResult {
  const routerList = data.routerList.map((system) => {
    const children = prune(system.children);
    return { ...system, children, hasChildren: children.length > 0 };
  });
  const menuList = routerList.find((r) => r.currentSystem)?.children ?? prune(data.menuList);
  return { ...data, routerList, menuList };
}
