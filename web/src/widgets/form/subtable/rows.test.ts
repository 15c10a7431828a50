import { describe, expect, it } from 'vitest';
import type { FormField } from '../types';
import { checkCell, emptyRow, grantedColumns, rowsFromPicked, summaryRow } from './rows';

const field = (vModel: string, config: Partial<FormField['__config__']> = {}): FormField => ({
  __config__: { jnpfKey: 'comInput', ...config },
  __vModel__: vModel,
});

describe('checkCell (widgets.md 5: table cells)', () => {
  const required = field('name', { required: true });
  it('a required cell is empty when null, undefined, empty string or empty array', () => {
    for (const value of [null, undefined, '', []])
      expect(checkCell(required, value)).toEqual({ kind: 'required' });
    for (const value of [0, false, ' ', ['a']]) expect(checkCell(required, value)).toBeNull();
  });
  it('regex rules apply only when there is a value, with the rule message', () => {
    const digits = field('code', { regList: [{ pattern: '/^\\d+$/', message: 'digits only' }] });
    expect(checkCell(digits, '')).toBeNull();
    expect(checkCell(digits, '12')).toBeNull();
    expect(checkCell(digits, '1a')).toEqual({ kind: 'pattern', message: 'digits only' });
    expect(checkCell(digits, ['1', 'x'])).toEqual({ kind: 'pattern', message: 'digits only' });
  });
  it('ignores a pattern that does not compile', () => {
    expect(checkCell(field('x', { regList: [{ pattern: '/(/', message: 'm' }] }), 'a')).toBeNull();
  });
});

describe('summaryRow (widgets.md 5: summary row)', () => {
  const rows = [
    { price: 1.005, qty: '2', note: 'x' },
    { price: 'abc', qty: 3, note: 4 },
    { price: 1000, qty: null },
  ];
  it('sums only the listed fields, ignores non-numeric values, shows two decimals', () => {
    expect(summaryRow(rows, ['price', 'qty'])).toEqual({ price: '1001.01', qty: '5.00' });
  });
  it('puts thousands separators on the fields listed for them', () => {
    expect(summaryRow(rows, ['price', 'qty'], ['price'])).toEqual({ price: '1,001.01', qty: '5.00' });
  });
  it('an empty table sums to 0.00', () => {
    expect(summaryRow([], ['price'])).toEqual({ price: '0.00' });
  });
});

describe('grantedColumns (widgets.md 6: sub-table codes "table-field")', () => {
  const children = [field('name'), field('qty'), field('hidden', { noShow: true })];
  it('keeps the columns whose parent-child code is granted', () => {
    const granted = new Set(['tableField105-qty']);
    const columns = grantedColumns('tableField105', children, (code) => granted.has(code));
    expect(columns.map((column) => column.__vModel__)).toEqual(['qty']);
  });
  it('a grant of the bare child code does not show the column', () => {
    expect(grantedColumns('items', children, (code) => code === 'name')).toEqual([]);
  });
  it('noShow columns are never shown', () => {
    expect(grantedColumns('items', children, () => true).map((column) => column.__vModel__)).toEqual([
      'name',
      'qty',
    ]);
  });
});

describe('new rows', () => {
  it('a new row holds each column default, never shared between rows', () => {
    const children = [field('tags', { defaultValue: [] }), field('name')];
    const first = emptyRow(children);
    const second = emptyRow(children);
    expect(first).toEqual({ tags: [], name: null });
    expect(first.tags).not.toBe(second.tags);
  });
  it('rows picked from a data interface take row values (type 1) or fixed values (type 2)', () => {
    const children = [field('name'), field('unit'), field('qty', { defaultValue: 1 })];
    const rows = rowsFromPicked(
      [{ fullName: 'Desk', id: '7' }],
      [
        { field: 'name', type: 1, value: 'fullName' },
        { field: 'unit', type: '2', value: 'pcs' },
      ],
      children,
    );
    expect(rows).toEqual([{ name: 'Desk', unit: 'pcs', qty: 1 }]);
  });
});
