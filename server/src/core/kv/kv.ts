/**
 * The small shared store behind image codes, rate-limit counters and other short-lived
 * state. In one process without Redis it lives in memory; with REDIS_URL every instance
 * shares it.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip. */
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Reads and deletes in one step, so a value (an image code) can be used once only. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Adds one and returns the new count; the window starts with the first increment. */
  increment(key: string, windowMs: number): Promise<number>;
  /**
   * Names of stored keys matching a glob (`*` any run of characters), at most `limit`; for the
   * cache page. Redis walks them with SCAN under this console's prefix, so it never blocks.
   */
  keys(match: string, limit: number): Promise<string[]>;
  /** Time to live (ms, null = none) and value size (bytes) of each key; null for a key now gone. */
  inspect(keys: string[]): Promise<({ ttlMs: number | null; size: number } | null)[]>;
  close(): Promise<void>;
}

/** A glob with only `*` special, as a regular expression (the memory store's SCAN MATCH). */
export function globPattern(match: string): RegExp {
  const escaped = match.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 's');
}
