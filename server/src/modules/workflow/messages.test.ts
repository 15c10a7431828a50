import { type MessageMonitorItem, TaskStatus } from '@console/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { flowTasks } from '../../db/schema/index.js';
import { LiveSocket } from '../message/testing.js';
import { startHttpReceiver } from '../msgCenter/testing.js';
import { approver, chain, createFlow, flowUser, webhookSendConfig } from './testing.js';

/**
 * Flow messages (issue 13): the inbox and the socket always; and, when a node's (or the start
 * node's) message setting names a send configuration, the message centre's channels after the
 * commit, with the template's parameters filled from the task. A webhook stand-in on loopback
 * receives what the channel posts.
 */

let database: TestDatabase;
let server: TestServer;
let admin: string;
let http: Awaited<ReturnType<typeof startHttpReceiver>>;
type U = { id: string; token: string };
let initiator: U;
let manager: U;
let finance: U;
/** Send configuration ids: the todo, approved and returned messages, and one whose webhook fails. */
const configs = { todo: '', approved: '', rejected: '', failing: '' };

const E = '/api/workflow/Engine';
const call = <T = unknown>(token: string, method: string, path: string, json?: unknown) =>
  server.request<T>(method, path.startsWith('/api/') ? path : `${E}${path}`, { token, json });

/** A webhook template and a send configuration through an account posting to `path` of the stand-in. */
const sendConfig = (code: string, title: string, content: string, path = '/hook') =>
  webhookSendConfig(server, admin, `${http.base}${path}`, code, title, content);

beforeAll(async () => {
  database = await createTestDatabase();
  http = await startHttpReceiver();
  server = await startServer({ database, env: { OUTBOUND_ALLOW: `127.0.0.1:${http.port}` } });
  admin = await server.adminToken();
  initiator = await flowUser(server, 'wfm_init');
  manager = await flowUser(server, 'wfm_mgr');
  finance = await flowUser(server, 'wfm_fin');
  configs.todo = await sendConfig(
    'flowTodo',
    '{flowName}待您审批',
    '{launchUserName}发起的{taskFullName}到了{nodeName}，请假{leaveDays}天',
  );
  configs.approved = await sendConfig(
    'flowApproved',
    '{taskFullName}已通过{nodeName}',
    '审批人：{flowOperatorUserName}；发起时间：{launchTime}',
  );
  configs.rejected = await sendConfig(
    'flowRejected',
    '{taskFullName}被退回',
    '{nodeName}：{flowOperatorUserName}',
  );
  configs.failing = await sendConfig('flowBroken', '{flowName}', '{taskFullName}', '/fail');
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), http?.close()]);
  await database?.drop();
});

interface HookBody {
  title: string;
  content: string;
  receivers: string[];
}
const hooks = (path = '/hook') => http.requests.filter((r) => r.path === path).map((r) => r.body as HookBody);
/** Waits for a post of the stand-in that `test` accepts (the send follows the commit). */
async function hookWhere(test: (body: HookBody) => boolean, path = '/hook'): Promise<HookBody> {
  let found: HookBody | undefined;
  await vi.waitFor(
    () => {
      found = hooks(path).find(test);
      expect(found, 'no such webhook post').toBeDefined();
    },
    { timeout: 10_000, interval: 50 },
  );
  return found!;
}
const hook = (title: string, path = '/hook') => hookWhere((b) => b.title.includes(title), path);

async function launch(flowId: string, as: U = initiator) {
  const answer = await call<{ id: string }>(as.token, 'POST', '/FlowTask', {
    flowId,
    formData: { days: 3 },
    status: 0,
    flowUrgent: 1,
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
}
async function todoOf(user: U, taskId: string): Promise<string> {
  const answer = await call<{ list: { id: string; taskId: string }[] }>(
    user.token,
    'GET',
    '/FlowBefore/List/1?pageSize=100',
  );
  const row = answer.data.list.find((r) => r.taskId === taskId);
  if (!row) throw new Error(`no todo on ${taskId}`);
  return row.id;
}
const taskName = async (id: string) =>
  (await server.services.db.select().from(flowTasks).where(eq(flowTasks.id, id)))[0]!.fullName;

describe('flow messages through the message centre', () => {
  it('launch sends the todo message and approval the approved message through the named send configurations', async () => {
    const todo = {
      on: 1,
      msgId: configs.todo,
      msgName: '待办',
      // A template parameter taken from a form field.
      templateJson: [{ field: 'leaveDays', fieldName: '请假天数', relationField: 'days' }],
    };
    const root = chain(
      approver('经理审批', [manager.id], { approveMsgConfig: { on: 1, msgId: configs.approved } }),
      approver('财务审批', [finance.id]),
    );
    // The flow-level todo message (start node); the approver node names its approved message.
    root.properties.waitMsgConfig = todo;
    const { flowId } = await createFlow(server, admin, root, '请假消息流程');
    const taskId = await launch(flowId);
    const fullName = await taskName(taskId);

    const first = await hook('请假消息流程待您审批');
    expect(first).toMatchObject({
      title: '请假消息流程待您审批',
      content: `用户wfm_init发起的${fullName}到了经理审批，请假3天`,
      receivers: ['wfm_mgr'],
    });

    const approved = await call(manager.token, 'POST', `/FlowBefore/Audit/${await todoOf(manager, taskId)}`, {
      handleOpinion: '同意',
    });
    expect(approved.code, approved.msg).toBe(200);
    const passed = await hook(`${fullName}已通过经理审批`);
    expect(passed.receivers).toEqual(['wfm_init']);
    expect(passed.content).toMatch(/^审批人：用户wfm_mgr；发起时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The next node's todo goes through the flow-level setting too.
    const next = await hookWhere((b) => b.receivers[0] === 'wfm_fin');
    expect(next).toMatchObject({
      title: '请假消息流程待您审批',
      content: `用户wfm_init发起的${fullName}到了财务审批，请假3天`,
    });

    // Both went to the message monitor as sent.
    const monitor = await call<{ list: MessageMonitorItem[] }>(
      admin,
      'GET',
      '/api/message/MessageMonitor?messageType=webhook&currentPage=1&pageSize=50',
    );
    const rows = monitor.data.list.filter((m) => `${m.title}${m.content}`.includes(fullName));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((m) => m.state === 1)).toBe(true);
  });

  it('a node inherits the flow-level setting, may turn it off, and a return sends the rejected message', async () => {
    const root = chain(
      approver('甲审批', [manager.id], { waitMsgConfig: { on: 0 } }),
      approver('乙审批', [finance.id]),
    );
    root.properties.rejectMsgConfig = { on: 1, msgId: configs.rejected };
    root.properties.waitMsgConfig = { on: 1, msgId: configs.todo };
    const { flowId } = await createFlow(server, admin, root, '退回消息流程');
    const before = http.requests.length;
    const taskId = await launch(flowId);
    const fullName = await taskName(taskId);
    const rejected = await call(
      manager.token,
      'POST',
      `/FlowBefore/Reject/${await todoOf(manager, taskId)}`,
      {
        handleOpinion: '不同意',
      },
    );
    expect(rejected.code, rejected.msg).toBe(200);
    const back = await hook(`${fullName}被退回`);
    expect(back).toMatchObject({ content: '甲审批：用户wfm_mgr', receivers: ['wfm_init'] });
    // 甲审批 turned its todo message off: nothing but the returned message was posted.
    expect(http.requests.slice(before).map((r) => (r.body as HookBody).title)).toEqual([`${fullName}被退回`]);
  });

  it('a failing channel does not fail the approval; the monitor records the failure', async () => {
    const root = chain(
      approver('经理审批', [manager.id], { approveMsgConfig: { on: 1, msgId: configs.failing } }),
    );
    const { flowId } = await createFlow(server, admin, root, '失败通道流程');
    const taskId = await launch(flowId);
    const fullName = await taskName(taskId);
    const approved = await call(manager.token, 'POST', `/FlowBefore/Audit/${await todoOf(manager, taskId)}`, {
      handleOpinion: '同意',
    });
    expect(approved.code, approved.msg).toBe(200);
    await hook('失败通道流程', '/fail');
    await vi.waitFor(
      async () => {
        const monitor = await call<{ list: MessageMonitorItem[] }>(
          admin,
          'GET',
          '/api/message/MessageMonitor?messageType=webhook&state=0&currentPage=1&pageSize=50',
        );
        const row = monitor.data.list.find((m) => m.content === fullName);
        expect(row?.error).toContain('HTTP 500');
      },
      { timeout: 10_000, interval: 100 },
    );
    const [task] = await server.services.db.select().from(flowTasks).where(eq(flowTasks.id, taskId));
    expect(task?.status).toBe(TaskStatus.Approved);
  });
});

describe('flow messages on the socket', () => {
  it('a launched flow pushes the todo message to the approver’s socket', async () => {
    const socket = await LiveSocket.open(server, manager.token);
    try {
      const { flowId } = await createFlow(
        server,
        admin,
        chain(approver('经理审批', [manager.id])),
        '推送流程',
      );
      const taskId = await launch(flowId);
      const fullName = await taskName(taskId);
      const push = await socket.next('messagePush', (f) => f.title === `${fullName}：待您审批`);
      expect(push).toMatchObject({ messageType: 2, toUserId: manager.id });
    } finally {
      await socket.close();
    }
  });
});
