import { z } from 'zod';
import { money } from './extend.js';
import { Limits } from './patterns.js';
import { PageQuery } from './system.js';

// ----- extend/order: CRM orders written through the coded flow form crmOrder (other.md 1) -----

const epoch = (message: string) => z.coerce.number({ message }).int(message).min(1, message);
const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label}最多为${max}个字符`).optional().default('');
const percent = (label: string) => money(label).refine((v) => v <= 100, `${label}不能超过100`);

/** GET /api/extend/CrmOrder: keyword (order number, customer, salesman), order date from/to (ms). */
export const CrmOrderListQuery = PageQuery.extend({
  startTime: z.coerce.number({ message: '开始时间格式错误' }).int('开始时间格式错误').min(0).optional(),
  endTime: z.coerce.number({ message: '结束时间格式错误' }).int('结束时间格式错误').min(0).optional(),
});
export type CrmOrderListQuery = z.infer<typeof CrmOrderListQuery>;

/** A goods line of the form: amount = price × qty × discount% (checked on the server). */
export const CrmOrderLine = z.object({
  goodsId: z.string({ message: '请选择商品' }).trim().min(1, '请选择商品').max(64),
  qty: money('数量').refine((v) => v > 0, '数量必须大于0'),
  price: money('单价'),
  discount: percent('折扣').optional().default(100),
  amount: money('金额'),
  description: text('备注', 200),
});
export type CrmOrderLine = z.infer<typeof CrmOrderLine>;

/** A collection plan line: the plans' amounts add up to the order's receivable amount. */
export const CrmCollectionPlanLine = z.object({
  receivableDate: epoch('请选择收款日期'),
  receivableRate: percent('收款比率'),
  receivableMoney: money('收款金额'),
  receivableMode: text('收款方式', 50),
  abstract: text('收款摘要', 200),
});
export type CrmCollectionPlanLine = z.infer<typeof CrmCollectionPlanLine>;

/** The formData of the crmOrder flow form (POST /FlowTask, PUT /FlowTask/{id}). */
export const CrmOrderForm = z.object({
  orderCode: z
    .string({ message: '请填写订单编号' })
    .trim()
    .min(1, '请填写订单编号')
    .max(Limits.codeMax, `订单编号最多为${Limits.codeMax}个字符`)
    .regex(/^[A-Za-z0-9_-]+$/, '订单编号只能包含字母、数字、下划线和连字符'),
  orderDate: epoch('请选择订单日期'),
  customerId: z.string({ message: '请选择客户' }).trim().min(1, '请选择客户').max(64),
  salesmanId: text('业务员', 64),
  salesmanName: text('业务员', Limits.nameMax),
  receivableMoney: money('应收金额'),
  earnestRate: percent('定金比率').optional().default(0),
  prepayEarnest: money('预付定金').optional().default(0),
  paymentMode: text('付款方式', 50),
  transportMode: text('运输方式', 50),
  deliveryDate: z.coerce.number().int().min(0).nullish(),
  deliveryAddress: text('发货地址', 200),
  description: text('描述', 500),
  fileJson: text('附件', 10_000),
  goodsList: z
    .array(CrmOrderLine, { message: '请添加商品明细' })
    .min(1, '请至少添加一行商品明细')
    .max(200, '商品明细最多200行'),
  collectionPlanList: z.array(CrmCollectionPlanLine).max(50, '收款计划最多50行').optional().default([]),
});
export type CrmOrderForm = z.infer<typeof CrmOrderForm>;

export interface CrmOrderRow {
  id: string;
  orderCode: string;
  orderDate: number;
  customerId: string;
  customerName: string;
  salesmanName: string;
  receivableMoney: number;
  paymentMode: string;
  description: string;
  /** The flow task's status (0 draft, 1 running, 2 approved, 3 returned, 4 revoked, 5 cancelled). */
  status: number | null;
  creatorUser: string | null;
  creatorTime: number;
}

export interface CrmOrderEntry {
  id: string;
  goodsId: string;
  goodsCode: string;
  goodsName: string;
  specifications: string;
  unit: string;
  qty: number;
  price: number;
  discount: number;
  amount: number;
  description: string;
}

export interface CrmCollectionPlan {
  id: string;
  receivableDate: number;
  receivableRate: number;
  receivableMoney: number;
  receivableMode: string;
  abstract: string;
}

export interface CrmOrderInfo extends CrmOrderRow {
  salesmanId: string | null;
  earnestRate: number;
  prepayEarnest: number;
  transportMode: string;
  deliveryDate: number | null;
  deliveryAddress: string;
  fileJson: string;
  goodsList: CrmOrderEntry[];
  collectionPlanList: CrmCollectionPlan[];
}

/** A line's amount as the server works it out: price × qty × discount%, to the cent. */
export const crmLineAmount = (line: { price: number; qty: number; discount: number }) =>
  Math.round(line.price * line.qty * line.discount) / 100;

// ----- extend/documentPreview: sample office files (knowledge.md, document preview) -----

export const PREVIEW_TYPES = ['html', 'file'] as const;

export interface DocumentPreviewRow {
  id: string;
  fileName: string;
  fileExtension: string;
  fileSize: number;
  fileTime: number;
}
