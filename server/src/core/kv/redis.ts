import type { Redis } from 'ioredis';
import { openRedis } from '../redis.js';
import type { KeyValueStore } from './kv.js';

export class RedisStore implements KeyValueStore {
  readonly client: Redis;

  constructor(url: string, prefix: string) {
    this.client = openRedis(url, { keyPrefix: prefix, maxRetriesPerRequest: 3, lazyConnect: false });
  }

  async get(key: string) {
    return this.client.get(key);
  }

  async getMany(keys: string[]) {
    return keys.length ? this.client.mget(...keys) : [];
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.client.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async take(key: string) {
    return this.client.getdel(key);
  }

  async del(key: string) {
    await this.client.del(key);
  }

  async increment(key: string, windowMs: number) {
    const [[, count] = []] = (await this.client.multi().incr(key).pexpire(key, windowMs, 'NX').exec()) as [
      Error | null,
      number,
    ][];
    return Number(count);
  }

  async close() {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
