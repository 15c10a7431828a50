import type { ScheduleDetail, ScheduleItem } from '@console/shared';
import { http } from '../../../base/api';

export type { ScheduleDetail, ScheduleItem };

/** The body of a create or edit (widgets.md "Schedule"); times are epoch milliseconds. */
export interface ScheduleForm {
  title: string;
  content?: string | null;
  urgent: number;
  color?: string | null;
  allDay: number;
  startDay: number;
  endDay: number;
  repetition: number;
  repeatTime?: number | null;
  reminderTime?: number | null;
  toUserIds: string[];
  version?: number;
}

const BASE = '/system/Schedule';

export const scheduleKeys = {
  all: ['schedule'] as const,
  range: (startTime: number, endTime: number) => ['schedule', 'range', startTime, endTime] as const,
  detail: (id: string) => ['schedule', 'detail', id] as const,
};

export async function fetchScheduleRange(startTime: number, endTime: number): Promise<ScheduleItem[]> {
  return (await http.get<{ list: ScheduleItem[] }>(BASE, { startTime, endTime })).list;
}

export function fetchScheduleDetail(id: string, groupId?: string): Promise<ScheduleDetail> {
  return http.get<ScheduleDetail>(`${BASE}/detail`, { id, groupId });
}

export async function createSchedule(form: ScheduleForm): Promise<string> {
  return (await http.send(BASE, { method: 'POST', data: form })).msg;
}

/** scope: 1 this one, 2 this and later, 3 all (ScheduleScope). */
export async function updateSchedule(id: string, scope: number, form: ScheduleForm): Promise<string> {
  return (await http.send(`${BASE}/${id}/${scope}`, { method: 'PUT', data: { ...form, id } })).msg;
}

export async function deleteSchedule(id: string, scope: number): Promise<string> {
  return (await http.send(`${BASE}/${id}/${scope}`, { method: 'DELETE', data: { id } })).msg;
}
