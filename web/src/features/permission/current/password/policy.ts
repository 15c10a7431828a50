/**
 * Password-change rules of console.md 5, as a pure function. Each issue carries the i18n key of its
 * message (namespace `password`, under `rules.`) and its interpolation values.
 */

export interface PasswordPolicy {
  passwordStrengthLimit?: number | null;
  passwordLengthMin?: number | null;
  passwordLengthMinNumber?: number | null;
  containsNumbers?: number | null;
  includeLowercaseLetters?: number | null;
  includeUppercaseLetters?: number | null;
  containsCharacters?: number | null;
}

export interface PasswordChangeValues {
  oldPassword?: string;
  newPassword?: string;
  repeatPassword?: string;
  code?: string;
}

export type PasswordField = keyof PasswordChangeValues;

export type PasswordRuleKey =
  | 'oldRequired'
  | 'newRequired'
  | 'repeatRequired'
  | 'mismatch'
  | 'codeRequired'
  | 'minLength'
  | 'number'
  | 'lowercase'
  | 'uppercase'
  | 'character';

export interface PasswordIssue {
  field: PasswordField;
  key: PasswordRuleKey;
  params?: { n: number };
}

const on = (flag: number | null | undefined) => Number(flag) === 1;

/**
 * Strength rules of the new password, in order: minimum length, digit, lower-case letter,
 * upper-case letter, special character. Only when passwordStrengthLimit is 1.
 */
export function checkPasswordStrength(
  password: string,
  policy: PasswordPolicy | null | undefined,
): PasswordIssue | null {
  if (!policy || !on(policy.passwordStrengthLimit)) return null;
  const min = Number(policy.passwordLengthMinNumber ?? 0);
  if (on(policy.passwordLengthMin) && min > 0 && password.length < min) {
    return { field: 'newPassword', key: 'minLength', params: { n: min } };
  }
  if (on(policy.containsNumbers) && !/\d/.test(password)) return { field: 'newPassword', key: 'number' };
  if (on(policy.includeLowercaseLetters) && !/[a-z]/.test(password))
    return { field: 'newPassword', key: 'lowercase' };
  if (on(policy.includeUppercaseLetters) && !/[A-Z]/.test(password))
    return { field: 'newPassword', key: 'uppercase' };
  if (on(policy.containsCharacters) && !/[^A-Za-z0-9\s]/.test(password)) {
    return { field: 'newPassword', key: 'character' };
  }
  return null;
}

/** Every issue of the form, in the order of console.md 5. An empty list means the form may be sent. */
export function validatePasswordChange(
  values: PasswordChangeValues,
  policy: PasswordPolicy | null | undefined,
): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  const { oldPassword = '', newPassword = '', repeatPassword = '', code = '' } = values;
  if (!oldPassword) issues.push({ field: 'oldPassword', key: 'oldRequired' });
  if (!newPassword) issues.push({ field: 'newPassword', key: 'newRequired' });
  if (!repeatPassword) issues.push({ field: 'repeatPassword', key: 'repeatRequired' });
  else if (repeatPassword !== newPassword) issues.push({ field: 'repeatPassword', key: 'mismatch' });
  if (!code.trim()) issues.push({ field: 'code', key: 'codeRequired' });
  if (newPassword) {
    const strength = checkPasswordStrength(newPassword, policy);
    if (strength) issues.push(strength);
  }
  return issues;
}

/** The first issue of one field (what the form shows under it), or null. */
export function firstIssueFor(
  field: PasswordField,
  values: PasswordChangeValues,
  policy: PasswordPolicy | null | undefined,
): PasswordIssue | null {
  return validatePasswordChange(values, policy).find((issue) => issue.field === field) ?? null;
}
