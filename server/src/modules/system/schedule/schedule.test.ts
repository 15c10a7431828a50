import { MessageType, ScheduleScope } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { messageReceipts, schedules } from '../../../db/schema/index.js';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** A Monday 09:00 in Beijing (01:00 UTC), well in the future so no reminder is in the past. */
const START = Date.UTC(2027, 0, 4, 1, 0);

interface Item {
  id: string;
  groupId: string;
  title: string;
  startDay: number;
  endDay: number;
  toUserIds: string[];
  version: number;
}

let database: TestDatabase;
let server: TestServer;
let admin: string;
let owner: string;
let guestId: string;
let guest: string;
let stranger: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database, env: { SCHEDULE_REMINDER_INTERVAL_MS: '0' } });
  admin = await server.adminToken();
  await server.addUser('planner', 'Planner123');
  guestId = await server.addUser('guest', 'Guest12345');
  await server.addUser('stranger', 'Strange123');
  owner = await server.login('planner', 'Planner123');
  guest = await server.login('guest', 'Guest12345');
  stranger = await server.login('stranger', 'Strange123');
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const weekly = (extra: Record<string, unknown> = {}) => ({
  title: '周例会',
  content: '汇报本周工作',
  urgent: 2,
  startDay: START,
  endDay: START + 3_600_000,
  repetition: 3,
  repeatTime: START + 4 * WEEK + DAY,
  toUserIds: [guestId],
  ...extra,
});

async function range(token: string, from = START - DAY, to = START + 10 * WEEK) {
  const answer = await server.request<{ list: Item[] }>(
    'GET',
    `/api/system/Schedule?startTime=${from}&endTime=${to}`,
    {
      token,
    },
  );
  expect(answer.code).toBe(200);
  return answer.data.list;
}

async function rowCount() {
  const [row] = await server.services.db.select({ n: count() }).from(schedules);
  return row?.n ?? 0;
}

async function createWeekly(title: string) {
  const created = await server.request<{ id: string }>('POST', '/api/system/Schedule', {
    token: owner,
    json: weekly({ title }),
  });
  expect(created.code).toBe(200);
  return (await range(owner)).filter((item) => item.title === title);
}

describe('creating', () => {
  it('expands a weekly series into one occurrence a week until the end of repetition', async () => {
    const series = await createWeekly('周例会');
    expect(series.map((s) => s.startDay)).toEqual([0, 1, 2, 3, 4].map((n) => START + n * WEEK));
    expect(new Set(series.map((s) => s.groupId)).size).toBe(1);
    expect(series.every((s) => s.endDay - s.startDay === 3_600_000)).toBe(true);
    // The participant sees the series too; someone else does not.
    expect((await range(guest)).filter((s) => s.title === '周例会')).toHaveLength(5);
    expect((await range(stranger)).filter((s) => s.title === '周例会')).toHaveLength(0);
  });

  it('refuses bad input with a reason and writes nothing', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, string][] = [
      [weekly({ title: '  ' }), '请输入日程标题'],
      [weekly({ endDay: START - 1 }), '结束时间不能早于开始时间'],
      [weekly({ repeatTime: null }), '请选择结束重复时间'],
      [weekly({ urgent: 7 }), '紧急程度只能是普通、重要或紧急'],
      [weekly({ repetition: 2, repeatTime: START + 1200 * DAY }), '重复次数过多'],
      [weekly({ toUserIds: ['no-such-user'] }), '有1个参与人不存在或已被删除'],
    ];
    for (const [body, message] of cases) {
      const answer = await server.request('POST', '/api/system/Schedule', { token: owner, json: body });
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await rowCount()).toBe(before);
  });

  it('answers the view dialog with the names of the creator and participants', async () => {
    const [first] = await createWeekly('查看详情');
    const detail = await server.request<{ creatorUserName: string; toUserNames: string[] }>(
      'GET',
      `/api/system/Schedule/detail?groupId=${first?.groupId}&id=${first?.id}`,
      { token: guest },
    );
    expect(detail.code).toBe(200);
    expect(detail.data.creatorUserName).toBe('用户planner/planner');
    expect(detail.data.toUserNames).toEqual(['用户guest/guest']);
    // The portal's schedule widget calls it with a slash before the query.
    const slashed = await server.request<{ id: string }>(
      'GET',
      `/api/system/Schedule/detail/?groupId=${first?.groupId}&id=${first?.id}`,
      { token: guest },
    );
    expect(slashed.code, slashed.msg).toBe(200);
    expect(slashed.data.id).toBe(first?.id);
    const hidden = await server.request('GET', `/api/system/Schedule/${first?.id}`, { token: stranger });
    expect(hidden.code).toBe(400);
  });
});

describe('deleting with a scope', () => {
  it("'this and later' keeps the earlier occurrences only", async () => {
    const series = await createWeekly('删除之后');
    const third = series[2] as Item;
    const removed = await server.request(
      'DELETE',
      `/api/system/Schedule/${third.id}/${ScheduleScope.ThisAndLater}`,
      {
        token: owner,
      },
    );
    expect(removed.code).toBe(200);
    const left = (await range(owner)).filter((s) => s.title === '删除之后');
    expect(left.map((s) => s.startDay)).toEqual([START, START + WEEK]);
  });

  it("'this one' removes one occurrence and 'all' the whole series", async () => {
    const series = await createWeekly('删除范围');
    await server.request('DELETE', `/api/system/Schedule/${series[1]?.id}/${ScheduleScope.This}`, {
      token: owner,
    });
    expect((await range(owner)).filter((s) => s.title === '删除范围')).toHaveLength(4);
    await server.request('DELETE', `/api/system/Schedule/${series[3]?.id}/${ScheduleScope.All}`, {
      token: owner,
    });
    expect((await range(owner)).filter((s) => s.title === '删除范围')).toHaveLength(0);
  });

  it('lets only the creator delete, and refuses a missing scope', async () => {
    const [first] = await createWeekly('他人删除');
    const byGuest = await server.request('DELETE', `/api/system/Schedule/${first?.id}/3`, { token: guest });
    expect(byGuest.code).toBe(400);
    expect(byGuest.msg).toBe('只有日程的创建人可以修改或删除它');
    const noScope = await server.request('DELETE', `/api/system/Schedule/${first?.id}/0`, { token: owner });
    expect(noScope.code).toBe(400);
    expect(noScope.msg).toContain('请选择日程');
    const byAdmin = await server.request('DELETE', `/api/system/Schedule/${first?.id}/3`, { token: admin });
    expect(byAdmin.code).toBe(400);
    expect((await range(owner)).filter((s) => s.title === '他人删除')).toHaveLength(5);
  });
});

describe('editing with a scope', () => {
  it("'this one' detaches the occurrence; 'this and later' rebuilds the rest of the series", async () => {
    const series = await createWeekly('编辑范围');
    const second = series[1] as Item;
    const moved = second.startDay + 2 * 3_600_000;
    const one = await server.request('PUT', `/api/system/Schedule/${second.id}/${ScheduleScope.This}`, {
      token: owner,
      json: weekly({
        title: '编辑范围',
        startDay: moved,
        endDay: moved + 3_600_000,
        version: second.version,
      }),
    });
    expect(one.code).toBe(200);
    let now = (await range(owner)).filter((s) => s.title === '编辑范围');
    expect(now.map((s) => s.startDay)).toEqual([
      START,
      moved,
      START + 2 * WEEK,
      START + 3 * WEEK,
      START + 4 * WEEK,
    ]);
    expect(now[1]?.groupId).not.toBe(now[0]?.groupId);

    const fourth = now[3] as Item;
    const later = await server.request(
      'PUT',
      `/api/system/Schedule/${fourth.id}/${ScheduleScope.ThisAndLater}`,
      {
        token: owner,
        json: weekly({
          title: '编辑范围',
          content: '改过',
          startDay: fourth.startDay,
          endDay: fourth.startDay + 1_800_000,
          version: fourth.version,
        }),
      },
    );
    expect(later.code).toBe(200);
    now = (await range(owner)).filter((s) => s.title === '编辑范围');
    expect(now).toHaveLength(5);
    expect(now.slice(3).every((s) => s.endDay - s.startDay === 1_800_000)).toBe(true);
    expect(now[2]?.endDay).toBe((now[2]?.startDay ?? 0) + 3_600_000);
  });

  it('refuses an edit made from a stale copy', async () => {
    const [first] = await createWeekly('并发编辑');
    const body = weekly({ title: '并发编辑', version: first?.version });
    expect(
      (await server.request('PUT', `/api/system/Schedule/${first?.id}/1`, { token: owner, json: body })).code,
    ).toBe(200);
    const series = (await range(owner)).filter((s) => s.title === '并发编辑');
    const stale = await server.request('PUT', `/api/system/Schedule/${series[1]?.id}/3`, {
      token: owner,
      json: { ...body, version: (series[1]?.version ?? 0) + 1 },
    });
    expect(stale.code).toBe(400);
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await range(owner)).filter((s) => s.title === '并发编辑')).toHaveLength(5);
  });
});

describe('reminders', () => {
  // On PostgreSQL two instances poll the same table, as in production; PGlite has one.
  it('arrive once as schedule messages for the creator and each participant', async () => {
    const shared = await createTestDatabase();
    const env = { SCHEDULE_REMINDER_INTERVAL_MS: '50' };
    const first = await startServer({ database: shared, env });
    const second = process.env.TEST_DATABASE_URL ? await startServer({ database: shared, env }) : undefined;
    try {
      const creatorId = await first.addUser('planner', 'Planner123');
      const participantId = await first.addUser('guest', 'Guest12345');
      const token = await first.login('planner', 'Planner123');
      // Reminded 5 minutes before a start one minute away: due at once.
      const soon = Date.now() + 60_000;
      const created = await first.request('POST', '/api/system/Schedule', {
        token,
        json: {
          title: '马上提醒',
          startDay: soon,
          endDay: soon + 60_000,
          reminderTime: 5,
          toUserIds: [participantId],
        },
      });
      expect(created.code).toBe(200);
      const receiptsOf = () =>
        first.services.db
          .select({
            userId: messageReceipts.userId,
            type: messageReceipts.type,
            bodyText: messageReceipts.bodyText,
          })
          .from(messageReceipts)
          .where(eq(messageReceipts.title, '马上提醒'));
      const deadline = Date.now() + 10_000;
      while ((await receiptsOf()).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      // Several more ticks of both instances: nothing is sent twice.
      await new Promise((r) => setTimeout(r, 500));
      const receipts = await receiptsOf();
      expect(receipts.map((r) => r.userId).sort()).toEqual([creatorId, participantId].sort());
      expect(receipts.every((r) => r.type === MessageType.Schedule)).toBe(true);
      expect(JSON.parse(receipts[0]?.bodyText ?? '{}')).toMatchObject({ type: 1 });
    } finally {
      await Promise.all([first.close(), second?.close()]);
      await shared.drop();
    }
  });
});
