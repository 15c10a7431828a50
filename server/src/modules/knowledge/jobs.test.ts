import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KbDocStatus, type KbHit } from '@console/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../test/harness.js';
import { kbChunks, kbDocuments, kbJobs } from '../../db/schema/index.js';
import { createBase, upload, waitForDocument } from './testing.js';

describe('indexing jobs across a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-kb-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two starts on a data folder of its own (migrated and seeded from nothing): slow on a busy machine.
  it('finishes a job left queued, and one an instance died on once its lease has run out', {
    timeout: 240_000,
  }, async () => {
    const first = await startServer({ dataDir });
    const token = await first.adminToken();
    const baseId = await createBase(first, token, { fullName: '重启库' });
    const queued = (await upload(first, token, baseId, '排队.txt', '残疾人两项补贴每月十日发放。')).data!.id;
    const died = (await upload(first, token, baseId, '中断.txt', '独生子女父母奖励费一次性发放。')).data!.id;
    await waitForDocument(first, token, baseId, queued);
    await waitForDocument(first, token, baseId, died);

    // The app stops (its worker with it); the database is then left as a stop or a crash leaves it.
    await first.app.close();
    const db = first.services.db;
    const now = Date.now();
    await db.delete(kbChunks).where(inArray(kbChunks.documentId, [queued, died]));
    await db
      .update(kbDocuments)
      .set({ status: KbDocStatus.Queued, progress: 0, chunkCount: 0 })
      .where(inArray(kbDocuments.id, [queued]));
    await db
      .update(kbDocuments)
      .set({ status: KbDocStatus.Indexing, progress: 40, chunkCount: 0 })
      .where(inArray(kbDocuments.id, [died]));
    await db.insert(kbJobs).values([
      { documentId: queued, creatorTime: now },
      { documentId: died, token: 'instance-that-died', leaseUntil: now - 1, attempts: 1, creatorTime: now },
    ]);
    await first.services.kv.close();
    await first.services.database.close();

    const second = await startServer({ dataDir });
    try {
      for (const [id, question, name] of [
        [queued, '两项补贴什么时候发放', '排队.txt'],
        [died, '独生子女父母奖励费', '中断.txt'],
      ] as const) {
        const doc = await waitForDocument(second, token, baseId, id);
        expect(doc).toMatchObject({ status: KbDocStatus.Ready, progress: 100, chunkCount: 1 });
        const hits = await second.request<{ list: KbHit[] }>(
          'POST',
          `/api/knowledge/Base/${baseId}/HitTest`,
          {
            token,
            json: { question, topK: 1 },
          },
        );
        expect(hits.data.list[0]?.documentName).toBe(name);
      }
      expect(await second.services.db.select().from(kbJobs)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
