import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { extEmails } from '../../../db/schema/index.js';
import { approver, chain, createFlow, flowUser } from '../../workflow/testing.js';

const suite = suiteServer();
type U = { id: string; token: string };
let initiator: U;
let approverUser: U;
let outsider: U;
let taskId: string;
let noticeTitle: string;

const D = '/api/visualdev/Dashboard';
const as = <T = unknown>(who: string | undefined, method: string, path: string, json?: unknown) =>
  suite.server.request<T>(method, `${D}${path}`, { token: who, json });

interface Counts {
  toBeReviewed: number;
  entrust: number;
  flowDone: number;
  flowCirculate: number;
}
interface Notice {
  id: string;
  fullName: string;
  category: string;
  categoryId: string | null;
  excerpt: string | null;
  releaseTime: number;
  releaseUser: string | null;
}

beforeAll(async () => {
  initiator = await flowUser(suite.server, 'dash_init');
  approverUser = await flowUser(suite.server, 'dash_appr');
  outsider = await flowUser(suite.server, 'dash_out');
  const { flowId } = await createFlow(
    suite.server,
    suite.admin,
    chain(approver('经理', [approverUser.id])),
    '门户请假',
  );
  const launched = await suite.server.request<{ id: string }>('POST', '/api/workflow/Engine/FlowTask', {
    token: initiator.token,
    json: { flowId, formData: { days: 2 }, status: 0, flowUrgent: 1 },
  });
  expect(launched.code, launched.msg).toBe(200);
  taskId = launched.data.id;
  noticeTitle = `门户公告${Date.now()}`;
  const notice = await suite.server.request<{ id: string }>('POST', '/api/message', {
    token: suite.admin,
    json: { title: noticeTitle, excerpt: '周五下午停电', bodyText: '<p>停电</p>', category: '1' },
  });
  expect(notice.code, notice.msg).toBe(200);
  const released = await suite.server.request('PUT', `/api/message/${notice.data.id}/Actions/Release`, {
    token: suite.admin,
  });
  expect(released.code, released.msg).toBe(200);
  const now = Date.now();
  await suite.server.services.db.insert(extEmails).values([
    {
      id: newId(),
      userId: approverUser.id,
      folder: 'inBox',
      uid: 1,
      subject: '未读的周报',
      fdate: now,
      isRead: 0,
    },
    {
      id: newId(),
      userId: approverUser.id,
      folder: 'inBox',
      uid: 2,
      subject: '已读的通知',
      fdate: now,
      isRead: 1,
    },
    { id: newId(), userId: approverUser.id, folder: 'sent', subject: '发出的信', fdate: now, isRead: 0 },
    { id: newId(), userId: outsider.id, folder: 'inBox', uid: 3, subject: '别人的信', fdate: now, isRead: 0 },
  ]);
}, 180_000);

describe('dashboard widgets', () => {
  it('MyFlowTodo: the caller’s own pending approvals only', async () => {
    const mine = await as<{ list: { id: string; taskId: string; fullName: string; creatorTime: number }[] }>(
      approverUser.token,
      'GET',
      '/MyFlowTodo',
    );
    expect(mine.code, mine.msg).toBe(200);
    const row = mine.data.list.find((r) => r.taskId === taskId);
    expect(row).toMatchObject({ taskId, fullName: expect.stringContaining('门户请假') });
    expect(typeof row!.creatorTime).toBe('number');
    for (const other of [initiator, outsider]) {
      const list = await as<{ list: { taskId: string }[] }>(other.token, 'GET', '/MyFlowTodo');
      expect(list.data.list.some((r) => r.taskId === taskId)).toBe(false);
    }
  });

  it('FlowTodoCount: counts of the caller, limited to flow categories when asked', async () => {
    const counts = await as<Counts>(approverUser.token, 'POST', '/FlowTodoCount', {
      toBeReviewedType: [],
      flowDoneType: [],
      flowCirculateType: [],
    });
    expect(counts.code, counts.msg).toBe(200);
    expect(counts.data).toEqual({ toBeReviewed: 1, entrust: 0, flowDone: 0, flowCirculate: 0 });
    const none = await as<Counts>(approverUser.token, 'POST', '/FlowTodoCount', {
      toBeReviewedType: ['no-such-category'],
    });
    expect(none.data.toBeReviewed).toBe(0);
    const empty = await as<Counts>(approverUser.token, 'POST', '/FlowTodoCount');
    expect(empty.code, empty.msg).toBe(200);
    expect(empty.data.toBeReviewed).toBe(1);
    const theirs = await as<Counts>(outsider.token, 'POST', '/FlowTodoCount', {});
    expect(theirs.data).toEqual({ toBeReviewed: 0, entrust: 0, flowDone: 0, flowCirculate: 0 });
  });

  it('Notice: the notices released to the caller, filtered by category', async () => {
    const list = await as<{ list: Notice[] }>(outsider.token, 'POST', '/Notice', { typeList: [] });
    expect(list.code, list.msg).toBe(200);
    const notice = list.data.list.find((n) => n.fullName === noticeTitle);
    expect(notice).toMatchObject({ category: '公告', categoryId: '1', excerpt: '周五下午停电' });
    expect(notice!.releaseUser).toContain('admin');
    const read = await suite.server.request<{ title: string }>('GET', `/api/message/ReadInfo/${notice!.id}`, {
      token: outsider.token,
    });
    expect(read.code, read.msg).toBe(200);
    const other = await as<{ list: Notice[] }>(outsider.token, 'POST', '/Notice', { typeList: ['2'] });
    expect(other.data.list.some((n) => n.fullName === noticeTitle)).toBe(false);
  });

  it('Email: the caller’s unread received mails only', async () => {
    const mine = await as<{ list: { id: string; fullName: string; creatorTime: number }[] }>(
      approverUser.token,
      'GET',
      '/Email',
    );
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data.list.map((m) => m.fullName)).toEqual(['未读的周报']);
    const theirs = await as<{ list: { fullName: string }[] }>(outsider.token, 'GET', '/Email');
    expect(theirs.data.list.map((m) => m.fullName)).toEqual(['别人的信']);
  });

  it('refuses bad bodies with 400 and callers without a session', async () => {
    for (const [path, body] of [
      ['/FlowTodoCount', { toBeReviewedType: 'abc' }],
      ['/FlowTodoCount', { flowDoneType: [1, 2] }],
      ['/FlowTodoCount', { flowCirculateType: Array.from({ length: 51 }, (_, i) => `c${i}`) }],
      ['/Notice', { typeList: 'x' }],
      ['/Notice', { typeList: [{}] }],
      ['/Notice', [1, 2]],
      ['/FlowTodoCount', 'abc'],
    ] as const) {
      const refused = await as(approverUser.token, 'POST', path, body);
      expect(refused.code, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(refused.msg).toMatch(/toBeReviewedType|flowDoneType|flowCirculateType|typeList/);
    }
    // Nothing changed: the counts are those of before.
    const counts = await as<Counts>(approverUser.token, 'POST', '/FlowTodoCount', {});
    expect(counts.data.toBeReviewed).toBe(1);
    for (const [method, path] of [
      ['GET', '/MyFlowTodo'],
      ['POST', '/FlowTodoCount'],
      ['POST', '/Notice'],
      ['GET', '/Email'],
    ] as const) {
      const anonymous = await as(undefined, method, path, method === 'GET' ? undefined : {});
      expect(anonymous.code, path).not.toBe(200);
    }
  });
});
