import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, firstIssueFor, type PasswordPolicy, validatePasswordChange } from './policy';

const strict: PasswordPolicy = {
  passwordStrengthLimit: 1,
  passwordLengthMin: 1,
  passwordLengthMinNumber: 8,
  containsNumbers: 1,
  includeLowercaseLetters: 1,
  includeUppercaseLetters: 1,
  containsCharacters: 1,
};

describe('checkPasswordStrength', () => {
  it('accepts anything when the strength limit is off', () => {
    expect(checkPasswordStrength('a', { ...strict, passwordStrengthLimit: 0 })).toBeNull();
    expect(checkPasswordStrength('a', null)).toBeNull();
  });

  it('checks the rules in order: length, digit, lower, upper, character', () => {
    expect(checkPasswordStrength('Ab1!', strict)).toEqual({
      field: 'newPassword',
      key: 'minLength',
      params: { n: 8 },
    });
    expect(checkPasswordStrength('Abcdefgh!', strict)?.key).toBe('number');
    expect(checkPasswordStrength('ABCDEFG1!', strict)?.key).toBe('lowercase');
    expect(checkPasswordStrength('abcdefg1!', strict)?.key).toBe('uppercase');
    expect(checkPasswordStrength('Abcdefg12', strict)?.key).toBe('character');
    expect(checkPasswordStrength('Abcdefg1!', strict)).toBeNull();
  });

  it('only applies the rules that are switched on', () => {
    const digitsOnly: PasswordPolicy = { passwordStrengthLimit: 1, containsNumbers: 1 };
    expect(checkPasswordStrength('abc', digitsOnly)?.key).toBe('number');
    expect(checkPasswordStrength('abc1', digitsOnly)).toBeNull();
    const lengthOff: PasswordPolicy = {
      passwordStrengthLimit: 1,
      passwordLengthMin: 0,
      passwordLengthMinNumber: 10,
    };
    expect(checkPasswordStrength('a', lengthOff)).toBeNull();
  });
});

describe('validatePasswordChange', () => {
  it('reports the required fields in the order of console.md 5', () => {
    expect(validatePasswordChange({}, strict).map((issue) => issue.key)).toEqual([
      'oldRequired',
      'newRequired',
      'repeatRequired',
      'codeRequired',
    ]);
  });

  it('reports a mismatch of the repeated password', () => {
    const issues = validatePasswordChange(
      { oldPassword: 'x', newPassword: 'Abcdefg1!', repeatPassword: 'Abcdefg1?', code: '1234' },
      strict,
    );
    expect(issues).toEqual([{ field: 'repeatPassword', key: 'mismatch' }]);
  });

  it('adds the strength issue of the new password', () => {
    const values = { oldPassword: 'x', newPassword: 'abc', repeatPassword: 'abc', code: 'z' };
    expect(validatePasswordChange(values, strict)).toEqual([
      { field: 'newPassword', key: 'minLength', params: { n: 8 } },
    ]);
    expect(firstIssueFor('newPassword', values, strict)?.key).toBe('minLength');
    expect(firstIssueFor('repeatPassword', values, strict)).toBeNull();
  });

  it('passes a complete, strong, matching form', () => {
    const values = {
      oldPassword: 'old',
      newPassword: 'Abcdefg1!',
      repeatPassword: 'Abcdefg1!',
      code: 'k3x9',
    };
    expect(validatePasswordChange(values, strict)).toEqual([]);
  });

  it('treats a blank code as missing', () => {
    const values = { oldPassword: 'a', newPassword: 'b', repeatPassword: 'b', code: '   ' };
    expect(validatePasswordChange(values, null).map((issue) => issue.key)).toEqual(['codeRequired']);
  });
});
