import { describe, expect, it } from 'vitest';
import {
  departmentLimit,
  idList,
  lastIdsOf,
  plainUsers,
  positionLimit,
  typedUsers,
  unitPath,
} from './values';

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
  it('depSelect/posSelect custom: the dialog offers only the allowed ids, their units shown but not pickable', () => {
    const units = [
      {
        id: 'c1',
        fullName: 'District',
        type: 'company',
        children: [
          {
            id: 'd1',
            fullName: 'Office',
            type: 'department',
            children: [
              { id: 'p1', fullName: 'Clerk', type: 'position' },
              { id: 'p2', fullName: 'Head', type: 'position' },
            ],
          },
          {
            id: 'd2',
            fullName: 'Desk',
            type: 'department',
            children: [{ id: 'p3', fullName: 'Aide', type: 'position' }],
          },
          { id: 'd3', fullName: 'Store', type: 'department' },
        ],
      },
    ];
    const departments = departmentLimit(['d1', ['c1', 'd3']])(units);
    expect(departments).toEqual([
      {
        id: 'c1',
        fullName: 'District',
        type: 'company',
        disabled: true,
        children: [
          { id: 'd1', fullName: 'Office', type: 'department', isLeaf: true },
          { id: 'd3', fullName: 'Store', type: 'department', isLeaf: true },
        ],
      },
    ]);
    // Positions: p3 by id, and every position of d1.
    const positions = positionLimit(['d1'], ['p3'])(units);
    const pickable = (nodes: typeof positions): string[] =>
      nodes.flatMap((node) => [...(node.disabled ? [] : [node.id]), ...pickable(node.children ?? [])]);
    expect(pickable(positions)).toEqual(['p1', 'p2', 'p3']);
    expect(positions[0]?.children?.map((unit) => [unit.id, unit.disabled])).toEqual([
      ['d1', true],
      ['d2', true],
    ]);
    expect(positionLimit([], [])(units)).toEqual([]);
  });
});
