import { describe, expect, it } from 'vitest';
import { evaluateConditions } from './conditions.js';
import { FlowCondition } from './flowJson.js';

const c = (value: Record<string, unknown>) => FlowCondition.parse(value);

describe('flow conditions', () => {
  const data = {
    days: 3,
    amount: '1200.5',
    dept: ['d1', 'd2'],
    reason: '年假出游',
    start: 1_700_000_000_000,
  };

  it('compares numbers, texts, picker ids and dates with the eight symbols', () => {
    const cases: [Record<string, unknown>, boolean][] = [
      [{ field: 'days', symbol: '>=', fieldValue: 3 }, true],
      [{ field: 'days', symbol: '>', fieldValue: 3 }, false],
      [{ field: 'amount', symbol: '<', fieldValue: '1300' }, true],
      [{ field: 'amount', symbol: '<=', fieldValue: 1200.5 }, true],
      [{ field: 'days', symbol: '==', fieldValue: '3' }, true],
      [{ field: 'days', symbol: '<>', fieldValue: 3 }, false],
      [{ field: 'reason', symbol: 'like', fieldValue: '年假' }, true],
      [{ field: 'reason', symbol: 'notLike', fieldValue: '病假' }, true],
      [{ field: 'dept', symbol: '==', fieldValue: ['d1', 'd2'] }, true],
      [{ field: 'start', symbol: '>', fieldValue: 1_600_000_000_000 }, true],
      [{ field: 'missing', symbol: '>', fieldValue: 0 }, false],
      [{ field: 'days', symbol: '==', fieldValue: 'amount', fieldValueType: 1 }, false],
      [{ field: '{days} * 2 + 1', fieldType: 3, symbol: '==', fieldValue: 7 }, true],
    ];
    for (const [condition, expected] of cases)
      expect(evaluateConditions([c(condition)], data), JSON.stringify(condition)).toBe(expected);
  });

  it('joins items left to right, each item’s logic joining it to the next', () => {
    const t = c({ field: 'days', symbol: '==', fieldValue: 3, logic: '||' });
    const f = c({ field: 'days', symbol: '==', fieldValue: 4, logic: '&&' });
    // (true || false) && false = false; left to right, no precedence.
    expect(evaluateConditions([t, f, f], data)).toBe(false);
    expect(evaluateConditions([f, t], data)).toBe(false);
    expect(evaluateConditions([c({ ...t, logic: '||' }), f], data)).toBe(true);
    expect(evaluateConditions([], data)).toBe(true);
  });

  it('never reads inherited properties of the form data', () => {
    expect(evaluateConditions([c({ field: 'constructor', symbol: 'like', fieldValue: 'Object' })], {})).toBe(
      false,
    );
  });
});
