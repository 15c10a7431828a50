import type { OrganizeNode } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { parentOptions } from './parent-options';

const unit = (id: string, category: 'company' | 'department', children: OrganizeNode[] = []) =>
  ({ id, fullName: id, category, children }) as unknown as OrganizeNode;

const tree = [
  unit('A', 'company', [unit('A1', 'department', [unit('A11', 'department')]), unit('B', 'company')]),
];
const root = { id: '0', name: 'top' };

const ids = (options: ReturnType<typeof parentOptions>): string[] =>
  options.flatMap((option) => [option.value, ...ids(option.children ?? [])]);

describe('parent options of the unit dialog', () => {
  it('leaves out the unit itself and its descendants', () => {
    expect(ids(parentOptions(tree, 'department', 'A1', root))).toEqual(['A', 'B']);
  });

  it('offers departments any unit, companies only companies or the top', () => {
    expect(ids(parentOptions(tree, 'department', undefined, root))).toEqual(['A', 'A1', 'A11', 'B']);
    expect(ids(parentOptions(tree, 'company', undefined, root))).toEqual(['0', 'A', 'B']);
    expect(ids(parentOptions(tree, 'company', 'A', root))).toEqual(['0']);
  });
});
