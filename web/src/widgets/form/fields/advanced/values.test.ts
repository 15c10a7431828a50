import { describe, expect, it } from 'vitest';
import { idList, lastIdsOf, plainUsers, typedUsers, unitPath } from './values';

const tree = [
  {
    id: 'c1',
    fullName: 'District',
    children: [{ id: 'd1', fullName: 'Office', children: [{ id: 'd2', fullName: 'Desk' }] }],
  },
];

describe('form values of the advanced pickers', () => {
  it('comSelect: a unit id becomes its path from the top, and back', () => {
    expect(unitPath(tree, 'd2')).toEqual(['c1', 'd1', 'd2']);
    expect(unitPath(tree, 'zz')).toEqual(['zz']);
    expect(lastIdsOf(['c1', 'd1'], false)).toBe('d1');
    expect(lastIdsOf([['c1'], ['c1', 'd1', 'd2']], true)).toEqual(['c1', 'd2']);
    expect(lastIdsOf(null, true)).toEqual([]);
  });
  it('usersSelect: users are typed in the value and plain in the picker', () => {
    expect(typedUsers(['u1', 'd1--department'])).toEqual(['u1--user', 'd1--department']);
    expect(plainUsers(['u1--user', 'd1--department'])).toEqual(['u1', 'd1--department']);
  });
  it('idList takes one id, a list, or the last ids of paths', () => {
    expect(idList('a')).toEqual(['a']);
    expect(idList(['a', ['b', 'c']])).toEqual(['a', 'c']);
    expect(idList('')).toEqual([]);
  });
});
