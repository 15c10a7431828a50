import { describe, expect, it } from 'vitest';
import { branchIds, checkedLeaves, grantedIds, leafIds } from './tree';

const tree = [
  {
    id: 'sys',
    children: [
      { id: 'dir', children: [{ id: 'p1' }, { id: 'p2' }] },
      { id: 'p3', children: [] },
    ],
  },
];

describe('authorise trees', () => {
  it('lists leaves and branches', () => {
    expect(leafIds(tree)).toEqual(['p1', 'p2', 'p3']);
    expect(branchIds(tree)).toEqual(['sys', 'dir']);
  });
  it('keeps only granted leaves so a granted parent does not check all its children', () => {
    expect(checkedLeaves(tree, ['sys', 'dir', 'p1'])).toEqual(['p1']);
  });
  it('saves checked leaves with all their ancestors and nothing else', () => {
    expect(grantedIds(tree, ['p1']).sort()).toEqual(['dir', 'p1', 'sys']);
    expect(grantedIds(tree, ['p3']).sort()).toEqual(['p3', 'sys']);
    expect(grantedIds(tree, [])).toEqual([]);
  });
});
