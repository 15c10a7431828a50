/**
 * Issue #20 item 16: whatever a client is offered, it must be able to open. The 3.4.7 client
 * (jnpf-web) makes a route of every type-2 menu with `require('@/views/' + urlAddress)`; a page it
 * has no view for logs "Cannot find module" and opens blank. Our web client says who it is with
 * the header x-console-client; CurrentUser leaves the pages 3.4.7 lacks out for any other client.
 */
import { readFileSync } from 'node:fs';
import type { MenuNode } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { PAGES_MISSING_IN_347 } from '../src/modules/oauth/clientPages.js';
import { suiteServer } from './harness.js';

/** The recorded views of the 3.4.7 client: the addresses its router can require. */
const VIEWS = new Set(
  readFileSync(new URL('./fixtures/jnpf-web-3.4.7-views.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

const suite = suiteServer({ demo: true, client347: true });

interface Me {
  menuList: MenuNode[];
  routerList: (MenuNode & { currentSystem: boolean })[];
}

const pageAddresses = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [
    ...(n.type === 2 ? [(n.urlAddress ?? '').split('?')[0]!] : []),
    ...pageAddresses(n.children ?? []),
  ]);

/** Folders (types 0 and 1) left with nothing to open. */
const emptyFolders = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [
    ...((n.type === 0 || n.type === 1) && n.hasChildren && n.children.length === 0 ? [n.enCode] : []),
    ...emptyFolders(n.children ?? []),
  ]);

const currentUser = (ours: boolean) =>
  suite.server.request<Me>('GET', '/api/oauth/CurrentUser', {
    token: suite.admin,
    headers: ours ? { 'x-console-client': 'console-web' } : {},
  });

describe('pages offered to the 3.4.7 client', () => {
  it('the list of pages it lacks matches its recorded views', () => {
    expect(VIEWS.size).toBeGreaterThan(300);
    expect(VIEWS.has('system/billRule')).toBe(true);
    for (const address of PAGES_MISSING_IN_347) expect(VIEWS.has(address), address).toBe(false);
  });

  it('every page offered without the header is one of its views; folders are not left empty', async () => {
    const me = await currentUser(false);
    expect(me.code).toBe(200);
    const offered = pageAddresses(me.data.routerList);
    expect(offered.length).toBeGreaterThan(50);
    expect(offered.filter((a) => !VIEWS.has(a))).toEqual([]);
    expect(emptyFolders(me.data.routerList)).toEqual([]);
    // menuList is the current system's menus, as routerList has them.
    const current = me.data.routerList.find((s) => s.currentSystem)!;
    expect(me.data.menuList).toEqual(current.children);
    expect(me.headers.get('vary')).toContain('x-console-client');
  });

  it('our web client, saying who it is, is offered every page; each is a view or a page 3.4.7 lacks', async () => {
    const ours = await currentUser(true);
    expect(ours.code).toBe(200);
    const offered = pageAddresses(ours.data.routerList);
    expect(offered).toEqual(
      expect.arrayContaining(['questionAnswering/chat', 'system/language', 'systemData/map']),
    );
    expect(offered.filter((a) => !VIEWS.has(a) && !PAGES_MISSING_IN_347.has(a))).toEqual([]);
    // Asked again without the header (same user, same stamps), the answer is not the cached one.
    const theirs = await currentUser(false);
    expect(pageAddresses(theirs.data.routerList)).not.toContain('questionAnswering/chat');
    const again = await currentUser(true);
    expect(pageAddresses(again.data.routerList)).toContain('questionAnswering/chat');
  });
});
