import { compileExpression } from '../form/expression.js';
import type { FlowCondition } from './flowJson.js';

/**
 * A condition branch's test (workflow.md 2.5), with no eval: a form field or a formula of the
 * form engine's safe expression parser, compared by one of eight symbols with a literal or
 * another field. Items join left to right, each item's logic joining it to the next.
 */

type Scalar = number | string | null;

function own(data: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(data, key) ? data[key] : undefined;
}

/** Arrays (pickers) compare as their comma-joined ids; booleans as 1/0. */
function scalar(value: unknown): Scalar {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const asNumber = (value: Scalar): number | null => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) return Number(value);
  return null;
};

function compare(left: Scalar, symbol: FlowCondition['symbol'], right: Scalar): boolean {
  if (symbol === 'like' || symbol === 'notLike') {
    const contains = left !== null && right !== null && String(left).includes(String(right));
    return symbol === 'like' ? contains : !contains;
  }
  if (symbol === '==' || symbol === '<>') {
    const ln = asNumber(left);
    const rn = asNumber(right);
    const equal =
      ln !== null && rn !== null
        ? ln === rn
        : (left ?? '') === (right ?? '') || String(left ?? '') === String(right ?? '');
    return symbol === '==' ? equal : !equal;
  }
  if (left === null || right === null) return false;
  const ln = asNumber(left);
  const rn = asNumber(right);
  const order = ln !== null && rn !== null ? ln - rn : String(left).localeCompare(String(right));
  if (symbol === '>') return order > 0;
  if (symbol === '>=') return order >= 0;
  if (symbol === '<') return order < 0;
  return order <= 0;
}

/** The value on the left: a field of the form, or a formula over its fields (fieldType 3). */
function leftValue(condition: FlowCondition, data: Readonly<Record<string, unknown>>): Scalar {
  if (condition.fieldType === 3) return compileExpression(condition.field).evaluate(data);
  return scalar(own(data, condition.field));
}

function rightValue(condition: FlowCondition, data: Readonly<Record<string, unknown>>): Scalar {
  if (condition.fieldValueType === 1) return scalar(own(data, String(condition.fieldValue ?? '')));
  return scalar(condition.fieldValue);
}

/** True when the conditions hold for the form data; an empty list holds. */
export function evaluateConditions(
  conditions: readonly FlowCondition[],
  data: Readonly<Record<string, unknown>>,
): boolean {
  let result: boolean | null = null;
  let joiner: '&&' | '||' = '&&';
  for (const condition of conditions) {
    const value = compare(leftValue(condition, data), condition.symbol, rightValue(condition, data));
    result = result === null ? value : joiner === '&&' ? result && value : result || value;
    joiner = condition.logic;
  }
  return result ?? true;
}
