import { toChineseCapital } from '@console/shared';
import { InputNumber, Space } from 'antd';
import type { FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';
import { formatNumber, parseNumberText, withThousands } from './number-format';

const numberProp = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The amount in Chinese capitals under a number (isAmountChinese); nothing for an empty value. */
export function CapitalAmount({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return null;
  return <div className="form-capital-amount">{toChineseCapital(value as number | string)}</div>;
}

/**
 * numInput (and the legacy JNPFAmount): min, max, step, precision, addons, thousands separators
 * and the amount in Chinese capitals (forms.md 2.1).
 */
export function NumberField({ field, value, onChange, id, disabled, readOnly }: FieldProps<number | null>) {
  const precision = numberProp(field.precision);
  const thousands = field.thousands === true;
  const capital = field.isAmountChinese === true || field.__config__.jnpfKey === 'JNPFAmount';
  if (readOnly) {
    const text = formatNumber(value, { precision, thousands });
    return (
      <ReadOnlyValue>
        {text}
        {capital ? <CapitalAmount value={value} /> : null}
      </ReadOnlyValue>
    );
  }
  const before = typeof field.addonBefore === 'string' ? field.addonBefore : '';
  const after = typeof field.addonAfter === 'string' ? field.addonAfter : '';
  const input = (
    <InputNumber<number | string>
      id={id}
      value={value ?? null}
      onChange={(next) => onChange?.(next === null || next === '' ? null : Number(next))}
      disabled={disabled}
      readOnly={field.readonly === true}
      placeholder={field.placeholder ?? undefined}
      min={numberProp(field.min)}
      max={numberProp(field.max)}
      step={numberProp(field.step) ?? 1}
      precision={precision}
      controls={field.controls !== false}
      style={{ width: '100%' }}
      formatter={thousands ? (text) => withThousands(String(text ?? '')) : undefined}
      parser={thousands ? parseNumberText : undefined}
    />
  );
  return (
    <>
      {before || after ? (
        <Space.Compact block>
          {before ? <Space.Addon>{before}</Space.Addon> : null}
          {input}
          {after ? <Space.Addon>{after}</Space.Addon> : null}
        </Space.Compact>
      ) : (
        input
      )}
      {capital ? <CapitalAmount value={value} /> : null}
    </>
  );
}
