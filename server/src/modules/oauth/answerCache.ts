import { gzipSync } from 'node:zlib';

interface Entry {
  key: string;
  /** UTF-8 bytes, encoded once rather than on every send. */
  json: Buffer;
  gzip?: Buffer;
}

/**
 * Serialized answers per user, valid while their key (the stamps they were built from) holds.
 * Bounded: the least recently used user is dropped first.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 500) {}

  get(userId: string, key: string): Entry | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.key !== key) return undefined;
    // Re-insert so that Map order stays least-recently-used first.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry;
  }

  set(userId: string, key: string, json: string): Entry {
    const entry: Entry = { key, json: Buffer.from(json) };
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** The gzip form, made on first demand (browsers ask for it; it is a tenth of the size). */
  static gzip(entry: Entry): Buffer {
    entry.gzip ??= gzipSync(entry.json);
    return entry.gzip;
  }
}
