import { describe, expect, it } from 'vitest';
import { chartOption } from './chart-options';

const rows = [
  { dept: '财政局', budget: '1200.50', spent: 900 },
  { dept: '教育局', budget: 3000, spent: 'n/a' },
];

describe('chartOption', () => {
  it('makes one bar series per value field, reading text numbers and treating others as 0', () => {
    const option = chartOption({ type: 'bar', xField: 'dept', yFields: ['budget', 'spent'] }, rows, {
      budget: '预算',
    });
    expect(option.xAxis).toEqual({ type: 'category', data: ['财政局', '教育局'] });
    expect(option.series).toEqual([
      { type: 'bar', name: '预算', data: [1200.5, 3000] },
      { type: 'bar', name: 'spent', data: [900, 0] },
    ]);
  });

  it('makes a pie of the first value field with the categories as names', () => {
    const option = chartOption({ type: 'pie', title: '构成', xField: 'dept', yFields: ['budget'] }, rows);
    const [series] = option.series as { data: unknown }[];
    expect(series!.data).toEqual([
      { name: '财政局', value: 1200.5 },
      { name: '教育局', value: 3000 },
    ]);
    expect(option.title).toMatchObject({ text: '构成' });
  });
});
