import { describe, expect, it } from 'vitest';
import { attachChildren, pathLabel, pick, toAddressNodes } from './address-tree';
import type { Area } from './api';

const area = (id: string, fullName: string, isLeaf = false): Area => ({
  id,
  parentId: '-1',
  fullName,
  enCode: id,
  sortCode: 0,
  enabledMark: 1,
  isLeaf,
  hasChildren: !isLeaf,
});

describe('address tree', () => {
  it('marks nodes at the level as leaves and keeps id and name paths', () => {
    const provinces = toAddressNodes([area('11', '北京市')], null, 2);
    expect(provinces[0]).toMatchObject({ key: '11', isLeaf: false, path: ['11'], names: ['北京市'] });
    const cities = toAddressNodes([area('1101', '市辖区')], provinces[0] ?? null, 2);
    expect(cities[0]?.isLeaf).toBe(false);
    const districts = toAddressNodes([area('110101', '东城区')], cities[0] ?? null, 2);
    expect(districts[0]).toMatchObject({ isLeaf: true, path: ['11', '1101', '110101'] });
    expect(pathLabel(districts[0]?.names ?? [])).toBe('北京市/市辖区/东城区');
    // level 0: provinces are the leaves
    expect(toAddressNodes([area('11', '北京市')], null, 0)[0]?.isLeaf).toBe(true);
    // the server's own leaves stay leaves
    expect(toAddressNodes([area('71', '台湾省', true)], null, 2)[0]?.isLeaf).toBe(true);
  });

  it('attaches loaded children', () => {
    const top = toAddressNodes([area('11', '北京市'), area('12', '天津市')], null, 2);
    const next = attachChildren(top, '12', toAddressNodes([area('1201', '市辖区')], top[1] ?? null, 2));
    expect(next[1]?.children?.[0]?.path).toEqual(['12', '1201']);
    expect(next[0]?.children).toBeUndefined();
  });

  it('picks only leaves; single replaces, multiple ignores a duplicate path', () => {
    const [province] = toAddressNodes([area('11', '北京市')], null, 0);
    const [inner] = toAddressNodes([area('12', '天津市')], null, 2);
    if (!province || !inner) throw new Error('nodes');
    expect(pick([], inner, true)).toEqual([]);
    const once = pick([], province, true);
    expect(once).toHaveLength(1);
    expect(pick(once, province, true)).toHaveLength(1);
    const [other] = toAddressNodes([area('13', '河北省')], null, 0);
    if (!other) throw new Error('node');
    expect(pick(once, other, true)).toHaveLength(2);
    expect(pick(once, other, false)).toEqual([{ path: ['13'], names: ['河北省'] }]);
  });
});
