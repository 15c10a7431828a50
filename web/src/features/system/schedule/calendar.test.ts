import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach, describe, expect, it } from 'vitest';
import { colourOf, itemsOnDay, viewRange, weekDays } from './calendar';

const item = (start: string, end: string, extra = {}) => ({
  id: start,
  groupId: 'g',
  title: start,
  content: null,
  type: null,
  urgent: 1,
  color: null,
  allDay: 0,
  startDay: dayjs(start).valueOf(),
  endDay: dayjs(end).valueOf(),
  repetition: 1,
  repeatTime: null,
  reminderTime: null,
  creatorUserId: 'u',
  toUserIds: [],
  version: 0,
  ...extra,
});

describe('calendar ranges', () => {
  afterEach(() => {
    dayjs.locale('en');
  });

  it('spans the six Monday-first weeks of a month grid in Chinese', () => {
    dayjs.locale('zh-cn');
    // November 2026 starts on a Sunday: the grid starts on Monday 26 October.
    const { start, end } = viewRange('month', dayjs('2026-11-15'));
    expect(start.format('YYYY-MM-DD')).toBe('2026-10-26');
    expect(end.format('YYYY-MM-DD HH:mm')).toBe('2026-12-06 23:59');
  });

  it('starts the grid on a Sunday in English', () => {
    expect(viewRange('month', dayjs('2026-11-15')).start.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(weekDays(dayjs('2026-11-18'))[0]?.format('MM-DD')).toBe('11-15');
  });

  it('runs a Chinese week from Monday to Sunday, also when the date is a Sunday', () => {
    dayjs.locale('zh-cn');
    expect(weekDays(dayjs('2026-11-22')).map((d) => d.format('MM-DD'))).toEqual([
      '11-16',
      '11-17',
      '11-18',
      '11-19',
      '11-20',
      '11-21',
      '11-22',
    ]);
  });

  it('lists the occurrences touching a day, including ones spanning midnight', () => {
    const items = [
      item('2026-11-22 15:00', '2026-11-22 16:00'),
      item('2026-11-21 23:00', '2026-11-22 01:00'),
      item('2026-11-23 09:00', '2026-11-23 10:00'),
    ];
    expect(itemsOnDay(items, dayjs('2026-11-22')).map((i) => i.title)).toEqual([
      '2026-11-21 23:00',
      '2026-11-22 15:00',
    ]);
  });

  it('colours by urgency unless the schedule has its own colour', () => {
    expect(colourOf({ urgent: 3, color: null })).toBe('#f5222d');
    expect(colourOf({ urgent: 3, color: '#00aa00' })).toBe('#00aa00');
  });
});
