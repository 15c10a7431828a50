import type { KbChunkBody, KbChunkRow, KbChunkView, KbListQuery, PagedList } from '@console/shared';
import { and, asc, eq } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { updateVersioned } from '../../core/versioned.js';
import type { DbOrTx } from '../../db/client.js';
import { assertFixedOrder, keywordMatch, selectPage } from '../../db/query.js';
import { kbBases, kbChunks, kbDocuments } from '../../db/schema/index.js';
import type { ModelEndpoint } from './llm.js';
import { embed } from './llm.js';

export const ChunkMessages = {
  notFound: '分段不存在或已删除',
} as const;

export async function listChunks(
  db: DbOrTx,
  documentId: string,
  query: KbListQuery,
): Promise<PagedList<KbChunkRow>> {
  assertFixedOrder(query.sidx);
  const page = await selectPage(
    db,
    kbChunks,
    and(eq(kbChunks.documentId, documentId), keywordMatch(query.keyword, kbChunks.content)),
    [asc(kbChunks.seq)],
    query,
  );
  return {
    list: page.rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      content: r.content,
      start: r.start,
      end: r.end,
      enabledMark: r.enabledMark,
      version: r.version,
    })),
    pagination: page.pagination,
  };
}

/**
 * Saves an edited chunk (optimistic lock). Its embedding is computed again before the write
 * when an embeddings endpoint is configured, so the write stays one short statement.
 */
export async function updateChunk(
  db: DbOrTx,
  baseId: string,
  chunkId: string,
  body: KbChunkBody,
  userId: string,
  embedding: ModelEndpoint | undefined,
) {
  const [chunk] = await db
    .select({ id: kbChunks.id, content: kbChunks.content })
    .from(kbChunks)
    .where(and(eq(kbChunks.id, chunkId), eq(kbChunks.baseId, baseId)));
  if (!chunk) throw badRequest(ChunkMessages.notFound);
  const values: Partial<typeof kbChunks.$inferInsert> = {
    content: body.content,
    enabledMark: body.enabledMark,
  };
  if (embedding && body.content !== chunk.content) {
    const [vector] = await embed(embedding, [body.content]);
    values.embedding = vector ?? null;
  }
  await updateVersioned(db, kbChunks, { id: chunkId, version: body.version, userId }, values);
}

/** A chunk with its base and document names (the citation view); the caller checks the base. */
export async function chunkView(db: DbOrTx, chunkId: string): Promise<KbChunkView | undefined> {
  const [row] = await db
    .select({
      id: kbChunks.id,
      baseId: kbChunks.baseId,
      baseName: kbBases.fullName,
      documentId: kbChunks.documentId,
      documentName: kbDocuments.fullName,
      content: kbChunks.content,
      seq: kbChunks.seq,
    })
    .from(kbChunks)
    .innerJoin(kbBases, and(eq(kbBases.id, kbChunks.baseId), eq(kbBases.deleteMark, 0)))
    .innerJoin(kbDocuments, eq(kbDocuments.id, kbChunks.documentId))
    .where(eq(kbChunks.id, chunkId));
  return row;
}
