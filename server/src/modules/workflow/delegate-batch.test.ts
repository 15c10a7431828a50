import { HandleStatus, TaskStatus } from '@console/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import {
  flowComments,
  flowDelegates,
  flowTaskRecords,
  flowTasks,
  messageReceipts,
} from '../../db/schema/index.js';
import { approver, chain, conditionSplit, createFlow, flowUser } from './testing.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;
type U = { id: string; token: string };
let initiator: U;
let boss: U;
let deputy: U;
let other: U;
let noEntrust: U;

const E = '/api/workflow/Engine';
const call = <T = unknown>(user: U | string, method: string, path: string, json?: unknown) =>
  server.request<T>(method, `${E}${path}`, { token: typeof user === 'string' ? user : user.token, json });
const DAY = 86_400_000;
const entrustPage = { 'workFlow.entrust': ['btn_add', 'btn_edit', 'btn_remove'] };
const todoWithBatch = { 'workFlow.flowTodo': ['btn_batch'] };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  admin = await server.adminToken();
  initiator = await flowUser(server, 'dl_init');
  boss = await flowUser(server, 'dl_boss', { ...entrustPage, ...todoWithBatch });
  deputy = await flowUser(server, 'dl_deputy', { ...entrustPage, ...todoWithBatch });
  other = await flowUser(server, 'dl_other', entrustPage);
  noEntrust = await flowUser(server, 'dl_plain');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

/** A flow whose one approver is the boss, open to batch approval. */
async function bossFlow(name: string) {
  const root = chain(approver('主管审批', [boss.id]));
  root.properties.isBatchApproval = true;
  return createFlow(server, admin, root, name);
}
async function launch(flowId: string, formData: Record<string, unknown> = { days: 1 }) {
  const answer = await call<{ id: string }>(initiator, 'POST', '/FlowTask', { flowId, formData, status: 0 });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
}
interface TodoRow {
  id: string;
  taskId: string;
  delegateUser: string | null;
}
async function todos(user: U, taskId: string) {
  const answer = await call<{ list: TodoRow[] }>(user, 'GET', '/FlowBefore/List/1?pageSize=100');
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list.filter((row) => row.taskId === taskId);
}
const taskStatus = async (id: string) =>
  (await server.services.db.select({ s: flowTasks.status }).from(flowTasks).where(eq(flowTasks.id, id)))[0]
    ?.s;
const delegateCount = async () =>
  (
    await server.services.db.select({ n: count() }).from(flowDelegates).where(eq(flowDelegates.deleteMark, 0))
  )[0]?.n;

describe('entrust (FlowDelegate)', () => {
  it('refuses bad input with a reason and writes nothing; refuses callers without the page', async () => {
    const { templateId } = await bossFlow('委托校验流程');
    const now = Date.now();
    const good = { toUserId: deputy.id, type: '1', flowId: templateId, startTime: now, endTime: now + DAY };
    const before = await delegateCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, toUserId: '' }, '请选择受委托人'],
      [{ ...good, startTime: undefined }, '请选择开始时间'],
      [{ ...good, endTime: now - DAY }, '结束时间必须晚于开始时间'],
      [{ ...good, type: '3' }, '委托类型只能是'],
      [{ ...good, toUserId: boss.id }, '不能委托给自己'],
      [{ ...good, toUserId: 'nobody' }, '受委托人不存在或已停用'],
      [{ ...good, flowId: `${templateId},missing` }, '所选流程不存在或已被删除'],
      [{ ...good, userId: other.id }, '只能委托自己的流程'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(boss, 'POST', '/FlowDelegate', body);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const refused = await call(noEntrust, 'POST', '/FlowDelegate', { ...good, toUserId: deputy.id });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('没有此操作的权限');
    expect((await call(noEntrust, 'GET', '/FlowDelegate')).code).toBe(400);
    expect(await delegateCount()).toBe(before);
  });

  it('creates, lists both ways, edits with the version read, stops early and deletes its own only', async () => {
    const { templateId } = await bossFlow('委托维护流程');
    const now = Date.now();
    const body = { toUserId: deputy.id, type: '1', flowId: templateId, startTime: now, endTime: now + DAY };
    const created = await call<{ id: string }>(other, 'POST', '/FlowDelegate', body);
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id;
    // The same flows in an overlapping range are refused.
    const overlap = await call(other, 'POST', '/FlowDelegate', { ...body, startTime: now + 1000 });
    expect(overlap.msg).toContain('该时间段内已有相同流程的委托');

    const mine = await call<{ list: { id: string; flowName: string; toUserName: string }[] }>(
      other,
      'GET',
      '/FlowDelegate?myOrDelagateToMe=1',
    );
    expect(mine.data.list.find((r) => r.id === id)).toMatchObject({
      flowName: '委托维护流程',
      toUserName: expect.stringContaining('dl_deputy'),
    });
    const toMe = await call<{ list: { id: string }[] }>(deputy, 'GET', '/FlowDelegate?myOrDelagateToMe=2');
    expect(toMe.data.list.map((r) => r.id)).toContain(id);

    const info = await call<{ version: number }>(other, 'GET', `/FlowDelegate/${id}`);
    const stale = await call(other, 'PUT', `/FlowDelegate/${id}`, {
      ...body,
      description: '改',
      version: info.data.version + 1,
    });
    expect(stale.msg).toContain('数据已被他人修改');
    const edited = await call(other, 'PUT', `/FlowDelegate/${id}`, {
      ...body,
      description: '出差',
      version: info.data.version,
    });
    expect(edited.code, edited.msg).toBe(200);
    // Someone else's delegation is neither edited, stopped nor deleted.
    expect((await call(boss, 'PUT', `/FlowDelegate/Stop/${id}`)).msg).toContain('只能修改或删除自己的委托');
    expect((await call(boss, 'DELETE', `/FlowDelegate/${id}`)).msg).toContain('只能修改或删除自己的委托');

    expect((await call(other, 'PUT', `/FlowDelegate/Stop/${id}`)).code).toBe(200);
    expect((await call(other, 'PUT', `/FlowDelegate/Stop/${id}`)).msg).toContain('委托已结束');
    expect((await call(other, 'DELETE', `/FlowDelegate/${id}`)).code).toBe(200);
    expect((await call(other, 'GET', `/FlowDelegate/${id}`)).msg).toContain('委托不存在');
    const flows = await call<{ list: { id: string }[] }>(other, 'GET', '/FlowDelegate/getflow');
    expect(flows.data.list.map((f) => f.id)).toContain(templateId);
  });

  it('sends the todo of the delegated flow to the delegate too, within the range only', async () => {
    const delegated = await bossFlow('委托报销流程');
    const notDelegated = await bossFlow('未委托流程');
    const now = Date.now();
    const created = await call<{ id: string }>(boss, 'POST', '/FlowDelegate', {
      toUserId: deputy.id,
      type: '1',
      flowId: delegated.templateId,
      startTime: now - DAY,
      endTime: now + DAY,
    });
    expect(created.code, created.msg).toBe(200);

    const task = await launch(delegated.flowId);
    const plain = await launch(notDelegated.flowId);
    // The boss keeps the todo; the deputy sees it too, naming whose it is, and was told.
    expect(await todos(boss, task)).toHaveLength(1);
    const [row] = await todos(deputy, task);
    expect(row?.delegateUser).toContain('dl_boss');
    expect(await todos(deputy, plain)).toHaveLength(0);
    const told = await server.services.db
      .select({ n: count() })
      .from(messageReceipts)
      .where(and(eq(messageReceipts.userId, deputy.id), eq(messageReceipts.type, 2)));
    expect(told[0]?.n).toBeGreaterThan(0);
    // The deputy may open the task; the other flow's todo is not theirs to handle.
    expect((await call(deputy, 'GET', `/FlowBefore/${task}`)).code).toBe(200);
    const [plainTodo] = await todos(boss, plain);
    const refused = await call(deputy, 'POST', `/FlowBefore/Audit/${plainTodo?.id}`, {
      handleOpinion: '代批',
    });
    expect(refused.msg).toContain('这不是您的待办');

    const approved = await call(deputy, 'POST', `/FlowBefore/Audit/${row?.id}`, {
      handleOpinion: '代批同意',
    });
    expect(approved.code, approved.msg).toBe(200);
    expect(await taskStatus(task)).toBe(TaskStatus.Approved);
    const [record] = await server.services.db
      .select()
      .from(flowTaskRecords)
      .where(and(eq(flowTaskRecords.taskId, task), eq(flowTaskRecords.handleStatus, HandleStatus.Approve)));
    expect(record?.handleId).toBe(deputy.id);

    // Once stopped, the delegation no longer applies to todos already waiting.
    const later = await launch(delegated.flowId);
    expect(await todos(deputy, later)).toHaveLength(1);
    expect((await call(boss, 'PUT', `/FlowDelegate/Stop/${created.data.id}`)).code).toBe(200);
    expect(await todos(deputy, later)).toHaveLength(0);
    const [bossTodo] = await todos(boss, later);
    expect((await call(deputy, 'POST', `/FlowBefore/Audit/${bossTodo?.id}`, {})).msg).toContain(
      '这不是您的待办',
    );
  });
});

describe('batch approval', () => {
  it('lists batch todos by flow, version and node, and approves several, naming the one that failed', async () => {
    // Days above 3 go to a node whose handler the approver must pick: approving those without a pick fails.
    const root = chain(
      approver('主管审批', [boss.id]),
      conditionSplit([
        {
          conditions: [{ field: 'days', symbol: '>', fieldValue: 3 }],
          nodes: [approver('总经理', [other.id], { assigneeType: 7 })],
        },
        { nodes: [] },
      ]),
    );
    root.properties.isBatchApproval = true;
    const { templateId, flowId } = await createFlow(server, admin, root, '批量请假');
    const t1 = await launch(flowId, { days: 1 });
    const t2 = await launch(flowId, { days: 2 });
    const t3 = await launch(flowId, { days: 5 });

    const flows = await call<{ id: string; num: number }[]>(boss, 'GET', '/FlowBefore/BatchFlowSelector');
    expect(flows.data.find((f) => f.id === templateId)?.num).toBe(3);
    const versions = await call<{ id: string; num: number }[]>(
      boss,
      'GET',
      `/FlowBefore/BatchFlowJsonList/${templateId}`,
    );
    expect(versions.data).toEqual([expect.objectContaining({ id: flowId, num: 3 })]);
    const nodes = await call<{ fullName: string; num: number }[]>(
      boss,
      'GET',
      `/FlowBefore/NodeSelector/${flowId}`,
    );
    expect(nodes.data).toEqual([expect.objectContaining({ fullName: '主管审批', num: 3 })]);
    const batchList = await call<{ list: { id: string; taskId: string }[] }>(
      boss,
      'GET',
      `/FlowBefore/List/4?flowId=${flowId}&pageSize=50`,
    );
    const ids = [t1, t2, t3].map((t) => batchList.data.list.find((r) => r.taskId === t)?.id ?? '');
    expect(ids.every(Boolean)).toBe(true);
    const candidate = await call<{ type: number }>(
      boss,
      'GET',
      `/FlowBefore/BatchCandidate?taskOperatorId=${ids[2]}`,
    );
    expect(candidate.code, candidate.msg).toBe(200);

    const answer = await call<{ succeeded: string[]; failed: { id: string; msg: string }[] }>(
      boss,
      'POST',
      '/FlowBefore/BatchOperation',
      { ids, batchType: 0, handleOpinion: '批量同意' },
    );
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.msg).toContain('成功 2 条，失败 1 条');
    expect(answer.data.succeeded.sort()).toEqual([ids[0], ids[1]].sort());
    expect(answer.data.failed).toEqual([
      expect.objectContaining({ id: ids[2], msg: '请选择下一节点的审批人' }),
    ]);
    expect(await taskStatus(t1)).toBe(TaskStatus.Approved);
    expect(await taskStatus(t2)).toBe(TaskStatus.Approved);
    expect(await taskStatus(t3)).toBe(TaskStatus.Running);
    expect(await todos(boss, t3)).toHaveLength(1);

    // The grouped record list of a finished task: by department, approvals and returns only.
    const groups = await call<{ list: { handleStatus: number; userName: string }[] }[]>(
      initiator,
      'GET',
      `/FlowBefore/RecordList/${t1}?category=1&type=1`,
    );
    expect(groups.code, groups.msg).toBe(200);
    expect(groups.data.flatMap((g) => g.list)).toEqual([
      expect.objectContaining({
        handleStatus: HandleStatus.Approve,
        userName: expect.stringContaining('dl_boss'),
      }),
    ]);
    expect((await call(noEntrust, 'GET', `/FlowBefore/RecordList/${t1}`)).msg).toContain('流程任务不存在');
  });

  it('refuses a bad batch before doing anything', async () => {
    const a = await bossFlow('批量甲');
    const b = await bossFlow('批量乙');
    const ta = await launch(a.flowId);
    const tb = await launch(b.flowId);
    const [opA] = await todos(boss, ta);
    const [opB] = await todos(boss, tb);
    const cases: [Record<string, unknown>, string][] = [
      [{ ids: [], batchType: 0 }, '请选择要审批的待办'],
      [{ ids: [opA?.id], batchType: 4 }, 'batchType 只能是'],
      [{ ids: [opA?.id], batchType: 2 }, '请选择转审人'],
      [{ ids: [opA?.id, opB?.id], batchType: 0 }, '必须属于同一流程的同一版本'],
      [{ ids: [opA?.id, 'missing'], batchType: 0 }, '所选待办不存在或已被处理'],
    ];
    for (const [body, message] of cases) {
      const answer = await call(boss, 'POST', '/FlowBefore/BatchOperation', body);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toContain(message);
    }
    // Someone else's todo and a caller without the batch button are refused too.
    expect(
      (await call(deputy, 'POST', '/FlowBefore/BatchOperation', { ids: [opA?.id], batchType: 0 })).msg,
    ).toContain('所选待办不存在或已被处理');
    expect(
      (await call(initiator, 'POST', '/FlowBefore/BatchOperation', { ids: [opA?.id], batchType: 0 })).msg,
    ).toContain('没有此操作的权限');
    expect(await taskStatus(ta)).toBe(TaskStatus.Running);
    expect(await taskStatus(tb)).toBe(TaskStatus.Running);
  });
});

describe('comments and the launch form', () => {
  it('adds, lists and deletes comments; only the author deletes, only those taking part read', async () => {
    const { flowId } = await bossFlow('评论流程');
    const task = await launch(flowId);
    const before = (await server.services.db.select({ n: count() }).from(flowComments))[0]?.n;
    const bad: [Record<string, unknown>, string][] = [
      [{ taskId: task, text: '' }, '请输入评论内容'],
      [{ taskId: task, text: 'x'.repeat(2001) }, '评论最多为2000个字符'],
      [{ taskId: task, text: '图', image: 'not json' }, 'image 必须是最多20项的 JSON 列表'],
      [{ taskId: 'missing', text: '看看' }, '流程任务不存在'],
    ];
    for (const [body, message] of bad) {
      const answer = await call(initiator, 'POST', '/FlowComment', body);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect((await call(noEntrust, 'POST', '/FlowComment', { taskId: task, text: '路过' })).msg).toContain(
      '流程任务不存在',
    );
    expect((await server.services.db.select({ n: count() }).from(flowComments))[0]?.n).toBe(before);

    const mine = await call<{ id: string }>(initiator, 'POST', '/FlowComment', {
      taskId: task,
      text: '请尽快',
    });
    expect(mine.code, mine.msg).toBe(200);
    const theirs = await call<{ id: string }>(boss, 'POST', '/FlowComment', { taskId: task, text: '收到' });
    const list = await call<{ list: { id: string; text: string; isDel: number; creatorUser: string }[] }>(
      initiator,
      'GET',
      `/FlowComment?taskId=${task}`,
    );
    expect(list.data.list.map((c) => [c.text, c.isDel])).toEqual([
      ['收到', 0],
      ['请尽快', 1],
    ]);
    expect((await call(initiator, 'DELETE', `/FlowComment/${theirs.data.id}`)).msg).toContain(
      '只能删除自己的评论',
    );
    expect((await call(initiator, 'DELETE', `/FlowComment/${mine.data.id}`)).code).toBe(200);
    const after = await call<{ list: { id: string }[] }>(boss, 'GET', `/FlowComment?taskId=${task}`);
    expect(after.data.list.map((c) => c.id)).toEqual([theirs.data.id]);
    expect((await call(noEntrust, 'GET', `/FlowComment?taskId=${task}`)).msg).toContain('流程任务不存在');
  });

  it('answers the launch form of a flow version (FlowBefore/0?flowId=)', async () => {
    const { flowId } = await bossFlow('发起表单流程');
    const info = await call<{
      flowTemplateInfo: { id: string; fullName: string };
      approversProperties: string;
    }>(initiator, 'GET', `/FlowBefore/0?flowId=${flowId}`);
    expect(info.code, info.msg).toBe(200);
    expect(info.data.flowTemplateInfo).toMatchObject({ id: flowId, fullName: '发起表单流程' });
    expect(JSON.parse(info.data.approversProperties)).toMatchObject({ formId: 'form-leave' });
    expect((await call(initiator, 'GET', '/FlowBefore/0')).msg).toContain('请选择要发起的流程');
    expect((await call(initiator, 'GET', '/FlowBefore/0?flowId=missing')).msg).toContain('流程不存在');
    expect((await call(noEntrust, 'GET', `/FlowBefore/0?flowId=${flowId}`)).code).toBe(200);
    const outsider = await server.addUser('dl_nolaunch', 'Passw0rd!');
    expect(outsider).toBeTruthy();
    const token = await server.login('dl_nolaunch', 'Passw0rd!');
    expect((await call(token, 'GET', `/FlowBefore/0?flowId=${flowId}`)).msg).toContain('没有此操作的权限');
  });
});
