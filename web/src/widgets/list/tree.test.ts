import { describe, expect, it } from 'vitest';
import { allIds, filterTree, parentIds, pruneEmptyChildren } from './tree';

const tree = [
  { id: 'a', name: 'System', children: [{ id: 'a1', name: 'Business Type', children: [] }] },
  { id: 'b', name: '政治面貌', children: [] },
];

describe('tree helpers', () => {
  it('filters case-insensitively on the label, keeping ancestors', () => {
    const found = filterTree(tree, 'business', (node) => node.name);
    expect(found.map((node) => node.id)).toEqual(['a']);
    expect(found[0]?.children?.map((node) => node.id)).toEqual(['a1']);
    expect(filterTree(tree, 'SYSTEM', (node) => node.name)).toHaveLength(1);
    expect(filterTree(tree, '面貌', (node) => node.name).map((node) => node.id)).toEqual(['b']);
    expect(filterTree(tree, '  ', (node) => node.name)).toHaveLength(2);
  });

  it('lists ids and expandable ids, and drops empty children', () => {
    expect(allIds(tree)).toEqual(['a', 'a1', 'b']);
    expect(parentIds(tree)).toEqual(['a']);
    const pruned = pruneEmptyChildren(tree);
    expect('children' in (pruned[1] ?? {})).toBe(false);
    expect(pruned[0]?.children?.[0]).not.toHaveProperty('children');
  });
});
