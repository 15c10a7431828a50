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
  close(): Promise<void>;
}
