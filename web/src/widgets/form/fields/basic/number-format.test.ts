import { describe, expect, it } from 'vitest';
import { formatNumber, parseNumberText, withThousands } from './number-format';

describe('number display', () => {
  it('groups the integer part in threes and leaves the decimals alone', () => {
    expect(withThousands('1234567.1234')).toBe('1,234,567.1234');
    expect(withThousands('-1234')).toBe('-1,234');
    expect(withThousands('999')).toBe('999');
  });

  it('fixes the precision before grouping; empty and non-numbers show nothing', () => {
    expect(formatNumber(1234567.005, { precision: 2, thousands: true })).toBe('1,234,567.01');
    expect(formatNumber('12', { precision: 0 })).toBe('12');
    expect(formatNumber(null, { thousands: true })).toBe('');
    expect(formatNumber('abc', {})).toBe('');
  });

  it('parses the grouped text back', () => {
    expect(parseNumberText('1,234,567.5')).toBe('1234567.5');
  });
});
