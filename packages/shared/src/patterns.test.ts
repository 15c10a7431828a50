import { describe, expect, it } from 'vitest';
import { Patterns } from './patterns.js';

describe('Patterns', () => {
  it('mobile: 11 digits starting 1[3-9]', () => {
    expect(Patterns.mobile.test('13812345678')).toBe(true);
    expect(Patterns.mobile.test('12812345678')).toBe(false);
    expect(Patterns.mobile.test('1381234567')).toBe(false);
  });
  it('password: 6-16 letters and digits, both required', () => {
    expect(Patterns.password.test('abc123')).toBe(true);
    expect(Patterns.password.test('abcdef')).toBe(false);
    expect(Patterns.password.test('123456')).toBe(false);
    expect(Patterns.password.test('abc12')).toBe(false);
    expect(Patterns.password.test('abc123!')).toBe(false);
  });
  it('code: letters, digits and inner dots', () => {
    expect(Patterns.code.test('sys.user1')).toBe(true);
    expect(Patterns.code.test('.sys')).toBe(false);
    expect(Patterns.code.test('sys.')).toBe(false);
    expect(Patterns.code.test('sys-user')).toBe(false);
  });
  it('name: no special characters', () => {
    expect(Patterns.name.test('字典 名称_1')).toBe(true);
    expect(Patterns.name.test('name<script>')).toBe(false);
  });
  it('field name, time, positive integer', () => {
    expect(Patterns.fieldName.test('f_name1')).toBe(true);
    expect(Patterns.fieldName.test('1name')).toBe(false);
    expect(Patterns.time.test('2.5')).toBe(true);
    expect(Patterns.time.test('2.3')).toBe(false);
    expect(Patterns.positiveInteger.test('10')).toBe(true);
    expect(Patterns.positiveInteger.test('01')).toBe(false);
  });
});
