import type { ScheduleItem } from '@console/shared';
import dayjs, { type Dayjs } from 'dayjs';

export type CalendarView = 'month' | 'week' | 'day';

/** Display format of schedule times (widgets.md: yyyy-MM-dd HH:mm). */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * The time range a view shows around a date: the month view spans the six weeks of its grid,
 * the week view one week, the day view one day. Weeks start where the interface language's
 * dayjs locale says (Monday in Chinese, Sunday in English), as antd's Calendar draws them.
 */
export function viewRange(view: CalendarView, date: Dayjs): { start: Dayjs; end: Dayjs } {
  if (view === 'day') return { start: date.startOf('day'), end: date.endOf('day') };
  if (view === 'week') return { start: date.startOf('week'), end: date.endOf('week') };
  const start = date.startOf('month').startOf('week');
  return { start, end: start.add(41, 'day').endOf('day') };
}

/** The occurrences touching a given day, earliest first. */
export function itemsOnDay(items: ScheduleItem[], day: Dayjs): ScheduleItem[] {
  const from = day.startOf('day').valueOf();
  const to = day.endOf('day').valueOf();
  return items
    .filter((item) => item.startDay <= to && item.endDay >= from)
    .sort((a, b) => a.startDay - b.startDay);
}

/** The days of the week containing `date`, in the locale's order. */
export function weekDays(date: Dayjs): Dayjs[] {
  const { start } = viewRange('week', date);
  return Array.from({ length: 7 }, (_, i) => start.add(i, 'day'));
}

/** Colour of an occurrence: its own, else by urgency (normal, important, urgent). */
export function colourOf(item: Pick<ScheduleItem, 'color' | 'urgent'>): string {
  if (item.color) return item.color;
  return ['#1890ff', '#fa8c16', '#f5222d'][item.urgent - 1] ?? '#1890ff';
}

export const formatTime = (ms: number) => dayjs(ms).format(TIME_FORMAT);
