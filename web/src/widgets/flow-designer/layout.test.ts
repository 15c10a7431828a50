import { describe, expect, it } from 'vitest';
import { END_ID, layoutTree } from './layout';
import { addAfter, type DesignNode, emptyFlow } from './tree';

describe('layout of the tree', () => {
  it('draws a split with its branches side by side, joined before what follows, with + after each node', () => {
    const start = emptyFlow();
    const split = addAfter(start, start.nodeId, 'interflow');
    const after = addAfter(split.tree, split.added.nodeId, 'approver');
    const [left, right] = split.added.conditionNodes as DesignNode[];
    const { boxes, links } = layoutTree(after.tree);
    const box = (id: string) => boxes.find((b) => b.id === id);

    const l = box((left as DesignNode).nodeId);
    const r = box((right as DesignNode).nodeId);
    expect(l?.y).toBe(r?.y);
    expect((l?.x ?? 0) + (l?.width ?? 0)).toBeLessThan(r?.x ?? 0);
    const join = box(`join:${split.added.nodeId}`);
    expect(join?.y).toBeGreaterThan(l?.y ?? 0);
    expect(box(after.added.nodeId)?.y).toBeGreaterThan(join?.y ?? 0);
    expect(box(END_ID)?.y).toBeGreaterThan(box(after.added.nodeId)?.y ?? 0);

    const insertAt = (source: string, target: string) =>
      links.find((link) => link.source === source && link.target === target)?.insertAfter;
    expect(insertAt(start.nodeId, split.added.nodeId)).toBe(start.nodeId);
    // no + between a split and its branch heads: a branch starts with its head
    expect(insertAt(split.added.nodeId, (left as DesignNode).nodeId)).toBeUndefined();
    expect(insertAt((left as DesignNode).nodeId, join?.id ?? '')).toBe((left as DesignNode).nodeId);
    // after the join, a new node follows the whole split
    expect(insertAt(join?.id ?? '', after.added.nodeId)).toBe(split.added.nodeId);
    expect(insertAt(after.added.nodeId, END_ID)).toBe(after.added.nodeId);
  });
});
