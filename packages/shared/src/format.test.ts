import { describe, expect, it } from 'vitest';
import {
  CAPITAL_OVERFLOW,
  formatBillNumber,
  formatFileSize,
  relativeTime,
  toChineseCapital,
} from './format.js';

describe('toChineseCapital', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [105, '壹佰零伍元整'],
    [1001, '壹仟零壹元整'],
    [10000, '壹万元整'],
    [100000000, '壹亿元整'],
    [120000005, '壹亿贰仟万零伍元整'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['0.05', '伍分'],
    ['3.1415', '叁元壹角肆分壹厘伍毫'],
    ['-2.5', '负贰元伍角'],
  ])('%s → %s', (input, expected) => {
    expect(toChineseCapital(input)).toBe(expected);
  });

  it('overflows on letters and on more than 15 integer digits', () => {
    expect(toChineseCapital('12a')).toBe(CAPITAL_OVERFLOW);
    expect(toChineseCapital('1234567890123456')).toBe(CAPITAL_OVERFLOW);
    expect(toChineseCapital('123456789012345')).not.toBe(CAPITAL_OVERFLOW);
  });
});

describe('formatBillNumber', () => {
  const date = new Date(2026, 10, 22);
  it('joins prefix, date part and the padded sequence', () => {
    expect(
      formatBillNumber({
        prefix: 'HT',
        dateFormat: 'yyyyMMdd',
        digit: 4,
        startNumber: '1',
        counter: 0,
        date,
      }),
    ).toBe('HT202611220001');
    expect(
      formatBillNumber({ prefix: 'X', dateFormat: 'yyyyMM', digit: 3, startNumber: '10', counter: 5, date }),
    ).toBe('X202611015');
    expect(
      formatBillNumber({ prefix: 'N', dateFormat: 'no', digit: 2, startNumber: '1', counter: 0, date }),
    ).toBe('N01');
  });
  it('refuses a number longer than the digit count', () => {
    expect(
      formatBillNumber({ prefix: 'N', dateFormat: 'yyyy', digit: 2, startNumber: '1', counter: 98, date }),
    ).toBe('N202699');
    expect(
      formatBillNumber({ prefix: 'N', dateFormat: 'yyyy', digit: 2, startNumber: '1', counter: 99, date }),
    ).toBeNull();
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it('walks the units', () => {
    expect(relativeTime(now - 30_000, now)).toEqual({ unit: 'justNow' });
    expect(relativeTime(now - 5 * 60_000, now)).toEqual({ unit: 'minutes', count: 5 });
    expect(relativeTime(now - 3 * 3_600_000, now)).toEqual({ unit: 'hours', count: 3 });
    expect(relativeTime(now - 6 * 86_400_000, now)).toEqual({ unit: 'days', count: 6 });
    expect(relativeTime(now - 14 * 86_400_000, now)).toEqual({ unit: 'weeks', count: 2 });
    expect(relativeTime(now - 60 * 86_400_000, now)).toEqual({ unit: 'months', count: 2 });
    expect(relativeTime(now - 200 * 86_400_000, now).unit).toBe('date');
  });
});

describe('formatFileSize', () => {
  it('picks the unit', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
  });
});
