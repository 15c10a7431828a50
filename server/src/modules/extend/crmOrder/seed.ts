import { crmLineAmount } from '@console/shared';
import { asc, inArray } from 'drizzle-orm';
import { newId } from '../../../core/ids.js';
import type { Tx } from '../../../db/client.js';
import {
  extCrmCollectionPlans,
  extCrmOrderEntries,
  extCrmOrders,
  extSaleCustomers,
  extSaleGoods,
} from '../../../db/schema/index.js';

const DAY = 86_400_000;

/**
 * Demo CRM orders of extend/order on the sales demos' customers and goods (seeded before):
 * written as the order table holds them, without a flow task (orders made in the console go
 * through the crmOrder flow form).
 */
export async function seedDemoCrmOrders(
  tx: Tx,
  ctx: { creatorId: string; salesmanName: string; now: number },
) {
  const customers = await tx.select().from(extSaleCustomers).orderBy(asc(extSaleCustomers.sortCode));
  const goods = new Map(
    (
      await tx
        .select()
        .from(extSaleGoods)
        .where(inArray(extSaleGoods.code, ['SP001', 'SP002', 'SP003', 'SP005']))
    ).map((g) => [g.code, g]),
  );
  const day = new Date(ctx.now).setUTCHours(0, 0, 0, 0);
  const orders = [
    {
      code: 'DD202611050001',
      customer: 0,
      daysAgo: 20,
      lines: [
        ['SP001', 10, 95],
        ['SP002', 2, 100],
      ],
      mode: '银行转账',
    },
    { code: 'DD202611120001', customer: 1, daysAgo: 13, lines: [['SP003', 40, 100]], mode: '现金' },
    {
      code: 'DD202611200001',
      customer: 2,
      daysAgo: 5,
      lines: [
        ['SP005', 3, 90],
        ['SP003', 10, 100],
      ],
      mode: '银行转账',
    },
  ] as const;
  for (const order of orders) {
    const customer = customers[order.customer];
    if (!customer) continue;
    const id = newId();
    const orderDate = day - order.daysAgo * DAY;
    const entries = order.lines.flatMap(([code, qty, discount], i) => {
      const item = goods.get(code);
      if (!item) return [];
      return [
        {
          id: newId(),
          orderId: id,
          goodsId: item.id,
          goodsCode: item.code,
          goodsName: item.fullName,
          specifications: item.specification,
          unit: item.unit,
          price: item.price,
          qty,
          discount,
          amount: crmLineAmount({ price: item.price, qty, discount }),
          sortCode: i,
        },
      ];
    });
    const total = Math.round(entries.reduce((sum, e) => sum + e.amount * 100, 0));
    const deposit = Math.round(total * 0.3);
    await tx.insert(extCrmOrders).values({
      id,
      orderCode: order.code,
      orderDate,
      customerId: customer.id,
      customerName: customer.fullName,
      salesmanName: ctx.salesmanName,
      receivableMoney: total / 100,
      earnestRate: 30,
      prepayEarnest: deposit / 100,
      paymentMode: order.mode,
      transportMode: '送货上门',
      deliveryDate: orderDate + 7 * DAY,
      deliveryAddress: customer.address,
      description: '',
      creatorUserId: ctx.creatorId,
      creatorTime: orderDate,
    });
    if (entries.length) await tx.insert(extCrmOrderEntries).values(entries);
    await tx.insert(extCrmCollectionPlans).values([
      {
        id: newId(),
        orderId: id,
        receivableDate: orderDate,
        receivableRate: 30,
        receivableMoney: deposit / 100,
        receivableMode: order.mode,
        summary: '预付定金',
        sortCode: 0,
      },
      {
        id: newId(),
        orderId: id,
        receivableDate: orderDate + 30 * DAY,
        receivableRate: 70,
        receivableMoney: (total - deposit) / 100,
        receivableMode: order.mode,
        summary: '验收后付清余款',
        sortCode: 1,
      },
    ]);
  }
}
