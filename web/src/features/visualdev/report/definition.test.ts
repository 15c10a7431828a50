import { ReportDefinition } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { draftDefinition } from './definition';

describe('draftDefinition', () => {
  it('makes filters of the parameters, columns of the fields and a bar chart of the numbers', () => {
    const draft = draftDefinition(
      [
        { field: 'quarter', fieldName: '季度', dataType: 'varchar', defaultValue: '' },
        { field: 'year', dataType: 'int', defaultValue: 2026 },
      ],
      { dept: '财政局', budget: '1200.00', spent: 900, note: null },
    );
    expect(draft.filters).toEqual([
      { field: 'quarter', label: '季度', type: 'text', defaultValue: '' },
      { field: 'year', label: 'year', type: 'number', defaultValue: '2026' },
    ]);
    expect(draft.columns.map((c) => [c.field, c.format, c.total])).toEqual([
      ['dept', 'text', 'none'],
      ['budget', 'number', 'sum'],
      ['spent', 'number', 'sum'],
      ['note', 'text', 'none'],
    ]);
    expect(draft.charts).toEqual([{ type: 'bar', title: '', xField: 'dept', yFields: ['budget', 'spent'] }]);
    // What it makes is a definition the server accepts.
    expect(ReportDefinition.safeParse(draft).success).toBe(true);
  });

  it('makes no chart without a text field to group by', () => {
    expect(draftDefinition([], { n: 1 }).charts).toEqual([]);
    expect(draftDefinition([], undefined).columns).toEqual([]);
  });
});
