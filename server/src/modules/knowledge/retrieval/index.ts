import { type Analyzer, createAnalyzer, type Terms } from './analyzer.js';

export { type Analyzer, createAnalyzer, normalize, type Terms } from './analyzer.js';
export { type ChunkSettings, splitIntoChunks, type TextChunk } from './chunking.js';
export { fuseByRank, type RankedHit, VectorIndex } from './vector.js';

export interface IndexedChunk {
  id: string;
  baseId: string;
  documentId: string;
  /** The chunk's content as written; the index normalises it. */
  text: string;
  /**
   * The chunk's place in its document. The opening of the document's first chunk (the lowest
   * seq indexed; see LEAD_CHARS) is indexed with every later chunk of the document, so that a
   * chunk is found by what its document is about even when it does not name it.
   */
  seq?: number;
}

/** How much of a document's first sentence goes with its later chunks (tuned on trial: 6–15 do equally well). */
export const LEAD_CHARS = 10;

export interface SearchHit {
  chunkId: string;
  /** What the hits are ordered by; comparable within one search only. */
  score: number;
  /**
   * 0..1: the share of the question's information (IDF-weighted character pairs) found in the
   * chunk. Comparable across questions: what `minScore` is checked against.
   */
  relevance: number;
}

export interface SearchOptions {
  /** The bases the caller may use: chunks of any other base are never scored or returned. */
  baseIds: readonly string[];
  topK: number;
}

/** BM25 of one term family. */
export interface FamilyParams {
  weight: number;
  k1: number;
  b: number;
}

export interface RetrievalParams {
  words: FamilyParams;
  bigrams: FamilyParams;
  unigrams: FamilyParams;
  /** How many BM25 leaders are re-scored on the question's phrasing. */
  candidates: number;
  /** Weight of `relevance` added to BM25 divided by the best BM25 of the search. */
  coverageWeight: number;
  /** Added for a document's first chunk, which usually says what the document is about. */
  firstChunkWeight: number;
}

/** Tuned on cmrc2018_trial.json (bench/scenarios/knowledge.ts --offline); see docs/benchmarks.md. */
export const DEFAULT_PARAMS: RetrievalParams = {
  words: { weight: 0.5, k1: 0.3, b: 0.75 },
  // Bigrams rank no better than words and characters on trial: they serve `relevance` and its re-scoring.
  bigrams: { weight: 0, k1: 0.3, b: 0 },
  unigrams: { weight: 0.3, k1: 0.3, b: 0.4 },
  candidates: 50,
  coverageWeight: 0.5,
  firstChunkWeight: 0.1,
};

const FAMILIES = ['words', 'bigrams', 'unigrams'] as const;

/** A growable list of (slot, term frequency) pairs. */
interface Postings {
  slots: Int32Array;
  tfs: Uint16Array;
  length: number;
}

/** No base: the slot was removed. */
const DEAD = -1;

/**
 * An in-memory inverted index of chunks over three term families, scored with BM25 per family
 * and re-scored on the question's phrasing. Chunks live in slots; a removed chunk's slot is dead
 * until the next compaction (when a fifth of the slots are dead), which drops it from postings.
 */
export class ChunkIndex {
  readonly analyzer: Analyzer;
  params: RetrievalParams;

  private ids: (string | undefined)[] = [];
  /** The analysed text of each slot: its document's lead, a newline, its own normalised text. */
  private texts: string[] = [];
  private leadLengths: number[] = [];
  private seqs: (number | undefined)[] = [];
  private documentOf: (string | undefined)[] = [];
  private baseOf = new Int32Array(1024);
  /** Term count of each slot per family, [slot * 3 + family]. */
  private lengths = new Uint32Array(1024 * 3);
  private totalLength = [0, 0, 0];
  private live = 0;

  private slotById = new Map<string, number>();
  private slotsByDocument = new Map<string, Set<number>>();
  private baseNumbers = new Map<string, number>();
  private baseNames: string[] = [];
  /** Each document's first chunk indexed (lowest seq) and its normalised opening. */
  private leads = new Map<string, { seq: number; text: string }>();

  /** Term → posting list number, one map per family. */
  private termIds = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  private postings: Postings[] = [];

  /** Scratch of search, reused so that a search allocates nothing in proportion to the index. */
  private scores = new Float64Array(1024);
  private touched = new Int32Array(1024);
  private allowed = new Uint8Array(16);

  constructor(options: { analyzer?: Analyzer; params?: Partial<RetrievalParams> } = {}) {
    this.analyzer = options.analyzer ?? createAnalyzer();
    this.params = { ...DEFAULT_PARAMS, ...options.params };
  }

  /** Chunks held. */
  get size(): number {
    return this.live;
  }

  upsert(chunks: readonly IndexedChunk[]): void {
    const newLeads = new Set<string>();
    for (const chunk of chunks) {
      if (chunk.seq === undefined) continue;
      const known = this.leads.get(chunk.documentId);
      if (known && known.seq < chunk.seq) continue;
      const text = leadOf(this.analyzer.normalize(chunk.text));
      if (known?.seq === chunk.seq && known.text === text) continue;
      this.leads.set(chunk.documentId, { seq: chunk.seq, text });
      newLeads.add(chunk.documentId);
    }
    const upserted = new Set<string>();
    for (const chunk of chunks) {
      this.removeSlot(this.slotById.get(chunk.id));
      this.add(chunk, this.analyzer.normalize(chunk.text));
      upserted.add(chunk.id);
    }
    // Chunks indexed before their document's opening was known, or when it was different.
    for (const documentId of newLeads) {
      for (const slot of [...(this.slotsByDocument.get(documentId) ?? [])]) {
        if (upserted.has(this.ids[slot]!)) continue;
        const chunk = this.chunkAt(slot);
        const own = this.ownText(slot);
        this.removeSlot(slot);
        this.add(chunk, own);
      }
    }
    this.compactIfSparse();
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) this.removeSlot(this.slotById.get(id));
    this.compactIfSparse();
  }

  removeDocument(documentId: string): void {
    for (const slot of this.slotsByDocument.get(documentId) ?? []) this.removeSlot(slot);
    this.leads.delete(documentId);
    this.compactIfSparse();
  }

  removeBase(baseId: string): void {
    const base = this.baseNumbers.get(baseId);
    if (base === undefined) return;
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (this.baseOf[slot] !== base) continue;
      this.leads.delete(this.documentOf[slot]!);
      this.removeSlot(slot);
    }
    this.compactIfSparse();
  }

  /** Analyses every chunk again, e.g. after the analyzer's user dictionary changed. */
  reanalyze(): void {
    const chunks: [Omit<IndexedChunk, 'text'>, string][] = [];
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (this.ids[slot] !== undefined) chunks.push([this.chunkAt(slot), this.ownText(slot)]);
    }
    this.clear();
    for (const [chunk, own] of chunks) this.add(chunk, own);
  }

  search(question: string, options: SearchOptions): SearchHit[] {
    const topK = Math.max(0, Math.floor(options.topK));
    if (topK === 0 || this.live === 0) return [];
    const allowed = this.allowBases(options.baseIds);
    try {
      const query = this.analyzer.queryTerms(question);
      const touchedCount = this.scoreBm25(query, allowed);
      if (touchedCount === 0) return [];
      const candidates = this.leaders(touchedCount, Math.max(topK, this.params.candidates));
      return this.rescore(candidates, query).slice(0, topK);
    } finally {
      for (const base of options.baseIds) {
        const number = this.baseNumbers.get(base);
        if (number !== undefined) allowed[number + 1] = 0;
      }
    }
  }

  // --- scoring -------------------------------------------------------------------------------

  /** Marks the allowed bases in the reusable mask, indexed by base number + 1 (0: dead slots). */
  private allowBases(baseIds: readonly string[]): Uint8Array {
    if (this.allowed.length < this.baseNumbers.size + 1)
      this.allowed = new Uint8Array(this.baseNumbers.size * 2 + 1);
    for (const base of baseIds) {
      const number = this.baseNumbers.get(base);
      if (number !== undefined) this.allowed[number + 1] = 1;
    }
    return this.allowed;
  }

  /** Adds every query term's BM25 into `scores`; returns how many slots were touched. */
  private scoreBm25(query: Terms, allowed: Uint8Array): number {
    const { scores, touched, baseOf, lengths } = this;
    const slots = this.ids.length;
    let touchedCount = 0;
    FAMILIES.forEach((familyName, family) => {
      const { weight, k1, b } = this.params[familyName];
      if (weight === 0) return;
      const averageLength = this.totalLength[family]! / Math.max(1, this.live) || 1;
      for (const [termId, queryTf] of this.queryTermIds(query[familyName], family)) {
        const list = this.postings[termId]!;
        const df = list.length;
        const idf = Math.log(1 + (slots - df + 0.5) / (df + 0.5));
        const termWeight = weight * idf * queryTf;
        const norm = k1 * (1 - b);
        const normPerLength = (k1 * b) / averageLength;
        for (let i = 0; i < df; i++) {
          const slot = list.slots[i]!;
          if (allowed[baseOf[slot]! + 1] === 0) continue;
          const tf = list.tfs[i]!;
          const score =
            (termWeight * tf * (k1 + 1)) / (tf + norm + normPerLength * lengths[slot * 3 + family]!);
          if (scores[slot] === 0) touched[touchedCount++] = slot;
          scores[slot]! += score;
        }
      }
    });
    return touchedCount;
  }

  private queryTermIds(terms: string[], family: number): Map<number, number> {
    const counts = new Map<number, number>();
    for (const term of terms) {
      const id = this.termIds[family]!.get(term);
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  /** The `count` best touched slots, best first; clears `scores` for the next search. */
  private leaders(touchedCount: number, count: number): { slot: number; bm25: number }[] {
    const { scores, touched } = this;
    const best: { slot: number; bm25: number }[] = [];
    let floor = -Infinity;
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i]!;
      const score = scores[slot]!;
      scores[slot] = 0;
      if (best.length >= count && score <= floor) continue;
      best.push({ slot, bm25: score });
      if (best.length >= count * 2) {
        best.sort((x, y) => y.bm25 - x.bm25);
        best.length = count;
        floor = best[count - 1]!.bm25;
      }
    }
    best.sort((x, y) => y.bm25 - x.bm25);
    if (best.length > count) best.length = count;
    return best;
  }

  /** Re-scores BM25's leaders on how much of the question the chunk holds, and its place. */
  private rescore(candidates: { slot: number; bm25: number }[], query: Terms): SearchHit[] {
    const { coverageWeight, firstChunkWeight } = this.params;
    const topBm25 = candidates[0]?.bm25 || 1;
    const slots = this.ids.length;
    const bigramIdf = new Map<string, number>();
    let idfTotal = 0;
    for (const bigram of query.bigrams) {
      if (bigramIdf.has(bigram)) continue;
      const id = this.termIds[1]!.get(bigram);
      const df = id === undefined ? 0 : this.postings[id]!.length;
      const idf = Math.log(1 + (slots - df + 0.5) / (df + 0.5));
      bigramIdf.set(bigram, idf);
      idfTotal += idf;
    }
    const hits = candidates.map(({ slot, bm25 }) => {
      const text = this.texts[slot]!;
      let covered = 0;
      for (const [bigram, idf] of bigramIdf) if (text.includes(bigram)) covered += idf;
      const relevance = idfTotal > 0 ? covered / idfTotal : 0;
      const score =
        bm25 / topBm25 + coverageWeight * relevance + (this.isFirstChunk(slot) ? firstChunkWeight : 0);
      return { chunkId: this.ids[slot]!, score, relevance };
    });
    // A chunk sharing no pair of adjacent characters with the question only shares stray characters.
    return hits.filter((hit) => hit.relevance > 0 || idfTotal === 0).sort((x, y) => y.score - x.score);
  }

  // --- maintenance ---------------------------------------------------------------------------

  /** Indexes a chunk under its document's lead, when it is not the document's first chunk. */
  private add(chunk: Omit<IndexedChunk, 'text'>, own: string): void {
    const known = this.leads.get(chunk.documentId);
    const lead = known && chunk.seq !== undefined && chunk.seq > known.seq ? known.text : '';
    const text = lead ? `${lead}\n${own}` : own;
    const terms = this.analyzer.documentTerms(text);
    const slot = this.ids.length;
    this.ensureSlotCapacity(slot + 1);
    let base = this.baseNumbers.get(chunk.baseId);
    if (base === undefined) {
      base = this.baseNames.length;
      this.baseNumbers.set(chunk.baseId, base);
      this.baseNames.push(chunk.baseId);
    }
    this.ids.push(chunk.id);
    this.texts.push(text);
    this.leadLengths.push(lead ? lead.length + 1 : 0);
    this.seqs.push(chunk.seq);
    this.documentOf.push(chunk.documentId);
    this.baseOf[slot] = base;
    this.slotById.set(chunk.id, slot);
    this.trackDocument(chunk.documentId, slot);
    FAMILIES.forEach((familyName, family) => {
      const list = terms[familyName];
      this.lengths[slot * 3 + family] = list.length;
      this.totalLength[family]! += list.length;
      const counts = new Map<string, number>();
      for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts) this.addPosting(this.termId(family, term), slot, tf);
    });
    this.live++;
  }

  private chunkAt(slot: number): Omit<IndexedChunk, 'text'> {
    return {
      id: this.ids[slot]!,
      baseId: this.baseNames[this.baseOf[slot]!]!,
      documentId: this.documentOf[slot]!,
      seq: this.seqs[slot],
    };
  }

  private isFirstChunk(slot: number): boolean {
    const seq = this.seqs[slot];
    return seq !== undefined && seq === this.leads.get(this.documentOf[slot]!)?.seq;
  }

  private ownText(slot: number): string {
    return this.texts[slot]!.slice(this.leadLengths[slot]);
  }

  private trackDocument(documentId: string, slot: number): void {
    const slots = this.slotsByDocument.get(documentId);
    if (slots) slots.add(slot);
    else this.slotsByDocument.set(documentId, new Set([slot]));
  }

  private removeSlot(slot: number | undefined): void {
    if (slot === undefined || this.ids[slot] === undefined) return;
    const id = this.ids[slot]!;
    this.slotById.delete(id);
    const documentSlots = this.slotsByDocument.get(this.documentOf[slot]!);
    documentSlots?.delete(slot);
    if (documentSlots?.size === 0) this.slotsByDocument.delete(this.documentOf[slot]!);
    for (let family = 0; family < 3; family++) this.totalLength[family]! -= this.lengths[slot * 3 + family]!;
    this.ids[slot] = undefined;
    this.texts[slot] = '';
    this.leadLengths[slot] = 0;
    this.documentOf[slot] = undefined;
    this.baseOf[slot] = DEAD;
    this.live--;
  }

  /** Rebuilds slots and postings without the dead once they are a fifth of all slots. */
  private compactIfSparse(): void {
    const slots = this.ids.length;
    if (slots - this.live < Math.max(64, slots / 5)) return;
    const newSlot = new Int32Array(slots);
    let next = 0;
    for (let slot = 0; slot < slots; slot++) {
      if (this.ids[slot] === undefined) {
        newSlot[slot] = -1;
        continue;
      }
      newSlot[slot] = next;
      this.ids[next] = this.ids[slot];
      this.texts[next] = this.texts[slot]!;
      this.leadLengths[next] = this.leadLengths[slot]!;
      this.seqs[next] = this.seqs[slot];
      this.documentOf[next] = this.documentOf[slot];
      this.baseOf[next] = this.baseOf[slot]!;
      this.lengths.copyWithin(next * 3, slot * 3, slot * 3 + 3);
      next++;
    }
    this.ids.length = next;
    this.texts.length = next;
    this.leadLengths.length = next;
    this.seqs.length = next;
    this.documentOf.length = next;
    for (const list of this.postings) {
      let kept = 0;
      for (let i = 0; i < list.length; i++) {
        const slot = newSlot[list.slots[i]!]!;
        if (slot < 0) continue;
        list.slots[kept] = slot;
        list.tfs[kept] = list.tfs[i]!;
        kept++;
      }
      list.length = kept;
    }
    this.slotById.clear();
    this.slotsByDocument.clear();
    for (let slot = 0; slot < next; slot++) {
      this.slotById.set(this.ids[slot]!, slot);
      this.trackDocument(this.documentOf[slot]!, slot);
    }
  }

  private clear(): void {
    this.ids = [];
    this.texts = [];
    this.leadLengths = [];
    this.seqs = [];
    this.documentOf = [];
    this.totalLength = [0, 0, 0];
    this.live = 0;
    this.slotById.clear();
    this.slotsByDocument.clear();
    for (const map of this.termIds) map.clear();
    this.postings = [];
  }

  private termId(family: number, term: string): number {
    const map = this.termIds[family]!;
    let id = map.get(term);
    if (id === undefined) {
      id = this.postings.length;
      map.set(term, id);
      this.postings.push({ slots: new Int32Array(4), tfs: new Uint16Array(4), length: 0 });
    }
    return id;
  }

  private addPosting(termId: number, slot: number, tf: number): void {
    const list = this.postings[termId]!;
    if (list.length === list.slots.length) {
      list.slots = grow(list.slots, list.length + 1);
      list.tfs = grow(list.tfs, list.length + 1);
    }
    list.slots[list.length] = slot;
    list.tfs[list.length] = Math.min(tf, 65535);
    list.length++;
  }

  private ensureSlotCapacity(slots: number): void {
    if (slots <= this.baseOf.length) return;
    this.baseOf = grow(this.baseOf, slots);
    this.lengths = grow(this.lengths, slots * 3);
    this.scores = new Float64Array(this.baseOf.length);
    this.touched = new Int32Array(this.baseOf.length);
  }
}

/** A copy of `array` with room for at least `needed` elements (doubling). */
function grow<T extends Int32Array | Uint16Array | Uint32Array | Uint8Array>(array: T, needed: number): T {
  let length = Math.max(4, array.length);
  while (length < needed) length *= 2;
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}

/** The start of a document's first sentence, at most LEAD_CHARS long. */
function leadOf(text: string): string {
  const sentence = /^[^。！？!?\n]*/.exec(text.trimStart())?.[0] ?? '';
  return sentence.slice(0, LEAD_CHARS).trim();
}
