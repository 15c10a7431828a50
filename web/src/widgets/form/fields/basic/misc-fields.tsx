import { ColorPicker, Rate, Slider, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';

type SwitchValue = number | string | boolean;

/** switch: stores active-value (1) / inactive-value (0); shows activeTxt / inactiveTxt. */
export function SwitchField({ field, value, onChange, id, disabled, readOnly }: FieldProps<SwitchValue>) {
  const { t } = useTranslation('form');
  const on = (field['active-value'] ?? 1) as SwitchValue;
  const off = (field['inactive-value'] ?? 0) as SwitchValue;
  const checked = value === on || value === true;
  const onText = typeof field.activeTxt === 'string' ? field.activeTxt : t('switch.on');
  const offText = typeof field.inactiveTxt === 'string' ? field.inactiveTxt : t('switch.off');
  if (readOnly) return <ReadOnlyValue>{checked ? onText : offText}</ReadOnlyValue>;
  return (
    <Switch
      id={id}
      checked={checked}
      onChange={(next) => onChange?.(next ? on : off)}
      disabled={disabled}
      checkedChildren={onText}
      unCheckedChildren={offText}
    />
  );
}

/** colorPicker: "#rrggbb" (or with alpha when show-alpha). */
export function ColorField({ field, value, onChange, id, disabled, readOnly }: FieldProps<string | null>) {
  const alpha = field['show-alpha'] === true;
  if (readOnly)
    return (
      <ReadOnlyValue>
        {value ? <span className="form-color-swatch" style={{ background: value }} /> : null}
        {value}
      </ReadOnlyValue>
    );
  return (
    <span id={id}>
      <ColorPicker
        value={value || undefined}
        onChange={(color) => onChange?.(alpha ? color.toHexString() : `#${color.toHex().slice(0, 6)}`)}
        onClear={() => onChange?.(null)}
        allowClear
        disabledAlpha={!alpha}
        disabled={disabled}
        showText
      />
    </span>
  );
}

/** rate: stars up to max (5), half stars when allow-half. */
export function RateField({ field, value, onChange, id, disabled, readOnly }: FieldProps<number>) {
  const count = typeof field.max === 'number' ? field.max : 5;
  return (
    <span id={id} className="form-rate">
      <Rate
        value={value ?? 0}
        onChange={(next) => onChange?.(next)}
        disabled={disabled || readOnly}
        count={count}
        allowHalf={field['allow-half'] === true}
      />
      {field['show-score'] === true ? <span className="form-rate-score">{value ?? 0}</span> : null}
    </span>
  );
}

/** slider: a number (or [from, to] when range) between min and max. */
export function SliderField({
  field,
  value,
  onChange,
  id,
  disabled,
  readOnly,
}: FieldProps<number | number[]>) {
  const min = typeof field.min === 'number' ? field.min : 0;
  const max = typeof field.max === 'number' ? field.max : 100;
  const step = typeof field.step === 'number' ? field.step : 1;
  const common = { id, min, max, step, disabled: disabled || readOnly, dots: field['show-stops'] === true };
  return field.range === true ? (
    <Slider
      {...common}
      range
      value={Array.isArray(value) ? (value as [number, number]) : [min, min]}
      onChange={(next) => onChange?.(next)}
    />
  ) : (
    <Slider
      {...common}
      value={typeof value === 'number' ? value : min}
      onChange={(next) => onChange?.(next)}
    />
  );
}
