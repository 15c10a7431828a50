import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: 'number' });

/**
 * extend/order (other.md 1): a CRM order, written by the coded flow form `crmOrder`; its id is the
 * id of the flow task that launched it. Customers and goods are the sales demos' tables.
 */
export const extCrmOrders = pgTable(
  'ext_crm_order',
  {
    id: text('id').primaryKey(),
    /** Order number from the bill rule CrmOrder, unique among live orders. */
    /** Order number from the bill rule CrmOrder, unique among live orders. */
    orderCode: text('order_code').notNull(),
    orderDate: epochMs('order_date').notNull(),
    customerId: text('customer_id').notNull(),
    customerName: text('customer_name').notNull(),
    salesmanId: text('salesman_id'),
    salesmanName: text('salesman_name').notNull().default(''),
    /** What the customer owes: the sum of the lines' amounts (checked on every write). */
    receivableMoney: money('receivable_money').notNull().default(0),
    /** Deposit in percent of receivableMoney, and the deposit itself. */
    earnestRate: money('earnest_rate').notNull().default(0),
    prepayEarnest: money('prepay_earnest').notNull().default(0),
    paymentMode: text('payment_mode').notNull().default(''),
    transportMode: text('transport_mode').notNull().default(''),
    deliveryDate: epochMs('delivery_date'),
    deliveryAddress: text('delivery_address').notNull().default(''),
    description: text('description').notNull().default(''),
    /** JSON text of the attachments [{name, fileId, url}]. */
    fileJson: text('file_json').notNull().default('[]'),
    /** Unused: lists answer the status of the order's flow task (same id) instead. */
    status: integer('status').notNull().default(0),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    uniqueIndex('ext_crm_order_code').on(t.orderCode).where(sql`${t.deleteMark} = 0`),
    index('ext_crm_order_date').on(t.orderDate, t.id),
  ],
);

/** The goods lines of a CRM order. */
export const extCrmOrderEntries = pgTable(
  'ext_crm_order_entry',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    goodsId: text('goods_id').notNull(),
    goodsCode: text('goods_code').notNull(),
    goodsName: text('goods_name').notNull(),
    specifications: text('specifications').notNull().default(''),
    unit: text('unit').notNull().default(''),
    price: money('price').notNull(),
    qty: money('qty').notNull(),
    /** Percent of the price charged (100 = no discount, 90 = 10% off). */
    discount: money('discount').notNull().default(100),
    amount: money('amount').notNull(),
    description: text('description').notNull().default(''),
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [index('ext_crm_order_entry_order').on(t.orderId, t.sortCode)],
);

/** When and how the order's receivable amount is collected. */
export const extCrmCollectionPlans = pgTable(
  'ext_crm_collection_plan',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    receivableDate: epochMs('receivable_date').notNull(),
    /** Percent of the receivable amount (0–100). */
    receivableRate: money('receivable_rate').notNull(),
    receivableMoney: money('receivable_money').notNull(),
    receivableMode: text('receivable_mode').notNull().default(''),
    /** The summary line of the plan (the client's `abstract`). */
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [index('ext_crm_collection_plan_order').on(t.orderId, t.sortCode)],
);

/** extend/documentPreview: the sample office files, stored in base_file under generated names. */
export const extDocumentPreviews = pgTable('ext_document_preview', {
  id: text('id').primaryKey(),
  fullName: text('full_name').notNull(),
  fileExtension: text('file_extension').notNull(),
  fileSize: integer('file_size').notNull().default(0),
  /** base_file.id of the content; null only while the sample is being written. */
  fileId: text('file_id'),
  sortCode: integer('sort_code').notNull().default(0),
  creatorTime: epochMs('creator_time')
    .notNull()
    .$defaultFn(() => Date.now()),
});
