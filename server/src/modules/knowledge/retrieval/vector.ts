export interface RankedHit {
  chunkId: string;
  score: number;
}

/**
 * Embeddings of chunks, searched by brute-force cosine similarity. Vectors are stored normalised
 * in one Float32Array, so a search is one pass of dot products over the allowed bases' rows.
 */
export class VectorIndex {
  private dimensions = 0;
  private rows = new Float32Array(0);
  private ids: string[] = [];
  private baseOf: string[] = [];
  private documentOf: string[] = [];
  private rowById = new Map<string, number>();

  get size(): number {
    return this.ids.length;
  }

  upsert(
    items: readonly { id: string; baseId: string; documentId: string; vector: ArrayLike<number> }[],
  ): void {
    for (const item of items) {
      if (this.dimensions === 0) this.dimensions = item.vector.length;
      if (item.vector.length !== this.dimensions) {
        throw new Error(`vector of ${item.vector.length} dimensions in an index of ${this.dimensions}`);
      }
      let row = this.rowById.get(item.id);
      if (row === undefined) {
        row = this.ids.length;
        this.ids.push(item.id);
        this.baseOf.push(item.baseId);
        this.documentOf.push(item.documentId);
        this.rowById.set(item.id, row);
        if ((row + 1) * this.dimensions > this.rows.length) {
          const bigger = new Float32Array(Math.max(64, (row + 1) * 2) * this.dimensions);
          bigger.set(this.rows);
          this.rows = bigger;
        }
      }
      this.baseOf[row] = item.baseId;
      this.documentOf[row] = item.documentId;
      let norm = 0;
      for (let i = 0; i < this.dimensions; i++) norm += item.vector[i]! * item.vector[i]!;
      norm = Math.sqrt(norm) || 1;
      const offset = row * this.dimensions;
      for (let i = 0; i < this.dimensions; i++) this.rows[offset + i] = item.vector[i]! / norm;
    }
  }

  remove(ids: readonly string[]): void {
    const gone = new Set(ids);
    this.keepRows((row) => !gone.has(this.ids[row]!));
  }

  removeDocument(documentId: string): void {
    this.keepRows((row) => this.documentOf[row] !== documentId);
  }

  removeBase(baseId: string): void {
    this.keepRows((row) => this.baseOf[row] !== baseId);
  }

  /** The topK rows of the allowed bases by cosine similarity (-1..1) with `vector`. */
  search(vector: ArrayLike<number>, options: { baseIds: readonly string[]; topK: number }): RankedHit[] {
    if (this.size === 0 || vector.length !== this.dimensions || options.topK <= 0) return [];
    const allowed = new Set(options.baseIds);
    let norm = 0;
    for (let i = 0; i < this.dimensions; i++) norm += vector[i]! * vector[i]!;
    norm = Math.sqrt(norm) || 1;
    const hits: RankedHit[] = [];
    for (let row = 0; row < this.ids.length; row++) {
      if (!allowed.has(this.baseOf[row]!)) continue;
      const offset = row * this.dimensions;
      let dot = 0;
      for (let i = 0; i < this.dimensions; i++) dot += this.rows[offset + i]! * vector[i]!;
      hits.push({ chunkId: this.ids[row]!, score: dot / norm });
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, options.topK);
  }

  private keepRows(keep: (row: number) => boolean): void {
    let next = 0;
    for (let row = 0; row < this.ids.length; row++) {
      if (!keep(row)) continue;
      if (next !== row) {
        this.ids[next] = this.ids[row]!;
        this.baseOf[next] = this.baseOf[row]!;
        this.documentOf[next] = this.documentOf[row]!;
        this.rows.copyWithin(next * this.dimensions, row * this.dimensions, (row + 1) * this.dimensions);
      }
      next++;
    }
    this.ids.length = next;
    this.baseOf.length = next;
    this.documentOf.length = next;
    this.rowById.clear();
    for (const [row, id] of this.ids.entries()) this.rowById.set(id, row);
  }
}

/**
 * Reciprocal-rank fusion: each list gives a chunk 1 / (k + rank), rank from 1; the sums decide.
 * Lists come best first; a chunk absent from a list gets nothing from it.
 */
export function fuseByRank(lists: readonly (readonly { chunkId: string }[])[], k = 60): RankedHit[] {
  const fused = new Map<string, number>();
  for (const list of lists) {
    for (const [index, hit] of list.entries()) {
      fused.set(hit.chunkId, (fused.get(hit.chunkId) ?? 0) + 1 / (k + index + 1));
    }
  }
  return [...fused].map(([chunkId, score]) => ({ chunkId, score })).sort((a, b) => b.score - a.score);
}
