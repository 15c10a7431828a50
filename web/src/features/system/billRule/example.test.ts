import { describe, expect, it } from 'vitest';
import { billExample, padStartNumber } from './example';

const date = new Date(2026, 10, 22);

describe('bill rule example', () => {
  it('is prefix + date part + start number padded to the digits', () => {
    expect(billExample({ prefix: 'QJ', dateFormat: 'yyyyMMdd', digit: '4', startNumber: '1' }, date)).toBe(
      'QJ202611220001',
    );
    expect(billExample({ prefix: 'QJ', dateFormat: 'yyyyMM', digit: 3, startNumber: '25' }, date)).toBe(
      'QJ202611025',
    );
    expect(billExample({ prefix: 'QJ', dateFormat: 'yyyy', digit: '2', startNumber: '7' }, date)).toBe(
      'QJ202607',
    );
    expect(billExample({ prefix: 'N', dateFormat: 'no', digit: '5', startNumber: '00012' }, date)).toBe(
      'N00012',
    );
  });

  it('follows each input', () => {
    const base = { prefix: 'A', dateFormat: 'no', digit: '3', startNumber: '1' };
    expect(billExample(base, date)).toBe('A001');
    expect(billExample({ ...base, prefix: 'B' }, date)).toBe('B001');
    expect(billExample({ ...base, dateFormat: 'yyyy' }, date)).toBe('A2026001');
    expect(billExample({ ...base, digit: '6' }, date)).toBe('A000001');
    expect(billExample({ ...base, startNumber: '42' }, date)).toBe('A042');
  });

  it('is empty while the inputs cannot make a number', () => {
    expect(billExample({ prefix: 'A', dateFormat: undefined, digit: '3', startNumber: '1' }, date)).toBe('');
    expect(billExample({ prefix: 'A', dateFormat: 'no', digit: '', startNumber: '1' }, date)).toBe('');
    expect(billExample({ prefix: 'A', dateFormat: 'no', digit: '3', startNumber: '1a' }, date)).toBe('');
    expect(billExample({ prefix: 'A', dateFormat: 'no', digit: '2', startNumber: '123' }, date)).toBe('');
  });

  it('left-pads the start number to the digit count', () => {
    expect(padStartNumber('1', '4')).toBe('0001');
    expect(padStartNumber('12345', '4')).toBe('12345');
    expect(padStartNumber('1a', '4')).toBe('1a');
    expect(padStartNumber('7', '')).toBe('7');
  });
});
