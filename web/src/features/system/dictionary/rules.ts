import { Limits, Patterns } from '@console/shared';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Rules of console.md 5 for the dictionary type and item forms. */
export function dictionaryRules(t: TFunction, kind: 'type' | 'item') {
  const parent: Rule[] = [
    { required: true, message: t(kind === 'type' ? 'rules.parentEmpty' : 'rules.parentChoose') },
  ];
  const fullName: Rule[] = [
    { required: true, whitespace: true, message: t('rules.nameRequired') },
    { max: Limits.nameMax, message: t(kind === 'type' ? 'rules.nameMaxType' : 'rules.nameMaxItem') },
    { pattern: Patterns.name, message: t('rules.nameSpecial') },
  ];
  const enCode: Rule[] = [
    { required: true, whitespace: true, message: t('rules.codeRequired') },
    { max: Limits.codeMax, message: t('rules.codeMax') },
    { pattern: Patterns.code, message: t('rules.codePattern') },
  ];
  const sortCode: Rule[] = [
    {
      type: 'number',
      min: Limits.sortMin,
      max: Limits.sortMax,
      message: t('rules.sortRange', { min: Limits.sortMin, max: Limits.sortMax }),
    },
  ];
  return { parent, fullName, enCode, sortCode };
}
