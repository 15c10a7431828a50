import { describe, expect, it } from 'vitest';
import type { Area } from './api';
import { buildRows } from './area-page';

const area = (id: string, parentId: string, hasChildren: boolean): Area => ({
  id,
  parentId,
  fullName: id,
  enCode: id,
  sortCode: 0,
  enabledMark: 1,
  hasChildren,
  isLeaf: !hasChildren,
});

describe('area rows', () => {
  it('gives unloaded parents an empty child list (expandable) and leaves none', () => {
    const rows = buildRows([area('11', '-1', true), area('71', '-1', false)], new Map(), true);
    expect(rows[0]?.children).toEqual([]);
    expect(rows[1]).not.toHaveProperty('children');
    const loaded = new Map([['11', [area('1101', '11', true)]]]);
    expect(buildRows([area('11', '-1', true)], loaded, true)[0]?.children?.[0]?.children).toEqual([]);
    expect(buildRows([area('11', '-1', true)], loaded, false)[0]).not.toHaveProperty('children');
  });
});
