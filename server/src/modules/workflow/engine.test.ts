import { HandleStatus, TaskStatus } from '@console/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { flowTaskOperators, flowTaskRecords, flowTasks, messageReceipts } from '../../db/schema/index.js';
import { approver, branchSplit, chain, conditionSplit, createFlow, flowUser, subFlow } from './testing.js';

let database: TestDatabase;
let server: TestServer;
let admin: string;
type U = { id: string; token: string };
let initiator: U;
let a1: U;
let a2: U;
let a3: U;
let b1: U;
let outsider: U;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  admin = await server.adminToken();
  initiator = await flowUser(server, 'wf_init');
  a1 = await flowUser(server, 'wf_a1');
  a2 = await flowUser(server, 'wf_a2');
  a3 = await flowUser(server, 'wf_a3');
  b1 = await flowUser(server, 'wf_b1');
  outsider = await flowUser(server, 'wf_out');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const E = '/api/workflow/Engine';
const call = <T = unknown>(token: string, method: string, path: string, json?: unknown) =>
  server.request<T>(method, `${E}${path}`, { token, json });

interface TodoRow {
  id: string;
  taskId: string;
  nodeName: string;
  nodeCode: string;
  fullName: string;
}
async function todos(user: U, taskId?: string): Promise<TodoRow[]> {
  const answer = await call<{ list: TodoRow[] }>(user.token, 'GET', '/FlowBefore/List/1?pageSize=100');
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list.filter((row) => !taskId || row.taskId === taskId);
}
async function todoOf(user: U, taskId: string): Promise<TodoRow> {
  const [row] = await todos(user, taskId);
  if (!row) throw new Error(`no todo for ${user.id} on ${taskId}`);
  return row;
}
async function task(id: string) {
  const [row] = await server.services.db.select().from(flowTasks).where(eq(flowTasks.id, id));
  if (!row) throw new Error('task missing');
  return row;
}
async function launch(flowId: string, formData: Record<string, unknown> = { days: 1 }, as: U = initiator) {
  const answer = await call<{ id: string }>(as.token, 'POST', '/FlowTask', {
    flowId,
    formData,
    status: 0,
    flowUrgent: 2,
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
}
const audit = (user: U, operatorId: string, body: Record<string, unknown> = {}) =>
  call(user.token, 'POST', `/FlowBefore/Audit/${operatorId}`, { handleOpinion: '同意', ...body });
const reject = (user: U, operatorId: string, body: Record<string, unknown> = {}) =>
  call(user.token, 'POST', `/FlowBefore/Reject/${operatorId}`, { handleOpinion: '不同意', ...body });
async function inbox(user: U) {
  return server.services.db
    .select({ title: messageReceipts.title, bodyText: messageReceipts.bodyText })
    .from(messageReceipts)
    .where(and(eq(messageReceipts.userId, user.id), eq(messageReceipts.type, 2)));
}

describe('flow templates', () => {
  it('refuses a flow tree with a problem, naming its path, and writes nothing', async () => {
    const good = chain(approver('经理', [a1.id]));
    const body = (flowTemplateJson: string) => ({ fullName: '坏流程', enCode: 'bad_flow', flowTemplateJson });
    const noForm = chain(approver('经理', [a1.id]));
    noForm.properties.formId = '';
    const noMembers = chain(approver('经理', []));
    const badSymbol = chain(
      conditionSplit([
        { conditions: [{ field: 'days', symbol: '=~', fieldValue: 3 }], nodes: [] },
        { nodes: [] },
      ]),
    );
    const badFormula = chain(
      conditionSplit([
        { conditions: [{ field: 'days * (', fieldType: 3, symbol: '>', fieldValue: 3 }], nodes: [] },
        { nodes: [] },
      ]),
    );
    const cases: [string, string][] = [
      ['not json', 'flowTemplateJson：flowTemplateJson is not valid JSON'],
      ['[]', 'a template holds at least one flow'],
      [
        JSON.stringify([{ flowId: 'g', fullName: 'x', flowTemplateJson: good.childNode }]),
        '[0].flowTemplateJson.type: the root node must be the start node',
      ],
      [
        JSON.stringify([{ flowId: 'g', fullName: 'x', flowTemplateJson: noForm }]),
        '[0].flowTemplateJson.properties.formId: the start node needs a form',
      ],
      [
        JSON.stringify([{ flowId: 'g', fullName: 'x', flowTemplateJson: noMembers }]),
        '[0].flowTemplateJson.childNode.properties.approvers: approver "经理" needs at least one member',
      ],
      [
        JSON.stringify([{ flowId: 'g', fullName: 'x', flowTemplateJson: badSymbol }]),
        '[0].flowTemplateJson.childNode.conditionNodes[0].properties.conditions[0].symbol',
      ],
      [
        JSON.stringify([{ flowId: 'g', fullName: 'x', flowTemplateJson: badFormula }]),
        'conditionNodes[0].properties.conditions[0].field: the formula of condition',
      ],
    ];
    const before = await server.services.db.select({ n: count() }).from(flowTasks);
    for (const [json, message] of cases) {
      const answer = await call(admin, 'POST', '/flowTemplate', body(json));
      expect(answer.code, json).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const list = await call<{ list: { enCode: string }[] }>(admin, 'GET', '/flowTemplate?keyword=bad_flow');
    expect(list.data.list).toHaveLength(0);
    expect(await server.services.db.select({ n: count() }).from(flowTasks)).toEqual(before);
  });

  it('refuses users without the flow-design page', async () => {
    const answer = await call(a1.token, 'GET', '/flowTemplate');
    expect(answer.code).toBe(400);
    expect(answer.msg).toContain('权限');
  });

  it('gives a flow in use a new version; the running task keeps its own', async () => {
    const root = chain(approver('经理', [a1.id]));
    const { templateId, flowId } = await createFlow(server, admin, root, '版本流程');
    const taskId = await launch(flowId);
    const info = await call<{ flowTemplateJson: string }>(admin, 'GET', `/flowTemplate/${templateId}`);
    const flows = JSON.parse(info.data.flowTemplateJson) as {
      id: string;
      flowId: string;
      fullName: string;
      flowTemplateJson: unknown;
      isDelete: boolean;
    }[];
    expect(flows[0]?.isDelete).toBe(true);
    // The designer adds a second approver and saves.
    const changed = chain(approver('经理', [a1.id]), approver('财务', [b1.id]));
    const saved = await call<{ id: string; isMainVersion: boolean }>(
      admin,
      'PUT',
      `/flowTemplate/${templateId}`,
      {
        fullName: '版本流程',
        enCode: `v${Date.now()}`,
        flowTemplateJson: JSON.stringify([{ ...flows[0], flowTemplateJson: changed }]),
      },
    );
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.isMainVersion).toBe(true);
    expect(saved.data.id).not.toBe(flowId);
    const versions = await call<{ list: { id: string; version: number; enabledMark: number }[] }>(
      admin,
      'GET',
      `/flowTemplate/${templateId}/FlowJsonList`,
    );
    expect(versions.data.list.map((v) => [v.version, v.enabledMark])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect((await call(admin, 'POST', `/flowTemplate/${saved.data.id}/MainVersion`)).code).toBe(200);
    const launchable = await call<{ id: string }[]>(
      initiator.token,
      'GET',
      `/flowTemplate/FlowJsonList/${templateId}?type=1`,
    );
    expect(launchable.data.map((v) => v.id)).toEqual([saved.data.id]);
    // The running task still finishes after one approval, on its own version.
    expect((await audit(a1, (await todoOf(a1, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).status).toBe(TaskStatus.Approved);
    // A template with tasks cannot be deleted.
    const removed = await call(admin, 'DELETE', `/flowTemplate/${templateId}`);
    expect(removed.code).toBe(400);
  });
});

describe('launch and approve', () => {
  it('or-sign: the first approval decides, the others close; the flow ends approved with messages', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a1.id, a2.id]), approver('财务', [b1.id])),
    );
    const taskId = await launch(flowId);
    expect((await task(taskId)).thisStep).toBe('经理');
    expect(await todos(a1, taskId)).toHaveLength(1);
    expect(await todos(a2, taskId)).toHaveLength(1);
    expect((await inbox(a1)).some((m) => m.title.includes('待您审批'))).toBe(true);
    const op1 = (await todoOf(a1, taskId)).id;
    expect((await call(a1.token, 'GET', `/FlowBefore/${op1}/Info`)).data).toEqual({ isCheck: true });
    expect((await audit(a1, op1)).code).toBe(200);
    const link = await call<{ isCheck: boolean; flowTaskOperatorRecordId: string }>(
      a1.token,
      'GET',
      `/FlowBefore/${op1}/Info`,
    );
    expect(link.data.isCheck).toBe(false);
    expect(link.data.flowTaskOperatorRecordId).toBeTruthy();
    expect((await call(b1.token, 'GET', `/FlowBefore/${op1}/Info`)).code).toBe(400);
    expect(await todos(a2, taskId)).toHaveLength(0);
    expect((await task(taskId)).thisStep).toBe('财务');
    expect((await audit(b1, (await todoOf(b1, taskId)).id)).code).toBe(200);
    const done = await task(taskId);
    expect(done.status).toBe(TaskStatus.Approved);
    expect(done.completion).toBe(100);
    const titles = (await inbox(initiator)).map((m) => m.title);
    expect(titles.some((t) => t.endsWith('审核通过'))).toBe(true);
    // Done list of a1 shows the approval (status = handleStatus 1).
    const doneList = await call<{ list: { taskId: string; status: number }[] }>(
      a1.token,
      'GET',
      '/FlowBefore/List/2',
    );
    expect(doneList.data.list.find((r) => r.taskId === taskId)?.status).toBe(HandleStatus.Approve);
    // Launch and monitor lists show it finished.
    const launched = await call<{ list: { id: string; status: number }[] }>(
      initiator.token,
      'GET',
      '/FlowLaunch',
    );
    expect(launched.data.list.find((r) => r.id === taskId)?.status).toBe(TaskStatus.Approved);
    const monitor = await call<{ list: { id: string; status: number }[] }>(
      admin,
      'GET',
      `/FlowMonitor?status=2`,
    );
    expect(monitor.data.list.some((r) => r.id === taskId)).toBe(true);
  });

  it('a condition on the form decides the branch (safe evaluator, formula included)', async () => {
    const root = chain(
      conditionSplit([
        {
          conditions: [{ field: 'days', symbol: '>=', fieldValue: 3 }],
          nodes: [approver('总经理', [a3.id])],
        },
        {
          conditions: [{ field: '{days} * 8', fieldType: 3, symbol: '>', fieldValue: 8, logic: '&&' }],
          nodes: [approver('经理', [a2.id])],
        },
        { nodes: [] },
      ]),
      approver('人事', [b1.id]),
    );
    const { flowId } = await createFlow(server, admin, root);
    const long = await launch(flowId, { days: 5 });
    expect((await task(long)).thisStep).toBe('总经理');
    const mid = await launch(flowId, { days: 2 });
    expect((await task(mid)).thisStep).toBe('经理');
    const short = await launch(flowId, { days: 1 });
    expect((await task(short)).thisStep).toBe('人事');
  });

  it('cc: copyIds on launch and node settings reach the copied list and inbox', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a1.id], { circulateUser: [a3.id] })),
    );
    const answer = await call<{ id: string }>(initiator.token, 'POST', '/FlowTask', {
      flowId,
      formData: { days: 1 },
      copyIds: b1.id,
    });
    expect(answer.code).toBe(200);
    const taskId = answer.data.id;
    const copied = await call<{ list: { id: string }[] }>(b1.token, 'GET', '/FlowBefore/List/3');
    expect(copied.data.list.some((r) => r.id === taskId)).toBe(true);
    expect((await audit(a1, (await todoOf(a1, taskId)).id)).code).toBe(200);
    const copiedA3 = await call<{ list: { id: string }[] }>(a3.token, 'GET', '/FlowBefore/List/3');
    expect(copiedA3.data.list.some((r) => r.id === taskId)).toBe(true);
    expect((await inbox(a3)).some((m) => m.title.includes('抄送'))).toBe(true);
  });

  it('saves a draft, then submits it; refuses launching without the right', async () => {
    const { flowId } = await createFlow(server, admin, chain(approver('经理', [a1.id])));
    const draft = await call<{ id: string }>(initiator.token, 'POST', '/FlowTask', {
      flowId,
      formData: { days: 1 },
      status: 1,
    });
    expect(draft.code).toBe(200);
    expect((await task(draft.data.id)).status).toBe(TaskStatus.Draft);
    expect(await todos(a1, draft.data.id)).toHaveLength(0);
    const submitted = await call(initiator.token, 'PUT', `/FlowTask/${draft.data.id}`, {
      flowId,
      formData: { days: 2 },
      status: 0,
    });
    expect(submitted.code).toBe(200);
    expect(await todos(a1, draft.data.id)).toHaveLength(1);
    // Someone else may not submit it; bad input changes nothing.
    const other = await call(a2.token, 'PUT', `/FlowTask/${draft.data.id}`, {
      flowId,
      formData: {},
      status: 0,
    });
    expect(other.code).toBe(400);
    for (const body of [
      { flowId, formData: 'x' },
      { flowId, formData: {}, flowUrgent: 7 },
      { flowId: 'missing', formData: {} },
      { formData: {} },
    ]) {
      const bad = await call(initiator.token, 'POST', '/FlowTask', body);
      expect(bad.code, JSON.stringify(body)).toBe(400);
    }
    const restricted = await createFlow(server, admin, {
      ...chain(approver('经理', [a1.id])),
      properties: { title: '流程发起', formId: 'form-leave', initiator: [a2.id] },
    });
    const refused = await call(initiator.token, 'POST', '/FlowTask', {
      flowId: restricted.flowId,
      formData: {},
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('没有发起该流程的权限');
  });
});

describe('parallel and chosen branches, candidates', () => {
  it('parallel branches approved at the same moment both count; the join runs once', async () => {
    const root = chain(
      branchSplit('interflow', [
        [approver('甲', [a1.id])],
        [approver('乙', [a2.id]), approver('丙', [a3.id])],
      ]),
      approver('汇总', [b1.id]),
    );
    const { flowId } = await createFlow(server, admin, root);
    const taskId = await launch(flowId);
    expect((await task(taskId)).thisStep?.split(',').sort()).toEqual(['乙', '甲']);
    const op1 = (await todoOf(a1, taskId)).id;
    const op2 = (await todoOf(a2, taskId)).id;
    const answers = await Promise.all([audit(a1, op1), audit(a2, op2)]);
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    // Branch 乙 goes on to 丙; the join waits for it.
    expect(await todos(b1, taskId)).toHaveLength(0);
    expect((await audit(a3, (await todoOf(a3, taskId)).id)).code).toBe(200);
    expect(await todos(b1, taskId)).toHaveLength(1);
  });

  it('a chosen-branch split asks the approver to pick, then runs only the picked branch', async () => {
    const split = branchSplit('branchFlow', [[approver('甲', [a1.id])], [approver('乙', [a2.id])]]);
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a3.id]), split, approver('汇总', [b1.id])),
    );
    const taskId = await launch(flowId);
    const op = (await todoOf(a3, taskId)).id;
    const offered = await call<{ type: number; list: { nodeId: string; isBranchFlow: boolean }[] }>(
      a3.token,
      'POST',
      `/FlowBefore/Candidates/${op}`,
      { formData: {} },
    );
    expect(offered.data.type).toBe(1);
    expect(offered.data.list).toHaveLength(2);
    const unpicked = await audit(a3, op);
    expect(unpicked.code).toBe(400);
    expect(unpicked.msg).toContain('请选择分支');
    expect(await todos(a3, taskId)).toHaveLength(1);
    const second = offered.data.list[1]?.nodeId ?? '';
    expect((await audit(a3, op, { branchList: [second] })).code).toBe(200);
    expect(await todos(a1, taskId)).toHaveLength(0);
    expect((await audit(a2, (await todoOf(a2, taskId)).id)).code).toBe(200);
    expect(await todos(b1, taskId)).toHaveLength(1);
  });

  it('a candidate node takes the handlers the submitter picks from its members', async () => {
    const pick = approver('候选', [a1.id, a2.id], { assigneeType: 7 });
    const { flowId } = await createFlow(server, admin, chain(pick));
    const offered = await call<{ type: number; list: { nodeId: string; isCandidates: boolean }[] }>(
      initiator.token,
      'POST',
      '/FlowBefore/Candidates/0',
      { flowId, formData: {} },
    );
    expect(offered.data).toEqual({
      type: 2,
      list: [expect.objectContaining({ nodeId: pick.nodeId, isCandidates: true })],
    });
    const members = await call<{ list: { id: string }[] }>(
      initiator.token,
      'POST',
      '/FlowBefore/CandidateUser/0',
      {
        flowId,
        nodeCode: pick.nodeId,
      },
    );
    expect(members.data.list.map((u) => u.id).sort()).toEqual([a1.id, a2.id].sort());
    const missing = await call(initiator.token, 'POST', '/FlowTask', { flowId, formData: {} });
    expect(missing.code).toBe(400);
    expect(missing.msg).toBe('请选择下一节点的审批人');
    const outside = await call(initiator.token, 'POST', '/FlowTask', {
      flowId,
      formData: {},
      candidateList: { [pick.nodeId]: [b1.id] },
    });
    expect(outside.code).toBe(400);
    const before = await server.services.db.select({ n: count() }).from(flowTasks);
    expect(outside.msg).toContain('候选范围');
    const ok = await call<{ id: string }>(initiator.token, 'POST', '/FlowTask', {
      flowId,
      formData: {},
      candidateList: { [pick.nodeId]: [a2.id] },
    });
    expect(ok.code, ok.msg).toBe(200);
    expect(await todos(a2, ok.data.id)).toHaveLength(1);
    expect(await todos(a1, ok.data.id)).toHaveLength(0);
    expect((await server.services.db.select({ n: count() }).from(flowTasks))[0]!.n).toBe(before[0]!.n + 1);
  });
});

describe('returns', () => {
  it('reject to start inside a countersign: the other approval is void, resubmission starts the node afresh', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(
        approver('会签', [a1.id, a2.id], { counterSign: 1, countersignRatio: 100, rejectStep: '0' }),
        approver('财务', [b1.id]),
      ),
    );
    const taskId = await launch(flowId);
    expect((await audit(a1, (await todoOf(a1, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('会签');
    const choices = await call<{ list: { nodeCode: string }[]; isLastAppro: boolean }>(
      a2.token,
      'GET',
      `/FlowBefore/RejectList/${(await todoOf(a2, taskId)).id}`,
    );
    expect(choices.data.isLastAppro).toBe(true);
    expect((await reject(a2, (await todoOf(a2, taskId)).id)).code).toBe(200);
    const returned = await task(taskId);
    expect(returned.status).toBe(TaskStatus.Returned);
    expect(await todos(b1, taskId)).toHaveLength(0);
    expect((await inbox(initiator)).some((m) => m.title.includes('已退回'))).toBe(true);
    // Resubmitted: both countersigners handle again.
    const again = await call(initiator.token, 'PUT', `/FlowTask/${taskId}`, {
      flowId,
      formData: { days: 2 },
      status: 0,
    });
    expect(again.code, again.msg).toBe(200);
    expect(await todos(a1, taskId)).toHaveLength(1);
    expect(await todos(a2, taskId)).toHaveLength(1);
    expect((await audit(a1, (await todoOf(a1, taskId)).id)).code).toBe(200);
    expect((await todos(b1, taskId)).length).toBe(0);
    expect((await audit(a2, (await todoOf(a2, taskId)).id)).code).toBe(200);
    expect((await todos(b1, taskId)).length).toBe(1);
  });

  it('a countersign at 50% passes with one of two approvals and is returned only when half return', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(
        approver('会签', [a1.id, a2.id, a3.id], { counterSign: 1, countersignRatio: 60 }),
        approver('财务', [b1.id]),
      ),
    );
    const taskId = await launch(flowId);
    expect((await reject(a1, (await todoOf(a1, taskId)).id)).code).toBe(200);
    // 1 of 3 returned = 33% < 40%: not decided.
    expect((await task(taskId)).status).toBe(TaskStatus.Running);
    expect((await audit(a2, (await todoOf(a2, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('会签');
    expect((await audit(a3, (await todoOf(a3, taskId)).id)).code).toBe(200);
    // 2 of 3 approved = 66% >= 60%.
    expect((await task(taskId)).thisStep).toBe('财务');
  });

  it('returns to the previous node and to a chosen node; rejectType 2 jumps back after resubmission', async () => {
    const n1 = approver('一审', [a1.id]);
    const n2 = approver('二审', [a2.id]);
    const n3 = approver('三审', [a3.id], { rejectStep: '2', rejectType: 2 });
    const { flowId } = await createFlow(server, admin, chain(n1, n2, n3));
    const taskId = await launch(flowId);
    await audit(a1, (await todoOf(a1, taskId)).id);
    await audit(a2, (await todoOf(a2, taskId)).id);
    const op = (await todoOf(a3, taskId)).id;
    const list = await call<{ list: { nodeCode: string }[] }>(
      a3.token,
      'GET',
      `/FlowBefore/RejectList/${op}`,
    );
    expect(list.data.list.map((n) => n.nodeCode)).toEqual(expect.arrayContaining([n1.nodeId, n2.nodeId]));
    // A node that is not upstream is refused and nothing changes.
    const wrong = await reject(a3, op, { rejectStep: 'nowhere' });
    expect(wrong.code).toBe(400);
    expect(await todos(a3, taskId)).toHaveLength(1);
    expect((await reject(a3, op, { rejectStep: n1.nodeId })).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('一审');
    // rejectType 2: after 一审 approves again the task goes straight back to 三审.
    await audit(a1, (await todoOf(a1, taskId)).id);
    expect((await task(taskId)).thisStep).toBe('三审');
    expect(await todos(a2, taskId)).toHaveLength(0);
  });

  it('rejectStep 1 returns to the previous approver', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('一审', [a1.id]), approver('二审', [a2.id], { rejectStep: '1' })),
    );
    const taskId = await launch(flowId);
    await audit(a1, (await todoOf(a1, taskId)).id);
    expect((await reject(a2, (await todoOf(a2, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('一审');
    expect(await todos(a1, taskId)).toHaveLength(1);
  });
});

describe('add signer, transfer, sequential', () => {
  it('add signer before, then the added signer returns: the node is returned to start', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a1.id]), approver('财务', [b1.id])),
    );
    const taskId = await launch(flowId);
    const op = (await todoOf(a1, taskId)).id;
    const added = await call(a1.token, 'POST', `/FlowBefore/freeApprover/${op}`, {
      freeApproverUserId: a3.id,
      freeApproverType: 1,
    });
    expect(added.code, added.msg).toBe(200);
    expect(await todos(a1, taskId)).toHaveLength(0);
    expect((await reject(a3, (await todoOf(a3, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).status).toBe(TaskStatus.Returned);
    const records = await server.services.db
      .select({ handleStatus: flowTaskRecords.handleStatus })
      .from(flowTaskRecords)
      .where(eq(flowTaskRecords.taskId, taskId))
      .orderBy(asc(flowTaskRecords.handleTime));
    expect(records.map((r) => r.handleStatus)).toEqual([
      HandleStatus.Submit,
      HandleStatus.AddBefore,
      HandleStatus.Reject,
    ]);
  });

  it('add signer before then approve returns the item to the adder; after = the added signer decides', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a1.id]), approver('财务', [b1.id])),
    );
    const taskId = await launch(flowId);
    await call(a1.token, 'POST', `/FlowBefore/freeApprover/${(await todoOf(a1, taskId)).id}`, {
      freeApproverUserId: a3.id,
      freeApproverType: 1,
    });
    expect((await audit(a3, (await todoOf(a3, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('经理');
    const back = await todoOf(a1, taskId);
    const after = await call(a1.token, 'POST', `/FlowBefore/freeApprover/${back.id}`, {
      freeApproverUserId: a2.id,
      freeApproverType: 2,
    });
    expect(after.code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('经理');
    expect((await audit(a2, (await todoOf(a2, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('财务');
    // Adding oneself or a missing user is refused.
    const op = (await todoOf(b1, taskId)).id;
    expect(
      (
        await call(b1.token, 'POST', `/FlowBefore/freeApprover/${op}`, {
          freeApproverUserId: b1.id,
          freeApproverType: 1,
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await call(b1.token, 'POST', `/FlowBefore/freeApprover/${op}`, {
          freeApproverUserId: 'nobody',
          freeApproverType: 2,
        })
      ).code,
    ).toBe(400);
    expect(
      (
        await call(b1.token, 'POST', `/FlowBefore/freeApprover/${op}`, {
          freeApproverUserId: a1.id,
          freeApproverType: 3,
        })
      ).code,
    ).toBe(400);
    expect(await todos(b1, taskId)).toHaveLength(1);
  });

  it('sequential countersign with a transfer: one handler at a time, the transferee takes the turn', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('依次', [a1.id, a2.id], { counterSign: 2 }), approver('财务', [b1.id])),
    );
    const taskId = await launch(flowId);
    expect(await todos(a1, taskId)).toHaveLength(1);
    expect(await todos(a2, taskId)).toHaveLength(0);
    const op = (await todoOf(a1, taskId)).id;
    expect(
      (await call(a1.token, 'POST', `/FlowBefore/Transfer/${op}`, { freeApproverUserId: 'nobody' })).code,
    ).toBe(400);
    const moved = await call(a1.token, 'POST', `/FlowBefore/Transfer/${op}`, {
      freeApproverUserId: a3.id,
      handleOpinion: '请代办',
    });
    expect(moved.code).toBe(200);
    expect(await todos(a1, taskId)).toHaveLength(0);
    expect(await todos(a2, taskId)).toHaveLength(0);
    expect((await audit(a3, (await todoOf(a3, taskId)).id)).code).toBe(200);
    expect(await todos(a2, taskId)).toHaveLength(1);
    expect((await task(taskId)).thisStep).toBe('依次');
    expect((await audit(a2, (await todoOf(a2, taskId)).id)).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('财务');
  });
});

describe('recall, revoke, cancel, assign, press, revive', () => {
  it('recall takes back an approval while the next node has not acted; refused afterwards', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a1.id]), approver('财务', [b1.id]), approver('总经理', [a3.id])),
    );
    const taskId = await launch(flowId);
    await audit(a1, (await todoOf(a1, taskId)).id);
    const done = await call<{ list: { id: string; taskId: string }[] }>(
      a1.token,
      'GET',
      '/FlowBefore/List/2',
    );
    const recordId = done.data.list.find((r) => r.taskId === taskId)?.id ?? '';
    expect((await call(a1.token, 'POST', `/FlowBefore/Recall/${recordId}`, {})).code).toBe(200);
    expect(await todos(b1, taskId)).toHaveLength(0);
    expect(await todos(a1, taskId)).toHaveLength(1);
    // Approve again; once 财务 approved, a1 can no longer recall.
    await audit(a1, (await todoOf(a1, taskId)).id);
    await audit(b1, (await todoOf(b1, taskId)).id);
    const done2 = await call<{ list: { id: string; taskId: string }[] }>(
      a1.token,
      'GET',
      '/FlowBefore/List/2',
    );
    const again = done2.data.list.find((r) => r.taskId === taskId)?.id ?? '';
    const refused = await call(a1.token, 'POST', `/FlowBefore/Recall/${again}`, {});
    expect(refused.code).toBe(400);
    // Someone else's record cannot be recalled.
    expect((await call(a2.token, 'POST', `/FlowBefore/Recall/${again}`, {})).code).toBe(400);
  });

  it('revoke by the initiator, then resubmit; cancel and assign from the monitor; press reminds', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a1.id]), approver('财务', [b1.id])),
    );
    const taskId = await launch(flowId);
    expect((await call(a1.token, 'PUT', `/FlowLaunch/${taskId}/Actions/Withdraw`, {})).code).toBe(400);
    const before = (await inbox(a1)).length;
    expect((await call(initiator.token, 'POST', `/FlowLaunch/Press/${taskId}`)).code).toBe(200);
    expect((await inbox(a1)).length).toBe(before + 1);
    expect(
      (
        await call(initiator.token, 'PUT', `/FlowLaunch/${taskId}/Actions/Withdraw`, {
          handleOpinion: '改一下',
        })
      ).code,
    ).toBe(200);
    expect((await task(taskId)).status).toBe(TaskStatus.Revoked);
    expect(await todos(a1, taskId)).toHaveLength(0);
    expect(
      (await call(initiator.token, 'PUT', `/FlowTask/${taskId}`, { flowId, formData: { days: 3 } })).code,
    ).toBe(200);
    // Assign: the monitor replaces the handler of the current node.
    expect(
      (
        await call(admin, 'POST', `/FlowBefore/Assign/${taskId}`, {
          nodeCode: 'nowhere',
          freeApproverUserId: a2.id,
        })
      ).code,
    ).toBe(400);
    const node = (await todoOf(a1, taskId)).nodeCode;
    expect(
      (
        await call(admin, 'POST', `/FlowBefore/Assign/${taskId}`, {
          nodeCode: node,
          freeApproverUserId: a2.id,
        })
      ).code,
    ).toBe(200);
    expect(await todos(a1, taskId)).toHaveLength(0);
    expect(await todos(a2, taskId)).toHaveLength(1);
    // Cancel: terminated, nothing left to do; a monitor page is needed.
    expect((await call(a2.token, 'POST', `/FlowBefore/Cancel/${taskId}`, {})).code).toBe(400);
    expect((await call(admin, 'POST', `/FlowBefore/Cancel/${taskId}`, { handleOpinion: '终止' })).code).toBe(
      200,
    );
    expect((await task(taskId)).status).toBe(TaskStatus.Cancelled);
    expect(await todos(a2, taskId)).toHaveLength(0);
    expect((await call(admin, 'POST', `/FlowBefore/Cancel/${taskId}`, {})).code).toBe(400);
  });

  it('revive reopens a finished task at a chosen node', async () => {
    const { flowId } = await createFlow(server, admin, chain(approver('经理', [a1.id])));
    const taskId = await launch(flowId);
    await audit(a1, (await todoOf(a1, taskId)).id);
    expect((await task(taskId)).status).toBe(TaskStatus.Approved);
    const nodes = await call<{ id: string; nodeName: string }[]>(
      admin,
      'GET',
      `/FlowBefore/Selector/${taskId}`,
    );
    const target = nodes.data[0];
    expect(target?.nodeName).toBe('经理');
    const revived = await call(admin, 'POST', '/FlowBefore/Change', {
      taskId,
      taskNodeId: target?.id,
      resurgence: true,
    });
    expect(revived.code, revived.msg).toBe(200);
    expect((await task(taskId)).status).toBe(TaskStatus.Running);
    expect(await todos(a1, taskId)).toHaveLength(1);
  });
});

describe('sub-flows and suspension', () => {
  it('a suspended parent waits for its running sub-flow and moves on when resumed', async () => {
    const child = await createFlow(server, admin, chain(approver('子审批', [a1.id])), '子流程');
    const parent = await createFlow(
      server,
      admin,
      chain(subFlow(child.flowId), approver('父审批', [b1.id])),
      '父流程',
    );
    const taskId = await launch(parent.flowId);
    const [childTask] = await server.services.db
      .select()
      .from(flowTasks)
      .where(eq(flowTasks.parentId, taskId));
    expect(childTask?.status).toBe(TaskStatus.Running);
    const sub = await call<{ flowTaskInfo: { id: string } }[]>(
      initiator.token,
      'GET',
      `/FlowBefore/SubFlowInfo/${childTask?.parentNodeId}`,
    );
    expect(sub.data.map((info) => info.flowTaskInfo.id)).toEqual([childTask?.id]);
    expect(
      (await call(outsider.token, 'GET', `/FlowBefore/SubFlowInfo/${childTask?.parentNodeId}`)).code,
    ).toBe(400);
    expect((await call<boolean>(admin, 'GET', `/FlowBefore/Suspend/${taskId}`)).data).toBe(true);
    expect((await call(admin, 'POST', `/FlowBefore/Suspend/${taskId}`, { suspend: true })).code).toBe(200);
    expect((await task(taskId)).status).toBe(TaskStatus.Suspended);
    // The child runs on and finishes while the parent is suspended.
    expect((await audit(a1, (await todoOf(a1, childTask!.id)).id)).code).toBe(200);
    expect((await task(childTask!.id)).status).toBe(TaskStatus.Approved);
    expect(await todos(b1, taskId)).toHaveLength(0);
    expect((await call(admin, 'POST', `/FlowBefore/Restore/${taskId}`, {})).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('父审批');
    expect(await todos(b1, taskId)).toHaveLength(1);
  });

  it('suspending with sub-flows stops their approvals until the parent resumes', async () => {
    const child = await createFlow(server, admin, chain(approver('子审批', [a2.id])), '子流程2');
    const parent = await createFlow(
      server,
      admin,
      chain(subFlow(child.flowId), approver('父审批', [b1.id])),
      '父流程2',
    );
    const taskId = await launch(parent.flowId);
    const [childTask] = await server.services.db
      .select()
      .from(flowTasks)
      .where(eq(flowTasks.parentId, taskId));
    const op = (await todoOf(a2, childTask!.id)).id;
    const total = async () =>
      (await call<{ pagination: { total: number } }>(a2.token, 'GET', '/FlowBefore/List/1?pageSize=1')).data
        .pagination.total;
    const before = await total();
    expect((await call(admin, 'POST', `/FlowBefore/Suspend/${taskId}`, { suspend: false })).code).toBe(200);
    expect((await task(childTask!.id)).status).toBe(TaskStatus.Suspended);
    // A suspended task's items leave the todo list (page and total) and come back on resume.
    expect(await todos(a2, childTask!.id)).toHaveLength(0);
    expect(await total()).toBe(before - 1);
    const refused = await audit(a2, op);
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('挂起');
    // The child cannot be resumed alone while its parent is suspended.
    expect((await call(admin, 'POST', `/FlowBefore/Restore/${childTask!.id}`, {})).code).toBe(400);
    expect((await call(admin, 'POST', `/FlowBefore/Restore/${taskId}`, {})).code).toBe(200);
    expect(await total()).toBe(before);
    expect((await todoOf(a2, childTask!.id)).id).toBe(op);
    expect((await audit(a2, op)).code).toBe(200);
    expect((await task(taskId)).thisStep).toBe('父审批');
  });
});

describe('concurrency and guards', () => {
  it('two approvers of an or-sign acting at once: exactly one wins, the node passes once', async () => {
    const { flowId } = await createFlow(
      server,
      admin,
      chain(approver('经理', [a1.id, a2.id]), approver('财务', [b1.id])),
    );
    const taskId = await launch(flowId);
    const op1 = (await todoOf(a1, taskId)).id;
    const op2 = (await todoOf(a2, taskId)).id;
    const [r1, r2] = await Promise.all([audit(a1, op1), audit(a2, op2)]);
    expect([r1.code, r2.code].sort()).toEqual([200, 400]);
    const next = await server.services.db
      .select({ n: count() })
      .from(flowTaskOperators)
      .where(and(eq(flowTaskOperators.taskId, taskId), eq(flowTaskOperators.handleId, b1.id)));
    expect(next[0]?.n).toBe(1);
  });

  it('the last operator clicking twice at once: one approval, one record', async () => {
    const { flowId } = await createFlow(server, admin, chain(approver('经理', [a1.id])));
    const taskId = await launch(flowId);
    const op = (await todoOf(a1, taskId)).id;
    const answers = await Promise.all([audit(a1, op), audit(a1, op), reject(a1, op)]);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const records = await server.services.db
      .select({ s: flowTaskRecords.handleStatus })
      .from(flowTaskRecords)
      .where(and(eq(flowTaskRecords.taskId, taskId), eq(flowTaskRecords.handleId, a1.id)));
    // One decision (the end of the flow is recorded as 100 with the last handler).
    expect(records.filter((r) => r.s !== 100)).toHaveLength(1);
  });

  it('only the handler may act on a todo, and only with the todo page; bad input changes nothing', async () => {
    const { flowId } = await createFlow(server, admin, chain(approver('经理', [a1.id])));
    const taskId = await launch(flowId);
    const op = (await todoOf(a1, taskId)).id;
    const notMine = await audit(a2, op);
    expect(notMine.code).toBe(400);
    expect(notMine.msg).toContain('不是您的待办');
    const plain = await server.addUser('wf_plain', 'Passw0rd!');
    const plainToken = await server.login('wf_plain', 'Passw0rd!');
    expect(plain).toBeTruthy();
    for (const [method, path] of [
      ['POST', `/FlowBefore/Audit/${op}`],
      ['GET', '/FlowBefore/List/1'],
      ['GET', '/FlowLaunch'],
      ['GET', '/FlowMonitor'],
      ['GET', `/FlowBefore/${taskId}`],
    ] as const) {
      const answer = await server.request('GET' === method ? 'GET' : method, `${E}${path}`, {
        token: plainToken,
        json: method === 'GET' ? undefined : {},
      });
      expect(answer.code, path).toBe(400);
    }
    expect((await call(outsider.token, 'GET', `/FlowBefore/${taskId}`)).code).toBe(400);
    expect((await audit(a1, op, { handleOpinion: 'x'.repeat(2001) })).code).toBe(400);
    expect((await reject(a1, op, { rejectType: 5 })).code).toBe(400);
    expect((await call(a1.token, 'GET', '/FlowBefore/List/9')).code).toBe(400);
    expect((await call(a1.token, 'GET', '/FlowBefore/List/1?sidx=fullName')).code).toBe(400);
    expect(await todos(a1, taskId)).toHaveLength(1);
    // The participants see the detail with records.
    const info = await call<{
      flowTaskOperatorRecordList: { handleStatus: number }[];
      formData: { days: number };
    }>(a1.token, 'GET', `/FlowBefore/${taskId}?taskOperatorId=${op}`);
    expect(info.code).toBe(200);
    expect(info.data.formData.days).toBe(1);
    expect(info.data.flowTaskOperatorRecordList.map((r) => r.handleStatus)).toEqual([HandleStatus.Submit]);
  });
});
