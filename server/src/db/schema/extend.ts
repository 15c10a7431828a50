import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

/**
 * The personal document centre of extend/document (knowledge.md 3): folders (type 0) and
 * files (type 1) of their creator. A file's bytes are a stored file (base_file, folder
 * 'document', never served by the public file route). deleteMark 1 = in the recycle bin; the
 * contents of a deleted folder stay unmarked and come back with it.
 */
export const extDocuments = pgTable(
  'ext_document',
  {
    id: text('id').primaryKey(),
    /** '0' at the top. */
    parentId: text('parent_id').notNull().default('0'),
    /** 0 folder, 1 file. */
    type: integer('type').notNull(),
    fullName: text('full_name').notNull(),
    /** base_file id of a file; null for a folder. */
    fileId: text('file_id'),
    fileSize: epochMs('file_size').notNull().default(0),
    fileExtension: text('file_extension').notNull().default(''),
    /** 1 while shared with anybody. */
    isShare: integer('is_share').notNull().default(0),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    index('ext_document_owner_parent').on(t.creatorUserId, t.parentId),
    index('ext_document_file').on(t.fileId),
  ],
);

/** Who a file is shared with. */
export const extDocumentShares = pgTable(
  'ext_document_share',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id').notNull(),
    shareUserId: text('share_user_id').notNull(),
    shareTime: epochMs('share_time').notNull(),
  },
  (t) => [
    uniqueIndex('ext_document_share_doc_user').on(t.documentId, t.shareUserId),
    index('ext_document_share_user').on(t.shareUserId),
  ],
);

/** extend/bigData: rows generated in batches to page over a large table. */
export const extBigData = pgTable(
  'ext_big_data',
  {
    id: text('id').primaryKey(),
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    description: text('description'),
    creatorTime: epochMs('creator_time').notNull(),
  },
  (t) => [index('ext_big_data_created').on(t.creatorTime, t.id)],
);

/**
 * extend/projectGantt: projects (type 1, parentId '0') and their tasks (type 2, parentId the
 * project or a parent task, projectId the project), as one table like the 3.4.7 client reads them.
 */
export const extProjectGantt = pgTable(
  'ext_project_gantt',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull().default('0'),
    projectId: text('project_id'),
    /** 1 project, 2 task. */
    type: integer('type').notNull(),
    enCode: text('en_code'),
    fullName: text('full_name').notNull(),
    /** Working days planned. */
    timeLimit: integer('time_limit').notNull().default(0),
    /** Progress, 0..100. */
    schedule: integer('schedule').notNull().default(0),
    startTime: epochMs('start_time').notNull(),
    endTime: epochMs('end_time').notNull(),
    signColor: text('sign_color'),
    /** Comma-joined user ids. */
    managerIds: text('manager_ids').notNull().default(''),
    /** Projects: 1 in progress, 2 finished, 3 paused. */
    state: integer('state').notNull().default(1),
    description: text('description'),
    sortCode: integer('sort_code').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    index('ext_project_gantt_project').on(t.projectId),
    index('ext_project_gantt_type').on(t.type, t.startTime),
  ],
);

/** extend/importAndExport: the employee roster imported from and exported to Excel. */
export const extEmployees = pgTable(
  'ext_employee',
  {
    id: text('id').primaryKey(),
    /** Staff number, unique among the rows not deleted. */
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    gender: text('gender').notNull().default(''),
    departmentName: text('department_name').notNull().default(''),
    positionName: text('position_name').notNull().default(''),
    /** 用工性质: 正式, 试用, 劳务派遣… */
    workingNature: text('working_nature').notNull().default(''),
    idNumber: text('id_number').notNull().default(''),
    telephone: text('telephone').notNull().default(''),
    birthday: epochMs('birthday'),
    attendWorkTime: epochMs('attend_work_time'),
    education: text('education').notNull().default(''),
    major: text('major').notNull().default(''),
    graduationAcademy: text('graduation_academy').notNull().default(''),
    graduationTime: epochMs('graduation_time'),
    sortCode: integer('sort_code').notNull().default(0),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    uniqueIndex('ext_employee_en_code').on(t.enCode).where(sql`${t.deleteMark} = 0`),
    index('ext_employee_created').on(t.creatorTime, t.id),
  ],
);

/** Customers of the sales demos (extend/saleOrder, extend/order lookups). */
export const extSaleCustomers = pgTable('ext_sale_customer', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  fullName: text('full_name').notNull(),
  contactName: text('contact_name').notNull().default(''),
  contactTel: text('contact_tel').notNull().default(''),
  address: text('address').notNull().default(''),
  sortCode: integer('sort_code').notNull().default(0),
});

/** Goods of the sales demos; `type` is the goods category the Classify tree lists. */
export const extSaleGoods = pgTable(
  'ext_sale_goods',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    fullName: text('full_name').notNull(),
    type: text('type').notNull(),
    specification: text('specification').notNull().default(''),
    unit: text('unit').notNull().default(''),
    price: numeric('price', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [index('ext_sale_goods_type').on(t.type)],
);

/** extend/saleOrder: a sales order (the 3.4.7 client calls it Product) of one customer. */
export const extSaleProducts = pgTable(
  'ext_sale_product',
  {
    id: text('id').primaryKey(),
    /** Order number, unique among the orders not deleted. */
    code: text('code').notNull(),
    customerId: text('customer_id').notNull(),
    customerName: text('customer_name').notNull(),
    salesmanName: text('salesman_name').notNull().default(''),
    salesmanDate: epochMs('salesman_date').notNull(),
    /** Sum of the lines' amounts, kept in step with them. */
    amount: numeric('amount', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    description: text('description').notNull().default(''),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    uniqueIndex('ext_sale_product_code').on(t.code).where(sql`${t.deleteMark} = 0`),
    index('ext_sale_product_created').on(t.creatorTime, t.id),
  ],
);

/** The lines of a sales order: goods, quantity, unit price and amount. */
export const extSaleProductEntries = pgTable(
  'ext_sale_product_entry',
  {
    id: text('id').primaryKey(),
    productId: text('product_id').notNull(),
    goodsId: text('goods_id').notNull(),
    goodsCode: text('goods_code').notNull(),
    goodsName: text('goods_name').notNull(),
    specification: text('specification').notNull().default(''),
    unit: text('unit').notNull().default(''),
    qty: numeric('qty', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    price: numeric('price', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    sortCode: integer('sort_code').notNull().default(0),
  },
  (t) => [index('ext_sale_product_entry_product').on(t.productId, t.sortCode)],
);
