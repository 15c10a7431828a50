import type {
  CrmCollectionPlan,
  CrmOrderEntry,
  CrmOrderInfo,
  CrmOrderRow,
  Pagination,
  SaleCustomer,
  SaleGoods,
} from '@console/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import {
  extCrmCollectionPlans,
  extCrmOrderEntries,
  extCrmOrders,
  flowTasks,
} from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';
import { CrmOrderMessages } from './order.js';

const BASE = '/api/extend/CrmOrder';
const ENGINE = '/api/workflow/Engine';
let server: TestServer;
let admin: string;
let reader: string;
let flowId: string;
let customers: SaleCustomer[];
let goods: SaleGoods[];

const get = <T>(path: string, token = admin) => server.request<T>('GET', path, { token });
const counts = async () => {
  const { db } = server.services;
  const [[orders], [lines], [plans], [tasks]] = await Promise.all([
    db.select({ n: count() }).from(extCrmOrders),
    db.select({ n: count() }).from(extCrmOrderEntries),
    db.select({ n: count() }).from(extCrmCollectionPlans),
    db.select({ n: count() }).from(flowTasks),
  ]);
  return [orders?.n, lines?.n, plans?.n, tasks?.n];
};

/** A consistent crmOrder form: 2 × 4580 at 90% + 10 × 98 = 9224, collected 30% / 70%. */
const form = (orderCode: string) => {
  const [pc, , paper] = goods;
  return {
    orderCode,
    orderDate: Date.UTC(2026, 10, 25),
    customerId: customers[1]!.id,
    salesmanName: '周婷',
    receivableMoney: 9224,
    earnestRate: 30,
    prepayEarnest: 2767.2,
    paymentMode: '银行转账',
    deliveryDate: Date.UTC(2026, 11, 1),
    description: '测试订单',
    fileJson: '[]',
    goodsList: [
      { goodsId: pc!.id, qty: 2, price: 4580, discount: 90, amount: 8244 },
      { goodsId: paper!.id, qty: 10, price: 98, discount: 100, amount: 980 },
    ],
    collectionPlanList: [
      {
        receivableDate: Date.UTC(2026, 10, 25),
        receivableRate: 30,
        receivableMoney: 2767.2,
        receivableMode: '银行转账',
        abstract: '定金',
      },
      {
        receivableDate: Date.UTC(2026, 11, 25),
        receivableRate: 70,
        receivableMoney: 6456.8,
        receivableMode: '银行转账',
        abstract: '余款',
      },
    ],
  };
};
const launch = (formData: unknown, status = 0, taskId?: string) =>
  server.request<{ id: string }>(taskId ? 'PUT' : 'POST', `${ENGINE}/FlowTask${taskId ? `/${taskId}` : ''}`, {
    token: admin,
    json: { flowId, formData, status, flowUrgent: 1, ...(taskId ? { id: taskId } : {}) },
  });

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await server.adminToken();
  const id = await server.addUser('crm-reader', 'Passw0rd!');
  await grantPages(server, id, { 'extend.order': [] });
  reader = await server.login('crm-reader', 'Passw0rd!');
  customers = (await get<SaleCustomer[]>(`${BASE}/Customer`)).data;
  goods = (await get<SaleGoods[]>(`${BASE}/Goods`)).data;
  const template = await get<string>(`${ENGINE}/flowTemplate/getFlowIdByCode/crmOrder`);
  expect(template.code, template.msg).toBe(200);
  const versions = await get<{ id: string }[]>(`${ENGINE}/flowTemplate/FlowJsonList/${template.data}?type=1`);
  flowId = versions.data[0]!.id;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('extend/order (CrmOrder)', () => {
  it('lists the demo orders with their lines and collection plans, searches, filters by date and pages', async () => {
    const list = await get<{ list: CrmOrderRow[]; pagination: Pagination }>(BASE, reader);
    expect(list.code, list.msg).toBe(200);
    expect(list.data.list.map((r) => r.orderCode)).toEqual([
      'DD202611200001',
      'DD202611120001',
      'DD202611050001',
    ]);
    const first = list.data.list[0]!;
    expect(first).toMatchObject({
      customerName: '示范区图书馆',
      salesmanName: '张伟',
      receivableMoney: 8000,
      status: null,
    });
    const items = await get<{ list: CrmOrderEntry[] }>(`${BASE}/OrderEntry/${first.id}/Items`, reader);
    expect(items.data.list.map((l) => [l.goodsName, l.qty, l.discount, l.amount])).toEqual([
      ['会议桌', 3, 90, 7020],
      ['A4复印纸', 10, 100, 980],
    ]);
    const plan = await get<{ list: CrmCollectionPlan[] }>(`${BASE}/${first.id}/CollectionPlan`, reader);
    expect(plan.data.list.map((p) => [p.receivableRate, p.receivableMoney, p.abstract])).toEqual([
      [30, 2400, '预付定金'],
      [70, 5600, '验收后付清余款'],
    ]);

    const found = await get<{ list: CrmOrderRow[] }>(
      `${BASE}?keyword=${encodeURIComponent('人民医院')}`,
      reader,
    );
    expect(found.data.list.map((r) => r.orderCode)).toEqual(['DD202611120001']);
    const middle = list.data.list[1]!.orderDate;
    const dated = await get<{ list: CrmOrderRow[] }>(
      `${BASE}?startTime=${middle}&endTime=${middle + 1}`,
      reader,
    );
    expect(dated.data.list.map((r) => r.orderCode)).toEqual(['DD202611120001']);
    const paged = await get<{ list: CrmOrderRow[]; pagination: Pagination }>(
      `${BASE}?currentPage=2&pageSize=2`,
      reader,
    );
    expect(paged.data.list.map((r) => r.orderCode)).toEqual(['DD202611050001']);
    expect(paged.data.pagination.total).toBe(3);

    const next = await get<CrmOrderInfo>(`${BASE}/${first.id}/Actions/Next`, reader);
    expect([next.data.orderCode, next.data.goodsList.length, next.data.collectionPlanList.length]).toEqual([
      'DD202611120001',
      1,
      2,
    ]);
    const prev = await get<CrmOrderInfo>(`${BASE}/${next.data.id}/Actions/Prev`, reader);
    expect(prev.data.orderCode).toBe('DD202611200001');
    const none = await get(`${BASE}/${first.id}/Actions/Prev`, reader);
    expect([none.code, none.msg]).toEqual([400, CrmOrderMessages.noPrev]);

    const customers2 = await get<SaleCustomer[]>(
      `${BASE}/Customer?keyword=${encodeURIComponent('小学')}`,
      reader,
    );
    expect(customers2.data.map((c) => c.fullName)).toEqual(['示范区第一小学']);
    expect(goods.map((g) => g.code)).toEqual(['SP001', 'SP002', 'SP003', 'SP004', 'SP005']);
  });

  it('refuses bad list input and unknown ids with 400', async () => {
    for (const [path, msg] of [
      [`${BASE}?startTime=abc`, 'startTime：开始时间格式错误'],
      [`${BASE}?startTime=200&endTime=100`, '结束时间不能早于开始时间'],
      [`${BASE}?sidx=description`, undefined],
      [`${BASE}/OrderEntry/nope/Items`, CrmOrderMessages.notFound],
      [`${BASE}/nope/CollectionPlan`, CrmOrderMessages.notFound],
      [`${BASE}/nope/Actions/Next`, CrmOrderMessages.notFound],
      [`${BASE}/nope/Export`, CrmOrderMessages.notFound],
    ] as const) {
      const answer = await get(path);
      expect(answer.code, path).toBe(400);
      if (msg) expect(answer.msg).toBe(msg);
    }
    expect((await server.request('DELETE', `${BASE}/nope`, { token: admin })).msg).toBe(
      CrmOrderMessages.notFound,
    );
    // The reader holds the page but not its delete or export buttons.
    const list = await get<{ list: CrmOrderRow[] }>(BASE, reader);
    const id = list.data.list[0]!.id;
    expect((await server.request('DELETE', `${BASE}/${id}`, { token: reader })).code).not.toBe(200);
    expect((await get(`${BASE}/${id}/Export`, reader)).code).not.toBe(200);
  });

  it('writes an order with its lines and plan in the flow task transaction, edits the draft, exports and deletes it', async () => {
    const before = await counts();
    const draft = await launch(form('DD-T-0001'), 1);
    expect(draft.code, draft.msg).toBe(200);
    const taskId = draft.data.id;
    expect(await counts()).toEqual([before[0]! + 1, before[1]! + 2, before[2]! + 2, before[3]! + 1]);
    const info = await get<{
      formData: Record<string, unknown>;
      flowFormInfo: { formType: number; enCode: string };
    }>(`${ENGINE}/FlowBefore/${taskId}`);
    expect(info.data.flowFormInfo).toMatchObject({ formType: 1, enCode: 'crmOrder' });
    expect(info.data.formData).toMatchObject({ orderCode: 'DD-T-0001', customerName: '示范区人民医院' });

    // Edit the draft: one line fewer, then submit it.
    const edited = { ...form('DD-T-0001'), receivableMoney: 980, prepayEarnest: 0, collectionPlanList: [] };
    edited.goodsList = edited.goodsList.slice(1);
    const submitted = await launch(edited, 0, taskId);
    expect(submitted.code, submitted.msg).toBe(200);
    const row = (await get<{ list: CrmOrderRow[] }>(`${BASE}?keyword=DD-T-0001`)).data.list[0]!;
    expect(row).toMatchObject({
      id: taskId,
      receivableMoney: 980,
      status: 1,
      customerName: '示范区人民医院',
    });
    expect(
      (await get<{ list: CrmOrderEntry[] }>(`${BASE}/OrderEntry/${taskId}/Items`)).data.list,
    ).toHaveLength(1);
    expect((await get<{ list: CrmCollectionPlan[] }>(`${BASE}/${taskId}/CollectionPlan`)).data.list).toEqual(
      [],
    );

    const exported = await get<{ name: string; url: string }>(`${BASE}/${taskId}/Export`);
    expect(exported.data.name).toBe('订单_DD-T-0001.xlsx');
    const file = await server.app.inject({ method: 'GET', url: exported.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const removed = await server.request('DELETE', `${BASE}/${taskId}`, { token: admin });
    expect([removed.code, removed.msg]).toEqual([200, CrmOrderMessages.deleted]);
    expect((await get<{ list: CrmOrderRow[] }>(`${BASE}?keyword=DD-T-0001`)).data.list).toEqual([]);
    expect((await get(`${BASE}/OrderEntry/${taskId}/Items`)).code).toBe(400);
  });

  it('refuses a form whose totals do not add up, or that misses fields, writing neither order nor task', async () => {
    const before = await counts();
    const good = form('DD-T-0002');
    const cases: [unknown, string][] = [
      [{ ...good, receivableMoney: 9000 }, CrmOrderMessages.receivable(9224)],
      [
        { ...good, goodsList: [{ ...good.goodsList[0]!, amount: 9160 }, good.goodsList[1]!] },
        CrmOrderMessages.lineAmount(1, 8244),
      ],
      [
        {
          ...good,
          collectionPlanList: [
            { ...good.collectionPlanList[0]!, receivableMoney: 100 },
            good.collectionPlanList[1]!,
          ],
        },
        CrmOrderMessages.planMoney(9224),
      ],
      [
        {
          ...good,
          collectionPlanList: [
            { ...good.collectionPlanList[0]!, receivableRate: 20 },
            good.collectionPlanList[1]!,
          ],
        },
        CrmOrderMessages.planRate,
      ],
      [{ ...good, prepayEarnest: 10_000 }, CrmOrderMessages.earnest],
      [{ ...good, customerId: 'nobody' }, CrmOrderMessages.customerMissing],
      [
        { ...good, goodsList: [{ ...good.goodsList[1]!, goodsId: 'none' }] },
        CrmOrderMessages.goodsMissing(1),
      ],
      [{ ...good, goodsList: [] }, 'goodsList：请至少添加一行商品明细'],
      [{ ...good, orderCode: '' }, 'orderCode：请填写订单编号'],
      [
        { ...good, orderCode: 'DD202611050001' },
        `orderCode：${CrmOrderMessages.codeTaken('DD202611050001')}`,
      ],
      [{ ...good, goodsList: [{ ...good.goodsList[1]!, qty: -1 }] }, 'goodsList.0.qty：数量不能为负数'],
    ];
    for (const [formData, msg] of cases) {
      const answer = await launch(formData);
      expect([answer.code, answer.msg]).toEqual([400, msg]);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('the 3.4.7 client crmOrder flow form (issue #20, item 13)', () => {
  it('takes a new order code from the bill rule OrderNumber, the code that form asks for', async () => {
    const first = await get<string>('/api/system/BillRule/BillNumber/OrderNumber');
    expect([first.code, first.msg]).toEqual([200, expect.any(String)]);
    expect(first.data).toMatch(/^DD\d{8}\d{4}$/);
    const second = await get<string>('/api/system/BillRule/BillNumber/OrderNumber');
    expect(second.data).not.toBe(first.data);
  });
});
