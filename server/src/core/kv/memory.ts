import { globPattern, type KeyValueStore } from './kv.js';

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async getMany(keys: string[]) {
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }

  async del(key: string) {
    this.entries.delete(key);
  }

  async increment(key: string, windowMs: number) {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.now() + windowMs });
    return count;
  }

  async keys(match: string, limit: number) {
    const pattern = globPattern(match);
    const found: string[] = [];
    for (const key of this.entries.keys()) {
      if (found.length >= limit) break;
      if (pattern.test(key) && this.live(key)) found.push(key);
    }
    return found;
  }

  async inspect(keys: string[]) {
    const now = this.now();
    return keys.map((key) => {
      const entry = this.live(key);
      return entry ? { ttlMs: entry.expiresAt - now, size: Buffer.byteLength(entry.value) } : null;
    });
  }

  async close() {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}
