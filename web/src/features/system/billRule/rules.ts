import { Limits, Patterns } from '@console/shared';
import type { FormInstance, Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Rules of console.md 5 for the bill rule dialog (messages exactly as there). */
export function billRuleRules(t: TFunction, form: FormInstance) {
  const fullName: Rule[] = [
    { required: true, whitespace: true, message: t('rules.fullNameRequired') },
    { max: Limits.nameMax, message: t('rules.fullNameMax') },
    { pattern: Patterns.name, message: t('rules.fullNameSpecial') },
  ];
  const enCode: Rule[] = [
    { required: true, whitespace: true, message: t('rules.enCodeRequired') },
    { max: Limits.codeMax, message: t('rules.enCodeMax') },
    { pattern: Patterns.code, message: t('rules.enCodePattern') },
  ];
  const category: Rule[] = [{ required: true, message: t('rules.categoryRequired') }];
  const prefix: Rule[] = [
    { required: true, whitespace: true, message: t('rules.prefixRequired') },
    { max: 20, message: t('rules.prefixMax') },
    { pattern: /^[A-Za-z0-9_\-\p{Script=Han}]+$/u, message: t('rules.prefixPattern') },
  ];
  const dateFormat: Rule[] = [{ required: true, message: t('rules.dateFormatRequired') }];
  const digit: Rule[] = [
    { required: true, message: t('rules.digitRequired') },
    { pattern: /^[1-9]$/, message: t('rules.digitPositive') },
  ];
  const startNumber: Rule[] = [
    { required: true, message: t('rules.startNumberRequired') },
    { pattern: Patterns.numericCode, message: t('rules.startNumberDigits') },
    {
      validator: async (_, value: string | undefined) => {
        if (!value || !Patterns.numericCode.test(value)) return;
        if (/^0+$/.test(value)) throw new Error(t('rules.startNumberZero'));
        const digit = Number(form.getFieldValue('digit'));
        if (Number.isInteger(digit) && digit > 0 && value.replace(/^0+/, '').length > digit)
          throw new Error(t('rules.startNumberTooLong'));
      },
    },
  ];
  const sortCode: Rule[] = [
    {
      type: 'number',
      min: Limits.sortMin,
      max: Limits.sortMax,
      message: t('rules.sortRange', { min: Limits.sortMin, max: Limits.sortMax }),
    },
  ];
  return { fullName, enCode, category, prefix, dateFormat, digit, startNumber, sortCode };
}
