import dayjs, { type Dayjs, type ManipulateType } from 'dayjs';
import type { FieldConfig } from '../../types';

/*
 * Start/end limits of date and time fields (forms.md 1.1, widgets.md 5). A side applies when its
 * start|endTimeRule is on. Type 1 a fixed value, 2 the value of another field
 * (start|endRelationField), 3 now, 4 now minus N, 5 now plus N, N being start|endTimeValue in the
 * unit start|endTimeTarget (date: 1 year 2 month 3 day 4 hour 5 minute 6 second; time: 1 hour
 * 2 minute 3 second).
 */

export type PickerKind = 'date' | 'time';

export interface Bounds {
  min?: Dayjs;
  max?: Dayjs;
}

const DATE_UNITS: Record<number, ManipulateType> = {
  1: 'year',
  2: 'month',
  3: 'day',
  4: 'hour',
  5: 'minute',
  6: 'second',
};
const TIME_UNITS: Record<number, ManipulateType> = { 1: 'hour', 2: 'minute', 3: 'second' };

/** "HH:mm" or "HH:mm:ss" on the day of `day`; ":00" is appended when seconds are missing. */
export function timeOnDay(text: string, day: Dayjs): Dayjs | undefined {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return day
    .startOf('day')
    .hour(Number(match[1]))
    .minute(Number(match[2]))
    .second(Number(match[3] ?? 0));
}

/** A stored value (epoch ms for dates, "HH:mm[:ss]" for times) as a Dayjs. */
function fromValue(value: unknown, kind: PickerKind, now: Dayjs): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (kind === 'time') return typeof value === 'string' ? timeOnDay(value, now) : undefined;
  const at =
    typeof value === 'number' ? dayjs(value) : typeof value === 'string' ? dayjs(Number(value)) : undefined;
  return at?.isValid() ? at : undefined;
}

function side(
  prefix: 'start' | 'end',
  config: FieldConfig,
  kind: PickerKind,
  fieldValue: (vModel: string) => unknown,
  now: Dayjs,
): Dayjs | undefined {
  if (!config[`${prefix}TimeRule`]) return undefined;
  const type = Number(config[`${prefix}TimeType`]);
  const value = config[`${prefix}TimeValue`];
  switch (type) {
    case 1:
      return fromValue(value, kind, now);
    case 2: {
      const field = config[`${prefix}RelationField`];
      return typeof field === 'string' && field ? fromValue(fieldValue(field), kind, now) : undefined;
    }
    case 3:
      return now;
    case 4:
    case 5: {
      const unit = (kind === 'time' ? TIME_UNITS : DATE_UNITS)[Number(config[`${prefix}TimeTarget`])];
      const amount = Number(value);
      if (!unit || !Number.isFinite(amount)) return undefined;
      const at = type === 4 ? now.subtract(amount, unit) : now.add(amount, unit);
      // A time of day cannot leave today: past midnight it stops at the day's first or last second.
      if (kind === 'time' && !at.isSame(now, 'day'))
        return at.isBefore(now) ? now.startOf('day') : now.endOf('day');
      return at;
    }
    default:
      return undefined;
  }
}

/** The limits of a date or time field; `fieldValue` reads another field's current value. */
export function pickerBounds(
  config: FieldConfig,
  kind: PickerKind,
  fieldValue: (vModel: string) => unknown,
  now: Dayjs = dayjs(),
): Bounds {
  return {
    min: side('start', config, kind, fieldValue, now),
    max: side('end', config, kind, fieldValue, now),
  };
}

/** The picker is read-only when the start is later than the end (widgets.md 5). */
export function boundsContradict({ min, max }: Bounds): boolean {
  return Boolean(min && max && min.isAfter(max));
}

/** Is a calendar cell (year, month or day) wholly outside the limits? */
export function isDateOutside(current: Dayjs, { min, max }: Bounds, unit: 'year' | 'month' | 'day'): boolean {
  return Boolean((min && current.isBefore(min, unit)) || (max && current.isAfter(max, unit)));
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * Hours, minutes and seconds to disable on the day of `current` (antd disabledTime): everything
 * before `min` and after `max` when they fall on that day.
 */
export function disabledTimeParts(current: Dayjs, { min, max }: Bounds) {
  const low = min?.isSame(current, 'day') ? min : undefined;
  const high = max?.isSame(current, 'day') ? max : undefined;
  return {
    disabledHours: () => [...(low ? range(0, low.hour()) : []), ...(high ? range(high.hour() + 1, 24) : [])],
    disabledMinutes: (hour: number) => [
      ...(low && hour === low.hour() ? range(0, low.minute()) : []),
      ...(high && hour === high.hour() ? range(high.minute() + 1, 60) : []),
    ],
    disabledSeconds: (hour: number, minute: number) => [
      ...(low && hour === low.hour() && minute === low.minute() ? range(0, low.second()) : []),
      ...(high && hour === high.hour() && minute === high.minute() ? range(high.second() + 1, 60) : []),
    ],
  };
}
