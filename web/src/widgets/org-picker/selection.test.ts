import { describe, expect, it } from 'vitest';
import { toPickerNode } from './api';
import {
  addPick,
  attachChildren,
  canPick,
  emittedValue,
  filterNodes,
  indexTree,
  keysOf,
  type PickerNode,
  resolveKeys,
  selectableKinds,
  shouldLoadMore,
  splitRoleTree,
  splitTypedId,
  subtreeIds,
  toPicked,
  typedId,
  userIdsOf,
} from './selection';

const tree: PickerNode[] = [
  {
    id: 'c1',
    fullName: '总公司',
    type: 'company',
    children: [
      {
        id: 'd1',
        fullName: '研发部',
        type: 'department',
        children: [{ id: 'u1', fullName: '张三/zhangsan', type: 'user' }],
      },
      { id: 'd2', fullName: '财务部', type: 'department', disabled: true },
    ],
  },
];

describe('id--type values', () => {
  it('round-trips ids that themselves contain dashes', () => {
    expect(typedId('0193-abc', 'department')).toBe('0193-abc--department');
    expect(splitTypedId('0193-abc--department')).toEqual({ id: '0193-abc', type: 'department' });
    expect(splitTypedId('0193-abc')).toEqual({ id: '0193-abc' });
  });

  it('keeps plain user ids and drops units from a user-picker value', () => {
    expect(userIdsOf(['u1', 'd1--department', 'u2', 'r1--role'])).toEqual(['u1', 'u2']);
  });

  it('keys non-user nodes as id--type only in the multiple user picker', () => {
    const dept = { id: 'd1', type: 'department' };
    expect(toPicked({ ...dept, fullName: '研发部' }, 'user', true).key).toBe('d1--department');
    expect(toPicked({ ...dept, fullName: '研发部' }, 'department', true).key).toBe('d1');
    expect(toPicked({ id: 'u1', fullName: 'x', type: 'user' }, 'user', true).key).toBe('u1');
  });

  it('reads a value of any shape as a list of keys', () => {
    expect(keysOf(undefined)).toEqual([]);
    expect(keysOf('')).toEqual([]);
    expect(keysOf('u1')).toEqual(['u1']);
    expect(keysOf(['u1', '', 'u2'])).toEqual(['u1', 'u2']);
  });
});

describe('tree selection rules', () => {
  it('single user picker takes users only; multiple takes every kind', () => {
    const single = selectableKinds('user');
    expect(canPick({ type: 'user' }, single)).toBe(true);
    expect(canPick({ type: 'department' }, single)).toBe(false);
    const multiple = selectableKinds('user', { multiple: true });
    for (const type of ['company', 'department', 'role', 'position', 'group', 'user'])
      expect(canPick({ type }, multiple)).toBe(true);
  });

  it('each unit picker takes its own kind; disabled or untyped nodes never', () => {
    expect(canPick({ type: 'department' }, selectableKinds('department'))).toBe(true);
    expect(canPick({ type: 'company' }, selectableKinds('department'))).toBe(false);
    expect(canPick({ type: 'company' }, selectableKinds('organize'))).toBe(true);
    expect(canPick({ type: 'department' }, selectableKinds('organize', { onlyOrganize: true }))).toBe(false);
    expect(canPick({ type: 'group' }, selectableKinds('group'))).toBe(true);
    expect(canPick({ type: 'position' }, selectableKinds('position'))).toBe(true);
    expect(canPick({ type: 'department', disabled: true }, selectableKinds('department'))).toBe(false);
    expect(canPick({}, selectableKinds('department'))).toBe(false);
  });

  it('multiple mode appends and ignores duplicates; single mode replaces', () => {
    const a = { key: 'u1', id: 'u1', fullName: 'A' };
    const b = { key: 'u2', id: 'u2', fullName: 'B' };
    expect(addPick(addPick([a], a, true), b, true)).toEqual([a, b]);
    expect(addPick([a], b, false)).toEqual([b]);
    expect(emittedValue([a, b], true)).toEqual(['u1', 'u2']);
    expect(emittedValue([], true)).toEqual([]);
    expect(emittedValue([], false)).toBe('');
    expect(emittedValue([a], false)).toBe('u1');
  });

  it('resolves stored keys to names and keeps unknown ones visible by id', () => {
    const picked = resolveKeys(['u1', 'd1--department', 'gone'], indexTree(tree));
    expect(picked.map((item) => [item.key, item.fullName, item.type])).toEqual([
      ['u1', '张三/zhangsan', 'user'],
      ['d1--department', '研发部', 'department'],
      ['gone', 'gone', undefined],
    ]);
  });

  it('filters by name keeping ancestors, and lists a subtree for the move dialog', () => {
    const found = filterNodes(tree, '张');
    expect(found[0]?.children?.[0]?.children?.[0]?.id).toBe('u1');
    expect(found[0]?.children).toHaveLength(1);
    expect(filterNodes(tree, 'nothing')).toEqual([]);
    expect([...subtreeIds(tree, 'c1')].sort()).toEqual(['c1', 'd1', 'd2', 'u1']);
    expect([...subtreeIds(tree, 'd1')].sort()).toEqual(['d1', 'u1']);
  });

  it("puts role node '1' into the global tab and the rest into the organisation tab", () => {
    const split = splitRoleTree([
      { id: '1', fullName: '全局' },
      { id: 'c1', fullName: '总公司', type: 'company' },
    ]);
    expect(split.global.map((node) => node.id)).toEqual(['1']);
    expect(split.organize.map((node) => node.id)).toEqual(['c1']);
  });

  it('loads the next page within 200 px of the bottom until a short page', () => {
    const near = { scrollTop: 700, scrollHeight: 1200, clientHeight: 300 };
    const far = { scrollTop: 100, scrollHeight: 1200, clientHeight: 300 };
    expect(shouldLoadMore(near, 20, false)).toBe(true);
    expect(shouldLoadMore(far, 20, false)).toBe(false);
    expect(shouldLoadMore(near, 12, false)).toBe(false);
    expect(shouldLoadMore(near, 20, true)).toBe(false);
  });
});

describe('lazy trees', () => {
  it('attaches loaded children under the node at a key path', () => {
    const next = attachChildren(tree, ['c1', 'd2'], [{ id: 'u9', fullName: '李四', type: 'user' }]);
    expect(next[0]?.children?.[1]?.children?.[0]?.id).toBe('u9');
    expect(tree[0]?.children?.[1]?.children).toBeUndefined();
    expect(attachChildren(tree, ['c1', 'd1'], [])[0]?.children?.[0]).toMatchObject({ hasChildren: false });
  });
});

describe('server nodes', () => {
  it('takes the kind from category and the name from realName/account', () => {
    expect(toPickerNode({ id: 'c1', fullName: '总公司', category: 'company', enabledMark: 0 })).toMatchObject(
      {
        id: 'c1',
        type: 'company',
        disabled: true,
      },
    );
    expect(
      toPickerNode({ id: 'u1', realName: '张三', account: 'zhangsan', organizeName: '研发部' }, 'user'),
    ).toMatchObject({ fullName: '张三/zhangsan', type: 'user', organize: '研发部' });
    expect(toPickerNode({ id: 7, fullName: 'x', children: [] }).children).toBeUndefined();
  });
});
