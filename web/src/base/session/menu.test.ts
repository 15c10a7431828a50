import { describe, expect, it } from 'vitest';
import {
  firstLeafPath,
  firstPath,
  isHiddenMenu,
  menuLeaves,
  menuPath,
  menuProperties,
  menuTarget,
  routableMenus,
  visibleMenus,
} from './menu';
import type { MenuNode } from './session-types';

let seq = 0;
function node(partial: Partial<MenuNode> & Pick<MenuNode, 'type'>): MenuNode {
  seq += 1;
  return {
    id: `n${seq}`,
    parentId: '0',
    fullName: `node ${seq}`,
    enCode: `code${seq}`,
    icon: null,
    urlAddress: null,
    linkTarget: null,
    propertyJson: null,
    sortCode: seq,
    hasChildren: false,
    children: [],
    ...partial,
  };
}

const user = node({ type: 2, fullName: '用户管理', urlAddress: 'permission/user?x=1' });
const role = node({ type: 2, fullName: '角色管理', urlAddress: 'permission/role' });
const permission = node({ type: 0, enCode: 'permission', fullName: '权限管理', children: [user, role] });
const form = node({
  type: 3,
  urlAddress: 'demo/leaveApply',
  propertyJson: JSON.stringify({ moduleId: 'm1', isTree: 1 }),
});
const category = node({ type: 1, enCode: 'demo.generated', children: [form] });
const selfLink = node({ type: 7, urlAddress: 'https://example.org/a?b=1', linkTarget: '_self' });
const blankLink = node({ type: 7, urlAddress: 'https://example.org/', linkTarget: '_blank' });
const screen = node({ type: 6, urlAddress: 'dataScreen/demoScreen', propertyJson: '{"moduleId":"x"}' });
const profile = node({ type: 2, urlAddress: 'basic/profile' });
const hidden = node({ type: 0, enCode: 'basic', propertyJson: '{"isHidden":1}', children: [profile] });
const tree = [permission, category, selfLink, blankLink, screen, hidden];

describe('menu helpers', () => {
  it('derives paths per type (console.md 2.3)', () => {
    expect(menuPath(permission)).toBeNull();
    expect(menuPath(user)).toBe('/permission/user');
    expect(menuPath(category)).toBe('/demo.generated');
    expect(menuPath(form)).toBe('/demo/leaveApply');
    expect(menuProperties(form)).toEqual({ moduleId: 'm1', isTree: 1 });
    expect(menuProperties(node({ type: 3, propertyJson: 'not json' }))).toEqual({});
  });

  it('opens links and dashboards as console.md 2.3 says', () => {
    expect(menuTarget(selfLink, 't')).toEqual({
      kind: 'route',
      path: `/externalLink?href=${encodeURIComponent('https://example.org/a?b=1')}`,
    });
    expect(menuTarget(blankLink, 't')).toEqual({ kind: 'window', url: 'https://example.org/' });
    // A data screen opens its in-app viewer; the session token never goes into the address.
    expect(menuTarget(screen, 'Bearer x')).toEqual({ kind: 'window', url: '#/dataScreen/view/x' });
    expect(menuTarget({ ...screen, linkTarget: '_self' }, 'Bearer x')).toEqual({
      kind: 'route',
      path: '/dataScreen/view/x',
    });
    expect(menuTarget(permission, null)).toEqual({ kind: 'none' });
  });

  it('hides isHidden directories from menus but keeps them routable', () => {
    expect(isHiddenMenu(hidden)).toBe(true);
    expect(visibleMenus(tree).map((item) => item.id)).not.toContain(hidden.id);
    const routes = routableMenus(tree);
    expect(routes.get('/basic/profile')?.id).toBe(profile.id);
    expect(routes.get('/demo/leaveApply')?.id).toBe(form.id);
    expect(routes.has('/dataScreen/view/x')).toBe(false);
  });

  it('stores the deepest first-child address of the first menu', () => {
    expect(firstPath(tree)).toBe('/permission/user');
    expect(firstPath([hidden, category])).toBe('/demo/leaveApply');
    expect(firstPath([])).toBeNull();
    expect(firstLeafPath(category)).toBe('/demo/leaveApply');
  });

  it('lists leaves with their trail for the search', () => {
    const leaves = menuLeaves(visibleMenus(tree));
    expect(leaves.find((leaf) => leaf.node.id === role.id)?.trail).toBe('权限管理 / 角色管理');
  });
});
