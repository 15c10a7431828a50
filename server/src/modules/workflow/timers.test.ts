import { HandleStatus, TaskStatus } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { flowTaskNodes, flowTaskRecords, flowTasks, messageReceipts } from '../../db/schema/index.js';
import { approver, chain, createFlow, flowUser, type TreeNode } from './testing.js';

// On PostgreSQL two instances poll the same tables, as in production; PGlite has one.
let database: TestDatabase;
let first: TestServer;
let second: TestServer | undefined;
let admin: string;
let initiator: { id: string; token: string };
let a1: { id: string; token: string };
let b1: { id: string; token: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { WORKFLOW_TIMER_INTERVAL_MS: '50' };
  first = await startServer({ database, env });
  second = process.env.TEST_DATABASE_URL ? await startServer({ database, env }) : undefined;
  admin = await first.adminToken();
  initiator = await flowUser(first, 'tm_init');
  a1 = await flowUser(first, 'tm_a1');
  b1 = await flowUser(first, 'tm_b1');
}, 120_000);
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await database?.drop();
});

/** Asks until `check` holds (the pollers run every 50 ms), for at most 20 s. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function launch(flowId: string) {
  const answer = await first.request<{ id: string }>('POST', '/api/workflow/Engine/FlowTask', {
    token: initiator.token,
    json: { flowId, formData: { days: 1 } },
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.id;
}
const nodesOf = (taskId: string, code: string) =>
  first.services.db
    .select()
    .from(flowTaskNodes)
    .where(and(eq(flowTaskNodes.taskId, taskId), eq(flowTaskNodes.nodeCode, code)));

describe('workflow timers', () => {
  it('a timer node waits, then passes once and the flow moves on', async () => {
    const timer: TreeNode = { type: 'timer', nodeId: 'timer1', properties: { title: '等待', second: 1 } };
    const next = approver('经理', [a1.id]);
    const { flowId } = await createFlow(first, admin, chain(timer, next));
    const taskId = await launch(flowId);
    const [waiting] = await nodesOf(taskId, 'timer1');
    expect(waiting?.completion).toBe(0);
    expect(waiting?.dueTime).toBeGreaterThan(Date.now() - 1000);
    await eventually(async () => (await nodesOf(taskId, next.nodeId)).length > 0);
    // Several more ticks of every instance: nothing happens twice.
    await pause(500);
    expect(await nodesOf(taskId, next.nodeId)).toHaveLength(1);
    expect((await nodesOf(taskId, 'timer1'))[0]?.completion).toBe(1);
  });

  it('an approval past its deadline is noticed and auto-approved once (timeout auto-approve)', async () => {
    const late = approver('经理', [a1.id], {
      timeLimitConfig: { on: 1, nodeLimit: 0, duringDeal: 0 },
      overTimeConfig: {
        on: 1,
        firstOver: 0,
        overTimeDuring: 0,
        overNotice: true,
        overAutoApprove: true,
        overAutoApproveTime: 1,
      },
    });
    const next = approver('财务', [b1.id]);
    const { flowId } = await createFlow(first, admin, chain(late, next));
    const taskId = await launch(flowId);
    await eventually(async () => (await nodesOf(taskId, next.nodeId)).length > 0);
    await pause(500);
    const records = await first.services.db
      .select()
      .from(flowTaskRecords)
      .where(and(eq(flowTaskRecords.taskId, taskId), eq(flowTaskRecords.handleStatus, HandleStatus.Approve)));
    expect(records.map((r) => [r.handleId, r.handleOpinion])).toEqual([[a1.id, '超时自动审批']]);
    const notices = await first.services.db
      .select()
      .from(messageReceipts)
      .where(
        and(
          eq(messageReceipts.userId, a1.id),
          eq(
            messageReceipts.title,
            `${(await first.services.db.select().from(flowTasks).where(eq(flowTasks.id, taskId)))[0]?.fullName}：经理审批已超时`,
          ),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(await nodesOf(taskId, next.nodeId)).toHaveLength(1);
  });

  it('a suspended task keeps its timer until it is resumed', async () => {
    const timer: TreeNode = { type: 'timer', nodeId: 'timer2', properties: { title: '等待', second: 1 } };
    const next = approver('经理', [a1.id]);
    const { flowId } = await createFlow(first, admin, chain(timer, next));
    const taskId = await launch(flowId);
    const suspended = await first.request('POST', `/api/workflow/Engine/FlowBefore/Suspend/${taskId}`, {
      token: admin,
      json: { suspend: true },
    });
    expect(suspended.code).toBe(200);
    await pause(1500);
    expect(await nodesOf(taskId, next.nodeId)).toHaveLength(0);
    const [task] = await first.services.db.select().from(flowTasks).where(eq(flowTasks.id, taskId));
    expect(task?.status).toBe(TaskStatus.Suspended);
    await first.request('POST', `/api/workflow/Engine/FlowBefore/Restore/${taskId}`, {
      token: admin,
      json: {},
    });
    await eventually(async () => (await nodesOf(taskId, next.nodeId)).length > 0);
  });
});
