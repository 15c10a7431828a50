/**
 * Issue #22: users' statements on the console database hold pooled connections for up to their
 * time limit, so at most USER_SQL_CONCURRENCY run at once per instance; one more waits briefly,
 * then answers 400 saying so, while everything else keeps its connections. PostgreSQL only: on
 * PGlite statements already run one at a time, first on a copy (runaway.test.ts).
 */
import type { DictionaryDataNode } from '@console/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import {
  ConnectMessages,
  STATEMENT_TIMEOUT_MS,
  USER_SQL_CONCURRENCY,
  USER_SQL_WAIT_MS,
} from '../dataSource/connect.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('users’ statements at once on PostgreSQL', () => {
  const suite = suiteServer();
  const { send } = suite;
  let category: string;
  beforeAll(async () => {
    const categories = await send<{ list: DictionaryDataNode[] }>(
      'GET',
      '/api/system/DictionaryData/DataInterfaceType/Data/Selector',
    );
    category = categories.data.list[0]!.id;
  });

  async function interfaceOf(query: string): Promise<string> {
    const saved = await send<{ id: string }>('POST', '/api/system/DataInterface', {
      categoryId: category,
      fullName: '并发查询',
      enCode: `busy${Math.random().toString(36).slice(2, 8)}`,
      dataType: 1,
      requestMethod: '3',
      dbLinkId: '0',
      query,
    });
    expect(saved.code, saved.msg).toBe(200);
    return saved.data.id;
  }
  const preview = (id: string) =>
    send(`POST`, `/api/system/DataInterface/${id}/Actions/Preview`, { paramList: [] });

  it(
    'runs at most USER_SQL_CONCURRENCY at once; one more answers 400 after a short wait, others are served',
    async () => {
      const slow = await interfaceOf('SELECT count(*) AS n FROM generate_series(1, (SELECT 10000000000))');
      const quick = await interfaceOf('SELECT 1 AS n');
      const runaways = Array.from({ length: USER_SQL_CONCURRENCY }, () => preview(slow));
      // Let them start (each takes its place before its first statement).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const t = performance.now();
      const refused = await preview(quick);
      const waited = performance.now() - t;
      expect(refused).toMatchObject({ code: 400, msg: ConnectMessages.busy });
      expect(waited).toBeGreaterThan(USER_SQL_WAIT_MS - 100);
      expect(waited).toBeLessThan(USER_SQL_WAIT_MS + 1_000);
      // Everything else still has connections.
      const probe = performance.now();
      expect((await send('GET', '/api/oauth/CurrentUser')).code).toBe(200);
      expect(performance.now() - probe).toBeLessThan(1_000);
      for (const answer of await Promise.all(runaways))
        expect(answer).toMatchObject({ code: 400, msg: ConnectMessages.timeout });
      // The places are free again.
      expect((await preview(quick)).code).toBe(200);
    },
    STATEMENT_TIMEOUT_MS * 3,
  );
});
