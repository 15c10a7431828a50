import {
  type CrmCollectionPlan,
  type CrmOrderEntry,
  CrmOrderForm,
  type CrmOrderInfo,
  type CrmOrderRow,
  crmLineAmount,
} from '@console/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { parseInput } from '../../../core/validation.js';
import type { DbOrTx } from '../../../db/client.js';
import {
  extCrmCollectionPlans,
  extCrmOrderEntries,
  extCrmOrders,
  extSaleCustomers,
  extSaleGoods,
  flowTasks,
  users,
} from '../../../db/schema/index.js';
import type { CodedFormWrite } from '../../workflow/coded-forms.js';

export const CrmOrderMessages = {
  notFound: '订单不存在或已删除',
  deleted: '删除成功',
  customerMissing: '客户不存在，请重新选择',
  goodsMissing: (n: number) => `商品明细第${n}行的商品不存在，请重新选择`,
  codeTaken: (code: string) => `订单编号已存在：${code}`,
  lineAmount: (n: number, expected: number) =>
    `商品明细第${n}行的金额应为 单价×数量×折扣% = ${expected.toFixed(2)}，请重新计算`,
  receivable: (expected: number) => `应收金额应为商品明细金额之和 ${expected.toFixed(2)}，请重新计算`,
  earnest: '预付定金不能超过应收金额',
  planMoney: (expected: number) => `收款计划的收款金额之和应等于应收金额 ${expected.toFixed(2)}`,
  planRate: '收款计划的收款比率之和应为100%',
  orderDeleted: '该订单已被删除，不能再修改',
  noPrev: '已经是第一条订单',
  noNext: '已经是最后一条订单',
} as const;

type OrderRow = typeof extCrmOrders.$inferSelect;

const cents = (v: number) => Math.round(v * 100);

export const rowsOf = async (db: DbOrTx, rows: OrderRow[]): Promise<CrmOrderRow[]> => {
  const ids = rows.map((r) => r.id);
  const creators = [...new Set(rows.flatMap((r) => (r.creatorUserId ? [r.creatorUserId] : [])))];
  const [tasks, people] = await Promise.all([
    ids.length
      ? db
          .select({ id: flowTasks.id, status: flowTasks.status })
          .from(flowTasks)
          .where(inArray(flowTasks.id, ids))
      : [],
    creators.length
      ? db
          .select({ id: users.id, realName: users.realName, account: users.account })
          .from(users)
          .where(inArray(users.id, creators))
      : [],
  ]);
  const status = new Map(tasks.map((t) => [t.id, t.status]));
  const names = new Map(people.map((u) => [u.id, `${u.realName}/${u.account}`]));
  return rows.map((r) => ({
    id: r.id,
    orderCode: r.orderCode,
    orderDate: r.orderDate,
    customerId: r.customerId,
    customerName: r.customerName,
    salesmanName: r.salesmanName,
    receivableMoney: r.receivableMoney,
    paymentMode: r.paymentMode,
    description: r.description,
    status: status.get(r.id) ?? null,
    creatorUser: r.creatorUserId ? (names.get(r.creatorUserId) ?? null) : null,
    creatorTime: r.creatorTime,
  }));
};

const entryOf = (e: typeof extCrmOrderEntries.$inferSelect): CrmOrderEntry => ({
  id: e.id,
  goodsId: e.goodsId,
  goodsCode: e.goodsCode,
  goodsName: e.goodsName,
  specifications: e.specifications,
  unit: e.unit,
  qty: e.qty,
  price: e.price,
  discount: e.discount,
  amount: e.amount,
  description: e.description,
});

const planOf = (p: typeof extCrmCollectionPlans.$inferSelect): CrmCollectionPlan => ({
  id: p.id,
  receivableDate: p.receivableDate,
  receivableRate: p.receivableRate,
  receivableMoney: p.receivableMoney,
  receivableMode: p.receivableMode,
  abstract: p.summary,
});

export async function liveOrder(db: DbOrTx, id: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(extCrmOrders)
    .where(and(eq(extCrmOrders.id, id), eq(extCrmOrders.deleteMark, 0)));
  if (!row) throw badRequest(CrmOrderMessages.notFound);
  return row;
}

export const entriesOf = async (db: DbOrTx, orderId: string) =>
  (
    await db
      .select()
      .from(extCrmOrderEntries)
      .where(eq(extCrmOrderEntries.orderId, orderId))
      .orderBy(asc(extCrmOrderEntries.sortCode))
  ).map(entryOf);

export const plansOf = async (db: DbOrTx, orderId: string) =>
  (
    await db
      .select()
      .from(extCrmCollectionPlans)
      .where(eq(extCrmCollectionPlans.orderId, orderId))
      .orderBy(asc(extCrmCollectionPlans.sortCode))
  ).map(planOf);

export async function orderInfo(db: DbOrTx, row: OrderRow): Promise<CrmOrderInfo> {
  const [[base], goodsList, collectionPlanList] = await Promise.all([
    rowsOf(db, [row]),
    entriesOf(db, row.id),
    plansOf(db, row.id),
  ]);
  return {
    ...(base as CrmOrderRow),
    salesmanId: row.salesmanId,
    earnestRate: row.earnestRate,
    prepayEarnest: row.prepayEarnest,
    transportMode: row.transportMode,
    deliveryDate: row.deliveryDate,
    deliveryAddress: row.deliveryAddress,
    fileJson: row.fileJson,
    goodsList,
    collectionPlanList,
  };
}

/**
 * The writer of the coded flow form crmOrder: checks the form (customer and goods exist, every
 * line's amount is price × qty × discount%, the receivable amount is their sum, the collection
 * plan adds up to it), then writes the order (id = task id) with its lines and plan in the task's
 * transaction. Answers the formData kept on the task, with names read from their tables.
 */
export async function writeCrmOrder({ tx, taskId, userId, formData }: CodedFormWrite) {
  const form = parseInput(CrmOrderForm, formData);
  const [customer] = await tx.select().from(extSaleCustomers).where(eq(extSaleCustomers.id, form.customerId));
  if (!customer) throw badRequest(CrmOrderMessages.customerMissing);
  const goodsIds = [...new Set(form.goodsList.map((l) => l.goodsId))];
  const goods = new Map(
    (await tx.select().from(extSaleGoods).where(inArray(extSaleGoods.id, goodsIds))).map((g) => [g.id, g]),
  );
  const entries = form.goodsList.map((line, i) => {
    const item = goods.get(line.goodsId);
    if (!item) throw badRequest(CrmOrderMessages.goodsMissing(i + 1));
    const amount = crmLineAmount(line);
    if (cents(line.amount) !== cents(amount)) throw badRequest(CrmOrderMessages.lineAmount(i + 1, amount));
    return {
      id: newId(),
      orderId: taskId,
      goodsId: item.id,
      goodsCode: item.code,
      goodsName: item.fullName,
      specifications: item.specification,
      unit: item.unit,
      price: line.price,
      qty: line.qty,
      discount: line.discount,
      amount,
      description: line.description,
      sortCode: i,
    };
  });
  const total = entries.reduce((sum, e) => sum + cents(e.amount), 0);
  if (cents(form.receivableMoney) !== total) throw badRequest(CrmOrderMessages.receivable(total / 100));
  if (cents(form.prepayEarnest) > total) throw badRequest(CrmOrderMessages.earnest);
  if (form.collectionPlanList.length > 0) {
    const planned = form.collectionPlanList.reduce((sum, p) => sum + cents(p.receivableMoney), 0);
    if (planned !== total) throw badRequest(CrmOrderMessages.planMoney(total / 100));
    const rates = form.collectionPlanList.reduce((sum, p) => sum + cents(p.receivableRate), 0);
    if (rates !== 10_000) throw badRequest(CrmOrderMessages.planRate);
  }
  const [taken] = await tx
    .select({ id: extCrmOrders.id })
    .from(extCrmOrders)
    .where(and(eq(extCrmOrders.orderCode, form.orderCode), eq(extCrmOrders.deleteMark, 0)));
  if (taken && taken.id !== taskId)
    throw badRequest(`orderCode：${CrmOrderMessages.codeTaken(form.orderCode)}`);
  const [salesman] = form.salesmanId
    ? await tx.select({ realName: users.realName }).from(users).where(eq(users.id, form.salesmanId))
    : [];
  const values = {
    orderCode: form.orderCode,
    orderDate: form.orderDate,
    customerId: customer.id,
    customerName: customer.fullName,
    salesmanId: form.salesmanId || null,
    salesmanName: salesman?.realName ?? form.salesmanName,
    receivableMoney: total / 100,
    earnestRate: form.earnestRate,
    prepayEarnest: form.prepayEarnest,
    paymentMode: form.paymentMode,
    transportMode: form.transportMode,
    deliveryDate: form.deliveryDate ?? null,
    deliveryAddress: form.deliveryAddress,
    description: form.description,
    fileJson: form.fileJson || '[]',
  };
  const [existing] = await tx
    .select({ deleteMark: extCrmOrders.deleteMark })
    .from(extCrmOrders)
    .where(eq(extCrmOrders.id, taskId));
  if (existing?.deleteMark) throw badRequest(CrmOrderMessages.orderDeleted);
  if (existing)
    await tx
      .update(extCrmOrders)
      .set({ ...values, lastModifyUserId: userId, lastModifyTime: Date.now() })
      .where(eq(extCrmOrders.id, taskId));
  else await tx.insert(extCrmOrders).values({ id: taskId, ...values, creatorUserId: userId });
  await tx.delete(extCrmOrderEntries).where(eq(extCrmOrderEntries.orderId, taskId));
  await tx.delete(extCrmCollectionPlans).where(eq(extCrmCollectionPlans.orderId, taskId));
  await tx.insert(extCrmOrderEntries).values(entries);
  if (form.collectionPlanList.length > 0)
    await tx.insert(extCrmCollectionPlans).values(
      form.collectionPlanList.map((p, i) => ({
        id: newId(),
        orderId: taskId,
        receivableDate: p.receivableDate,
        receivableRate: p.receivableRate,
        receivableMoney: p.receivableMoney,
        receivableMode: p.receivableMode,
        summary: p.abstract,
        sortCode: i,
      })),
    );
  return {
    ...form,
    customerName: customer.fullName,
    salesmanName: values.salesmanName,
    goodsList: entries.map(({ id: _id, orderId: _o, sortCode: _s, ...line }) => line),
  };
}
