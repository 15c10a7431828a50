import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { chinaDay, chinaDayStart, DAY_MS, HOUR_MS } from '../../../core/calendar.js';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { answer, defineRoute } from '../../../core/route.js';
import { updateVersioned } from '../../../core/versioned.js';
import { extSchedules } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';

const MODULE = 'extend.schedule';

export const ExtendScheduleMessages = {
  notFound: '日程不存在或已删除',
  created: '新建成功',
  updated: '修改成功',
  deleted: '删除成功',
} as const;

const TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** "yyyy-MM-dd HH:mm" (China time, as the 3.4.7 calendar sends it) or epoch milliseconds; NaN when neither. */
export function parseChinaTime(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const m = TIME.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((v) => v ?? '0') as string[];
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(utc);
  // 2026-02-30 or 25:00 is refused rather than rolled over.
  if (
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59
  )
    return Number.NaN;
  return utc - 8 * HOUR_MS;
}

const time = (message: string) =>
  z.unknown().transform((value, ctx) => {
    const ms = parseChinaTime(value);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return ms;
  });
const flag = z.preprocess(
  (v) => (v === true ? 1 : v === false || v == null || v === '' ? 0 : v),
  z.coerce.number().int().min(0).max(1, '提醒开关只能是 0 或 1'),
);

export const ExtendScheduleBody = z
  .object({
    content: z
      .string({ message: '请输入日程内容' })
      .trim()
      .min(1, '请输入日程内容')
      .max(500, '日程内容最多为500个字符'),
    startTime: time('起始时间不能为空，格式为 yyyy-MM-dd HH:mm'),
    endTime: time('结束时间不能为空，格式为 yyyy-MM-dd HH:mm'),
    early: z.preprocess(
      (v) => (v === '' || v == null ? 1 : v),
      z.coerce
        .number({ message: '提醒设置应为小时数' })
        .int('提醒设置应为小时数')
        .min(0, '提醒设置不能为负数')
        .max(720, '提醒最多提前720小时'),
    ),
    appAlert: flag,
    weChatAlert: flag,
    mailAlert: flag,
    mobileAlert: flag,
    colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, '标签颜色格式应为 #RRGGBB')
      .nullish()
      .transform((v) => v || '#188ae2'),
    version: z.coerce.number().int().min(0).optional(),
  })
  .refine((b) => b.endTime > b.startTime, { message: '结束时间应大于起始时间', path: ['endTime'] });
export type ExtendScheduleBody = z.infer<typeof ExtendScheduleBody>;

const RangeQuery = z
  .object({
    startTime: time('请指定开始时间，格式为 yyyy-MM-dd HH:mm'),
    endTime: time('请指定结束时间，格式为 yyyy-MM-dd HH:mm'),
  })
  .refine((q) => q.endTime >= q.startTime, { message: '结束时间不能早于开始时间', path: ['endTime'] })
  .refine((q) => q.endTime - q.startTime <= 400 * DAY_MS, {
    message: '查询范围最多400天',
    path: ['endTime'],
  });

type Row = typeof extSchedules.$inferSelect;
const pad = (n: number) => String(n).padStart(2, '0');
/** Epoch ms as "yyyy-MM-dd HH:mm" in China time. */
export function formatChinaTime(ms: number): string {
  const d = new Date(ms + 8 * HOUR_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const itemOf = (r: Row) => ({
  id: r.id,
  content: r.content,
  startTime: r.startTime,
  endTime: r.endTime,
  early: r.early,
  appAlert: r.appAlert,
  weChatAlert: r.weChatAlert,
  mailAlert: r.mailAlert,
  mobileAlert: r.mobileAlert,
  colour: r.colour,
  version: r.version,
});

const values = (b: ExtendScheduleBody) => ({
  content: b.content,
  startTime: b.startTime,
  endTime: b.endTime,
  early: b.early,
  appAlert: b.appAlert,
  weChatAlert: b.weChatAlert,
  mailAlert: b.mailAlert,
  mobileAlert: b.mobileAlert,
  colour: b.colour,
});

/**
 * extend/schedule's own API (/api/extend/Schedule, other.md 1): a personal calendar of the
 * signed-in user with colour, how early to remind and the alert channels chosen. Separate from
 * the portal's schedules (/api/system/Schedule, base_schedule), whose series and participants
 * this demo does not have.
 */
export function registerExtendScheduleRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const Params = z.object({ id: z.string().trim().min(1).max(64) });
  const mine = (userId: string) => eq(extSchedules.creatorUserId, userId);

  const between = (userId: string, start: number, end: number) =>
    db
      .select()
      .from(extSchedules)
      .where(and(mine(userId), lt(extSchedules.startTime, end), gte(extSchedules.endTime, start)))
      .orderBy(asc(extSchedules.startTime))
      .limit(5000);

  const own = async (userId: string, rowId: string) => {
    const [row] = await db
      .select()
      .from(extSchedules)
      .where(and(eq(extSchedules.id, rowId), mine(userId)))
      .limit(1);
    // Someone else's entry answers as missing: its existence is not disclosed.
    if (!row) throw badRequest(ExtendScheduleMessages.notFound);
    return row;
  };

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Schedule',
    access: { module: MODULE },
    query: RangeQuery,
    handler: async ({ query, session }) => ({
      list: (await between(session.userId, query.startTime, query.endTime + 1)).map(itemOf),
    }),
  });

  /** The app's day view: one China-time day (`date` yyyy-MM-dd, today without it). */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Schedule/AppDayList',
    access: { module: MODULE },
    query: z.object({ date: time('日期格式应为 yyyy-MM-dd').optional() }),
    handler: async ({ query, session }) => {
      const start = chinaDayStart(chinaDay(query.date ?? Date.now()));
      return { list: (await between(session.userId, start, start + DAY_MS)).map(itemOf) };
    },
  });

  /** The app's month view: the days of a month (`month` yyyy-MM, this month without it) that hold entries. */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Schedule/AppList',
    access: { module: MODULE },
    query: z.object({
      month: z
        .string()
        .regex(/^\d{4}-\d{2}$/, '月份格式应为 yyyy-MM')
        .optional(),
    }),
    handler: async ({ query, session }) => {
      const month = query.month ?? formatChinaTime(Date.now()).slice(0, 7);
      const start = parseChinaTime(`${month}-01`);
      if (Number.isNaN(start)) throw badRequest('月份格式应为 yyyy-MM');
      const [y, m] = month.split('-').map(Number) as [number, number];
      const end = parseChinaTime(m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`);
      const rows = await between(session.userId, start, end);
      const days = new Map<string, number>();
      for (const r of rows)
        for (
          let d = Math.max(chinaDay(r.startTime), chinaDay(start));
          d <= Math.min(chinaDay(r.endTime - 1), chinaDay(end - 1));
          d++
        ) {
          const key = formatChinaTime(chinaDayStart(d)).slice(0, 10);
          days.set(key, (days.get(key) ?? 0) + 1);
        }
      return { list: [...days].map(([date, count]) => ({ date, count })), month };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Schedule/:id',
    access: { module: MODULE },
    params: Params,
    handler: async ({ params, session }) => itemOf(await own(session.userId, params.id)),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Schedule',
    access: { module: MODULE, button: 'btn_add' },
    body: ExtendScheduleBody,
    handler: async ({ body, session }) => {
      const rowId = newId();
      await db.insert(extSchedules).values({ id: rowId, ...values(body), creatorUserId: session.userId });
      return answer({ id: rowId }, ExtendScheduleMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/Schedule/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: Params,
    body: ExtendScheduleBody,
    handler: async ({ params, body, session }) => {
      const row = await own(session.userId, params.id);
      await updateVersioned(
        db,
        extSchedules,
        { id: row.id, version: body.version ?? row.version, userId: session.userId },
        values(body),
      );
      return answer(null, ExtendScheduleMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/Schedule/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: Params,
    handler: async ({ params, session }) => {
      const row = await own(session.userId, params.id);
      await db.delete(extSchedules).where(eq(extSchedules.id, row.id));
      return answer(null, ExtendScheduleMessages.deleted);
    },
  });
}
