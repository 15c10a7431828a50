import { type DictionaryDataNode, sampleColumnData, sampleForm } from '@console/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { modules } from '../../../db/schema/index.js';

const suite = suiteServer();
let modelId: string;

const BASE = '/api/visualdev/Base';
const { send } = suite;

interface Page {
  list: Record<string, unknown>[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

beforeAll(async () => {
  const categories = await send<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
  );
  const billCode = `KH${Date.now().toString(36)}`;
  const rule = await send('POST', '/api/system/BillRule', {
    fullName: '客户编号',
    enCode: billCode,
    category: categories.data.list[0]!.id,
    prefix: 'KH',
    dateFormat: 'no',
    digit: 4,
    startNumber: '1',
  });
  expect(rule.code, rule.msg).toBe(200);
  const [parent] = await suite.server.services.db
    .select()
    .from(modules)
    .where(eq(modules.enCode, 'onlineDev'));
  const created = await send<{ id: string }>('POST', BASE, {
    fullName: '客户',
    enCode: `cust${Math.random().toString(36).slice(2, 8)}`,
    category: categories.data.list[0]!.id,
    type: 1,
    webType: 2,
    tables: '[]',
    formData: JSON.stringify(sampleForm({ billRule: billCode })),
    // A group view: the picker still pages flat rows.
    columnData: JSON.stringify({ ...sampleColumnData(), type: 3, groupField: 'level' }),
  });
  expect(created.code, created.msg).toBe(200);
  modelId = created.data.id;
  const released = await send('POST', `${BASE}/${modelId}/Actions/Release`, {
    pc: 1,
    app: 0,
    pcModuleParentId: parent!.id,
  });
  expect(released.code, released.msg).toBe(200);
  for (const [title, amount] of [
    ['华东贸易', 10],
    ['华南物流', 20],
    ['西北机械', 30],
  ] as const) {
    const added = await send('POST', `/api/visualdev/OnlineDev/${modelId}`, {
      data: JSON.stringify({ title, amount, level: '1' }),
    });
    expect(added.code, added.msg).toBe(200);
  }
});

describe('GET /api/visualdev/Base/{id}/FieldDataSelect', () => {
  it('pages the records with id, the relation field and the chosen columns', async () => {
    const page = await send<Page>(
      'GET',
      `${BASE}/${modelId}/FieldDataSelect?relationField=title&columnOptions=amount,billNo&currentPage=1&pageSize=2`,
    );
    expect(page.code, page.msg).toBe(200);
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(page.data.list).toHaveLength(2);
    for (const row of page.data.list) {
      expect(Object.keys(row).sort()).toEqual(['amount', 'billNo', 'id', 'title']);
      expect(typeof row.id).toBe('string');
    }
    const second = await send<Page>(
      'GET',
      `${BASE}/${modelId}/FieldDataSelect?relationField=title&currentPage=2&pageSize=2`,
    );
    const titles = [...page.data.list, ...second.data.list].map((r) => r.title).sort();
    expect(titles).toEqual(['华东贸易', '华南物流', '西北机械'].sort());
  });

  it('searches the keyword in the shown fields, and the id reads back through DataChange', async () => {
    const page = await send<Page>(
      'GET',
      `${BASE}/${modelId}/FieldDataSelect?relationField=title&keyword=${encodeURIComponent('华南')}`,
    );
    expect(page.data.list.map((r) => r.title)).toEqual(['华南物流']);
    const byBill = await send<Page>(
      'GET',
      `${BASE}/${modelId}/FieldDataSelect?relationField=title&columnOptions=billNo&keyword=KH0003`,
    );
    expect(byBill.data.list.map((r) => r.title)).toEqual(['西北机械']);
    const none = await send<Page>(
      `GET`,
      `${BASE}/${modelId}/FieldDataSelect?relationField=title&keyword=50%25`,
    );
    expect(none.data.list).toEqual([]);
    const shown = await send<{ id: string; data: string }>(
      'GET',
      `/api/visualdev/OnlineDev/${modelId}/${page.data.list[0]!.id}/DataChange`,
    );
    expect(JSON.parse(shown.data.data)).toMatchObject({ title: '华南物流', amount: 20 });
  });

  it('refuses bad input with a message naming the problem', async () => {
    const cases: [string, string][] = [
      ['', 'relationField'],
      ['?relationField=', 'relationField'],
      ['?relationField=nope', '“nope”'],
      ['?relationField=title&columnOptions=amount,f_id%22', '“f_id"”'],
      ['?relationField=title&pageSize=0', 'pageSize'],
      ['?relationField=title&currentPage=x', 'currentPage'],
    ];
    for (const [query, named] of cases) {
      const answer = await send('GET', `${BASE}/${modelId}/FieldDataSelect${query}`);
      expect(answer.code, query).toBe(400);
      expect(answer.msg, query).toContain(named);
    }
    expect((await send('GET', `${BASE}/nope/FieldDataSelect?relationField=title`)).code).toBe(400);
  });

  it("lists and details show a relationForm value as the related record's field, with the id under _id", async () => {
    const rows = await send<Page>(
      'GET',
      `${BASE}/${modelId}/FieldDataSelect?relationField=title&keyword=${encodeURIComponent('西北')}`,
    );
    const customer = String(rows.data.list[0]!.id);
    const form = {
      ...sampleForm(),
      fields: [
        {
          __config__: {
            jnpfKey: 'comInput',
            label: '订单号',
            layout: 'colFormItem',
            span: 24,
            required: false,
          },
          __vModel__: 'orderNo',
        },
        {
          __config__: {
            jnpfKey: 'relationForm',
            label: '客户',
            layout: 'colFormItem',
            span: 24,
            required: false,
          },
          __vModel__: 'customer',
          modelId,
          relationField: 'title',
          columnOptions: [{ value: 'title', label: '标题' }],
        },
      ],
    };
    const [parent] = await suite.server.services.db
      .select()
      .from(modules)
      .where(eq(modules.enCode, 'onlineDev'));
    const created = await send<{ id: string }>('POST', BASE, {
      fullName: '订单',
      enCode: `order${Math.random().toString(36).slice(2, 8)}`,
      category: (
        await send<{ list: DictionaryDataNode[] }>(
          'GET',
          '/api/system/DictionaryData/businessType/Data/Selector',
        )
      ).data.list[0]!.id,
      type: 1,
      webType: 2,
      tables: '[]',
      formData: JSON.stringify(form),
      columnData: JSON.stringify({
        type: 1,
        columnList: [
          { prop: 'orderNo', label: '订单号' },
          { prop: 'customer', label: '客户' },
        ],
      }),
    });
    expect(created.code, created.msg).toBe(200);
    const order = created.data.id;
    expect(
      (
        await send('POST', `${BASE}/${order}/Actions/Release`, {
          pc: 1,
          app: 0,
          pcModuleParentId: parent!.id,
        })
      ).code,
    ).toBe(200);
    const added = await send<{ id: string }>('POST', `/api/visualdev/OnlineDev/${order}`, {
      data: JSON.stringify({ orderNo: 'SO-1', customer }),
    });
    expect(added.code, added.msg).toBe(200);
    const list = await send<Page>('POST', `/api/visualdev/OnlineDev/${order}/List`, {});
    expect(list.code, list.msg).toBe(200);
    expect(list.data.list[0]).toMatchObject({ orderNo: 'SO-1', customer: '西北机械', customer_id: customer });
    const shown = await send<{ data: string }>(
      'GET',
      `/api/visualdev/OnlineDev/${order}/${added.data.id}/DataChange`,
    );
    expect(JSON.parse(shown.data.data)).toMatchObject({ customer: '西北机械', customer_id: customer });
    const raw = await send<{ data: string }>('GET', `/api/visualdev/OnlineDev/${order}/${added.data.id}`);
    expect(JSON.parse(raw.data.data)).toMatchObject({ customer });
  });

  it('needs a session and the form menu', async () => {
    expect(
      (await send('GET', `${BASE}/${modelId}/FieldDataSelect?relationField=title`, undefined, '')).code,
    ).toBe(602);
    await suite.server.addUser('relNoMenu', 'Passw0rd1');
    const other = await suite.server.login('relNoMenu', 'Passw0rd1');
    const denied = await send(
      'GET',
      `${BASE}/${modelId}/FieldDataSelect?relationField=title`,
      undefined,
      other,
    );
    expect(denied.code).toBe(400);
    expect(denied.msg).toContain('权限');
  });
});
