import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../types';
import { boundsContradict, disabledTimeParts, isDateOutside, pickerBounds, timeOnDay } from './date-bounds';

const now = dayjs('2026-03-15T10:20:30');
const none = () => undefined;
const config = (extra: Partial<FieldConfig>): FieldConfig => ({ jnpfKey: 'date', ...extra });

describe('date and time bounds (widgets.md 5)', () => {
  it('applies a side only when its rule is on', () => {
    const bounds = pickerBounds(config({ startTimeType: 3, endTimeType: 3 }), 'date', none, now);
    expect(bounds).toEqual({ min: undefined, max: undefined });
  });

  it('type 1 is a fixed epoch for dates and an HH:mm[:ss] text for times', () => {
    const fixed = dayjs('2026-01-01T00:00:00').valueOf();
    const date = pickerBounds(
      config({ startTimeRule: true, startTimeType: 1, startTimeValue: fixed }),
      'date',
      none,
      now,
    );
    expect(date.min?.valueOf()).toBe(fixed);
    const time = pickerBounds(
      config({ jnpfKey: 'time', endTimeRule: true, endTimeType: 1, endTimeValue: '18:30' }),
      'time',
      none,
      now,
    );
    // Seconds are appended as :00 when missing.
    expect(time.max?.format('HH:mm:ss')).toBe('18:30:00');
  });

  it('type 2 reads the other field, type 3 is now', () => {
    const other = dayjs('2026-05-01').valueOf();
    const bounds = pickerBounds(
      config({
        startTimeRule: true,
        startTimeType: 3,
        endTimeRule: true,
        endTimeType: 2,
        endRelationField: 'due',
      }),
      'date',
      (name) => (name === 'due' ? other : undefined),
      now,
    );
    expect(bounds.min?.valueOf()).toBe(now.valueOf());
    expect(bounds.max?.valueOf()).toBe(other);
    // An empty related field sets no limit.
    const empty = pickerBounds(
      config({ endTimeRule: true, endTimeType: 2, endRelationField: 'due' }),
      'date',
      none,
      now,
    );
    expect(empty.max).toBeUndefined();
  });

  it('types 4 and 5 move now by N of the unit: date year/month/day/hour/minute/second, time hour/minute/second', () => {
    const date = (type: number, target: number, value: number) =>
      pickerBounds(
        config({ startTimeRule: true, startTimeType: type, startTimeTarget: target, startTimeValue: value }),
        'date',
        none,
        now,
      ).min?.format('YYYY-MM-DD HH:mm:ss');
    expect(date(4, 1, 2)).toBe('2024-03-15 10:20:30');
    expect(date(5, 2, 1)).toBe('2026-04-15 10:20:30');
    expect(date(4, 3, 15)).toBe('2026-02-28 10:20:30');
    expect(date(5, 4, 3)).toBe('2026-03-15 13:20:30');
    expect(date(4, 5, 20)).toBe('2026-03-15 10:00:30');
    expect(date(5, 6, 30)).toBe('2026-03-15 10:21:00');
    const time = (type: number, target: number, value: number) =>
      pickerBounds(
        config({
          jnpfKey: 'time',
          endTimeRule: true,
          endTimeType: type,
          endTimeTarget: target,
          endTimeValue: value,
        }),
        'time',
        none,
        now,
      ).max?.format('HH:mm:ss');
    expect(time(5, 1, 2)).toBe('12:20:30');
    expect(time(4, 2, 20)).toBe('10:00:30');
    expect(time(5, 3, 30)).toBe('10:21:00');
    // A time of day stops at the day's end instead of wrapping to tomorrow.
    expect(time(5, 1, 20)).toBe('23:59:59');
    expect(time(4, 1, 20)).toBe('00:00:00');
  });

  it('disables calendar cells outside the limits at the picker granularity', () => {
    const bounds = { min: dayjs('2026-03-10T15:00'), max: dayjs('2026-03-20T09:00') };
    expect(isDateOutside(dayjs('2026-03-09'), bounds, 'day')).toBe(true);
    expect(isDateOutside(dayjs('2026-03-10T00:00'), bounds, 'day')).toBe(false);
    expect(isDateOutside(dayjs('2026-03-20T23:00'), bounds, 'day')).toBe(false);
    expect(isDateOutside(dayjs('2026-03-21'), bounds, 'day')).toBe(true);
    expect(isDateOutside(dayjs('2026-02-01'), bounds, 'month')).toBe(true);
    expect(isDateOutside(dayjs('2026-03-01'), bounds, 'month')).toBe(false);
    expect(isDateOutside(dayjs('2026-12-31'), bounds, 'year')).toBe(false);
  });

  it('disables hours, minutes and seconds before the start and after the end on their day', () => {
    const day = dayjs('2026-03-15');
    const parts = disabledTimeParts(day, { min: timeOnDay('08:30:15', day), max: timeOnDay('17:45', day) });
    expect(parts.disabledHours()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 18, 19, 20, 21, 22, 23]);
    expect(parts.disabledMinutes(8)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(parts.disabledMinutes(17)).toEqual(Array.from({ length: 14 }, (_, i) => 46 + i));
    expect(parts.disabledMinutes(12)).toEqual([]);
    expect(parts.disabledSeconds(8, 30)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(parts.disabledSeconds(8, 31)).toEqual([]);
    // Another day is untouched.
    expect(disabledTimeParts(dayjs('2026-03-16'), { min: timeOnDay('08:30', day) }).disabledHours()).toEqual(
      [],
    );
  });

  it('reads start later than end as a contradiction (the picker turns read-only)', () => {
    expect(boundsContradict({ min: dayjs('2026-03-02'), max: dayjs('2026-03-01') })).toBe(true);
    expect(boundsContradict({ min: dayjs('2026-03-01'), max: dayjs('2026-03-01') })).toBe(false);
    expect(boundsContradict({ min: dayjs('2026-03-01') })).toBe(false);
  });
});
