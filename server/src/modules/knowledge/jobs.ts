import { randomUUID } from 'node:crypto';
import { KbDocStatus } from '@console/shared';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../core/ids.js';
import type { Metrics } from '../../core/metrics.js';
import { OutboundError } from '../../core/outbound.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { kbBases, kbChunks, kbDocuments, kbJobs, storedFiles } from '../../db/schema/index.js';
import { ExtractMessages, extractInWorker, type KbFileType } from './extract.js';
import { embed, LlmMessages } from './llm.js';
import { splitIntoChunks } from './retrieval/index.js';
import type { KnowledgeIndex } from './searchIndex.js';
import { modelEndpoints } from './settings.js';

/** A claimed job's lease: renewed with every progress write; a dead instance's runs out. */
export const JOB_LEASE_MS = 120_000;
/** How often each instance looks for jobs (uploads on this instance start at once). */
const POLL_MS = 5_000;
/** Claims of one job before it is given up as failed (an instance died on it each time). */
const MAX_ATTEMPTS = 3;
export const MAX_CHUNKS_PER_DOCUMENT = 20_000;
const EMBED_BATCH = 32;
const INSERT_BATCH = 500;

export const JobMessages = {
  tooManyChunks: `文档分段超过${MAX_CHUNKS_PER_DOCUMENT}个，请拆分文档或调大分段长度后重试`,
  gaveUp: '多次尝试索引均未完成，请检查文档后重新索引',
  unreadable: '文档无法解析，请确认文件完好、未加密后重新上传',
} as const;

/** Messages written for people; any other error (a parser's) is reported as unreadable. */
const PERSON_MESSAGES = new Set<string>([
  ...Object.values(ExtractMessages),
  JobMessages.tooManyChunks,
  JobMessages.gaveUp,
  ...Object.values(LlmMessages),
]);

/** Queues documents (again): status queued, progress 0; a worker that holds one of them drops its result. */
export async function enqueueDocuments(db: DbOrTx, documentIds: string[]) {
  if (documentIds.length === 0) return;
  const now = Date.now();
  await db
    .insert(kbJobs)
    .values(documentIds.map((documentId) => ({ documentId, creatorTime: now })))
    .onConflictDoUpdate({
      target: kbJobs.documentId,
      set: { token: null, leaseUntil: null, attempts: 0, creatorTime: now },
    });
  await db
    .update(kbDocuments)
    .set({ status: KbDocStatus.Queued, progress: 0, error: null })
    .where(inArray(kbDocuments.id, documentIds));
}

interface ClaimedJob {
  documentId: string;
  token: string;
  attempts: number;
}

/** Thrown inside a job when its claim is gone (re-queued, base deleted, instance closing). */
class ClaimLost extends Error {}

/**
 * Indexes queued documents in the background. Every instance polls; a job is claimed with
 * FOR UPDATE SKIP LOCKED and a lease, so each runs on one instance at a time, and one left
 * behind by an instance that died is taken again once its lease has run out.
 */
export class IndexingWorker {
  private running = false;
  private again = false;
  private closing = false;
  private current: ClaimedJob | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly index: KnowledgeIndex,
    private readonly log: FastifyBaseLogger,
    private readonly extractTimeoutMs: number,
    private readonly metrics: Metrics,
  ) {
    metrics.readBacklogOnScrape('knowledge_indexing', async () => {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(kbJobs);
      return row?.count ?? 0;
    });
  }

  start() {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Stops claiming and hands the job in hand back to the queue, so the next start takes it at once. */
  async stop() {
    this.closing = true;
    clearInterval(this.timer);
    const job = this.current;
    if (!job) return;
    // Only while the job is still ours: a result committed meanwhile stays ready.
    await this.db.transaction(async (tx) => {
      const released = await tx
        .update(kbJobs)
        .set({ token: null, leaseUntil: null, attempts: sql`greatest(${kbJobs.attempts} - 1, 0)` })
        .where(and(eq(kbJobs.documentId, job.documentId), eq(kbJobs.token, job.token)))
        .returning({ id: kbJobs.documentId });
      if (released.length === 0) return;
      await tx
        .update(kbDocuments)
        .set({ status: KbDocStatus.Queued, progress: 0 })
        .where(eq(kbDocuments.id, job.documentId));
    });
  }

  /** Runs the queue until it is empty; a kick while running makes it look once more. */
  kick() {
    if (this.closing) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void (async () => {
      try {
        do {
          this.again = false;
          for (let job = await this.claim(); job && !this.closing; job = await this.claim()) {
            this.current = job;
            await this.run(job);
            this.current = undefined;
          }
        } while (this.again && !this.closing);
      } catch (error) {
        if (!this.closing)
          this.log.error({ err: error }, 'knowledge indexing failed; retried on the next poll');
      } finally {
        this.current = undefined;
        this.running = false;
      }
    })();
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    if (this.closing) return undefined;
    return this.db.transaction(async (tx) => {
      const now = Date.now();
      const [due] = await tx
        .select({ documentId: kbJobs.documentId })
        .from(kbJobs)
        .where(or(isNull(kbJobs.leaseUntil), lt(kbJobs.leaseUntil, now)))
        .orderBy(asc(kbJobs.creatorTime))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const token = randomUUID();
      const [claimed] = await tx
        .update(kbJobs)
        .set({ token, leaseUntil: now + JOB_LEASE_MS, attempts: sql`${kbJobs.attempts} + 1` })
        .where(eq(kbJobs.documentId, due.documentId))
        .returning({ attempts: kbJobs.attempts });
      await tx
        .update(kbDocuments)
        .set({ status: KbDocStatus.Indexing, progress: 0, error: null })
        .where(eq(kbDocuments.id, due.documentId));
      return { documentId: due.documentId, token, attempts: claimed!.attempts };
    });
  }

  /** Writes progress and renews the lease, or throws ClaimLost when the job is no longer ours. */
  private async progress(job: ClaimedJob, percent: number) {
    if (this.closing) throw new ClaimLost();
    const renewed = await this.db
      .update(kbJobs)
      .set({ leaseUntil: Date.now() + JOB_LEASE_MS })
      .where(and(eq(kbJobs.documentId, job.documentId), eq(kbJobs.token, job.token)))
      .returning({ id: kbJobs.documentId });
    if (renewed.length === 0) throw new ClaimLost();
    await this.db
      .update(kbDocuments)
      .set({ progress: Math.max(0, Math.min(99, Math.round(percent))) })
      .where(eq(kbDocuments.id, job.documentId));
  }

  private async run(job: ClaimedJob) {
    try {
      const [doc] = await this.db
        .select({
          id: kbDocuments.id,
          baseId: kbDocuments.baseId,
          fileExtension: kbDocuments.fileExtension,
          content: storedFiles.content,
          chunkSettings: kbBases.chunkSettings,
          baseDeleted: kbBases.deleteMark,
        })
        .from(kbDocuments)
        .innerJoin(kbBases, eq(kbBases.id, kbDocuments.baseId))
        .innerJoin(storedFiles, eq(storedFiles.id, kbDocuments.fileId))
        .where(eq(kbDocuments.id, job.documentId));
      if (!doc || doc.baseDeleted) {
        await this.db.delete(kbJobs).where(eq(kbJobs.documentId, job.documentId));
        return;
      }
      if (job.attempts > MAX_ATTEMPTS) throw new Error(JobMessages.gaveUp);

      const { text, rows } = await extractInWorker(
        doc.fileExtension as KbFileType,
        doc.content,
        (f) => this.progress(job, 5 + f * 35),
        this.extractTimeoutMs,
      );
      await this.progress(job, 40);
      // A sheet's rows are its chunks: a hit is one row, whole.
      const pieces = rows
        ? rows.map(([start, end]) => ({ content: text.slice(start, end), start, end }))
        : splitIntoChunks(text, doc.chunkSettings);
      if (pieces.length > MAX_CHUNKS_PER_DOCUMENT) throw new Error(JobMessages.tooManyChunks);

      const vectors: (number[] | null)[] = pieces.map(() => null);
      const { embedding } = await modelEndpoints(this.db);
      if (embedding) {
        for (let i = 0; i < pieces.length; i += EMBED_BATCH) {
          const batch = pieces.slice(i, i + EMBED_BATCH);
          const got = await embed(
            embedding,
            batch.map((p) => p.content),
          );
          got.forEach((v, j) => {
            vectors[i + j] = v;
          });
          await this.progress(job, 45 + ((i + batch.length) / pieces.length) * 45);
        }
      }
      await this.progress(job, 95);

      const stored = await this.db.transaction(async (tx) => {
        const [mine] = await tx
          .select({ id: kbJobs.documentId })
          .from(kbJobs)
          .where(and(eq(kbJobs.documentId, job.documentId), eq(kbJobs.token, job.token)))
          .for('update');
        if (!mine) return false;
        await tx.delete(kbChunks).where(eq(kbChunks.documentId, doc.id));
        const rows = pieces.map((p, seq) => ({
          id: newId(),
          baseId: doc.baseId,
          documentId: doc.id,
          seq: seq + 1,
          content: p.content,
          start: p.start,
          end: p.end,
          embedding: vectors[seq],
        }));
        for (let i = 0; i < rows.length; i += INSERT_BATCH)
          await tx.insert(kbChunks).values(rows.slice(i, i + INSERT_BATCH));
        await tx
          .update(kbDocuments)
          .set({ status: KbDocStatus.Ready, progress: 100, error: null, chunkCount: rows.length })
          .where(eq(kbDocuments.id, doc.id));
        await tx.delete(kbJobs).where(eq(kbJobs.documentId, doc.id));
        return true;
      });
      if (stored) {
        this.metrics.job('knowledge_indexing', 'done');
        await this.index.changed({ op: 'document', id: doc.id });
      }
    } catch (error) {
      if (error instanceof ClaimLost || this.closing) return;
      await this.fail(job, error);
    }
  }

  /** Marks the document failed with a message a person can act on, when the job is still ours. */
  private async fail(job: ClaimedJob, error: unknown) {
    const said = error instanceof Error ? error.message : '';
    const message =
      error instanceof OutboundError || PERSON_MESSAGES.has(said) ? said : JobMessages.unreadable;
    this.log.warn({ err: error, documentId: job.documentId }, 'knowledge document failed to index');
    this.metrics.job('knowledge_indexing', 'failed');
    await this.db.transaction(async (tx) => {
      const gone = await tx
        .delete(kbJobs)
        .where(and(eq(kbJobs.documentId, job.documentId), eq(kbJobs.token, job.token)))
        .returning({ id: kbJobs.documentId });
      if (gone.length === 0) return;
      await tx
        .update(kbDocuments)
        .set({ status: KbDocStatus.Failed, error: message.slice(0, 500) })
        .where(eq(kbDocuments.id, job.documentId));
    });
  }
}
