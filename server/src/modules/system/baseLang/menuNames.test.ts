import type { MenuItem } from '@console/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { requestLanguage } from './menuNames.js';

let database: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

interface Node {
  id: string;
  enCode: string;
  fullName: string;
  children?: Node[];
}

const menusIn = async (language?: string) => {
  const answer = await server.request<{ menuList: Node[] }>('GET', '/api/oauth/CurrentUser', {
    token,
    headers: language ? { 'accept-language': language } : {},
  });
  const all = new Map<string, Node>();
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      all.set(n.enCode, n);
      walk(n.children ?? []);
    }
  };
  walk(answer.data.menuList);
  return all;
};

describe('menu names per language', () => {
  it('reads the language of a request from Accept-Language', () => {
    expect(requestLanguage('zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(requestLanguage('en-US')).toBe('en-US');
    expect(requestLanguage('en')).toBe('en-US');
    expect(requestLanguage('zh-CN')).toBe('zh-CN');
    expect(requestLanguage(undefined)).toBe('zh-CN');
    expect(requestLanguage('fr-FR')).toBe('zh-CN');
  });

  it('CurrentUser answers menu names in the asked language: built-in English, converted Taiwan Chinese', async () => {
    expect((await menusIn()).get('system.printDev')?.fullName).toBe('打印模板');
    expect((await menusIn('en-US')).get('system.printDev')?.fullName).toBe('Print Templates');
    expect((await menusIn('zh-TW')).get('system.printDev')?.fullName).toBe('列印模板');
    expect((await menusIn('zh-TW')).get('permission')?.fullName).toBe('權限管理');
  });

  it('answers the system name in the asked language', async () => {
    const nameIn = async (language: string) =>
      (
        await server.request<{ sysConfigInfo: { sysName: string } }>('GET', '/api/oauth/CurrentUser', {
          token,
          headers: { 'accept-language': language },
        })
      ).data.sysConfigInfo.sysName;
    expect(await nameIn('zh-CN')).toBe('智能问答管理平台');
    expect(await nameIn('en-US')).toBe('Intelligent Q&A Management Platform');
    expect(await nameIn('zh-TW')).toBe('智慧問答管理平臺');
  });

  it('names set on a menu win, are answered by the menu form, and an empty one restores the default', async () => {
    const id = (await menusIn()).get('system.billRule')!.id;
    const info = await server.request<MenuItem & { fullNameI18n: Record<string, string> }>(
      'GET',
      `/api/system/Menu/${id}`,
      { token },
    );
    expect(info.data.fullNameI18n).toEqual({ 'zh-TW': '', 'en-US': '' });
    const { fullNameI18n: _, ...menu } = info.data;
    const tooLong = await server.request('PUT', `/api/system/Menu/${id}`, {
      token,
      json: { ...menu, fullNameI18n: { 'en-US': 'x'.repeat(101) } },
    });
    expect(tooLong.msg).toContain('英文名称最多为100个字符！');
    const saved = await server.request('PUT', `/api/system/Menu/${id}`, {
      token,
      json: { ...menu, fullNameI18n: { 'zh-TW': '單據編號規則', 'en-US': 'Numbering Rules' } },
    });
    expect(saved.code).toBe(200);
    expect((await menusIn('en-US')).get('system.billRule')?.fullName).toBe('Numbering Rules');
    expect((await menusIn('zh-TW')).get('system.billRule')?.fullName).toBe('單據編號規則');
    expect((await menusIn('zh-CN')).get('system.billRule')?.fullName).toBe('单据规则');

    const again = await server.request<MenuItem & { fullNameI18n: Record<string, string> }>(
      'GET',
      `/api/system/Menu/${id}`,
      { token },
    );
    expect(again.data.fullNameI18n).toEqual({ 'zh-TW': '單據編號規則', 'en-US': 'Numbering Rules' });
    const { fullNameI18n: __, ...current } = again.data;
    await server.request('PUT', `/api/system/Menu/${id}`, {
      token,
      json: { ...current, fullNameI18n: { 'en-US': '' } },
    });
    expect((await menusIn('en-US')).get('system.billRule')?.fullName).toBe('Bill Rules');
    expect((await menusIn('zh-TW')).get('system.billRule')?.fullName).toBe('單據編號規則');
  });
});
