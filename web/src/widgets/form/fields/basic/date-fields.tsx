import { DatePicker, Form, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import type { FieldConfig, FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';
import { boundsContradict, disabledTimeParts, isDateOutside, pickerBounds, timeOnDay } from './date-bounds';

/** The designer's formats (yyyy-MM-dd HH:mm:ss) in dayjs tokens (YYYY-MM-DD HH:mm:ss). */
export function dayjsFormat(format: unknown, fallback: string): string {
  return typeof format === 'string' && format ? format.replace(/y/g, 'Y').replace(/d/g, 'D') : fallback;
}

type DateType = 'date' | 'datetime' | 'year' | 'month';

const DEFAULT_FORMATS: Record<DateType, string> = {
  year: 'YYYY',
  month: 'YYYY-MM',
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
};

const CELL_UNIT = { year: 'year', month: 'month', date: 'day', datetime: 'day' } as const;

/** The current values of the fields the limits refer to (start|endRelationField). */
function useBoundValues(config: FieldConfig) {
  const form = Form.useFormInstance();
  const start = typeof config.startRelationField === 'string' ? config.startRelationField : '';
  const end = typeof config.endRelationField === 'string' ? config.endRelationField : '';
  const startValue = Form.useWatch(
    (values: Record<string, unknown>) => (start ? values?.[start] : undefined),
    form,
  );
  const endValue = Form.useWatch(
    (values: Record<string, unknown>) => (end ? values?.[end] : undefined),
    form,
  );
  return (name: string) => (name === start ? startValue : name === end ? endValue : undefined);
}

const toEpoch = (value: unknown): Dayjs | null =>
  typeof value === 'number' || (typeof value === 'string' && value !== '') ? dayjs(Number(value)) : null;

/** date: epoch ms, shown with the field's format; days outside the limits cannot be picked. */
export function DateField({ field, value, onChange, id, disabled, readOnly }: FieldProps<number | null>) {
  const config = field.__config__;
  const type: DateType =
    (['date', 'datetime', 'year', 'month'] as const).find((t) => t === field.type) ?? 'date';
  const format = dayjsFormat(field.format, DEFAULT_FORMATS[type]);
  const fieldValue = useBoundValues(config);
  const bounds = pickerBounds(config, 'date', fieldValue);
  const current = toEpoch(value);
  if (readOnly) return <ReadOnlyValue>{current?.format(format)}</ReadOnlyValue>;
  return (
    <DatePicker
      id={id}
      value={current}
      onChange={(next) => onChange?.(next ? next.valueOf() : null)}
      disabled={disabled || boundsContradict(bounds)}
      placeholder={field.placeholder ?? undefined}
      picker={type === 'datetime' ? 'date' : type}
      showTime={type === 'datetime' || /H/.test(format)}
      format={format}
      allowClear={field.clearable !== false}
      disabledDate={(day) => isDateOutside(day, bounds, CELL_UNIT[type])}
      disabledTime={(day) => disabledTimeParts(day ?? dayjs(), bounds)}
      style={{ width: '100%' }}
    />
  );
}

/** time: "HH:mm:ss" (or the field's format) string; times outside the limits cannot be picked. */
export function TimeField({ field, value, onChange, id, disabled, readOnly }: FieldProps<string | null>) {
  const config = field.__config__;
  const format = dayjsFormat(field.format, 'HH:mm:ss');
  const fieldValue = useBoundValues(config);
  const today = useMemo(() => dayjs(), []);
  const bounds = pickerBounds(config, 'time', fieldValue, today);
  const current = typeof value === 'string' && value ? (timeOnDay(value, today) ?? null) : null;
  if (readOnly) return <ReadOnlyValue>{current?.format(format)}</ReadOnlyValue>;
  return (
    <TimePicker
      id={id}
      value={current}
      onChange={(next) => onChange?.(next ? next.format(format) : null)}
      disabled={disabled || boundsContradict(bounds)}
      placeholder={field.placeholder ?? undefined}
      format={format}
      allowClear={field.clearable !== false}
      disabledTime={() => disabledTimeParts(today, bounds)}
      style={{ width: '100%' }}
    />
  );
}

/** Legacy dateRange: [from, to] epoch ms; empty ends give []. */
export function DateRangeField({ field, value, onChange, id, disabled, readOnly }: FieldProps<number[]>) {
  const type: DateType = (['date', 'datetime'] as const).find((t) => t === field.type) ?? 'date';
  const format = dayjsFormat(field.format, DEFAULT_FORMATS[type]);
  const [from, to] = Array.isArray(value) ? value.map(toEpoch) : [null, null];
  if (readOnly)
    return <ReadOnlyValue>{from && to ? `${from.format(format)} ~ ${to.format(format)}` : ''}</ReadOnlyValue>;
  return (
    <DatePicker.RangePicker
      id={id}
      value={[from ?? null, to ?? null]}
      onChange={(next) => onChange?.(next?.[0] && next[1] ? [next[0].valueOf(), next[1].valueOf()] : [])}
      disabled={disabled}
      showTime={type === 'datetime'}
      format={format}
      style={{ width: '100%' }}
    />
  );
}

/** Legacy timeRange: ["HH:mm:ss", "HH:mm:ss"]; empty ends give []. */
export function TimeRangeField({ field, value, onChange, id, disabled, readOnly }: FieldProps<string[]>) {
  const format = dayjsFormat(field.format, 'HH:mm:ss');
  const today = useMemo(() => dayjs(), []);
  const [from, to] = Array.isArray(value)
    ? value.map((text) => timeOnDay(String(text), today) ?? null)
    : [null, null];
  if (readOnly)
    return <ReadOnlyValue>{from && to ? `${from.format(format)} ~ ${to.format(format)}` : ''}</ReadOnlyValue>;
  return (
    <TimePicker.RangePicker
      id={id}
      value={[from ?? null, to ?? null]}
      onChange={(next) =>
        onChange?.(next?.[0] && next[1] ? [next[0].format(format), next[1].format(format)] : [])
      }
      disabled={disabled}
      format={format}
      style={{ width: '100%' }}
    />
  );
}
