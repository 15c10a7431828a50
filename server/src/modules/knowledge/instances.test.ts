import { type KbChunkRow, KbDocStatus, type KbHit } from '@console/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances, type TestServer } from '../../../test/harness.js';
import { createBase, upload, waitForDocument } from './testing.js';

// Two instances need a shared PostgreSQL (PGlite is one process) and Redis to tell each other of index changes.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'knowledge across two instances',
  () => {
    let pair: Instances;
    let a: TestServer;
    let b: TestServer;
    let admin: string;
    let baseId: string;

    beforeAll(async () => {
      pair = await startInstances(2);
      [a, b] = pair.servers as [TestServer, TestServer];
      admin = await a.adminToken();
      baseId = await createBase(a, admin, { fullName: '两实例库' });
    }, 60_000);
    afterAll(async () => {
      await pair?.close();
    });

    const hits = async (server: TestServer, question: string) =>
      (
        await server.request<{ list: KbHit[] }>('POST', `/api/knowledge/Base/${baseId}/HitTest`, {
          token: admin,
          json: { question, topK: 3 },
        })
      ).data.list;

    it('finds through one instance what was indexed, edited and deleted through the other', async () => {
      // b has loaded its index before the document exists: only the bus can tell it.
      expect(await hits(b, '电动自行车上牌')).toEqual([]);
      const sent = await upload(a, admin, baseId, '上牌.txt', '电动自行车上牌需要购车发票和合格证。');
      expect((await waitForDocument(a, admin, baseId, sent.data!.id)).status).toBe(KbDocStatus.Ready);
      const waitFor = async (server: TestServer, question: string, found: boolean) => {
        for (let i = 0; i < 100; i++) {
          if ((await hits(server, question)).length > 0 === found) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`${question}: ${found ? 'never found' : 'still found'}`);
      };
      await waitFor(b, '电动自行车上牌', true);
      expect((await hits(b, '电动自行车上牌'))[0]?.documentName).toBe('上牌.txt');

      const [chunk] = (
        await a.request<{ list: KbChunkRow[] }>(
          'GET',
          `/api/knowledge/Base/${baseId}/Document/${sent.data!.id}/Chunk`,
          { token: admin },
        )
      ).data.list;
      await a.request('PUT', `/api/knowledge/Base/${baseId}/Chunk/${chunk!.id}`, {
        token: admin,
        json: { content: '电动自行车上牌在交警大队车管所办理。', enabledMark: 1, version: chunk!.version },
      });
      await waitFor(b, '交警大队车管所', true);

      await a.request('DELETE', `/api/knowledge/Base/${baseId}/Document/${sent.data!.id}`, { token: admin });
      await waitFor(b, '电动自行车上牌', false);
    });

    it('indexes every document once when both instances take jobs', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const server = i % 2 === 0 ? a : b;
        ids.push(
          (await upload(server, admin, baseId, `第${i}号.txt`, `第${i}号通知：窗口${i}号办理社保卡。`)).data!
            .id,
        );
      }
      for (const id of ids) {
        const doc = await waitForDocument(a, admin, baseId, id);
        expect(doc).toMatchObject({ status: KbDocStatus.Ready, chunkCount: 1 });
      }
      const found = await b.request<{ list: KbHit[] }>('POST', `/api/knowledge/Base/${baseId}/HitTest`, {
        token: admin,
        json: { question: '社保卡', topK: 20 },
      });
      expect(found.data.list).toHaveLength(6);
    });
  },
);
