import { badRequest } from '../../../core/errors.js';
import { SUPER_QUERY_SYMBOLS } from '../../system/advancedQuery/service.js';

/**
 * The advanced query of a generated list (forms.md 5 "List details"): `superQueryJson` is the
 * JSON text `{matchLogic: "AND"|"OR", conditionJson: "<json [{field, fieldValue, symbol, jnpfKey}]>"}`.
 * Read strictly: anything else is refused with a message naming the part that is wrong.
 */

export type SuperQuerySymbol = (typeof SUPER_QUERY_SYMBOLS)[number];

export interface SuperQueryCondition {
  field: string;
  symbol: SuperQuerySymbol;
  fieldValue: unknown;
}

export interface SuperQuery {
  matchLogic: 'AND' | 'OR';
  conditions: SuperQueryCondition[];
}

export const SuperQueryMessages = {
  notJson: 'superQueryJson 不是有效的 JSON 对象',
  matchLogic: 'superQueryJson.matchLogic 只能是 AND 或 OR',
  conditions: 'superQueryJson.conditionJson 须为条件数组（或其 JSON 文本）',
  tooMany: 'superQueryJson：最多50个条件',
  notCondition: (n: number) => `superQueryJson 第${n}个条件须为 {field, fieldValue, symbol, jnpfKey} 对象`,
  noField: (n: number) => `superQueryJson 第${n}个条件缺少字段（field）`,
  badSymbol: (n: number, symbol: string) =>
    `superQueryJson 第${n}个条件：不支持的条件符号“${symbol}”，只能是 ${SUPER_QUERY_SYMBOLS.join('、')}`,
  badValue: (n: number) => `superQueryJson 第${n}个条件：条件值（fieldValue）只能是文字、数字或数组`,
} as const;

const MAX_CONDITIONS = 50;

function parse(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export function readSuperQuery(text: string): SuperQuery {
  const sq = parse(text);
  if (!sq || typeof sq !== 'object' || Array.isArray(sq)) throw badRequest(SuperQueryMessages.notJson);
  const { matchLogic, conditionJson } = sq as { matchLogic?: unknown; conditionJson?: unknown };
  const logic = matchLogic === undefined || matchLogic === null || matchLogic === '' ? 'AND' : matchLogic;
  if (typeof logic !== 'string' || !['AND', 'OR'].includes(logic.toUpperCase()))
    throw badRequest(SuperQueryMessages.matchLogic);
  const list = parse(conditionJson ?? []);
  if (!Array.isArray(list)) throw badRequest(SuperQueryMessages.conditions);
  if (list.length > MAX_CONDITIONS) throw badRequest(SuperQueryMessages.tooMany);
  const conditions = list.map((c: unknown, index): SuperQueryCondition => {
    const n = index + 1;
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw badRequest(SuperQueryMessages.notCondition(n));
    const { field, symbol, fieldValue } = c as Record<string, unknown>;
    if (typeof field !== 'string' || !field.trim()) throw badRequest(SuperQueryMessages.noField(n));
    if (typeof symbol !== 'string' || !(SUPER_QUERY_SYMBOLS as readonly string[]).includes(symbol))
      throw badRequest(SuperQueryMessages.badSymbol(n, String(symbol ?? '')));
    const okValue =
      fieldValue === undefined ||
      fieldValue === null ||
      ['string', 'number', 'boolean'].includes(typeof fieldValue) ||
      Array.isArray(fieldValue);
    if (!okValue || (typeof fieldValue === 'number' && !Number.isFinite(fieldValue)))
      throw badRequest(SuperQueryMessages.badValue(n));
    return { field: field.trim(), symbol: symbol as SuperQuerySymbol, fieldValue };
  });
  return { matchLogic: logic.toUpperCase() as 'AND' | 'OR', conditions };
}
