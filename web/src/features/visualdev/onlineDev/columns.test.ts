import { describe, expect, it } from 'vitest';
import { cellText, optionsOf, readColumnData } from './columns';

describe('generated page columns', () => {
  it('shows sub-table columns ("table-field") as the rows’ values', () => {
    const row = {
      id: '1',
      title: '请假',
      items: [{ itemName: '笔' }, { itemName: '纸' }],
      amount: 3,
      none: null,
    };
    expect(cellText(row, 'title')).toBe('请假');
    expect(cellText(row, 'amount')).toBe('3');
    expect(cellText(row, 'none')).toBe('');
    expect(cellText(row, 'items-itemName')).toBe('笔；纸');
    expect(cellText(row, 'missing-itemName')).toBe('');
  });

  it('offers static options of a search field with its value and label keys, not dictionary ones', () => {
    expect(
      optionsOf({
        prop: 'level',
        options: [{ code: 'a', name: '甲' }],
        props: { props: { value: 'code', label: 'name' } },
      }),
    ).toEqual([{ value: 'a', label: '甲' }]);
    expect(
      optionsOf({ prop: 'level', options: [{ id: 'a' }], __config__: { dataType: 'dictionary' } }),
    ).toBeNull();
    expect(optionsOf({ prop: 'title' })).toBeNull();
  });

  it('reads columnData text, empty or broken as an empty design', () => {
    expect(readColumnData('{"type":3}')).toEqual({ type: 3 });
    expect(readColumnData('')).toEqual({});
    expect(readColumnData('{')).toEqual({});
  });
});
