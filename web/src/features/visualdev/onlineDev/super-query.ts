import { holdsList, type FormField as SharedField, storesValue } from '@console/shared';
import type { FormField, FormSchema } from '../../../widgets/form/types';

/**
 * The advanced query (高级查询) of a generated list (forms.md 5 "List details"): rows of
 * field + symbol + value become `superQueryJson` = `{matchLogic, conditionJson}`, where
 * conditionJson is the JSON text of `[{field, fieldValue, symbol, jnpfKey}]`. Pure: no React.
 */

export type MatchLogic = 'AND' | 'OR';
export type QuerySymbol = '==' | '<>' | '>' | '>=' | '<' | '<=' | 'like' | 'notLike';

/** How a field's value is entered and compared. */
export type QueryKind = 'text' | 'number' | 'date' | 'options' | 'switch';

export interface QueryField {
  vModel: string;
  label: string;
  jnpfKey: string;
  kind: QueryKind;
  /** The value is a list (checkbox, multiple select): == matches an entry it holds. */
  list: boolean;
  /** A date with a time part (compared to the millisecond) rather than a whole day. */
  withTime: boolean;
  field: FormField;
}

export interface QueryRow {
  field?: string;
  symbol?: QuerySymbol;
  /** As the input holds it: text, number, a date (anything with valueOf), boolean or option value. */
  value?: unknown;
}

export interface Condition {
  field: string;
  fieldValue: string | number | null;
  symbol: QuerySymbol;
  jnpfKey: string;
}

export interface SuperQuery {
  matchLogic: MatchLogic;
  conditions: Condition[];
}

export const ALL_SYMBOLS: readonly QuerySymbol[] = ['==', '<>', '>', '>=', '<', '<=', 'like', 'notLike'];
const COMPARE: readonly QuerySymbol[] = ['==', '<>', '>', '>=', '<', '<='];
const EQUALITY: readonly QuerySymbol[] = ['==', '<>'];

const NUMBER_KEYS = new Set(['numInput', 'calculate', 'rate', 'slider']);
const DATE_KEYS = new Set(['date', 'createTime', 'modifyTime']);
const OPTION_KEYS = new Set(['select', 'radio', 'checkbox']);

export function kindOf(field: FormField): QueryKind {
  const key = field.__config__.jnpfKey;
  if (NUMBER_KEYS.has(key) && !(key === 'slider' && field.range === true)) return 'number';
  if (DATE_KEYS.has(key)) return 'date';
  if (OPTION_KEYS.has(key)) return 'options';
  if (key === 'switch') return 'switch';
  return 'text';
}

/** The symbols a kind of field offers: ordering for numbers and dates, matching for text. */
export function symbolsFor(kind: QueryKind): readonly QuerySymbol[] {
  if (kind === 'number' || kind === 'date') return COMPARE;
  if (kind === 'options' || kind === 'switch') return EQUALITY;
  return ALL_SYMBOLS;
}

/** Fields of the main form the server can query (sub-table columns and value-less keys are not). */
export function queryFieldsOf(schema: FormSchema): QueryField[] {
  const out: QueryField[] = [];
  const walk = (fields: readonly FormField[]) => {
    for (const field of fields) {
      const config = field.__config__;
      if (config.jnpfKey === 'table') continue;
      const vModel = field.__vModel__?.trim();
      if (vModel && storesValue(field as unknown as SharedField)) {
        const kind = kindOf(field);
        const type = String(field.type ?? '');
        const format = String(field.format ?? '');
        out.push({
          vModel,
          label: String(config.label || vModel),
          jnpfKey: config.jnpfKey,
          kind,
          list: holdsList(field as unknown as SharedField),
          withTime: config.jnpfKey !== 'date' || type === 'datetime' || /[Hh]/.test(format),
          field,
        });
      }
      if (Array.isArray(config.children)) walk(config.children);
    }
  };
  walk(schema.fields);
  return out;
}

/** Whether the symbol needs a value: == and <> without one ask for empty / filled cells. */
export const needsValue = (symbol: QuerySymbol | undefined) => symbol !== '==' && symbol !== '<>';

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** A date input's value as epoch milliseconds (whole days start at local midnight). */
function millis(value: unknown, withTime: boolean): number | null {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'valueOf' in value) {
    const n = Number((value as { valueOf(): unknown }).valueOf());
    if (!Number.isFinite(n)) return null;
    if (withTime) return n;
    const day = new Date(n);
    day.setHours(0, 0, 0, 0);
    return day.getTime();
  }
  return null;
}

export type BuildProblem = { row: number; reason: 'field' | 'symbol' | 'value' };
export type BuildResult = { ok: true; query: SuperQuery } | { ok: false; problem: BuildProblem };

/**
 * Rows → conditions. A row with nothing chosen is left out; a row with a field but no symbol, a
 * symbol the field does not offer, or no value where one is needed is a problem (its index).
 */
export function buildQuery(
  rows: readonly QueryRow[],
  matchLogic: MatchLogic,
  fields: QueryField[],
): BuildResult {
  const byVModel = new Map(fields.map((f) => [f.vModel, f]));
  const conditions: Condition[] = [];
  for (const [row, entry] of rows.entries()) {
    if (!entry.field && !entry.symbol && isEmpty(entry.value)) continue;
    const field = entry.field ? byVModel.get(entry.field) : undefined;
    if (!field) return { ok: false, problem: { row, reason: 'field' } };
    if (!entry.symbol || !symbolsFor(field.kind).includes(entry.symbol))
      return { ok: false, problem: { row, reason: 'symbol' } };
    let fieldValue: string | number | null = null;
    if (!isEmpty(entry.value)) {
      const value = entry.value;
      if (field.kind === 'date') fieldValue = millis(value, field.withTime);
      else if (field.kind === 'number') fieldValue = Number.isFinite(Number(value)) ? Number(value) : null;
      else if (field.kind === 'switch') fieldValue = value === true || value === 1 || value === '1' ? 1 : 0;
      else if (typeof value === 'number') fieldValue = value;
      else fieldValue = String(value).trim();
    }
    if (fieldValue === null && needsValue(entry.symbol))
      return { ok: false, problem: { row, reason: 'value' } };
    conditions.push({ field: field.vModel, fieldValue, symbol: entry.symbol, jnpfKey: field.jnpfKey });
  }
  return { ok: true, query: { matchLogic, conditions } };
}

/** The list call's superQueryJson: '' when there is no condition (no filter). */
export function superQueryJson(query: SuperQuery | null): string {
  if (!query || query.conditions.length === 0) return '';
  return JSON.stringify({ matchLogic: query.matchLogic, conditionJson: JSON.stringify(query.conditions) });
}

/**
 * A saved scheme's conditionJson back into rows (for fields the design still has); date values
 * stay epoch milliseconds for the caller to turn into its date type.
 */
export function rowsOf(conditionJson: string, fields: QueryField[]): QueryRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(conditionJson);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const known = new Set(fields.map((f) => f.vModel));
  return parsed.flatMap((c): QueryRow[] => {
    if (!c || typeof c !== 'object') return [];
    const { field, symbol, fieldValue } = c as Record<string, unknown>;
    if (typeof field !== 'string' || !known.has(field)) return [];
    if (!ALL_SYMBOLS.includes(symbol as QuerySymbol)) return [];
    return [{ field, symbol: symbol as QuerySymbol, value: fieldValue ?? undefined }];
  });
}
