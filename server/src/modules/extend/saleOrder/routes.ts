import {
  type SaleClassifyNode,
  type SaleCustomer,
  type SaleGoods,
  SaleGoodsTypeQuery,
  SaleLookupQuery,
  SaleProductBody,
  type SaleProductEntry,
  type SaleProductInfo,
  SaleProductListQuery,
  type SaleProductRow,
  SaleProductUpdateBody,
} from '@console/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { answer, defineRoute } from '../../../core/route.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import {
  extSaleCustomers,
  extSaleGoods,
  extSaleProductEntries,
  extSaleProducts,
} from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';

const MODULE = 'extend.saleOrder';
const Params = z.object({ id: z.string().trim().min(1).max(64) });

export const SaleOrderMessages = {
  notFound: '订单不存在或已删除',
  customerMissing: '客户不存在，请重新选择',
  goodsMissing: (n: number) => `第${n}行的商品不存在，请重新选择`,
  codeTaken: (code: string) => `订单编号已存在：${code}`,
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
} as const;

const SORTABLE = {
  code: extSaleProducts.code,
  customerName: extSaleProducts.customerName,
  salesmanDate: extSaleProducts.salesmanDate,
  amount: extSaleProducts.amount,
  creatorTime: extSaleProducts.creatorTime,
} as const;
const GOODS_SORTABLE = {
  code: extSaleGoods.code,
  fullName: extSaleGoods.fullName,
  price: extSaleGoods.price,
} as const;
const CUSTOMER_SORTABLE = { code: extSaleCustomers.code, fullName: extSaleCustomers.fullName } as const;

type ProductRow = typeof extSaleProducts.$inferSelect;

const rowOf = (r: ProductRow): SaleProductRow => ({
  id: r.id,
  code: r.code,
  customerId: r.customerId,
  customerName: r.customerName,
  salesmanName: r.salesmanName,
  salesmanDate: r.salesmanDate,
  amount: r.amount,
  description: r.description,
  creatorTime: r.creatorTime,
  version: r.version,
});

const entryOf = (e: typeof extSaleProductEntries.$inferSelect): SaleProductEntry => ({
  id: e.id,
  goodsId: e.goodsId,
  goodsCode: e.goodsCode,
  goodsName: e.goodsName,
  specification: e.specification,
  unit: e.unit,
  qty: e.qty,
  price: e.price,
  amount: e.amount,
  description: e.description,
});

const goodsOf = (g: typeof extSaleGoods.$inferSelect): SaleGoods => ({
  id: g.id,
  code: g.code,
  fullName: g.fullName,
  type: g.type,
  specification: g.specification,
  unit: g.unit,
  price: g.price,
});

const customerOf = (c: typeof extSaleCustomers.$inferSelect): SaleCustomer => ({
  id: c.id,
  code: c.code,
  fullName: c.fullName,
  contactName: c.contactName,
  contactTel: c.contactTel,
  address: c.address,
});

async function liveOrder(db: DbOrTx, id: string): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(extSaleProducts)
    .where(and(eq(extSaleProducts.id, id), eq(extSaleProducts.deleteMark, 0)));
  if (!row) throw badRequest(SaleOrderMessages.notFound);
  return row;
}

const entriesOf = (db: DbOrTx, productId: string) =>
  db
    .select()
    .from(extSaleProductEntries)
    .where(eq(extSaleProductEntries.productId, productId))
    .orderBy(asc(extSaleProductEntries.sortCode));

/**
 * What a body writes: the customer's name and each line's goods read from their tables, amounts
 * worked out here (never taken from the client), the order number checked against live orders.
 */
async function resolve(tx: DbOrTx, body: SaleProductBody, productId: string) {
  const [customer] = await tx.select().from(extSaleCustomers).where(eq(extSaleCustomers.id, body.customerId));
  if (!customer) throw badRequest(SaleOrderMessages.customerMissing);
  const goodsIds = [...new Set(body.goodsList.map((l) => l.goodsId))];
  const goods = new Map(
    (await tx.select().from(extSaleGoods).where(inArray(extSaleGoods.id, goodsIds))).map((g) => [g.id, g]),
  );
  const entries = body.goodsList.map((line, i) => {
    const item = goods.get(line.goodsId);
    if (!item) throw badRequest(SaleOrderMessages.goodsMissing(i + 1));
    return {
      id: newId(),
      productId,
      goodsId: item.id,
      goodsCode: item.code,
      goodsName: item.fullName,
      specification: item.specification,
      unit: item.unit,
      qty: line.qty,
      price: line.price,
      amount: Math.round(line.qty * line.price * 100) / 100,
      description: line.description,
      sortCode: i,
    };
  });
  const [taken] = await tx
    .select({ id: extSaleProducts.id })
    .from(extSaleProducts)
    .where(and(eq(extSaleProducts.code, body.code), eq(extSaleProducts.deleteMark, 0)));
  if (taken && taken.id !== productId) throw badRequest(SaleOrderMessages.codeTaken(body.code));
  const amount = Math.round(entries.reduce((sum, e) => sum + e.amount * 100, 0)) / 100;
  return {
    entries,
    values: {
      code: body.code,
      customerId: customer.id,
      customerName: customer.fullName,
      salesmanName: body.salesmanName,
      salesmanDate: body.salesmanDate,
      description: body.description,
      amount,
    },
  };
}

/**
 * extend/saleOrder (other.md 1): sales orders (the client's "Product") of a customer with their
 * goods lines, and the customer, category and goods lookups the order form uses.
 */
export function registerSaleOrderRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Product',
    access: { module: MODULE },
    query: SaleProductListQuery,
    handler: async ({ query }) => {
      const page = await selectPage(
        db,
        extSaleProducts,
        and(
          eq(extSaleProducts.deleteMark, 0),
          keywordMatch(
            query.keyword,
            extSaleProducts.code,
            extSaleProducts.customerName,
            extSaleProducts.salesmanName,
          ),
        ),
        listOrder(SORTABLE, query, desc(extSaleProducts.id), [
          desc(extSaleProducts.salesmanDate),
          desc(extSaleProducts.id),
        ]),
        query,
      );
      return { list: page.rows.map(rowOf), pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Product/:id',
    access: { module: MODULE },
    params: Params,
    handler: async ({ params }): Promise<SaleProductInfo> => {
      const row = await liveOrder(db, params.id);
      return { ...rowOf(row), goodsList: (await entriesOf(db, row.id)).map(entryOf) };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Product/ProductEntry/:id',
    access: { module: MODULE },
    params: Params,
    handler: async ({ params }) => {
      const row = await liveOrder(db, params.id);
      return { list: (await entriesOf(db, row.id)).map(entryOf) };
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/saleOrder/Product',
    access: { module: MODULE, button: 'btn_add' },
    body: SaleProductBody,
    handler: async ({ body, session }) => {
      const id = newId();
      await db.transaction(async (tx) => {
        const { entries, values } = await resolve(tx, body, id);
        await tx.insert(extSaleProducts).values({ id, ...values, creatorUserId: session.userId });
        await tx.insert(extSaleProductEntries).values(entries);
      });
      return answer({ id }, SaleOrderMessages.created);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/saleOrder/Product/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: Params,
    body: SaleProductUpdateBody,
    handler: async ({ params, body, session }) => {
      await db.transaction(async (tx) => {
        await liveOrder(tx, params.id);
        const { entries, values } = await resolve(tx, body, params.id);
        await updateVersioned(
          tx,
          extSaleProducts,
          { id: params.id, version: body.version, userId: session.userId },
          values,
        );
        await tx.delete(extSaleProductEntries).where(eq(extSaleProductEntries.productId, params.id));
        await tx.insert(extSaleProductEntries).values(entries);
      });
      return answer(null, SaleOrderMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/saleOrder/Product/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: Params,
    handler: async ({ params, session }) => {
      const done = await db
        .update(extSaleProducts)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: session.userId })
        .where(and(eq(extSaleProducts.id, params.id), eq(extSaleProducts.deleteMark, 0)))
        .returning({ id: extSaleProducts.id });
      if (done.length === 0) throw badRequest(SaleOrderMessages.notFound);
      return answer(null, SaleOrderMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Customer',
    access: { module: MODULE },
    query: SaleLookupQuery,
    handler: async ({ query }) => {
      const page = await selectPage(
        db,
        extSaleCustomers,
        keywordMatch(query.keyword, extSaleCustomers.code, extSaleCustomers.fullName),
        listOrder(CUSTOMER_SORTABLE, query, asc(extSaleCustomers.id), [
          asc(extSaleCustomers.sortCode),
          asc(extSaleCustomers.id),
        ]),
        query,
      );
      return { list: page.rows.map(customerOf), pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Classify',
    access: { module: MODULE },
    handler: async (): Promise<SaleClassifyNode[]> => {
      const types = await db
        .selectDistinct({ type: extSaleGoods.type })
        .from(extSaleGoods)
        .orderBy(asc(extSaleGoods.type));
      return types.map((t) => ({ id: t.type, fullName: t.type, children: [] }));
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Goods',
    access: { module: MODULE },
    query: SaleLookupQuery,
    handler: async ({ query }) => {
      const page = await selectPage(
        db,
        extSaleGoods,
        keywordMatch(query.keyword, extSaleGoods.code, extSaleGoods.fullName),
        listOrder(GOODS_SORTABLE, query, asc(extSaleGoods.id), [
          asc(extSaleGoods.sortCode),
          asc(extSaleGoods.id),
        ]),
        query,
      );
      return { list: page.rows.map(goodsOf), pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Goods/getGoodList',
    access: { module: MODULE },
    query: SaleGoodsTypeQuery,
    handler: async ({ query }) => {
      const rows = await db
        .select()
        .from(extSaleGoods)
        .where(eq(extSaleGoods.type, query.type))
        .orderBy(asc(extSaleGoods.sortCode), asc(extSaleGoods.id));
      return { list: rows.map(goodsOf) };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/saleOrder/Goods/Selector',
    access: { module: MODULE },
    query: SaleLookupQuery.pick({ keyword: true }),
    handler: async ({ query }) => {
      const rows = await db
        .select()
        .from(extSaleGoods)
        .where(keywordMatch(query.keyword, extSaleGoods.code, extSaleGoods.fullName))
        .orderBy(asc(extSaleGoods.sortCode), asc(extSaleGoods.id))
        .limit(500);
      return { list: rows.map(goodsOf) };
    },
  });
}
