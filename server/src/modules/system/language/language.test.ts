import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { langOverrides } from '../../../db/schema/index.js';
import type { LanguageRow } from './service.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let readerToken: string;

const bundled = (language: string, namespace: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../../web/src/locales/${language}/${namespace}.json`, import.meta.url),
      'utf8',
    ),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  await server.addUser('reader', 'Reader123');
  readerToken = await server.login('reader', 'Reader123');
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, as = token) =>
  server.request<T>(method, path, { token: as, json });
const overrideCount = async () => (await server.services.db.select({ n: count() }).from(langOverrides))[0]!.n;

type Listing = { list: LanguageRow[]; pagination: { total: number }; namespaces: string[] };

describe('translation management', () => {
  it('lists every key of the bundled locale files with its three texts, found by key or text', async () => {
    const common = bundled('zh-CN', 'common');
    const byKey = await send<Listing>('GET', '/api/system/BaseLang?keyword=common.actions.cancel');
    expect(byKey.data.list).toEqual([
      expect.objectContaining({
        namespace: 'common',
        key: 'actions.cancel',
        values: {
          'zh-CN': common.actions.cancel,
          'zh-TW': bundled('zh-TW', 'common').actions.cancel,
          'en-US': bundled('en-US', 'common').actions.cancel,
        },
      }),
    ]);
    const byText = await send<Listing>(
      'GET',
      `/api/system/BaseLang?namespace=common&keyword=${encodeURIComponent(common.appTitle)}`,
    );
    expect(byText.data.list.map((r) => r.key)).toContain('appTitle');
    const all = await send<Listing>('GET', '/api/system/BaseLang?pageSize=10&currentPage=2');
    expect(all.data.list).toHaveLength(10);
    expect(all.data.pagination.total).toBeGreaterThan(1000);
    expect(all.data.namespaces).toContain('common');
  });

  it('refuses bad edits with a message and stores nothing', async () => {
    const values = { 'zh-CN': '取消', 'zh-TW': '取消', 'en-US': 'Cancel' };
    const withPlaceholder = (await send<Listing>('GET', '/api/system/BaseLang?keyword={{')).data.list[0]!;
    const placeholder = /\{\{\s*([^}\s]+)\s*\}\}/.exec(withPlaceholder.original['zh-CN'])![1];
    const cases: [unknown, string][] = [
      [{ namespace: 'common', key: 'no.such.key', values }, '没有这条翻译，请刷新后重试'],
      [
        { namespace: 'common', key: 'actions.cancel', values: { ...values, 'en-US': '' } },
        '请输入English译文',
      ],
      [{ namespace: 'common', key: 'actions.cancel' }, '请输入三种语言的译文'],
      [
        {
          namespace: withPlaceholder.namespace,
          key: withPlaceholder.key,
          values: { ...withPlaceholder.values, 'zh-TW': '沒有佔位符' },
        },
        `繁體中文的译文必须保留占位符：{{${placeholder}}}`,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await send('PUT', '/api/system/BaseLang', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await overrideCount()).toBe(0);
    expect((await send('PUT', '/api/system/BaseLang', cases[1]![0], readerToken)).code).not.toBe(200);
  });

  it('stores an edit, answers it to every client, detects a stale edit and drops it when reverted', async () => {
    const row = (await send<Listing>('GET', '/api/system/BaseLang?keyword=common.actions.cancel')).data
      .list[0]!;
    const edited = { ...row.values, 'en-US': 'Dismiss' };
    expect(
      (
        await send('PUT', '/api/system/BaseLang', {
          namespace: 'common',
          key: 'actions.cancel',
          values: edited,
        })
      ).msg,
    ).toBe('保存成功');
    const overrides = await server.request<Record<string, Record<string, Record<string, string>>>>(
      'GET',
      '/api/system/BaseLang/Overrides',
    );
    expect(overrides.data).toEqual({ 'en-US': { common: { 'actions.cancel': 'Dismiss' } } });
    const again = (await send<Listing>('GET', '/api/system/BaseLang?keyword=Dismiss')).data.list[0]!;
    expect(again).toMatchObject({ key: 'actions.cancel', versions: { 'en-US': 0 } });

    // An editor who read the key before the edit is refused.
    const stale = await send('PUT', '/api/system/BaseLang', {
      namespace: 'common',
      key: 'actions.cancel',
      values: { ...row.values, 'en-US': 'Close' },
    });
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');

    const reverted = await send('PUT', '/api/system/BaseLang', {
      namespace: 'common',
      key: 'actions.cancel',
      values: row.original,
      versions: again.versions,
    });
    expect(reverted.code).toBe(200);
    expect(await overrideCount()).toBe(0);
  });
});
