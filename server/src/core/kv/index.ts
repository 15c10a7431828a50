import type { KeyValueStore } from './kv.js';
import { MemoryStore } from './memory.js';
import { RedisStore } from './redis.js';

export type { KeyValueStore } from './kv.js';

export function openKeyValueStore(options: { redisUrl?: string; prefix: string }): KeyValueStore {
  return options.redisUrl ? new RedisStore(options.redisUrl, options.prefix) : new MemoryStore();
}
