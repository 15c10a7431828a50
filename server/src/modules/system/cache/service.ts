import { createHash } from 'node:crypto';
import type { CacheItem } from '@console/shared';
import { badRequest } from '../../../core/errors.js';
import type { KeyValueStore } from '../../../core/kv/index.js';
import { bumpStamp, StampKey } from '../../../core/stamps.js';

export const CacheMessages = {
  notFound: '缓存不存在或已过期',
  removed: '删除成功',
  cleared: '清理成功',
  hidden: '（该缓存保存一次性凭证或验证码，不显示内容）',
} as const;

/** Keys listed at most; the store of one console holds short-lived state, far fewer than this. */
export const LIST_LIMIT = 10_000;

/**
 * Keys whose name or value is a credential: one-time download addresses, scan-login tickets
 * (their value carries the token once signed in), image and SMS codes. They are listed under
 * a digest of their name and their value is never shown.
 */
const SECRET_PREFIXES = ['download:', 'ticket:', 'captcha:', 'sms:code:'];
const RATE_PREFIXES = ['ticket:rate:', 'ticket:claim:', 'captcha:rate:'];
const secretPrefix = (key: string) =>
  RATE_PREFIXES.some((prefix) => key.startsWith(prefix))
    ? undefined
    : SECRET_PREFIXES.find((prefix) => key.startsWith(prefix));
const digest = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** The name a key is listed under. */
export function displayName(key: string): string {
  const prefix = secretPrefix(key);
  return prefix ? `${prefix}#${digest(key)}` : key;
}

/** The caches of every instance: the shared store (Redis, or memory without it). */
export class CacheService {
  constructor(private readonly kv: KeyValueStore) {}

  async list(keyword: string): Promise<{ list: CacheItem[] }> {
    const needle = keyword.toLowerCase();
    const keys = (await this.kv.keys('*', LIST_LIMIT))
      .filter((key) => !needle || displayName(key).toLowerCase().includes(needle))
      .sort();
    const facts = await this.kv.inspect(keys);
    const now = Date.now();
    const list: CacheItem[] = [];
    keys.forEach((key, index) => {
      const fact = facts[index];
      if (!fact) return;
      list.push({
        name: displayName(key),
        overdueTime: fact.ttlMs === null ? null : now + fact.ttlMs,
        cacheSize: fact.size,
      });
    });
    return { list };
  }

  /** The stored key a listed name stands for (a secret one is found by its digest). */
  private async resolve(name: string): Promise<string> {
    const prefix = SECRET_PREFIXES.find((p) => name.startsWith(`${p}#`));
    if (!prefix) return name;
    const keys = await this.kv.keys(`${prefix}*`, LIST_LIMIT);
    const key = keys.find((candidate) => displayName(candidate) === name);
    if (!key) throw badRequest(CacheMessages.notFound);
    return key;
  }

  async detail(name: string): Promise<{ name: string; value: string }> {
    const key = await this.resolve(name);
    const value = await this.kv.get(key);
    if (value === null) throw badRequest(CacheMessages.notFound);
    return { name, value: secretPrefix(key) ? CacheMessages.hidden : value };
  }

  async remove(name: string): Promise<void> {
    const key = await this.resolve(name);
    if ((await this.kv.get(key)) === null) throw badRequest(CacheMessages.notFound);
    await this.kv.del(key);
  }

  /**
   * Deletes every key of this console, then stamps the settings and authorisation caches anew:
   * every instance rebuilds its in-process copies (settings, CurrentUser answers, unit facts) on
   * its next request.
   */
  async clearAll(): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.kv.keys('*', 1000);
      if (!keys.length) break;
      await Promise.all(keys.map((key) => this.kv.del(key)));
      removed += keys.length;
      if (keys.length < 1000) break;
    }
    await bumpStamp(this.kv, StampKey.sysConfig);
    await bumpStamp(this.kv, StampKey.authorization);
    return removed;
  }
}
