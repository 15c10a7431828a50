import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { commonWords, systems, users } from '../../../db/schema/index.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let staff: string;
let staffId: string;
let mainSystem: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  staffId = await server.addUser('wordsStaff', 'Secret#123');
  staff = await server.login('wordsStaff', 'Secret#123');
  const [system] = await server.services.db
    .select({ id: systems.id })
    .from(systems)
    .where(eq(systems.isMain, 1));
  mainSystem = system!.id;
  await server.services.db.update(users).set({ systemId: mainSystem }).where(eq(users.id, staffId));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const as = <T = unknown>(who: string, method: string, path: string, json?: unknown) =>
  server.request<T>(method, path, { token: who, json });
const total = async () => (await server.services.db.select({ n: count() }).from(commonWords))[0]!.n;

interface Word {
  id: string;
  commonWordsText: string;
  commonWordsType: number;
  systemNames: string[];
  version: number;
}

describe('common words', () => {
  it('refuses bad input and writes nothing', async () => {
    const before = await total();
    const cases: [Record<string, unknown>, string][] = [
      [{ commonWordsText: '' }, '请输入常用语'],
      [{ commonWordsText: 'x'.repeat(201) }, '常用语最多为200个字符'],
      [{ commonWordsText: '同意', commonWordsType: 5 }, '常用语类型只能是0（系统）或1（个人）'],
      [{ commonWordsText: '同意', systemIds: ['nope'] }, '应用不存在'],
      [{ commonWordsText: '同意', sortCode: -1 }, '排序范围为0-999999'],
    ];
    for (const [body, message] of cases) {
      const answer = await as(token, 'POST', '/api/system/CommonWords', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await total()).toBe(before);
  });

  it('system words for an app or all apps, personal words per user, in the selector', async () => {
    const forMain = await as<{ id: string }>(token, 'POST', '/api/system/CommonWords', {
      commonWordsText: '同意，请办理',
      systemIds: [mainSystem],
      sortCode: 1,
    });
    expect(forMain.code).toBe(200);
    const other = await server.services.db
      .insert(systems)
      .values({ id: 'other-app', fullName: '其他应用', enCode: 'otherApp' })
      .returning({ id: systems.id });
    await as(token, 'POST', '/api/system/CommonWords', {
      commonWordsText: '仅其他应用',
      systemIds: [other[0]!.id],
    });
    await as(token, 'POST', '/api/system/CommonWords', { commonWordsText: '已阅', systemIds: [] });
    await as(token, 'POST', '/api/system/CommonWords', { commonWordsText: '停用的', enabledMark: 0 });

    // Staff without the page: a personal word yes, a system word no.
    const personal = await as<{ id: string }>(staff, 'POST', '/api/system/CommonWords', {
      commonWordsText: '我的常用语',
      commonWordsType: 1,
    });
    expect(personal.code).toBe(200);
    const refused = await as(staff, 'POST', '/api/system/CommonWords', { commonWordsText: '越权' });
    expect(refused.msg).toBe('系统常用语只能在“审批常用语”页面维护');
    expect((await as(staff, 'GET', '/api/system/CommonWords')).code).toBe(400);

    const selector = await as<{ list: { commonWordsText: string; commonWordsType: number }[] }>(
      staff,
      'GET',
      '/api/system/CommonWords/Selector',
    );
    expect(selector.data.list.map((w) => w.commonWordsText)).toEqual(['已阅', '同意，请办理', '我的常用语']);
    const adminSelector = await as<{ list: { commonWordsText: string }[] }>(
      token,
      'GET',
      '/api/system/CommonWords/Selector',
    );
    expect(adminSelector.data.list.map((w) => w.commonWordsText)).not.toContain('我的常用语');

    const list = await as<{ list: Word[] }>(token, 'GET', '/api/system/CommonWords?keyword=请办理');
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]!.systemNames).toHaveLength(1);
    expect((await as(token, 'GET', '/api/system/CommonWords?sidx=nope')).code).toBe(400);
  });

  it('personal words are changed by their owner only; edits carry the version', async () => {
    const mine = await as<{ id: string }>(staff, 'POST', '/api/system/CommonWords', {
      commonWordsText: '收到',
      commonWordsType: 1,
    });
    const id = mine.data.id;
    const info = await as<Word>(staff, 'GET', `/api/system/CommonWords/${id}`);
    expect(info.data.commonWordsText).toBe('收到');
    expect((await as(token, 'GET', `/api/system/CommonWords/${id}`)).msg).toBe('常用语不存在');
    const othersEdit = await as(token, 'PUT', `/api/system/CommonWords/${id}`, {
      commonWordsText: '改',
      commonWordsType: 1,
      version: info.data.version,
    });
    expect(othersEdit.msg).toBe('只能修改自己的个人常用语');
    const promote = await as(staff, 'PUT', `/api/system/CommonWords/${id}`, {
      commonWordsText: '收到',
      commonWordsType: 0,
      version: info.data.version,
    });
    expect(promote.msg).toBe('系统常用语只能在“审批常用语”页面维护');
    const edit = await as(staff, 'PUT', `/api/system/CommonWords/${id}`, {
      commonWordsText: '收到，谢谢',
      commonWordsType: 1,
      version: info.data.version,
    });
    expect(edit.code).toBe(200);
    const stale = await as(staff, 'PUT', `/api/system/CommonWords/${id}`, {
      commonWordsText: '再改',
      commonWordsType: 1,
      version: info.data.version,
    });
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await as(token, 'DELETE', `/api/system/CommonWords/${id}`)).msg).toBe('只能修改自己的个人常用语');
    expect((await as(staff, 'DELETE', `/api/system/CommonWords/${id}`)).code).toBe(200);
    expect((await as(staff, 'GET', `/api/system/CommonWords/${id}`)).msg).toBe('常用语不存在');
  });
});
