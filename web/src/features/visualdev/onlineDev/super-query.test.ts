import { sampleForm } from '@console/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { FormSchema } from '../../../widgets/form/types';
import { buildQuery, queryFieldsOf, rowsOf, superQueryJson, symbolsFor } from './super-query';

const schema = (() => {
  const form = sampleForm({ billRule: 'QJ' }) as unknown as FormSchema;
  form.fields.splice(
    form.fields.length - 1,
    0,
    {
      __config__: { jnpfKey: 'checkbox', label: '标签', dataType: 'static', defaultValue: [] },
      __vModel__: 'tags',
      options: [{ id: 'a', fullName: '甲' }],
    },
    { __config__: { jnpfKey: 'switch', label: '加急' }, __vModel__: 'rush' },
    { __config__: { jnpfKey: 'divider', label: '分割线' } },
    {
      __config__: {
        jnpfKey: 'row',
        layout: 'rowFormItem',
        children: [{ __config__: { jnpfKey: 'comInput', label: '备注' }, __vModel__: 'note' }],
      },
    },
  );
  return form;
})();
const fields = queryFieldsOf(schema);

describe('advanced query fields', () => {
  it('lists the main form’s stored fields with their kind, not sub-table columns or value-less keys', () => {
    expect(fields.map((f) => [f.vModel, f.kind])).toEqual([
      ['title', 'text'],
      ['amount', 'number'],
      ['level', 'options'],
      ['applyDate', 'date'],
      ['billNo', 'text'],
      ['creator', 'text'],
      ['tags', 'options'],
      ['rush', 'switch'],
      ['note', 'text'],
    ]);
    expect(fields.find((f) => f.vModel === 'tags')?.list).toBe(true);
    expect(fields.find((f) => f.vModel === 'applyDate')?.withTime).toBe(false);
  });

  it('offers the symbols that fit each kind', () => {
    expect(symbolsFor('text')).toEqual(['==', '<>', '>', '>=', '<', '<=', 'like', 'notLike']);
    expect(symbolsFor('number')).toEqual(['==', '<>', '>', '>=', '<', '<=']);
    expect(symbolsFor('date')).toEqual(['==', '<>', '>', '>=', '<', '<=']);
    expect(symbolsFor('options')).toEqual(['==', '<>']);
    expect(symbolsFor('switch')).toEqual(['==', '<>']);
  });
});

describe('advanced query rows → superQueryJson', () => {
  it('turns rows into {matchLogic, conditionJson} with values of the field’s kind', () => {
    const day = dayjs('2026-01-05T15:30:00');
    const built = buildQuery(
      [
        { field: 'title', symbol: 'like', value: '  病假 ' },
        { field: 'amount', symbol: '>=', value: '7' },
        { field: 'applyDate', symbol: '<', value: day },
        { field: 'level', symbol: '==', value: '2' },
        { field: 'rush', symbol: '==', value: true },
        {},
        { field: 'tags', symbol: '<>' },
      ],
      'OR',
      fields,
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.query.conditions).toEqual([
      { field: 'title', fieldValue: '病假', symbol: 'like', jnpfKey: 'comInput' },
      { field: 'amount', fieldValue: 7, symbol: '>=', jnpfKey: 'numInput' },
      { field: 'applyDate', fieldValue: day.startOf('day').valueOf(), symbol: '<', jnpfKey: 'date' },
      { field: 'level', fieldValue: '2', symbol: '==', jnpfKey: 'select' },
      { field: 'rush', fieldValue: 1, symbol: '==', jnpfKey: 'switch' },
      { field: 'tags', fieldValue: null, symbol: '<>', jnpfKey: 'checkbox' },
    ]);
    const json = JSON.parse(superQueryJson(built.query));
    expect(json.matchLogic).toBe('OR');
    expect(JSON.parse(json.conditionJson)).toEqual(built.query.conditions);
  });

  it('names the first row that is not complete', () => {
    expect(buildQuery([{ symbol: '==', value: 'x' }], 'AND', fields)).toEqual({
      ok: false,
      problem: { row: 0, reason: 'field' },
    });
    expect(buildQuery([{ field: 'nope', symbol: '==' }], 'AND', fields)).toMatchObject({
      problem: { reason: 'field' },
    });
    expect(buildQuery([{ field: 'title', symbol: '==' }, { field: 'title' }], 'AND', fields)).toEqual({
      ok: false,
      problem: { row: 1, reason: 'symbol' },
    });
    expect(buildQuery([{ field: 'level', symbol: 'like', value: '1' }], 'AND', fields)).toMatchObject({
      problem: { reason: 'symbol' },
    });
    expect(buildQuery([{ field: 'amount', symbol: '>', value: '' }], 'AND', fields)).toMatchObject({
      problem: { row: 0, reason: 'value' },
    });
    expect(buildQuery([{ field: 'amount', symbol: '>', value: 'abc' }], 'AND', fields)).toMatchObject({
      problem: { reason: 'value' },
    });
    expect(buildQuery([{ field: 'title', symbol: 'like', value: '   ' }], 'AND', fields)).toMatchObject({
      problem: { reason: 'value' },
    });
  });

  it('sends no filter for no condition', () => {
    const built = buildQuery([{}, {}], 'AND', fields);
    expect(built).toEqual({ ok: true, query: { matchLogic: 'AND', conditions: [] } });
    expect(superQueryJson(built.ok ? built.query : null)).toBe('');
    expect(superQueryJson(null)).toBe('');
  });

  it('reads a saved scheme back into rows, dropping fields the design no longer has', () => {
    const saved = JSON.stringify([
      { field: 'title', fieldValue: '病', symbol: 'like', jnpfKey: 'comInput' },
      { field: 'gone', fieldValue: 1, symbol: '==', jnpfKey: 'numInput' },
      { field: 'amount', fieldValue: 7, symbol: '~', jnpfKey: 'numInput' },
      { field: 'tags', fieldValue: null, symbol: '==', jnpfKey: 'checkbox' },
    ]);
    expect(rowsOf(saved, fields)).toEqual([
      { field: 'title', symbol: 'like', value: '病' },
      { field: 'tags', symbol: '==', value: undefined },
    ]);
    expect(rowsOf('{bad', fields)).toEqual([]);
    expect(rowsOf('{}', fields)).toEqual([]);
  });
});
