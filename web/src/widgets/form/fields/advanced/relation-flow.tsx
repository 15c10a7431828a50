import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';

/**
 * relationFlow: a legacy key (forms.md 2) still understood but no longer offered, so there is no
 * picker for it. A form holding one shows its stored value as text and keeps it unchanged.
 */
export function RelationFlowField({ field, value, id, readOnly }: FieldProps) {
  const { t } = useTranslation('form');
  const text = value === undefined || value === null ? '' : String(value);
  if (readOnly) return <ReadOnlyValue>{text}</ReadOnlyValue>;
  return (
    <Input
      id={id}
      value={text}
      readOnly
      placeholder={field.placeholder ?? t('relationFlow.hint')}
      title={t('relationFlow.hint')}
    />
  );
}
