/** Validation patterns of console.md section 5, shared by client forms and server schemas. */
export const Patterns = {
  mobile: /^1[3-9]\d{9}$/,
  /** 6-16 characters of letters and digits, at least one of each. */
  password: /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{6,16}$/,
  idCard: /^[1-9]\d{5}(18|19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  email: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/,
  licencePlate:
    /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/,
  chinese: /^[\u4e00-\u9fa5]+$/,
  /** English letters, digits and dots; no dot at the start or the end. */
  code: /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/,
  account: /^[A-Za-z0-9]+$/,
  /** No special characters: letters (any script), digits, spaces, underscore and hyphen. */
  name: /^[\p{L}\p{N}_\- ]+$/u,
  numericCode: /^\d+$/,
  /** An integer or a multiple of 0.5. */
  time: /^\d+(\.5)?$/,
  positiveInteger: /^[1-9]\d*$/,
  fieldName: /^[A-Za-z][A-Za-z0-9_]*$/,
  /** What the sign-in form sends as the password: lower-case hex MD5. */
  md5: /^[0-9a-f]{32}$/,
} as const;

/** Limits of console.md section 9. */
export const Limits = {
  nameMax: 50,
  codeMax: 50,
  sortMin: 0,
  sortMax: 999_999,
  passwordMin: 6,
  passwordMax: 16,
} as const;
