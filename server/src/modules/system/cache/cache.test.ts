import type { CacheItem } from '@console/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { sysConfig } from '../../../db/schema/index.js';

let database: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const list = async (keyword = '') =>
  (
    await server.request<{ list: CacheItem[] }>(
      'GET',
      `/api/system/CacheManage${keyword ? `?keyword=${encodeURIComponent(keyword)}` : ''}`,
      { token },
    )
  ).data.list;

describe('cache management', () => {
  it('lists the shared store with expiry and size, filters, shows and removes one key', async () => {
    await server.services.kv.set('demo:greeting', '你好', 60_000);
    const found = await list('demo:');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: 'demo:greeting', cacheSize: 6 });
    expect(found[0]!.overdueTime).toBeGreaterThan(Date.now());
    expect(found[0]!.overdueTime).toBeLessThanOrEqual(Date.now() + 60_000);

    const detail = await server.request<{ name: string; value: string }>(
      'GET',
      '/api/system/CacheManage/demo:greeting',
      { token },
    );
    expect(detail.data).toEqual({ name: 'demo:greeting', value: '你好' });
    const removed = await server.request('DELETE', '/api/system/CacheManage/demo:greeting', { token });
    expect(removed.code).toBe(200);
    expect(await server.services.kv.get('demo:greeting')).toBeNull();
    const again = await server.request('DELETE', '/api/system/CacheManage/demo:greeting', { token });
    expect(again.code).toBe(400);
    const missing = await server.request('GET', '/api/system/CacheManage/demo:missing', { token });
    expect(missing).toMatchObject({ code: 400, msg: '缓存不存在或已过期' });
  });

  it('never shows one-time codes or tickets: listed under a digest, value hidden, still removable', async () => {
    const { timestamp, code } = await server.imageCode();
    const entries = await list('captcha:');
    const names = entries.map((item) => item.name);
    expect(names.some((name) => name.includes(timestamp))).toBe(false);
    const secret = names.find((name) => /^captcha:#[0-9a-f]{16}$/.test(name))!;
    expect(secret).toBeTruthy();
    const detail = await server.request<{ value: string }>(
      'GET',
      `/api/system/CacheManage/${encodeURIComponent(secret)}`,
      { token },
    );
    expect(detail.code).toBe(200);
    expect(detail.data.value).not.toContain(code);
    expect(
      (await server.request('DELETE', `/api/system/CacheManage/${encodeURIComponent(secret)}`, { token }))
        .code,
    ).toBe(200);
    expect(await server.services.kv.get(`captcha:${timestamp}`)).toBeNull();
  });

  it('clears every key and makes the instances reload their in-process caches', async () => {
    const me = async () =>
      (
        await server.request<{ sysConfigInfo: { sysName: string } }>('GET', '/api/oauth/CurrentUser', {
          token,
        })
      ).data.sysConfigInfo.sysName;
    const before = await me();
    // A change written past the settings service: instances keep their cached copy...
    await server.services.db
      .insert(sysConfig)
      .values({ key: 'sysName', value: '缓存测试平台' })
      .onConflictDoUpdate({ target: sysConfig.key, set: { value: '缓存测试平台' } });
    expect(await me()).toBe(before);
    await server.services.kv.set('demo:a', '1', 60_000);
    await server.services.kv.set('demo:b', '2', 60_000);
    const cleared = await server.request<{ count: number }>(
      'POST',
      '/api/system/CacheManage/Actions/ClearAll',
      { token },
    );
    expect(cleared.code).toBe(200);
    expect(cleared.data.count).toBeGreaterThanOrEqual(2);
    expect(await list('demo:')).toHaveLength(0);
    // ...until the caches are cleared.
    expect(await me()).toBe('缓存测试平台');
  });

  it('needs the page and its buttons', async () => {
    await server.addUser('cachenobody', 'Nobody123');
    const staff = await server.login('cachenobody', 'Nobody123');
    await server.services.kv.set('demo:kept', '1', 60_000);
    for (const [method, path] of [
      ['GET', '/api/system/CacheManage'],
      ['GET', '/api/system/CacheManage/demo:kept'],
      ['DELETE', '/api/system/CacheManage/demo:kept'],
      ['POST', '/api/system/CacheManage/Actions/ClearAll'],
    ] as const) {
      expect((await server.request(method, path, { token: staff })).code, `${method} ${path}`).toBe(400);
    }
    expect(await server.services.kv.get('demo:kept')).toBe('1');
  });
});
