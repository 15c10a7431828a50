import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../core/calendar.js';
import { newId } from '../../core/ids.js';
import type { DbOrTx } from '../../db/client.js';
import { fileChunkReceipts, fileChunkSets } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import type { FileStore } from './file-store.js';

/** Chunks of one user's file: another user's upload of the same content never mixes with it. */
export const chunkFolder = (userId: string, identifier: string) => `chunks/${userId}/${identifier}/`;

/** How a chunk set ended. */
export type ChunkSetEnd = 'merged' | 'swept' | 'dropped';

/**
 * The open chunk set of a user's file, created on its first chunk; marks it touched now.
 * Its row stays locked until the caller's transaction ends, so a sweep cannot take it meanwhile.
 */
export async function openChunkSet(
  tx: DbOrTx,
  userId: string,
  identifier: string,
  totalSize: number,
  now: number,
): Promise<string> {
  const [row] = await tx
    .insert(fileChunkSets)
    .values({ id: newId(), userId, identifier, totalSize, createdTime: now, touchedTime: now })
    .onConflictDoUpdate({
      target: [fileChunkSets.userId, fileChunkSets.identifier],
      targetWhere: isNull(fileChunkSets.closedTime),
      set: { touchedTime: now, totalSize },
    })
    .returning({ id: fileChunkSets.id });
  if (!row) throw new Error('chunk set not opened');
  return row.id;
}

/** The open set of a user's file, if any, marked touched (asking for its state keeps it alive). */
export async function touchChunkSet(db: DbOrTx, userId: string, identifier: string, now: number) {
  const [row] = await db
    .update(fileChunkSets)
    .set({ touchedTime: now })
    .where(
      and(
        eq(fileChunkSets.userId, userId),
        eq(fileChunkSets.identifier, identifier),
        isNull(fileChunkSets.closedTime),
      ),
    )
    .returning({ id: fileChunkSets.id });
  return row?.id;
}

/** Counts a received chunk once: a resent chunk (its answer was lost) is not counted again. */
export async function recordChunk(tx: DbOrTx, setId: string, chunkNumber: number, size: number, now: number) {
  await tx
    .insert(fileChunkReceipts)
    .values({ setId, chunkNumber, size, receivedTime: now })
    .onConflictDoNothing();
}

/** Ends an open set: its chunks became a stored file (merged) or were thrown away. False when it was no longer open. */
export async function closeChunkSet(
  tx: DbOrTx,
  setId: string,
  end: ChunkSetEnd,
  now: number,
): Promise<boolean> {
  const closed = await tx
    .update(fileChunkSets)
    .set({ closedTime: now, closedBy: end })
    .where(and(eq(fileChunkSets.id, setId), isNull(fileChunkSets.closedTime)))
    .returning({ id: fileChunkSets.id });
  return closed.length > 0;
}

/**
 * Chunk bytes a user sent since a moment that did not become a stored file (those count as the
 * file): chunks of uploads still open, abandoned or refused. `except` leaves out one set.
 */
export async function chunkBytesSince(
  db: DbOrTx,
  userId: string,
  since: number,
  except?: string,
): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${fileChunkReceipts.size})` })
    .from(fileChunkReceipts)
    .innerJoin(fileChunkSets, eq(fileChunkSets.id, fileChunkReceipts.setId))
    .where(
      and(
        eq(fileChunkSets.userId, userId),
        gte(fileChunkReceipts.receivedTime, since),
        or(isNull(fileChunkSets.closedBy), ne(fileChunkSets.closedBy, 'merged')),
        except ? ne(fileChunkSets.id, except) : undefined,
      ),
    );
  return Number(row?.bytes ?? 0);
}

const SWEEP_BATCH = 50;

/**
 * Deletes the chunks of sets untouched for UPLOAD_CHUNK_TTL_MS, at most `limit` per call, and
 * forgets sets closed over a day ago (their bytes no longer count against any quota). The sets
 * are claimed with FOR UPDATE SKIP LOCKED, so instances sweeping at once each take other sets
 * and every set is swept once. Answers the number of sets swept.
 */
export async function sweepChunkSets(
  services: Services,
  store: FileStore,
  now = Date.now(),
  limit = SWEEP_BATCH,
): Promise<number> {
  const cutoff = now - services.config.UPLOAD_CHUNK_TTL_MS;
  return services.db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: fileChunkSets.id, userId: fileChunkSets.userId, identifier: fileChunkSets.identifier })
      .from(fileChunkSets)
      .where(and(isNull(fileChunkSets.closedTime), lt(fileChunkSets.touchedTime, cutoff)))
      .orderBy(asc(fileChunkSets.touchedTime))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const set of stale) {
      await store.delete(await store.list(chunkFolder(set.userId, set.identifier)));
    }
    if (stale.length) {
      await tx
        .update(fileChunkSets)
        .set({ closedTime: now, closedBy: 'swept' })
        .where(
          inArray(
            fileChunkSets.id,
            stale.map((set) => set.id),
          ),
        );
    }
    await tx.delete(fileChunkSets).where(lt(fileChunkSets.closedTime, now - DAY_MS));
    return stale.length;
  });
}

/** Every instance sweeps on UPLOAD_CHUNK_SWEEP_INTERVAL_MS; the claim keeps them apart. */
export function startChunkSweep(app: FastifyInstance, services: Services, store: FileStore) {
  const interval = services.config.UPLOAD_CHUNK_SWEEP_INTERVAL_MS;
  if (interval === 0) return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // A full batch means more may be waiting: keep going until a short one.
      let swept: number;
      do swept = await sweepChunkSets(services, store);
      while (swept === SWEEP_BATCH);
    } catch (error) {
      app.log.error({ err: error }, 'sweeping abandoned upload chunks failed; retried on the next tick');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, interval);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
