import { Limits, Patterns } from '@console/shared';
import type { Rule } from 'antd/es/form';

type T = (key: string, options?: Record<string, unknown>) => string;

export const nameRules = (t: T): Rule[] => [
  { required: true, whitespace: true, message: t('rules.nameRequired') },
  { max: Limits.nameMax, message: t('rules.nameMax') },
  { pattern: Patterns.name, message: t('rules.name') },
];

export const codeRules = (t: T, pattern: RegExp, message = t('rules.code')): Rule[] => [
  { required: true, whitespace: true, message: t('rules.codeRequired') },
  { max: Limits.codeMax, message: t('rules.codeMax') },
  { pattern, message },
];

/** Item codes (btn_add, organizeId, F_Name): a letter first, then letters, digits, _ - . */
export const ITEM_CODE = /^[A-Za-z][A-Za-z0-9_\-.]*$/;
