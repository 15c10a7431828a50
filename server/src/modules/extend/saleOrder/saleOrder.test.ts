import type {
  EmployeeRow,
  Pagination,
  SaleClassifyNode,
  SaleCustomer,
  SaleGoods,
  SaleProductEntry,
  SaleProductInfo,
  SaleProductRow,
} from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../../test/harness.js';
import { STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { extSaleProductEntries, extSaleProducts } from '../../../db/schema/index.js';
import { grantPages } from '../../knowledge/testing.js';
import { SaleOrderMessages } from './routes.js';

const BASE = '/api/extend/saleOrder';
let server: TestServer;
let admin: string;
let reader: string;
let customers: SaleCustomer[];
let goods: SaleGoods[];

const counts = async () => {
  const { db } = server.services;
  const [orders] = await db
    .select({ n: count() })
    .from(extSaleProducts)
    .where(eq(extSaleProducts.deleteMark, 0));
  const [lines] = await db.select({ n: count() }).from(extSaleProductEntries);
  return [orders?.n, lines?.n];
};
const get = <T>(path: string, token = admin) => server.request<T>('GET', `${BASE}${path}`, { token });

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await server.adminToken();
  const id = await server.addUser('sale-reader', 'Passw0rd!');
  await grantPages(server, id, { 'extend.saleOrder': [], 'extend.importAndExport': [] });
  reader = await server.login('sale-reader', 'Passw0rd!');
  customers = (await get<{ list: SaleCustomer[] }>('/Customer')).data.list;
  goods = (await get<{ list: SaleGoods[] }>('/Goods/Selector')).data.list;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('extend/saleOrder', () => {
  it('lists the demo orders and lookups, creates, reads, edits and deletes an order with its lines', async () => {
    const demo = await get<{ list: SaleProductRow[]; pagination: Pagination }>(
      '/Product?sidx=code&sort=asc',
      reader,
    );
    expect(demo.data.list.map((r) => [r.code, r.amount])).toEqual([
      ['XS20261101', 48_360],
      ['XS20261115', 6_080],
    ]);
    expect(customers.map((c) => c.fullName)).toContain('示范区人民医院');
    const classify = await get<SaleClassifyNode[]>('/Classify');
    expect(classify.data.map((n) => n.fullName).sort()).toEqual(['办公家具', '办公耗材', '办公设备'].sort());
    const supplies = await get<{ list: SaleGoods[] }>(
      `/Goods/getGoodList?type=${encodeURIComponent('办公耗材')}`,
    );
    expect(supplies.data.list.map((g) => g.code)).toEqual(['SP003', 'SP004']);
    const paper = await get<{ list: SaleGoods[]; pagination: Pagination }>(
      `/Goods?keyword=${encodeURIComponent('复印')}`,
    );
    expect(paper.data.list.map((g) => [g.fullName, g.price])).toEqual([['A4复印纸', 98]]);

    const created = await server.request<{ id: string }>('POST', `${BASE}/Product`, {
      token: admin,
      json: {
        code: 'XS-T-001',
        customerId: customers[2]!.id,
        salesmanName: '周婷',
        salesmanDate: Date.UTC(2026, 10, 20),
        goodsList: [
          { goodsId: goods[2]!.id, qty: 3, price: 98.5, description: '急用' },
          { goodsId: goods[4]!.id, qty: 1, price: 2600 },
        ],
      },
    });
    expect([created.code, created.msg]).toEqual([200, SaleOrderMessages.created]);
    const info = await get<SaleProductInfo>(`/Product/${created.data.id}`);
    expect(info.data).toMatchObject({
      code: 'XS-T-001',
      customerName: '示范区图书馆',
      amount: 2895.5,
      version: 0,
    });
    expect(info.data.goodsList.map((l) => [l.goodsName, l.qty, l.price, l.amount])).toEqual([
      ['A4复印纸', 3, 98.5, 295.5],
      ['会议桌', 1, 2600, 2600],
    ]);

    const edited = await server.request('PUT', `${BASE}/Product/${created.data.id}`, {
      token: admin,
      json: {
        code: 'XS-T-001',
        customerId: customers[2]!.id,
        salesmanDate: Date.UTC(2026, 10, 21),
        goodsList: [{ goodsId: goods[0]!.id, qty: 2, price: 4500 }],
        version: 0,
      },
    });
    expect(edited.code).toBe(200);
    const lines = await get<{ list: SaleProductEntry[] }>(`/Product/ProductEntry/${created.data.id}`);
    expect(lines.data.list.map((l) => [l.goodsCode, l.amount])).toEqual([['SP001', 9000]]);
    expect((await get<SaleProductInfo>(`/Product/${created.data.id}`)).data).toMatchObject({
      amount: 9000,
      version: 1,
    });

    const stale = await server.request('PUT', `${BASE}/Product/${created.data.id}`, {
      token: admin,
      json: {
        code: 'XS-T-001',
        customerId: customers[0]!.id,
        salesmanDate: 1,
        goodsList: [{ goodsId: goods[1]!.id, qty: 1, price: 1 }],
        version: 0,
      },
    });
    expect([stale.code, stale.msg]).toEqual([400, STALE_VERSION_MESSAGE]);
    expect(
      (await get<{ list: SaleProductEntry[] }>(`/Product/ProductEntry/${created.data.id}`)).data.list,
    ).toHaveLength(1);

    expect(
      (await server.request('DELETE', `${BASE}/Product/${created.data.id}`, { token: admin })).code,
    ).toBe(200);
    expect((await get(`/Product/${created.data.id}`)).code).toBe(400);

    // The demo roster of the import/export page is there from the first start.
    const employees = await server.request<{ list: EmployeeRow[] }>('GET', '/api/extend/Employee', {
      token: reader,
    });
    expect(employees.data.list).toHaveLength(5);
  });

  it('refuses bad orders and callers without the buttons, writing nothing', async () => {
    const before = await counts();
    const valid = {
      code: 'XS-T-002',
      customerId: customers[0]!.id,
      salesmanDate: Date.UTC(2026, 10, 20),
      goodsList: [{ goodsId: goods[0]!.id, qty: 1, price: 10 }],
    };
    const post = (json: unknown, token = admin) => server.request('POST', `${BASE}/Product`, { token, json });
    const noLines = await post({ ...valid, goodsList: [] });
    expect(noLines.code).toBe(400);
    expect(noLines.msg).toMatch(/请添加订单明细/);
    const badQty = await post({ ...valid, goodsList: [{ goodsId: goods[0]!.id, qty: -1, price: 10 }] });
    expect(badQty.code).toBe(400);
    expect(badQty.msg).toMatch(/数量/);
    const noCustomer = await post({ ...valid, customerId: 'nobody' });
    expect([noCustomer.code, noCustomer.msg]).toEqual([400, SaleOrderMessages.customerMissing]);
    const noGoods = await post({
      ...valid,
      goodsList: [valid.goodsList[0], { goodsId: 'nothing', qty: 1, price: 1 }],
    });
    expect([noGoods.code, noGoods.msg]).toEqual([400, SaleOrderMessages.goodsMissing(2)]);
    const taken = await post({ ...valid, code: 'XS20261101' });
    expect([taken.code, taken.msg]).toEqual([400, SaleOrderMessages.codeTaken('XS20261101')]);
    expect((await get('/Product?sidx=description')).code).toBe(400);
    expect((await get('/Goods/getGoodList')).code).toBe(400);

    // The reader holds the page, not its add, edit or remove buttons.
    expect((await post(valid, reader)).code).toBe(400);
    const [order] = (await get<{ list: SaleProductRow[] }>('/Product', reader)).data.list;
    const put = await server.request('PUT', `${BASE}/Product/${order!.id}`, {
      token: reader,
      json: { ...valid, version: order!.version },
    });
    expect(put.code).toBe(400);
    expect((await server.request('DELETE', `${BASE}/Product/${order!.id}`, { token: reader })).code).toBe(
      400,
    );
    expect(await counts()).toEqual(before);
  });
});
