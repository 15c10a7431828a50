import { describe, expect, it } from 'vitest';
import { computeOrder } from './crm-order-form';

describe('computeOrder', () => {
  it('works out line amounts, the receivable amount, the deposit and a plan that adds up exactly', () => {
    const out = computeOrder({
      earnestRate: 30,
      goodsList: [
        { goodsId: 'a', price: 4580, qty: 2, discount: 90 },
        { goodsId: 'b', price: 0.1, qty: 3 },
      ],
      collectionPlanList: [{ receivableRate: 33.33 }, { receivableRate: 66.67 }],
    });
    expect(out.goodsList?.map((l) => l.amount)).toEqual([8244, 0.3]);
    expect(out.receivableMoney).toBe(8244.3);
    expect(out.prepayEarnest).toBe(2473.29);
    const plan = out.collectionPlanList?.map((p) => p.receivableMoney ?? 0) ?? [];
    expect(plan).toEqual([2747.83, 5496.47]);
    expect(Math.round(plan.reduce((a, b) => a + b, 0) * 100)).toBe(824_430);
  });
});
