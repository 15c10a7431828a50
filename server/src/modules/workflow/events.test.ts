import { type DictionaryDataNode, TaskStatus } from '@console/shared';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import {
  dataInterfaceLogs,
  flowTaskOperators,
  flowTasks,
  flowTemplates,
  messageReceipts,
} from '../../db/schema/index.js';
import { startHttpReceiver } from '../msgCenter/testing.js';
import {
  approver,
  chain,
  createFlow,
  flowJson,
  flowUser,
  type TreeNode,
  webhookSendConfig,
} from './testing.js';

/**
 * Flow events (issue 13, workflow.md 2.2/2.3 `*FuncConfig`) call the designer's data interface
 * after the commit with parameters mapped from the form and @system values; reminders before the
 * deadline (2.6 noticeConfig) and the overtime event fire at their times, once. An HTTP data
 * interface pointing at a stand-in on loopback receives what the engine sends; the interface's
 * call log records each call. On PostgreSQL two instances poll, as in production.
 */

let database: TestDatabase;
let server: TestServer;
let second: TestServer | undefined;
let http: Awaited<ReturnType<typeof startHttpReceiver>>;
let admin: string;
let category: string;
type U = { id: string; token: string };
let initiator: U;
let manager: U;
let finance: U;

const E = '/api/workflow/Engine';
const call = <T = unknown>(token: string, method: string, path: string, json?: unknown) =>
  server.request<T>(method, path.startsWith('/api/') ? path : `${E}${path}`, { token, json });

beforeAll(async () => {
  database = await createTestDatabase();
  http = await startHttpReceiver();
  const env = { OUTBOUND_ALLOW: `127.0.0.1:${http.port}`, WORKFLOW_TIMER_INTERVAL_MS: '50' };
  server = await startServer({ database, env });
  second = process.env.TEST_DATABASE_URL ? await startServer({ database, env }) : undefined;
  admin = await server.adminToken();
  initiator = await flowUser(server, 'wfe_init');
  manager = await flowUser(server, 'wfe_mgr');
  finance = await flowUser(server, 'wfe_fin');
  const categories = await call<{ list: DictionaryDataNode[] }>(
    admin,
    'GET',
    '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
  );
  category = categories.data.list[0]!.id;
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), second?.close(), http?.close()]);
  await database?.drop();
});

/** An HTTP (POST) data interface on the stand-in's `path` taking the parameters `fields`. */
async function httpInterface(name: string, path: string, fields: string[], enabledMark = 1) {
  const answer = await call<{ id: string }>(admin, 'POST', '/api/system/DataInterface', {
    categoryId: category,
    fullName: name,
    enCode: `ev${Math.random().toString(36).slice(2, 10)}`,
    dataType: 3,
    requestMethod: '7',
    path: `${http.base}${path}`,
    requestParameters: JSON.stringify(fields.map((field) => ({ field }))),
    enabledMark,
  });
  if (answer.code !== 200) throw new Error(`interface: ${answer.msg}`);
  return answer.data.id;
}

/** An event setting calling `interfaceId` with `map` (interface parameter → form field or @system value). */
const event = (interfaceId: string, map: Record<string, string>) => ({
  on: 1,
  interfaceId,
  interfaceName: 'event',
  templateJson: Object.entries(map).map(([field, relationField]) => ({
    field,
    fieldName: field,
    relationField,
  })),
});

const posts = (path: string) =>
  http.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
/** Waits until the stand-in received `n` posts on `path` (the call follows the commit). */
async function postsOn(path: string, n = 1) {
  await vi.waitFor(() => expect(posts(path).length).toBeGreaterThanOrEqual(n), {
    timeout: 10_000,
    interval: 50,
  });
  return posts(path);
}
const logsOf = (interfaceId: string) =>
  server.services.db
    .select()
    .from(dataInterfaceLogs)
    .where(eq(dataInterfaceLogs.interfaceId, interfaceId))
    .orderBy(asc(dataInterfaceLogs.invokTime));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function launch(flowId: string, formData: Record<string, unknown> = { days: 3 }) {
  const answer = await call<{ id: string }>(initiator.token, 'POST', '/FlowTask', { flowId, formData });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
}
async function todoOf(user: U, taskId: string): Promise<string> {
  let id: string | undefined;
  await vi.waitFor(
    async () => {
      const answer = await call<{ list: { id: string; taskId: string }[] }>(
        user.token,
        'GET',
        '/FlowBefore/List/1?pageSize=100',
      );
      id = answer.data.list.find((r) => r.taskId === taskId)?.id;
      expect(id, `no todo on ${taskId}`).toBeDefined();
    },
    { timeout: 5_000, interval: 50 },
  );
  return id!;
}
const taskOf = async (id: string) =>
  (await server.services.db.select().from(flowTasks).where(eq(flowTasks.id, id)))[0]!;

describe('flow events call their data interface after the commit', () => {
  it('an approval calls the approve event with a form field and @taskId mapped', async () => {
    const id = await httpInterface('审批通过回调', '/event/approve', ['leaveDays', 'task', 'approver']);
    const root = chain(
      approver('经理审批', [manager.id], {
        approveFuncConfig: event(id, {
          leaveDays: 'days',
          task: '@taskId',
          approver: '@flowOperatorUserId',
        }),
      }),
    );
    const { flowId } = await createFlow(server, admin, root, '通过事件流程');
    const taskId = await launch(flowId);
    // Nothing is called before the approval.
    await pause(200);
    expect(posts('/event/approve')).toHaveLength(0);
    const approved = await call(manager.token, 'POST', `/FlowBefore/Audit/${await todoOf(manager, taskId)}`, {
      handleOpinion: '同意',
      formData: { days: 4 },
    });
    expect(approved.code, approved.msg).toBe(200);
    const [body] = await postsOn('/event/approve');
    // The form as the approval left it, the task and the approver.
    expect(body).toEqual({ leaveDays: '4', task: taskId, approver: manager.id });
    await vi.waitFor(async () => {
      const logs = await logsOf(id);
      expect(logs.map((l) => [l.success, l.userId])).toEqual([[1, manager.id]]);
    });
  });

  it('a failing or disabled interface does not fail the approval; the call log records the failure', async () => {
    const failing = await httpInterface('失败回调', '/fail', ['task']);
    const disabled = await httpInterface('停用回调', '/event/disabled', ['task'], 0);
    const root = chain(
      approver('经理审批', [manager.id], { approveFuncConfig: event(failing, { task: '@taskId' }) }),
      approver('财务审批', [finance.id], { approveFuncConfig: event(disabled, { task: '@taskId' }) }),
    );
    const { flowId } = await createFlow(server, admin, root, '失败事件流程');
    const taskId = await launch(flowId);
    const first = await call(manager.token, 'POST', `/FlowBefore/Audit/${await todoOf(manager, taskId)}`, {
      handleOpinion: '同意',
    });
    expect(first.code, first.msg).toBe(200);
    await vi.waitFor(async () => {
      const logs = await logsOf(failing);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ success: 0, message: expect.stringContaining('HTTP 500') });
    });
    const second = await call(finance.token, 'POST', `/FlowBefore/Audit/${await todoOf(finance, taskId)}`, {
      handleOpinion: '同意',
    });
    expect(second.code, second.msg).toBe(200);
    expect((await taskOf(taskId)).status).toBe(TaskStatus.Approved);
    // The disabled interface is not called (a warning in the server log).
    await pause(300);
    expect(posts('/event/disabled')).toHaveLength(0);
    expect(await logsOf(disabled)).toHaveLength(0);
  });

  it('launch, return, recall of an approval, withdrawal and end of the flow call their events', async () => {
    const ids = {
      init: await httpInterface('发起回调', '/event/init', ['task', 'who']),
      end: await httpInterface('结束回调', '/event/end', ['task']),
      flowRecall: await httpInterface('撤回流程回调', '/event/withdraw', ['task']),
      reject: await httpInterface('退回回调', '/event/reject', ['task', 'node']),
      recall: await httpInterface('撤回审批回调', '/event/recall', ['task']),
    };
    const root = chain(
      approver('经理审批', [manager.id], {
        rejectFuncConfig: event(ids.reject, { task: '@taskId', node: '@taskNodeId' }),
        recallFuncConfig: event(ids.recall, { task: '@taskId' }),
      }),
      approver('财务审批', [finance.id]),
    );
    root.properties.initFuncConfig = event(ids.init, { task: '@taskId', who: '@launchUserName' });
    root.properties.endFuncConfig = event(ids.end, { task: '@taskId' });
    root.properties.flowRecallFuncConfig = event(ids.flowRecall, { task: '@taskId' });
    const { flowId } = await createFlow(server, admin, root, '事件全流程');

    // Launch, then a return to the initiator.
    const taskId = await launch(flowId);
    expect((await postsOn('/event/init'))[0]).toEqual({ task: taskId, who: '用户wfe_init' });
    const rejected = await call(
      manager.token,
      'POST',
      `/FlowBefore/Reject/${await todoOf(manager, taskId)}`,
      {
        handleOpinion: '不同意',
      },
    );
    expect(rejected.code, rejected.msg).toBe(200);
    const [back] = await postsOn('/event/reject');
    expect(back?.task).toBe(taskId);
    expect(back?.node).toEqual(expect.any(String));
    expect(back?.node).not.toBe('');

    // Withdrawal of a running flow by its initiator.
    const other = await launch(flowId);
    const withdrawn = await call(initiator.token, 'PUT', `/FlowLaunch/${other}/Actions/Withdraw`, {
      handleOpinion: '撤回',
    });
    expect(withdrawn.code, withdrawn.msg).toBe(200);
    expect((await postsOn('/event/withdraw'))[0]).toEqual({ task: other });

    // An approval recalled, approved again, and the flow's end.
    const third = await launch(flowId);
    const approved = await call(manager.token, 'POST', `/FlowBefore/Audit/${await todoOf(manager, third)}`, {
      handleOpinion: '同意',
    });
    expect(approved.code, approved.msg).toBe(200);
    const done = await call<{ list: { id: string; taskId: string }[] }>(
      manager.token,
      'GET',
      '/FlowBefore/List/2?pageSize=100',
    );
    const record = done.data.list.find((r) => r.taskId === third);
    expect(record, done.msg).toBeDefined();
    const recalled = await call(manager.token, 'POST', `/FlowBefore/Recall/${record!.id}`, {
      handleOpinion: '撤回',
    });
    expect(recalled.code, recalled.msg).toBe(200);
    expect((await postsOn('/event/recall'))[0]).toEqual({ task: third });
    for (const user of [manager, finance]) {
      const id = await todoOf(user, third);
      const answer = await call(user.token, 'POST', `/FlowBefore/Audit/${id}`, { handleOpinion: '同意' });
      expect(answer.code, answer.msg).toBe(200);
    }
    expect((await postsOn('/event/end'))[0]).toEqual({ task: third });
    expect(posts('/event/end')).toHaveLength(1);
  });
});

describe('reminders before the deadline and the overtime event', () => {
  it('reminders fire at base + firstOver, then every overTimeDuring, only until the deadline, once each', async () => {
    const hour = 3_600_000;
    const noticeEvent = await httpInterface('提醒回调', '/event/notice', ['task']);
    const overEvent = await httpInterface('超时回调', '/event/overtime', ['task', 'node']);
    const noticeMsg = await webhookSendConfig(
      server,
      admin,
      `${http.base}/hook/notice`,
      'flowNotice',
      '{taskFullName}即将超时',
      '{nodeName}',
    );
    // Deadline 3 s after the item arrives; reminders at 0.6 s, 1.6 s and 2.6 s (3.6 s is past it);
    // the reminder event after the 2nd reminder; the overtime event at the 1st overtime.
    const late = approver('经理审批', [manager.id], {
      timeLimitConfig: { on: 1, nodeLimit: 0, duringDeal: 3000 / hour },
      noticeConfig: {
        on: 1,
        firstOver: 600 / hour,
        overTimeDuring: 1000 / hour,
        overNotice: true,
        overEvent: true,
        overEventTime: 2,
      },
      overTimeConfig: { on: 1, firstOver: 0, overTimeDuring: 0, overEvent: true, overEventTime: 1 },
      noticeFuncConfig: event(noticeEvent, { task: '@taskId' }),
      noticeMsgConfig: { on: 1, msgId: noticeMsg },
      overTimeFuncConfig: event(overEvent, { task: '@taskId', node: '@taskNodeId' }),
    });
    const { flowId } = await createFlow(server, admin, chain(late), '提醒流程');
    const taskId = await launch(flowId);
    const [operator] = await server.services.db
      .select()
      .from(flowTaskOperators)
      .where(eq(flowTaskOperators.taskId, taskId));
    const received = operator!.creatorTime;
    expect(operator?.noticeDueTime).toBe(received + 600);

    await postsOn('/event/overtime');
    await pause(1000);
    const { fullName } = await taskOf(taskId);
    const reminders = await server.services.db
      .select()
      .from(messageReceipts)
      .where(
        and(eq(messageReceipts.userId, manager.id), like(messageReceipts.title, `${fullName}：%即将超时`)),
      )
      .orderBy(asc(messageReceipts.releaseTime));
    expect(reminders.map((r) => r.title)).toEqual(Array(3).fill(`${fullName}：经理审批审批即将超时`));
    const offsets = reminders.map((r) => r.releaseTime - received);
    // Each at or after its time (a busy machine may fire one late, never early); none after the 3rd.
    expect(offsets[0]).toBeGreaterThanOrEqual(600);
    expect(offsets[1]).toBeGreaterThanOrEqual(1600);
    expect(offsets[2]).toBeGreaterThanOrEqual(2600);
    expect(reminders.every((r) => r.type === 2)).toBe(true);
    // And each through the message centre's send configuration (noticeMsgConfig).
    expect(posts('/hook/notice').map((b) => b.title)).toEqual(Array(3).fill(`${fullName}即将超时`));
    // The reminder event once (after the 2nd reminder), the overtime event once.
    expect(posts('/event/notice')).toEqual([{ task: taskId }]);
    expect(posts('/event/overtime')).toHaveLength(1);
    expect(posts('/event/overtime')[0]).toMatchObject({ task: taskId });
    const [after] = await server.services.db
      .select()
      .from(flowTaskOperators)
      .where(eq(flowTaskOperators.taskId, taskId));
    expect(after).toMatchObject({ noticeCount: 3, noticeDueTime: null, timeoutCount: 1, dueTime: null });
    // The approval is still pending: neither reminders nor the event decide it.
    expect((await taskOf(taskId)).status).toBe(TaskStatus.Running);
  });

  it('reminders follow the start node (inherit) and stay off without a time limit', async () => {
    const hour = 3_600_000;
    const inherited = approver('经理审批', [manager.id]);
    const root = chain(inherited);
    root.properties.timeLimitConfig = { on: 1, nodeLimit: 0, duringDeal: 2000 / hour };
    root.properties.noticeConfig = { on: 1, firstOver: 300 / hour, overTimeDuring: 0, overNotice: true };
    const { flowId } = await createFlow(server, admin, root, '继承提醒流程');
    const taskId = await launch(flowId);

    const noLimit: TreeNode = approver('经理审批', [manager.id], {
      timeLimitConfig: { on: 0 },
      noticeConfig: { on: 1, firstOver: 0, overTimeDuring: 0, overNotice: true },
    });
    const { flowId: other } = await createFlow(server, admin, chain(noLimit), '无时限流程');
    const quiet = await launch(other);
    const [op] = await server.services.db
      .select()
      .from(flowTaskOperators)
      .where(eq(flowTaskOperators.taskId, quiet));
    expect(op?.noticeDueTime).toBeNull();

    const { fullName } = await taskOf(taskId);
    await vi.waitFor(
      async () => {
        const rows = await server.services.db
          .select({ n: count() })
          .from(messageReceipts)
          .where(eq(messageReceipts.title, `${fullName}：经理审批审批即将超时`));
        expect(rows[0]?.n).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    await pause(800);
    const quietName = (await taskOf(quiet)).fullName;
    const all = await server.services.db
      .select({ title: messageReceipts.title })
      .from(messageReceipts)
      .where(like(messageReceipts.title, '%即将超时'));
    expect(all.filter((r) => r.title === `${fullName}：经理审批审批即将超时`)).toHaveLength(1);
    expect(all.some((r) => r.title.startsWith(quietName))).toBe(false);
  });
});

describe('template save refuses incomplete message and event settings', () => {
  const save = (root: TreeNode, enCode: string) =>
    call(admin, 'POST', '/flowTemplate', {
      fullName: enCode,
      enCode,
      type: 0,
      sortCode: 0,
      flowTemplateJson: flowJson(root, enCode),
    });
  const templatesNamed = async (enCode: string) =>
    (
      await server.services.db
        .select({ n: count() })
        .from(flowTemplates)
        .where(eq(flowTemplates.enCode, enCode))
    )[0]!.n;

  it('answers 400 naming the node and the setting, and writes nothing', async () => {
    const cases: [TreeNode, string][] = [
      [
        chain(approver('经理审批', [manager.id], { approveMsgConfig: { on: 1, msgId: '' } })),
        '经理审批: 通过消息未选择发送配置',
      ],
      [
        chain(approver('经理审批', [manager.id], { rejectMsgConfig: { on: 1, msgId: 'no-such-config' } })),
        '经理审批: 退回消息的发送配置不存在，请重新选择',
      ],
      [
        chain(approver('财务审批', [manager.id], { approveFuncConfig: { on: 1, interfaceId: '' } })),
        '财务审批: 审批通过事件未选择数据接口',
      ],
    ];
    const startLevel = chain(approver('经理审批', [manager.id]));
    startLevel.properties.initFuncConfig = { on: 1, interfaceName: '回调' };
    cases.push([startLevel, '流程发起: 流程发起事件未选择数据接口']);
    for (const [i, [root, message]] of cases.entries()) {
      const enCode = `badEvent${i}`;
      const answer = await save(root, enCode);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toBe(message);
      expect(await templatesNamed(enCode)).toBe(0);
    }
    // Off (0), default (3) and inherit (2) need nothing.
    const fine = chain(
      approver('经理审批', [manager.id], {
        approveMsgConfig: { on: 3 },
        rejectMsgConfig: { on: 2 },
        approveFuncConfig: { on: 0, interfaceId: '' },
      }),
    );
    expect((await save(fine, 'goodEvent')).code).toBe(200);
  });

  it('accepts an existing send configuration; a copy keeps a setting whose configuration was deleted since', async () => {
    const msgId = await webhookSendConfig(
      server,
      admin,
      `${http.base}/hook/copy`,
      'flowCopyCheck',
      '{taskFullName}',
      '{nodeName}',
    );
    const root = chain(approver('经理审批', [manager.id], { approveMsgConfig: { on: 1, msgId } }));
    const saved = await save(root, 'goodMsgId');
    expect(saved.code, saved.msg).toBe(200);
    const id = (saved.data as { id: string }).id;
    expect((await call(admin, 'DELETE', `/api/message/SendMessageConfig/${msgId}`)).code).toBe(200);
    // A fresh save names the gone configuration; copying the saved template is not a new design.
    expect((await save(root, 'goodMsgIdAgain')).msg).toBe('经理审批: 通过消息的发送配置不存在，请重新选择');
    const copied = await call(admin, 'POST', `/flowTemplate/${id}/Actions/Copy`);
    expect(copied.code, copied.msg).toBe(200);
  });

  it('an update with an incomplete setting is refused and leaves the template as it was', async () => {
    const { templateId } = await createFlow(server, admin, chain(approver('经理审批', [manager.id])), '改前');
    const before = await call<{ flowTemplateJson: string; fullName: string }>(
      admin,
      'GET',
      `/flowTemplate/${templateId}`,
    );
    const answer = await call(admin, 'PUT', `/flowTemplate/${templateId}`, {
      fullName: '改后',
      enCode: `changed${Date.now()}`,
      type: 0,
      sortCode: 0,
      flowTemplateJson: flowJson(
        chain(approver('经理审批', [manager.id], { noticeMsgConfig: { on: 1 } })),
        '改后',
      ),
    });
    expect(answer.code).toBe(400);
    expect(answer.msg).toBe('经理审批: 提醒消息未选择发送配置');
    const after = await call<{ flowTemplateJson: string; fullName: string }>(
      admin,
      'GET',
      `/flowTemplate/${templateId}`,
    );
    expect(after.data).toEqual(before.data);
  });
});
