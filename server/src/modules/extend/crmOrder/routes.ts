import { CrmOrderListQuery, type SaleCustomer, type SaleGoods, SaleLookupQuery } from '@console/shared';
import { and, asc, desc, eq, gt, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { extCrmOrders, extSaleCustomers, extSaleGoods } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { sheetDate, writeSheet } from '../../permission/user/importExport.js';
import { registerCodedForm } from '../../workflow/coded-forms.js';
import {
  CrmOrderMessages,
  entriesOf,
  liveOrder,
  orderInfo,
  plansOf,
  rowsOf,
  writeCrmOrder,
} from './order.js';

const MODULE = 'extend.order';
const BASE = '/api/extend/CrmOrder';
const Params = z.object({
  id: z.string().trim().min(1, CrmOrderMessages.notFound).max(64, CrmOrderMessages.notFound),
});

const SORTABLE = {
  orderCode: extCrmOrders.orderCode,
  orderDate: extCrmOrders.orderDate,
  customerName: extCrmOrders.customerName,
  receivableMoney: extCrmOrders.receivableMoney,
  creatorTime: extCrmOrders.creatorTime,
} as const;

/** The export's columns: one row per goods line, headed by its order. */
const EXPORT_COLUMNS = [
  { id: 'orderCode', fullName: '订单编号' },
  { id: 'orderDate', fullName: '订单日期' },
  { id: 'customerName', fullName: '客户名称' },
  { id: 'salesmanName', fullName: '业务员' },
  { id: 'goodsCode', fullName: '商品编码' },
  { id: 'goodsName', fullName: '商品名称' },
  { id: 'specifications', fullName: '规格型号' },
  { id: 'unit', fullName: '单位' },
  { id: 'price', fullName: '单价' },
  { id: 'qty', fullName: '数量' },
  { id: 'discount', fullName: '折扣%' },
  { id: 'amount', fullName: '金额' },
] as const;

const live = eq(extCrmOrders.deleteMark, 0);

/**
 * extend/order (other.md 1): CRM orders. They are created and edited through the coded flow form
 * crmOrder (FlowTask with formData, registered below); these routes list, read, page through,
 * export and delete them, and answer the customer and goods lookups of the form.
 */
export function registerCrmOrderRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  registerCodedForm('crmOrder', writeCrmOrder);
  registerDownload('crmOrder', async (s, payload) => {
    const row = await liveOrder(s.db, String(payload));
    const lines = await entriesOf(s.db, row.id);
    const head = {
      orderCode: row.orderCode,
      orderDate: sheetDate(row.orderDate),
      customerName: row.customerName,
      salesmanName: row.salesmanName,
    };
    return {
      body: await writeSheet(
        '订单明细',
        EXPORT_COLUMNS,
        lines.map((l) => ({ ...head, ...l })),
      ),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  });

  defineRoute(app, services, {
    method: 'GET',
    url: BASE,
    access: { module: MODULE },
    query: CrmOrderListQuery,
    handler: async ({ query }) => {
      if (query.startTime !== undefined && query.endTime !== undefined && query.endTime < query.startTime)
        throw badRequest('结束时间不能早于开始时间');
      const page = await selectPage(
        db,
        extCrmOrders,
        and(
          live,
          query.startTime !== undefined ? gte(extCrmOrders.orderDate, query.startTime) : undefined,
          query.endTime !== undefined ? lte(extCrmOrders.orderDate, query.endTime) : undefined,
          keywordMatch(
            query.keyword,
            extCrmOrders.orderCode,
            extCrmOrders.customerName,
            extCrmOrders.salesmanName,
          ),
        ),
        listOrder(SORTABLE, query, desc(extCrmOrders.id), [
          desc(extCrmOrders.orderDate),
          desc(extCrmOrders.id),
        ]),
        query,
      );
      return { list: await rowsOf(db, page.rows), pagination: page.pagination };
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/OrderEntry/:id/Items`,
    access: { module: MODULE },
    params: Params,
    handler: async ({ params }) => ({ list: await entriesOf(db, (await liveOrder(db, params.id)).id) }),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:id/CollectionPlan`,
    access: { module: MODULE },
    params: Params,
    handler: async ({ params }) => ({ list: await plansOf(db, (await liveOrder(db, params.id)).id) }),
  });

  /** The order before / after this one in the list's default order (newest order date first). */
  const neighbour = (direction: 'Prev' | 'Next') =>
    defineRoute(app, services, {
      method: 'GET',
      url: `${BASE}/:id/Actions/${direction}`,
      access: { module: MODULE },
      params: Params,
      handler: async ({ params }) => {
        const row = await liveOrder(db, params.id);
        const newer = or(
          gt(extCrmOrders.orderDate, row.orderDate),
          and(eq(extCrmOrders.orderDate, row.orderDate), gt(extCrmOrders.id, row.id)),
        ) as SQL;
        const older = or(
          lt(extCrmOrders.orderDate, row.orderDate),
          and(eq(extCrmOrders.orderDate, row.orderDate), lt(extCrmOrders.id, row.id)),
        ) as SQL;
        const [next] = await db
          .select()
          .from(extCrmOrders)
          .where(and(live, direction === 'Prev' ? newer : older))
          .orderBy(
            ...(direction === 'Prev'
              ? [asc(extCrmOrders.orderDate), asc(extCrmOrders.id)]
              : [desc(extCrmOrders.orderDate), desc(extCrmOrders.id)]),
          )
          .limit(1);
        if (!next) throw badRequest(direction === 'Prev' ? CrmOrderMessages.noPrev : CrmOrderMessages.noNext);
        return orderInfo(db, next);
      },
    });
  neighbour('Prev');
  neighbour('Next');

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/:id/Export`,
    access: { module: MODULE, button: 'btn_export' },
    params: Params,
    handler: async ({ params, session }) => {
      const row = await liveOrder(db, params.id);
      return issueDownload(services, {
        kind: 'crmOrder',
        fileName: `订单_${row.orderCode}.xlsx`,
        payload: row.id,
        userId: session.userId,
      });
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    access: { module: MODULE, button: 'btn_remove' },
    params: Params,
    handler: async ({ params, session }) => {
      const done = await db
        .update(extCrmOrders)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: session.userId })
        .where(and(eq(extCrmOrders.id, params.id), live))
        .returning({ id: extCrmOrders.id });
      if (done.length === 0) throw badRequest(CrmOrderMessages.notFound);
      return answer(null, CrmOrderMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Customer`,
    access: { module: MODULE },
    query: SaleLookupQuery.pick({ keyword: true }),
    handler: async ({ query }): Promise<SaleCustomer[]> => {
      const rows = await db
        .select()
        .from(extSaleCustomers)
        .where(keywordMatch(query.keyword, extSaleCustomers.code, extSaleCustomers.fullName))
        .orderBy(asc(extSaleCustomers.sortCode), asc(extSaleCustomers.id))
        .limit(50);
      return rows.map(({ sortCode: _s, ...c }) => c);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: `${BASE}/Goods`,
    access: { module: MODULE },
    query: SaleLookupQuery.pick({ keyword: true }),
    handler: async ({ query }): Promise<SaleGoods[]> => {
      const rows = await db
        .select()
        .from(extSaleGoods)
        .where(keywordMatch(query.keyword, extSaleGoods.code, extSaleGoods.fullName))
        .orderBy(asc(extSaleGoods.sortCode), asc(extSaleGoods.id))
        .limit(500);
      return rows.map(({ sortCode: _s, ...g }) => g);
    },
  });
}
