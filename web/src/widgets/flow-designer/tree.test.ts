import { FlowTree } from '@console/shared';
import { describe, expect, it } from 'vitest';
import {
  addAfter,
  addBranch,
  canAddAfter,
  type DesignNode,
  emptyFlow,
  findNode,
  removeNode,
  TreeEditError,
  updateNode,
  validateTree,
} from './tree';

/** The chain of node types from a node down its childNode links. */
const chainTypes = (node: DesignNode | undefined): string[] => {
  const out: string[] = [];
  for (let n = node; n; n = n.childNode) out.push(n.conditionType ? `split:${n.conditionType}` : n.type);
  return out;
};

function flowWithForm() {
  const start = emptyFlow();
  return updateNode(start, start.nodeId, { ...start.properties, formId: 'form-1' });
}

describe('flow tree edits', () => {
  it('adds nodes after a node, keeping what followed, and links prevId', () => {
    const start = flowWithForm();
    const first = addAfter(start, start.nodeId, 'approver');
    const second = addAfter(first.tree, start.nodeId, 'timer');
    expect(chainTypes(second.tree)).toEqual(['start', 'timer', 'approver']);
    expect(second.tree.childNode?.childNode?.prevId).toBe(second.added.nodeId);
    // the earlier tree is untouched (undo keeps it)
    expect(chainTypes(first.tree)).toEqual(['start', 'approver']);
  });

  it('adds a condition split with a rule branch and a default branch; the join keeps the followers', () => {
    const start = flowWithForm();
    const { tree: withApprover } = addAfter(start, start.nodeId, 'approver');
    const { tree, added } = addAfter(withApprover, start.nodeId, 'condition');
    expect(chainTypes(tree)).toEqual(['start', 'split:condition', 'approver']);
    const split = findNode(tree, added.nodeId) as DesignNode;
    expect(split.conditionNodes?.map((b) => [b.type, b.properties.isDefault, b.properties.priority])).toEqual(
      [
        ['condition', false, 0],
        ['condition', true, 1],
      ],
    );
    const more = addBranch(tree, added.nodeId);
    const branches = findNode(more, added.nodeId)?.conditionNodes ?? [];
    expect(branches.map((b) => b.properties.isDefault)).toEqual([false, false, true]);
    expect(branches.map((b) => b.properties.priority)).toEqual([0, 1, 2]);
  });

  it('parallel and chosen splits start their branches with marked approvers', () => {
    const start = flowWithForm();
    const parallel = addAfter(start, start.nodeId, 'interflow');
    expect(parallel.added.conditionNodes?.every((b) => b.type === 'approver' && b.isInterflow)).toBe(true);
    const chosen = addAfter(parallel.tree, parallel.added.nodeId, 'branchFlow');
    expect(chainTypes(chosen.tree)).toEqual(['start', 'split:interflow', 'split:branchFlow']);
    expect(chosen.added.conditionNodes?.every((b) => b.isBranchFlow)).toBe(true);
  });

  it('removes a plain node, a branch, and dissolves a split left with one branch', () => {
    const start = flowWithForm();
    const a = addAfter(start, start.nodeId, 'approver');
    const split = addAfter(a.tree, a.added.nodeId, 'interflow');
    const [left, right] = split.added.conditionNodes as DesignNode[];
    const inRight = addAfter(split.tree, (right as DesignNode).nodeId, 'timer');
    const withThird = addBranch(inRight.tree, split.added.nodeId);
    const third = findNode(withThird, split.added.nodeId)?.conditionNodes?.[2] as DesignNode;

    const twoLeft = removeNode(withThird, third.nodeId);
    expect(findNode(twoLeft, split.added.nodeId)?.conditionNodes).toHaveLength(2);

    const dissolved = removeNode(twoLeft, (left as DesignNode).nodeId);
    expect(chainTypes(dissolved)).toEqual(['start', 'approver', 'approver', 'timer']);
    const kept = findNode(dissolved, (right as DesignNode).nodeId) as DesignNode;
    expect(kept.isInterflow).toBeUndefined();
    expect(kept.prevId).toBe(a.added.nodeId);

    const withoutFirst = removeNode(dissolved, a.added.nodeId);
    expect(chainTypes(withoutFirst)).toEqual(['start', 'approver', 'timer']);
    expect(() => removeNode(withoutFirst, withoutFirst.nodeId)).toThrow(TreeEditError);
  });

  it('removing a condition branch of two keeps the other branch nodes, then the join followers', () => {
    const start = flowWithForm();
    const { tree, added } = addAfter(start, start.nodeId, 'condition');
    const [rule, other] = added.conditionNodes as DesignNode[];
    const inDefault = addAfter(tree, (other as DesignNode).nodeId, 'approver');
    const after = addAfter(inDefault.tree, added.nodeId, 'approver');
    const result = removeNode(after.tree, (rule as DesignNode).nodeId);
    expect(chainTypes(result)).toEqual(['start', 'approver', 'approver']);
    expect(result.childNode?.nodeId).toBe(inDefault.added.nodeId);
  });

  it('refuses two timers in a row and a condition split right after a sub-flow', () => {
    const start = flowWithForm();
    const timer = addAfter(start, start.nodeId, 'timer');
    expect(canAddAfter(timer.tree, timer.added.nodeId, 'timer')).toBe('timerTwice');
    expect(canAddAfter(timer.tree, start.nodeId, 'timer')).toBe('timerTwice');
    expect(() => addAfter(timer.tree, timer.added.nodeId, 'timer')).toThrow('timerTwice');
    const sub = addAfter(start, start.nodeId, 'subFlow');
    expect(canAddAfter(sub.tree, sub.added.nodeId, 'condition')).toBe('splitAfterSubFlow');
    expect(canAddAfter(sub.tree, sub.added.nodeId, 'approver')).toBeNull();
  });
});

describe('validation before save', () => {
  it('names each node that is not ready, and passes once they are set', () => {
    const bare = emptyFlow();
    expect(validateTree(bare)).toEqual([{ nodeId: bare.nodeId, key: 'noForm' }]);

    const start = flowWithForm();
    const a = addAfter(start, start.nodeId, 'approver');
    const split = addAfter(a.tree, a.added.nodeId, 'condition');
    const [rule, other] = split.added.conditionNodes as DesignNode[];
    expect(validateTree(split.tree)).toEqual([
      { nodeId: a.added.nodeId, key: 'noAssignee' },
      { nodeId: (rule as DesignNode).nodeId, key: 'noRule' },
    ]);
    const byField = updateNode(split.tree, a.added.nodeId, { ...a.added.properties, assigneeType: 4 });
    expect(validateTree(byField)[0]).toEqual({ nodeId: a.added.nodeId, key: 'noFormField' });

    let ready = updateNode(split.tree, a.added.nodeId, { ...a.added.properties, approvers: ['u1'] });
    ready = updateNode(ready, (rule as DesignNode).nodeId, {
      ...(rule as DesignNode).properties,
      conditions: [
        { field: 'days', symbol: '>', fieldValue: 3, fieldType: 1, fieldValueType: 2, logic: '&&' },
      ],
    });
    expect(validateTree(ready)).toEqual([]);
    expect(findNode(ready, (other as DesignNode).nodeId)?.properties.isDefault).toBe(true);
    // what the designer saves is what the server accepts
    const parsed = FlowTree.safeParse(ready);
    expect(parsed.success, parsed.error?.issues[0]?.message).toBe(true);
  });
});
