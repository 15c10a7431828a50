import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances, type TestServer } from '../../../../test/harness.js';
import { timeTaskLogs, timeTasks } from '../../../db/schema/index.js';
import { taskSchedulerOf } from './scheduler.js';

const MINUTE = 60_000;

// Two instances on one PostgreSQL (and Redis when given); PGlite is one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled tasks on two instances', () => {
  let pair: Instances;
  let a: TestServer;
  let b: TestServer;
  let target: Server;
  let targetUrl: string;
  let hits = 0;

  beforeAll(async () => {
    target = createServer((_req, res) => {
      hits += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const address = target.address();
    targetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/minute`;
    // The schedulers do not tick by themselves: the test ticks both with the clock it chooses.
    pair = await startInstances(2, { env: { TASK_SCHEDULER_INTERVAL_MS: '0', OUTBOUND_ALLOW: '127.0.0.1' } });
    [a, b] = pair.servers as [TestServer, TestServer];
  });
  afterAll(async () => {
    await pair?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  it('runs a task due every minute once per minute in total', async () => {
    const token = await a.adminToken();
    const start = Math.ceil((Date.now() + 5 * MINUTE) / MINUTE) * MINUTE;
    const created = await b.request<{ id: string }>('POST', '/api/scheduletask', {
      token,
      json: {
        fullName: '每分钟',
        enCode: 'every.minute',
        executeType: '4',
        executeContent: JSON.stringify({ cron: '0 * * * * ?', startTime: start, url: targetUrl }),
      },
    });
    expect(created.code).toBe(200);
    const id = created.data.id;
    const minutes = 12;
    for (let minute = 0; minute < minutes; minute++) {
      const at = start + minute * MINUTE;
      // Both instances tick at the due time, twice each and once a little later, all at once.
      await Promise.all(
        [a, b].flatMap((server) => {
          const scheduler = taskSchedulerOf(server.services);
          return [scheduler.tick(at), scheduler.tick(at), scheduler.tick(at + 2000)];
        }),
      );
    }
    const runs = await a.services.db.select().from(timeTaskLogs).where(eq(timeTaskLogs.taskId, id));
    const due = Array.from({ length: minutes }, (_, minute) => start + minute * MINUTE);
    expect(runs.map((run) => run.scheduledAt).sort()).toEqual(due);
    expect(runs.every((run) => run.runResult === 0)).toBe(true);
    expect(hits).toBe(minutes);
    const [task] = await a.services.db.select().from(timeTasks).where(eq(timeTasks.id, id));
    expect(task).toMatchObject({ runCount: minutes, nextRunTime: start + minutes * MINUTE });
  });
});
