import type { MenuNode } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { pagesPerArea } from './dashboard-page';

const node = (
  id: string,
  type: number,
  children: MenuNode[] = [],
  urlAddress: string | null = null,
): MenuNode => ({
  id,
  parentId: '0',
  fullName: id,
  enCode: id,
  type,
  icon: null,
  urlAddress,
  linkTarget: null,
  propertyJson: null,
  sortCode: 0,
  hasChildren: children.length > 0,
  children,
});

describe('pagesPerArea', () => {
  it('counts the reachable pages of each top-level area, largest first, empty areas left out', () => {
    const menus = [
      node('system', 0, [node('a', 2, [], 'system/a')]),
      node('permission', 0, [node('b', 2, [], 'permission/b'), node('c', 2, [], 'permission/c')]),
      node('empty', 0, []),
    ];
    expect(pagesPerArea(menus)).toEqual([
      { name: 'permission', pages: 2 },
      { name: 'system', pages: 1 },
    ]);
  });
});
