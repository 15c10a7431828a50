/** Requests of schedules (widgets.md "Schedule", console.md 7 "Schedule"). */
import { z } from 'zod';

/** repetition: 1 none, 2 daily, 3 weekly, 4 monthly, 5 yearly. */
export const ScheduleRepetition = { None: 1, Daily: 2, Weekly: 3, Monthly: 4, Yearly: 5 } as const;

/** Scope of an edit or delete of one occurrence: this one, this and later, all. */
export const ScheduleScope = { This: 1, ThisAndLater: 2, All: 3 } as const;

/** Most occurrences one series may have. */
export const SCHEDULE_MAX_OCCURRENCES = 1000;

const epochMs = (message: string) => z.coerce.number({ message }).int(message).min(0, message);

export const ScheduleBody = z
  .object({
    title: z
      .string({ message: '请输入日程标题' })
      .trim()
      .min(1, '请输入日程标题')
      .max(200, '日程标题最多为200个字符'),
    content: z.string().max(2000, '日程内容最多为2000个字符').nullish(),
    type: z.string().max(50).nullish(),
    urgent: z.coerce
      .number()
      .int()
      .refine((v) => v >= 1 && v <= 3, '紧急程度只能是普通、重要或紧急')
      .default(1),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB')
      .nullish(),
    allDay: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || v === 1, '全天只能是 0 或 1')
      .default(0),
    startDay: epochMs('请选择开始时间'),
    endDay: epochMs('请选择结束时间'),
    repetition: z.coerce
      .number()
      .int()
      .refine((v) => v >= 1 && v <= 5, '重复方式不正确')
      .default(1),
    repeatTime: epochMs('请选择结束重复时间').nullish(),
    /** Minutes before the start; null = no reminder. */
    reminderTime: z.coerce
      .number()
      .int()
      .min(0, '提醒时间不正确')
      .max(10_080, '提醒时间最多提前7天')
      .nullish(),
    toUserIds: z.array(z.string().min(1).max(64)).max(500, '参与人最多500个').default([]),
    /** The version of the occurrence the client read; required when editing. */
    version: z.coerce.number().int().min(0).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.endDay < body.startDay)
      ctx.addIssue({ code: 'custom', path: ['endDay'], message: '结束时间不能早于开始时间' });
    if (body.repetition !== ScheduleRepetition.None) {
      if (body.repeatTime == null)
        ctx.addIssue({ code: 'custom', path: ['repeatTime'], message: '请选择结束重复时间' });
      else if (body.repeatTime < body.startDay)
        ctx.addIssue({ code: 'custom', path: ['repeatTime'], message: '结束重复时间不能早于开始时间' });
    }
  });
export type ScheduleBody = z.infer<typeof ScheduleBody>;

export const ScheduleRangeQuery = z
  .object({
    startTime: epochMs('请指定开始时间'),
    endTime: epochMs('请指定结束时间'),
  })
  .refine((q) => q.endTime >= q.startTime, { message: '结束时间不能早于开始时间', path: ['endTime'] })
  .refine((q) => q.endTime - q.startTime <= 400 * 86_400_000, {
    message: '查询范围最多400天',
    path: ['endTime'],
  });

export const ScheduleScopeParams = z.object({
  id: z.string().min(1).max(64),
  flag: z.coerce
    .number({ message: '请选择日程' })
    .int()
    .refine((v) => v >= 1 && v <= 3, '请选择日程'),
});

export interface ScheduleItem {
  id: string;
  groupId: string;
  title: string;
  content: string | null;
  type: string | null;
  urgent: number;
  color: string | null;
  allDay: number;
  startDay: number;
  endDay: number;
  repetition: number;
  repeatTime: number | null;
  reminderTime: number | null;
  creatorUserId: string;
  toUserIds: string[];
  version: number;
}

export interface ScheduleDetail extends ScheduleItem {
  creatorUserName: string;
  toUserNames: string[];
}
