import { describe, expect, it } from 'vitest';
import { columnOptions, paramList, relationVModel } from './api';

describe('relation sources', () => {
  it('interface parameters take their value from the form field named by relationField (forms.md 6)', () => {
    const template = [
      { field: 'dept', relationField: 'deptField', defaultValue: 'x' },
      { field: 'kind', defaultValue: 'A' },
      { field: 'missing', relationField: 'nothing' },
      { notAField: true },
    ];
    expect(paramList(template, { deptField: 'd7' })).toEqual([
      { field: 'dept', relationField: 'deptField', defaultValue: 'd7' },
      { field: 'kind', defaultValue: 'A' },
      { field: 'missing', relationField: 'nothing', defaultValue: '' },
    ]);
    expect(paramList('not a list', {})).toEqual([]);
  });
  it('"{vModel}_jnpfTable_{table}{1|0}" names the field vModel (forms.md 1.2)', () => {
    expect(relationVModel('contract_jnpfTable_mt1001')).toBe('contract');
    expect(relationVModel('vendor')).toBe('vendor');
    expect(relationVModel(undefined)).toBe('');
  });
  it('popup columns keep entries with a value, labelled by it when no label is given', () => {
    expect(columnOptions([{ value: 'a', label: 'A' }, { value: '' }, { value: 'b' }, null])).toEqual([
      { value: 'a', label: 'A' },
      { value: 'b', label: 'b' },
    ]);
  });
});
