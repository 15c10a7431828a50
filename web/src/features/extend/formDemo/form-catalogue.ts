import type { FormDemo } from '@console/shared';

export type FieldKind =
  | 'text'
  | 'telephone'
  | 'readonlyUser'
  | 'integer'
  | 'money'
  | 'date'
  | 'month'
  | 'dateRange'
  | 'dateTime'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'treeSelect'
  | 'cascader'
  | 'upload'
  | 'imageUpload'
  | 'textarea'
  | 'richText'
  | 'email'
  | 'rate'
  | 'color'
  | 'slider'
  | 'lines'
  | 'password'
  | 'confirm'
  | 'card'
  | 'url'
  | 'mobile'
  | 'contact'
  | 'age';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** Options from the namespace's `options.<name>` list ("a|b|c"). */
  options?: boolean;
  span?: 12 | 24;
}

const f = (name: string, kind: FieldKind, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  kind,
  span: 12,
  ...extra,
});

const VERIFY: FieldSpec[] = [
  f('account', 'text', { required: true }),
  f('password', 'password', { required: true }),
  f('confirm', 'confirm', { required: true }),
  f('email', 'email', { required: true }),
  f('quantity', 'integer', { required: true }),
  f('card', 'card'),
  f('url', 'url'),
  f('amount', 'money', { required: true }),
  f('contact', 'contact'),
  f('mobile', 'mobile', { required: true }),
  f('telephone', 'telephone'),
  f('age', 'age', { required: true }),
];

export const FORM_FIELDS: Record<FormDemo, FieldSpec[]> = {
  fieldForm1: [
    f('text', 'text', { required: true }),
    f('telephone', 'telephone'),
    f('currentUser', 'readonlyUser'),
    f('natural', 'integer'),
    f('reimbursement', 'money'),
    f('price', 'money'),
    f('productionDate', 'date'),
    f('paymentDate', 'date'),
    f('planTime', 'dateTime'),
    f('statMonth', 'month'),
    f('planRange', 'dateRange', { span: 24 }),
  ],
  fieldForm2: [
    f('state', 'switch'),
    f('leaveType', 'radio', { options: true, required: true }),
    f('transport', 'checkbox', { options: true }),
    f('festival', 'select', { options: true }),
    f('roleType', 'select', { options: true }),
    f('department', 'treeSelect'),
    f('region', 'cascader'),
  ],
  fieldForm3: [f('attachments', 'upload', { span: 24 }), f('images', 'imageUpload', { span: 24 })],
  fieldForm4: [f('remark', 'textarea', { span: 24 }), f('html', 'richText', { span: 24 })],
  fieldForm5: [
    f('customerName', 'select', { options: true, required: true }),
    f('customerCode', 'text'),
    f('delivery', 'checkbox', { options: true, span: 24 }),
    f('goods', 'lines', { span: 24 }),
  ],
  fieldForm6: [
    f('userEmail', 'email', { required: true }),
    f('satisfaction', 'select', { options: true }),
    f('rating', 'rate'),
    f('themeColor', 'color'),
    f('progress', 'slider'),
    f('goods', 'lines', { span: 24 }),
  ],
  verifyForm: VERIFY,
  verifyForm1: VERIFY,
};

/** Luhn check of a bank card number. */
export function luhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  [...digits].reverse().forEach((c, i) => {
    let d = Number(c);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return sum % 10 === 0;
}

export const PATTERNS = {
  account: /^[A-Za-z][A-Za-z0-9_]{3,19}$/,
  password: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,20}$/,
  mobile: /^1[3-9]\d{9}$/,
  telephone: /^0\d{2,3}-?\d{7,8}$/,
  money: /^\d+(\.\d{1,2})?$/,
  url: /^https?:\/\/[^\s/$.?#].[^\s]*$/i,
} as const;
