import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { MessageBus } from '../../core/bus/index.js';
import type { Db } from '../../db/client.js';
import { kbBases, kbChunks, kbWordLists } from '../../db/schema/index.js';
import { ChunkIndex, fuseByRank, VectorIndex } from './retrieval/index.js';

/** Bus channel of index changes: each instance applies what another committed. */
export const KB_INDEX_CHANNEL = 'knowledge.index';

type IndexChange =
  | { op: 'chunks'; ids: string[] }
  | { op: 'document'; id: string }
  | { op: 'base'; id: string }
  | { op: 'words' };

export interface KbSearchHit {
  chunkId: string;
  score: number;
  /** 0..1, comparable across questions: what a base's minScore is checked against. */
  relevance: number;
}

interface IndexRow {
  id: string;
  baseId: string;
  documentId: string;
  seq: number;
  content: string;
  embedding: number[] | null;
}

const LOAD_BATCH = 5_000;

/**
 * The retrieval index of this instance, in memory: loaded from the chunks table on first use,
 * changed after each commit here, and told through the bus about commits on other instances.
 * A change is always re-read from the database, so the bus carries ids only.
 */
export class KnowledgeIndex {
  private readonly instance = randomUUID();
  /** Made on first use: its Chinese dictionary takes most of a second to load. */
  private chunkIndex: ChunkIndex | undefined;
  private readonly vectors = new VectorIndex();
  private loaded: Promise<void> | undefined;
  /** Changes that arrive while loading, applied once it is done. */
  private queued: IndexChange[] = [];
  private loading = false;
  /** Changes are applied one after another, so a later change's reading of the rows always wins. */
  private applying: Promise<void> = Promise.resolve();
  /** Length of the vectors held; 0 until the first. */
  private dimensions = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: MessageBus,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe(KB_INDEX_CHANNEL, (message) => {
      const { from, change } = message as { from: string; change: IndexChange };
      if (from === this.instance || !this.loaded) return;
      if (this.loading) this.queued.push(change);
      else void this.inOrder(change).catch(() => undefined);
    });
  }

  /** The analyzer, for matching questions against curated pairs with the same normalisation. */
  get analyzer() {
    return this.chunks.analyzer;
  }

  private get chunks(): ChunkIndex {
    this.chunkIndex ??= new ChunkIndex();
    return this.chunkIndex;
  }

  /** Loads now when there is anything to load, so that the first question does not wait. */
  async preload(): Promise<void> {
    const [any] = await this.db.select({ id: kbChunks.id }).from(kbChunks).limit(1);
    if (any) await this.ready();
  }

  ready(): Promise<void> {
    this.loaded ??= this.load().catch((error) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  private async load() {
    this.loading = true;
    try {
      await this.loadWords();
      let after = '';
      for (;;) {
        const rows = await this.db
          .select({
            id: kbChunks.id,
            baseId: kbChunks.baseId,
            documentId: kbChunks.documentId,
            seq: kbChunks.seq,
            content: kbChunks.content,
            embedding: kbChunks.embedding,
          })
          .from(kbChunks)
          .innerJoin(kbBases, eq(kbBases.id, kbChunks.baseId))
          .where(
            and(
              eq(kbChunks.enabledMark, 1),
              eq(kbBases.deleteMark, 0),
              after ? gt(kbChunks.id, after) : undefined,
            ),
          )
          .orderBy(kbChunks.id)
          .limit(LOAD_BATCH);
        this.add(rows);
        if (rows.length < LOAD_BATCH) break;
        after = rows[rows.length - 1]!.id;
      }
      for (const change of this.queued.splice(0)) await this.apply(change);
    } finally {
      this.loading = false;
    }
  }

  private async loadWords() {
    const [row] = await this.db.select().from(kbWordLists).where(eq(kbWordLists.kind, 'dictionary'));
    this.chunks.analyzer.setUserWords(row?.words ?? []);
  }

  private add(rows: IndexRow[]) {
    this.chunks.upsert(
      rows.map((r) => ({
        id: r.id,
        baseId: r.baseId,
        documentId: r.documentId,
        text: r.content,
        seq: r.seq,
      })),
    );
    // Vectors of another length come from an embedding model used before: words find those
    // chunks until they are re-indexed.
    this.dimensions ||= rows.find((r) => r.embedding?.length)?.embedding?.length ?? 0;
    const withVectors = rows.filter((r) => r.embedding?.length === this.dimensions && this.dimensions > 0);
    this.vectors.upsert(
      withVectors.map((r) => ({
        id: r.id,
        baseId: r.baseId,
        documentId: r.documentId,
        vector: r.embedding!,
      })),
    );
  }

  private async apply(change: IndexChange) {
    if (change.op === 'words') {
      await this.loadWords();
      this.chunks.reanalyze();
      return;
    }
    if (change.op === 'base') {
      this.chunks.removeBase(change.id);
      this.vectors.removeBase(change.id);
      return;
    }
    const select = this.db
      .select({
        id: kbChunks.id,
        baseId: kbChunks.baseId,
        documentId: kbChunks.documentId,
        seq: kbChunks.seq,
        content: kbChunks.content,
        embedding: kbChunks.embedding,
      })
      .from(kbChunks)
      .innerJoin(kbBases, eq(kbBases.id, kbChunks.baseId));
    const live = and(eq(kbChunks.enabledMark, 1), eq(kbBases.deleteMark, 0));
    if (change.op === 'document') {
      const rows = await select.where(and(live, eq(kbChunks.documentId, change.id)));
      this.chunks.removeDocument(change.id);
      this.vectors.removeDocument(change.id);
      this.add(rows);
      return;
    }
    const rows = await select.where(and(live, inArray(kbChunks.id, change.ids)));
    const found = new Set(rows.map((r) => r.id));
    const gone = change.ids.filter((id) => !found.has(id));
    this.chunks.remove(gone);
    this.vectors.remove([...gone, ...rows.filter((r) => !r.embedding?.length).map((r) => r.id)]);
    this.add(rows);
  }

  private inOrder(change: IndexChange): Promise<void> {
    const applied = this.applying.then(() => this.apply(change));
    this.applying = applied.catch(() => undefined);
    return applied;
  }

  /** Applies a committed change here (when loaded) and tells the other instances. */
  async changed(change: IndexChange): Promise<void> {
    if (this.loaded) {
      await this.loaded.catch(() => undefined);
      await this.inOrder(change);
    }
    await this.bus.publish(KB_INDEX_CHANNEL, { from: this.instance, change });
  }

  /**
   * The best chunks of `baseIds` only (the bases the caller may use): BM25 alone, or fused by
   * rank with the nearest embeddings when the question has one.
   */
  async search(
    question: string,
    options: { baseIds: readonly string[]; topK: number; vector?: number[] },
  ): Promise<KbSearchHit[]> {
    if (options.baseIds.length === 0) return [];
    await this.ready();
    const lexical = this.chunks.search(question, { baseIds: options.baseIds, topK: options.topK });
    if (!options.vector) {
      return lexical.map((h) => ({ chunkId: h.chunkId, score: h.score, relevance: h.relevance }));
    }
    const semantic = this.vectors.search(options.vector, { baseIds: options.baseIds, topK: options.topK });
    const relevance = new Map<string, number>();
    for (const hit of semantic) relevance.set(hit.chunkId, Math.max(0, hit.score));
    // Words found outweigh a similar meaning: the lexical share replaces the cosine when both exist.
    for (const hit of lexical) relevance.set(hit.chunkId, hit.relevance);
    return fuseByRank([lexical, semantic])
      .slice(0, options.topK)
      .map((h) => ({ chunkId: h.chunkId, score: h.score, relevance: relevance.get(h.chunkId) ?? 0 }));
  }
}
