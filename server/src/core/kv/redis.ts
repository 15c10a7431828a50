import type { Redis } from 'ioredis';
import { openRedis } from '../redis.js';
import type { KeyValueStore } from './kv.js';

export class RedisStore implements KeyValueStore {
  readonly client: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
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

  async keys(match: string, limit: number) {
    // SCAN MATCH sees whole keys: the prefix is added here and taken off the answers.
    const escapedPrefix = this.prefix.replace(/[*?[\]\\]/g, '\\$&');
    const found = new Set<string>();
    let cursor = '0';
    do {
      const [next, batch] = await this.client.scan(cursor, 'MATCH', `${escapedPrefix}${match}`, 'COUNT', 500);
      cursor = next;
      for (const key of batch) if (found.size < limit) found.add(key.slice(this.prefix.length));
    } while (cursor !== '0' && found.size < limit);
    return [...found];
  }

  async inspect(keys: string[]) {
    if (!keys.length) return [];
    const pipeline = this.client.pipeline();
    for (const key of keys) pipeline.pttl(key).strlen(key);
    const answers = ((await pipeline.exec()) ?? []) as [Error | null, number][];
    return keys.map((_key, index) => {
      const [ttlError, ttl] = answers[index * 2] ?? [null, -2];
      const [, size] = answers[index * 2 + 1] ?? [null, 0];
      if (ttlError || ttl === -2) return null;
      return { ttlMs: ttl === -1 ? null : ttl, size: Number(size) };
    });
  }

  async close() {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
