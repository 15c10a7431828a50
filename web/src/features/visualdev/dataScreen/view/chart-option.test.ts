import { describe, expect, it } from 'vitest';
import { align, historyReducer, newComponent, pasted, reorder } from '../designer-state';
import { chartOption, columnsOf, firstValue, rowsOf } from './chart-option';

const rows = [
  { dept: '财政局', budget: 10, spent: 4 },
  { dept: '教育局', budget: 20, spent: 15 },
];

describe('screen chart options', () => {
  it('maps result columns to the category and series, guessing what the mapping leaves out', () => {
    expect(columnsOf(rows, undefined)).toEqual({ category: 'dept', series: ['budget', 'spent'] });
    expect(columnsOf(rows, { category: 'dept', series: ['spent'] })).toEqual({
      category: 'dept',
      series: ['spent'],
    });
    expect(rowsOf({ list: rows, pagination: {} })).toEqual(rows);
    expect(firstValue(rows, { value: 'spent' })).toBe(4);
  });

  it('builds bar, ring and map options from the rows', () => {
    const bar = chartOption('bar', rows, { category: 'dept', series: ['budget'] }) as {
      xAxis: { data: string[] };
      series: { type: string; data: number[] }[];
    };
    expect(bar.xAxis.data).toEqual(['财政局', '教育局']);
    expect(bar.series).toEqual([expect.objectContaining({ type: 'bar', data: [10, 20] })]);
    const ring = chartOption('ring', rows, { series: ['spent'] }) as {
      series: { radius: string[]; data: unknown[] }[];
    };
    expect(ring.series[0]!.radius).toEqual(['45%', '70%']);
    expect(ring.series[0]!.data).toEqual([
      { name: '财政局', value: 4 },
      { name: '教育局', value: 15 },
    ]);
    const map = chartOption(
      'map',
      [{ area: '100001001', people: 5 }],
      { category: 'area', series: ['people'] },
      { mapCode: '100001' },
    ) as {
      series: { map: string; nameProperty: string; data: unknown[] }[];
    };
    expect(map.series[0]).toEqual(
      expect.objectContaining({
        map: '100001',
        nameProperty: 'adcode',
        data: [{ name: '100001001', value: 5 }],
      }),
    );
  });
});

describe('designer state', () => {
  it('adds, aligns, reorders and pastes components; undo and redo walk the history', () => {
    const a = newComponent('bar', { x: 13, y: 27 }, new Set());
    expect(a).toEqual(expect.objectContaining({ id: 'bar1', x: 10, y: 30 }));
    const b = { ...newComponent('bar', { x: 200, y: 100 }, new Set(['bar1'])), w: 100 };
    expect(b.id).toBe('bar2');
    const aligned = align([a, b], ['bar1', 'bar2'], 'top');
    expect(aligned.map((c) => c.y)).toEqual([30, 30]);
    expect(reorder([a, b], 'bar1', 1).map((c) => c.id)).toEqual(['bar2', 'bar1']);
    expect(pasted([a], new Set(['bar1', 'bar2']))[0]).toEqual(
      expect.objectContaining({ id: 'bar1_1', x: 30, y: 50 }),
    );

    const d0 = { width: 1920, height: 1080, background: {}, components: [] };
    const d1 = { ...d0, components: [a] };
    let h = historyReducer({ past: [], present: d0, future: [] }, { kind: 'set', design: d1 });
    h = historyReducer(h, { kind: 'undo' });
    expect(h.present).toBe(d0);
    h = historyReducer(h, { kind: 'redo' });
    expect(h.present).toBe(d1);
  });
});
