import { type BillRuleItem, billDatePart, type DictionaryDataNode } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../../test/harness.js';
import { billRules } from '../../../db/schema/index.js';
import { BILL_NUMBER_LIMITS, BillRuleMessages, billNumberKeys } from './service.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let category: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  const categories = await server.request<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
    { token },
  );
  category = categories.data.list[0]!.id;
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, on: TestServer = server) =>
  on.request<T>(method, path, { token, json });
const ruleCount = async () => (await server.services.db.select({ n: count() }).from(billRules))[0]!.n;
const today = () => billDatePart('yyyyMMdd', new Date());

async function createRule(overrides: Record<string, unknown> = {}) {
  const answer = await send<{ id: string }>('POST', '/api/system/BillRule', {
    fullName: '收文登记',
    enCode: `SW${Math.random().toString(36).slice(2, 8)}`,
    category,
    prefix: 'SW',
    dateFormat: 'yyyyMMdd',
    digit: 4,
    startNumber: '1',
    ...overrides,
  });
  if (answer.code !== 200) throw new Error(answer.msg);
  return (await send<BillRuleItem>('GET', `/api/system/BillRule/${answer.data.id}`)).data;
}

describe('bill rules', () => {
  it('refuses bad input with the form messages and writes nothing', async () => {
    const before = await ruleCount();
    const good = {
      fullName: '发文',
      enCode: 'FW',
      category,
      prefix: 'FW',
      dateFormat: 'yyyyMM',
      digit: 3,
      startNumber: '1',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, fullName: '' }, '请输入业务名称'],
      [{ ...good, fullName: '名'.repeat(51) }, '业务名称最多为50个字符！'],
      [{ ...good, enCode: 'c'.repeat(51) }, '业务编码最多为50个字符！'],
      [{ ...good, category: '' }, '请选择业务分类'],
      [{ ...good, category: 'not-a-category' }, '业务分类不存在'],
      [{ ...good, prefix: '' }, '请输入流水前缀'],
      [{ ...good, dateFormat: 'yyyy-MM' }, '请选择流水日期'],
      [{ ...good, digit: 0 }, '流水位数必须是1-9的正整数'],
      [{ ...good, digit: 12 }, '流水位数必须是1-9的正整数'],
      [{ ...good, startNumber: '000' }, '流水起始不能全为0'],
      [{ ...good, startNumber: '1a' }, '流水起始只能是数字'],
      [{ ...good, startNumber: '12345' }, '流水起始的位数不能超过流水位数'],
      [{ ...good, sortCode: 1_000_000 }, '排序范围为0-999999'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', '/api/system/BillRule', body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    expect(await ruleCount()).toBe(before);
  });

  it('computes the example, lists, edits with a version, toggles, exports, imports and deletes', async () => {
    const rule = await createRule({ fullName: '合同编号', enCode: 'HT', prefix: 'HT', startNumber: '7' });
    expect(rule.startNumber).toBe('0007');
    expect(rule.example).toBe(`HT${today()}0007`);
    expect(rule.categoryName).toBeTruthy();
    expect(rule.outputNumber).toBe('');
    expect((await send('POST', '/api/system/BillRule', { ...rule, fullName: '重复' })).msg).toBe(
      '业务编码已存在',
    );

    const list = await send<{ list: BillRuleItem[]; pagination: { total: number } }>(
      'GET',
      `/api/system/BillRule?keyword=合同&currentPage=1&pageSize=20&categoryId=${category}`,
    );
    expect(list.data.list.map((r) => r.enCode)).toEqual(['HT']);
    expect(list.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 1 });
    const unknownSort = await send('GET', '/api/system/BillRule?sidx=counter');
    expect([unknownSort.code, unknownSort.msg]).toEqual([
      400,
      'sidx：只能按以下字段排序：fullName、enCode、sortCode、creatorTime、lastModifyTime',
    ]);
    expect((await send('GET', '/api/system/BillRule?sidx=enCode&sort=asc')).code).toBe(200);

    const edit = { ...rule, dateFormat: 'yyyy', digit: 5 };
    expect((await send('PUT', `/api/system/BillRule/${rule.id}`, edit)).code).toBe(200);
    const stale = await send('PUT', `/api/system/BillRule/${rule.id}`, edit);
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');
    const edited = (await send<BillRuleItem>('GET', `/api/system/BillRule/${rule.id}`)).data;
    expect(edited.example).toBe(`HT${billDatePart('yyyy', new Date())}00007`);

    expect((await send('PUT', `/api/system/BillRule/${rule.id}/Actions/State`)).code).toBe(200);
    const selector = await send<{ list: BillRuleItem[] }>('GET', '/api/system/BillRule/Selector?keyword=HT');
    expect(selector.data.list).toHaveLength(0);
    const disabled = await send('GET', '/api/system/BillRule/BillNumber/HT');
    expect(disabled.code).toBe(400);
    expect(disabled.msg).toBe('该单据规则已被禁用');

    const exported = await send<{ name: string; url: string }>(
      'GET',
      `/api/system/BillRule/${rule.id}/Action/Export`,
    );
    expect(exported.data.name).toBe('合同编号.bb');
    const file = (await (await fetch(`${server.baseUrl}${exported.data.url}`)).json()) as Record<
      string,
      unknown
    >;
    expect(file.enCode).toBe('HT');
    expect(file).not.toHaveProperty('counter');

    const upload = async (content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), 'rule.bb');
      const response = await fetch(`${server.baseUrl}/api/system/BillRule/Action/Import`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string };
    };
    const before = await ruleCount();
    expect((await upload(JSON.stringify(file))).msg).toBe('业务编码已存在');
    expect((await upload('{')).msg).toBe('导入文件格式错误：不是有效的JSON');
    expect((await upload(JSON.stringify({ ...file, enCode: 'HT2', prefix: '' }))).msg).toContain(
      '请输入流水前缀',
    );
    expect(await ruleCount()).toBe(before);
    expect((await upload(JSON.stringify({ ...file, enCode: 'HT2' }))).code).toBe(200);
    expect(await ruleCount()).toBe(before + 1);

    expect((await send('DELETE', `/api/system/BillRule/${rule.id}`)).code).toBe(200);
    expect((await send('GET', `/api/system/BillRule/${rule.id}`)).msg).toBe('单据规则不存在');
  });
});

describe('bill numbers', () => {
  it('hands out prefix + date + padded sequence and shows the last one', async () => {
    const rule = await createRule({ prefix: 'GW', startNumber: '98', digit: 3 });
    const first = await send<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`);
    expect(first.data).toBe(`GW${today()}098`);
    const second = await send<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`);
    expect(second.data).toBe(`GW${today()}099`);
    const info = await send<BillRuleItem>('GET', `/api/system/BillRule/${rule.id}`);
    expect(info.data.outputNumber).toBe(`GW${today()}099`);
    expect((await send('GET', '/api/system/BillRule/BillNumber/NOPE')).msg).toBe('单据规则不存在');
  });

  it('restarts the counter when the date part changes', async () => {
    const rule = await createRule({ prefix: 'RQ' });
    await send('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`);
    await send('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`);
    const yesterday = billDatePart('yyyyMMdd', new Date(Date.now() - 86_400_000));
    await server.services.db.update(billRules).set({ datePart: yesterday }).where(eq(billRules.id, rule.id));
    const next = await send<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`);
    expect(next.data).toBe(`RQ${today()}0001`);
    const [row] = await server.services.db.select().from(billRules).where(eq(billRules.id, rule.id));
    expect(row).toMatchObject({ counter: 1, datePart: today() });
  });

  it('refuses once the digits are used up, without advancing', async () => {
    const rule = await createRule({ prefix: 'X', dateFormat: 'no', digit: 1, startNumber: '8' });
    expect((await send<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`)).data).toBe('X8');
    expect((await send<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`)).data).toBe('X9');
    for (let i = 0; i < 2; i++) {
      const answer = await send('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`);
      expect(answer.code).toBe(400);
      expect(answer.msg).toBe('流水号已用尽：流水位数为1位，请增加流水位数或修改流水起始');
    }
    const [row] = await server.services.db.select().from(billRules).where(eq(billRules.id, rule.id));
    expect(row!.counter).toBe(2);
  });

  it('never repeats a number under 200 concurrent requests on one instance', async () => {
    const rule = await createRule({ prefix: 'BF', digit: 6 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        send<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`),
      ),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const sequences = answers.map((a) => Number(a.data.slice(-6))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(200);
    expect(sequences[0]).toBe(1);
    expect(sequences[199]).toBe(200);
  });

  it('limits each user without the bill-rule page per minute and per day; nothing is taken past the limit', async () => {
    const rule = await createRule({ prefix: 'LM', digit: 6 });
    await server.addUser('billtaker', 'Taker1234', { realName: '取号人' });
    const taker = await server.login('billtaker', 'Taker1234');
    const take = () =>
      server.request<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`, { token: taker });
    for (let i = 1; i <= BILL_NUMBER_LIMITS.perMinute; i++)
      expect((await take()).data).toBe(`LM${today()}${String(i).padStart(6, '0')}`);
    const refused = await take();
    expect([refused.code, refused.msg]).toEqual([400, BillRuleMessages.tooManyNumbers]);
    const counter = async () =>
      (await server.services.db.select().from(billRules).where(eq(billRules.id, rule.id)))[0]!.counter;
    expect(await counter()).toBe(BILL_NUMBER_LIMITS.perMinute);
    // The page's holders (and administrators) are not limited.
    expect((await send<string>('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`)).code).toBe(200);

    const other = await server.addUser('billtaker2', 'Taker1234', { realName: '取号人二' });
    const second = await server.login('billtaker2', 'Taker1234');
    await server.services.kv.set(billNumberKeys(other).day, String(BILL_NUMBER_LIMITS.perDay), 86_400_000);
    const daily = await server.request('GET', `/api/system/BillRule/BillNumber/${rule.enCode}`, {
      token: second,
    });
    expect([daily.code, daily.msg]).toEqual([400, BillRuleMessages.tooManyNumbers]);
    expect(await counter()).toBe(BILL_NUMBER_LIMITS.perMinute + 1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'never repeats a number under 500 concurrent requests over two instances on one PostgreSQL',
    async () => {
      const second = await startServer({ database });
      try {
        const rule = await createRule({ prefix: 'DS', digit: 6 });
        const answers = await Promise.all(
          Array.from({ length: 500 }, (_, i) =>
            send<string>(
              'GET',
              `/api/system/BillRule/BillNumber/${rule.enCode}`,
              undefined,
              i % 2 ? second : server,
            ),
          ),
        );
        expect(answers.filter((a) => a.code !== 200)).toEqual([]);
        const sequences = answers.map((a) => Number(a.data.slice(-6))).sort((a, b) => a - b);
        expect(new Set(sequences).size).toBe(500);
        expect(sequences[0]).toBe(1);
        expect(sequences[499]).toBe(500);
      } finally {
        await second.close();
      }
    },
  );
});
