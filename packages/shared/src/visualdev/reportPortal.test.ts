import { describe, expect, it } from 'vitest';
import {
  formatReportCell,
  parsePortalFormData,
  parseReportData,
  type ReportColumn,
  reportColumnTotal,
} from './reportPortal.js';

const column = (over: Partial<ReportColumn>): ReportColumn => ({
  field: 'v',
  label: '',
  format: 'text',
  decimals: 2,
  total: 'none',
  ...over,
});

describe('report cells and totals', () => {
  it('formats numbers, amounts, percents and dates; leaves what is not a number as it is', () => {
    expect(formatReportCell('1234567.891', column({ format: 'number' }))).toBe('1,234,567.89');
    expect(formatReportCell(410000, column({ format: 'money' }))).toBe('¥410,000.00');
    expect(formatReportCell('0.4567', column({ format: 'percent', decimals: 1 }))).toBe('45.7%');
    expect(formatReportCell('n/a', column({ format: 'money' }))).toBe('n/a');
    expect(formatReportCell(null, column({ format: 'money' }))).toBe('');
    expect(formatReportCell('2026-03-05T08:00:00', column({ format: 'date' }))).toBe('2026-03-05');
  });

  it('sums, averages and counts a column, skipping cells that are not numbers', () => {
    const rows = [{ v: '10' }, { v: 20 }, { v: 'x' }, { v: null }];
    expect(reportColumnTotal(rows, column({ total: 'sum' }))).toBe(30);
    expect(reportColumnTotal(rows, column({ total: 'avg' }))).toBe(15);
    expect(reportColumnTotal(rows, column({ total: 'count' }))).toBe(3);
    expect(reportColumnTotal(rows, column({ total: 'none' }))).toBeNull();
    expect(reportColumnTotal([{ v: 'x' }], column({ total: 'sum' }))).toBeNull();
  });
});

describe('report and portal definitions', () => {
  it('names the first problem of a report definition', () => {
    expect(parseReportData('{')).toEqual({ ok: false, message: 'reportData 不是有效的 JSON' });
    expect(parseReportData(JSON.stringify({ columns: [{ field: 'a', format: 'bold' }] }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('reportData.columns.0.format'),
    });
    const ok = parseReportData(JSON.stringify({ columns: [{ field: 'a' }] }));
    expect(ok).toMatchObject({
      ok: true,
      report: { filters: [], charts: [], columns: [{ format: 'text', total: 'none' }] },
    });
  });

  it('refuses a portal layout off the grid or with a repeated widget id, and keeps unknown keys and props', () => {
    const item = { i: 'a', x: 0, y: 0, w: 6, h: 4, jnpfKey: 'radarChart', title: 't', custom: 1 };
    const ok = parsePortalFormData(JSON.stringify({ layout: [item] }));
    expect(ok).toMatchObject({ ok: true, form: { layout: [{ jnpfKey: 'radarChart', custom: 1 }] } });
    expect(parsePortalFormData(JSON.stringify({ layout: [{ ...item, x: 20 }] }))).toMatchObject({
      ok: false,
    });
    expect(parsePortalFormData(JSON.stringify({ layout: [item, item] }))).toEqual({
      ok: false,
      message: 'formData.layout：组件标识重复：a',
    });
  });
});
