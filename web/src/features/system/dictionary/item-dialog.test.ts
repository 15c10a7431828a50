import { describe, expect, it } from 'vitest';
import { parentForForm, parentForServer } from './item-dialog';
import { TOP_PARENT, withTopNode } from './type-dialog';

describe('dictionary dialogs', () => {
  it("sends a parent equal to the type id as '0' and shows '0' under the type root", () => {
    expect(parentForServer('type-1', 'type-1')).toBe('0');
    expect(parentForServer('entry-9', 'type-1')).toBe('entry-9');
    expect(parentForForm('0', 'type-1')).toBe('type-1');
    expect(parentForForm(null, 'type-1')).toBe('type-1');
    expect(parentForForm('entry-9', 'type-1')).toBe('entry-9');
  });

  it('puts a top node above the type tree unless the server sent one', () => {
    const nodes = [{ id: 'x', fullName: 'X' }];
    expect(withTopNode(nodes, '顶级节点')).toEqual([
      { id: TOP_PARENT, fullName: '顶级节点', children: nodes },
    ]);
    const served = [{ id: '0', fullName: '顶级节点', children: nodes }];
    expect(withTopNode(served, 'Top')).toBe(served);
  });
});
