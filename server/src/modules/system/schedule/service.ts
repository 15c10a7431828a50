import {
  SCHEDULE_MAX_OCCURRENCES,
  type ScheduleBody,
  type ScheduleDetail,
  type ScheduleItem,
  ScheduleRepetition,
  ScheduleScope,
} from '@console/shared';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import rrule from 'rrule';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { schedules, scheduleUsers, users } from '../../../db/schema/index.js';

const { RRule } = rrule;

export const ScheduleMessages = {
  created: '新建成功',
  updated: '修改成功',
  deleted: '删除成功',
  notFound: '日程不存在或已被删除',
  notCreator: '只有日程的创建人可以修改或删除它',
  tooMany: `重复次数过多（最多${SCHEDULE_MAX_OCCURRENCES}次），请提前结束重复时间`,
  unknownUsers: (count: number) => `有${count}个参与人不存在或已被删除`,
} as const;

type Row = typeof schedules.$inferSelect;

const FREQUENCY: Record<number, number> = {
  [ScheduleRepetition.Daily]: RRule.DAILY,
  [ScheduleRepetition.Weekly]: RRule.WEEKLY,
  [ScheduleRepetition.Monthly]: RRule.MONTHLY,
  [ScheduleRepetition.Yearly]: RRule.YEARLY,
};

/**
 * Start times of a series. rrule works in UTC, which is exact here: the product's time zone
 * (China) has no daylight saving. A monthly series started on the 31st skips shorter months,
 * as RFC 5545 says.
 */
export function occurrenceStarts(
  startDay: number,
  repetition: number,
  repeatTime: number | null | undefined,
) {
  const frequency = FREQUENCY[repetition];
  if (frequency === undefined || repeatTime == null) return [startDay];
  const rule = new RRule({ freq: frequency, dtstart: new Date(startDay), until: new Date(repeatTime) });
  const starts: number[] = [];
  rule.all((date) => {
    starts.push(date.getTime());
    return starts.length <= SCHEDULE_MAX_OCCURRENCES;
  });
  if (starts.length > SCHEDULE_MAX_OCCURRENCES) throw badRequest(ScheduleMessages.tooMany);
  return starts;
}

/**
 * When the reminder of an occurrence is due. One whose time has passed but whose start has not
 * goes out at once; occurrences that have already started are never reminded.
 */
function reminderFields(start: number, reminderTime: number | null | undefined, now: number) {
  if (reminderTime == null) return { pushTime: null, pushedTime: null };
  return { pushTime: start - reminderTime * 60_000, pushedTime: start < now ? now : null };
}

export class ScheduleService {
  constructor(private readonly db: Db) {}

  /** Occurrences overlapping [startTime, endTime] that the user created or takes part in. */
  async range(userId: string, startTime: number, endTime: number): Promise<ScheduleItem[]> {
    const mine = this.db
      .select({ id: scheduleUsers.scheduleId })
      .from(scheduleUsers)
      .where(eq(scheduleUsers.toUserId, userId));
    const rows = await this.db
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.deleteMark, 0),
          lte(schedules.startDay, endTime),
          gte(schedules.endDay, startTime),
          or(eq(schedules.creatorUserId, userId), inArray(schedules.id, mine)),
        ),
      )
      .orderBy(asc(schedules.startDay))
      .limit(5000);
    return this.withParticipants(rows);
  }

  /** One occurrence, for whoever created it or takes part in it. */
  async info(userId: string, id: string): Promise<ScheduleItem> {
    const row = await this.visible(userId, id);
    const [item] = await this.withParticipants([row]);
    return item as ScheduleItem;
  }

  /** The view dialog: the occurrence with the names of its creator and participants. */
  async detail(userId: string, id: string): Promise<ScheduleDetail> {
    const item = await this.info(userId, id);
    const ids = [item.creatorUserId, ...item.toUserIds];
    const named = await this.db
      .select({ id: users.id, realName: users.realName, account: users.account })
      .from(users)
      .where(inArray(users.id, ids));
    const nameOf = new Map(named.map((u) => [u.id, `${u.realName}/${u.account}`]));
    return {
      ...item,
      creatorUserName: nameOf.get(item.creatorUserId) ?? '',
      toUserNames: item.toUserIds.map((id) => nameOf.get(id) ?? ''),
    };
  }

  async create(userId: string, body: ScheduleBody): Promise<string> {
    return this.db.transaction(async (tx) => {
      await this.checkParticipants(tx, body.toUserIds);
      return this.insertSeries(tx, userId, body, newId());
    });
  }

  /** Edits one occurrence, it and the later ones, or the whole series (ScheduleScope). */
  async update(userId: string, id: string, scope: number, body: ScheduleBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.owned(tx, userId, id);
      if (body.version === undefined || body.version !== row.version) throw badRequest(STALE_VERSION_MESSAGE);
      await this.checkParticipants(tx, body.toUserIds);
      if (scope === ScheduleScope.This || row.repetition === ScheduleRepetition.None) {
        // The occurrence leaves its series and becomes a schedule of its own.
        await this.removeRows(tx, [row.id]);
        await this.insertSeries(tx, userId, { ...body, repetition: ScheduleRepetition.None }, newId(), row);
        return;
      }
      const series = await this.seriesRows(tx, row, scope);
      await this.removeRows(
        tx,
        series.map((r) => r.id),
      );
      // 'All' keeps the series' first date and moves it by as much as this occurrence moved.
      const first = series[0] ?? row;
      const startDay =
        scope === ScheduleScope.All ? first.startDay + (body.startDay - row.startDay) : body.startDay;
      const endDay = startDay + (body.endDay - body.startDay);
      await this.insertSeries(tx, userId, { ...body, startDay, endDay }, newId(), row);
    });
  }

  async remove(userId: string, id: string, scope: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.owned(tx, userId, id);
      const rows = scope === ScheduleScope.This ? [row] : await this.seriesRows(tx, row, scope);
      await this.removeRows(
        tx,
        rows.map((r) => r.id),
      );
    });
  }

  private async insertSeries(
    tx: DbOrTx,
    userId: string,
    body: ScheduleBody,
    groupId: string,
    replaced?: Row,
  ): Promise<string> {
    const now = Date.now();
    const duration = body.endDay - body.startDay;
    const starts = occurrenceStarts(body.startDay, body.repetition, body.repeatTime);
    const participants = [...new Set([userId, ...body.toUserIds])];
    const rows = starts.map((start) => ({
      id: newId(),
      groupId,
      type: body.type ?? null,
      urgent: body.urgent,
      title: body.title,
      content: body.content ?? null,
      color: body.color ?? null,
      allDay: body.allDay,
      startDay: start,
      endDay: start + duration,
      repetition: body.repetition,
      repeatTime: body.repetition === ScheduleRepetition.None ? null : (body.repeatTime ?? null),
      reminderTime: body.reminderTime ?? null,
      ...reminderFields(start, body.reminderTime, now),
      creatorUserId: replaced?.creatorUserId ?? userId,
      creatorTime: replaced?.creatorTime ?? now,
      lastModifyUserId: replaced ? userId : null,
      lastModifyTime: replaced ? now : null,
    }));
    for (let i = 0; i < rows.length; i += 200) await tx.insert(schedules).values(rows.slice(i, i + 200));
    const links = rows.flatMap((r) =>
      participants.map((toUserId) => ({ id: newId(), scheduleId: r.id, toUserId })),
    );
    for (let i = 0; i < links.length; i += 1000)
      await tx.insert(scheduleUsers).values(links.slice(i, i + 1000));
    return rows[0]?.id as string;
  }

  /** The occurrence and the later ones of its series, or all of them, first first. */
  private seriesRows(tx: DbOrTx, row: Row, scope: number) {
    const conditions = [eq(schedules.groupId, row.groupId), eq(schedules.deleteMark, 0)];
    if (scope === ScheduleScope.ThisAndLater) conditions.push(gte(schedules.startDay, row.startDay));
    return tx
      .select()
      .from(schedules)
      .where(and(...conditions))
      .orderBy(asc(schedules.startDay));
  }

  private async removeRows(tx: DbOrTx, ids: string[]) {
    if (ids.length === 0) return;
    await tx.delete(scheduleUsers).where(inArray(scheduleUsers.scheduleId, ids));
    await tx.delete(schedules).where(inArray(schedules.id, ids));
  }

  private async checkParticipants(tx: DbOrTx, ids: string[]) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, unique), eq(users.deleteMark, 0)));
    if (found.length !== unique.length)
      throw badRequest(ScheduleMessages.unknownUsers(unique.length - found.length));
  }

  private async visible(userId: string, id: string): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.deleteMark, 0)))
      .limit(1);
    if (!row) throw badRequest(ScheduleMessages.notFound);
    if (row.creatorUserId === userId) return row;
    const [link] = await this.db
      .select({ id: scheduleUsers.id })
      .from(scheduleUsers)
      .where(and(eq(scheduleUsers.scheduleId, id), eq(scheduleUsers.toUserId, userId)))
      .limit(1);
    // Someone else's schedule is answered as missing: its existence is not disclosed.
    if (!link) throw badRequest(ScheduleMessages.notFound);
    return row;
  }

  private async owned(tx: DbOrTx, userId: string, id: string): Promise<Row> {
    const [row] = await tx
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.deleteMark, 0)))
      .for('update')
      .limit(1);
    if (!row) throw badRequest(ScheduleMessages.notFound);
    if (row.creatorUserId !== userId) throw badRequest(ScheduleMessages.notCreator);
    return row;
  }

  private async withParticipants(rows: Row[]): Promise<ScheduleItem[]> {
    if (rows.length === 0) return [];
    const links = await this.db
      .select({ scheduleId: scheduleUsers.scheduleId, toUserId: scheduleUsers.toUserId })
      .from(scheduleUsers)
      .where(
        inArray(
          scheduleUsers.scheduleId,
          rows.map((r) => r.id),
        ),
      );
    const byRow = new Map<string, string[]>();
    for (const link of links)
      byRow.set(link.scheduleId, [...(byRow.get(link.scheduleId) ?? []), link.toUserId]);
    return rows.map((r) => ({
      id: r.id,
      groupId: r.groupId,
      title: r.title,
      content: r.content,
      type: r.type,
      urgent: r.urgent,
      color: r.color,
      allDay: r.allDay,
      startDay: r.startDay,
      endDay: r.endDay,
      repetition: r.repetition,
      repeatTime: r.repeatTime,
      reminderTime: r.reminderTime,
      creatorUserId: r.creatorUserId ?? '',
      toUserIds: (byRow.get(r.id) ?? []).filter((u) => u !== r.creatorUserId),
      version: r.version,
    }));
  }

  /**
   * Claims reminders that are due, at most `limit`, marking them sent inside the caller's
   * transaction: FOR UPDATE SKIP LOCKED lets several instances poll without sending one twice,
   * and a delivery that fails rolls the claim back.
   */
  async claimDueReminders(tx: DbOrTx, now: number, limit = 100) {
    const due = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(and(lte(schedules.pushTime, now), isNull(schedules.pushedTime), eq(schedules.deleteMark, 0)))
      .orderBy(asc(schedules.pushTime))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    const claimed = await tx
      .update(schedules)
      .set({ pushedTime: now })
      .where(inArray(schedules.id, ids))
      .returning();
    const participants = await tx
      .select({ scheduleId: scheduleUsers.scheduleId, toUserId: scheduleUsers.toUserId })
      .from(scheduleUsers)
      .where(inArray(scheduleUsers.scheduleId, ids));
    return claimed.map((row) => ({
      row,
      userIds: participants.filter((p) => p.scheduleId === row.id).map((p) => p.toUserId),
    }));
  }
}
