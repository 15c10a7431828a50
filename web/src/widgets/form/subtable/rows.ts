import { isEmptyValue, parsePattern } from '../rules';
import type { FormField } from '../types';

/*
 * The rules of a sub-table (widgets.md 5 "Table cells / sub-table rows" and 6): cell checks
 * (emptiness and patterns as rules.ts reads them),
 * the summary row, which columns the form permission grants, and rows taken from a data
 * interface (addType 1).
 */

/** A row of a sub-table: values by child vModel. */
export type SubTableRow = Record<string, unknown>;

/** What is wrong with one cell: empty while required, or not matching a regList rule. */
export type CellProblem = { kind: 'required' } | { kind: 'pattern'; message: string };

/** Checks one cell. Regex rules apply only when there is a value; arrays are checked per item. */
export function checkCell(field: FormField, value: unknown): CellProblem | null {
  const config = field.__config__;
  if (isEmptyValue(value)) return config.required ? { kind: 'required' } : null;
  for (const rule of config.regList ?? []) {
    if (!rule?.pattern) continue;
    const regex = parsePattern(rule.pattern);
    if (!regex) continue;
    const items = Array.isArray(value) ? value : [value];
    if (items.some((item) => !regex.test(String(item)))) return { kind: 'pattern', message: rule.message };
  }
  return null;
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value.replaceAll(',', ''));
  return Number.isFinite(number) ? number : null;
}

const plain = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const grouped = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The summary row: for each listed field the sum of its numeric values with two decimals
 * (non-numeric values ignored); fields listed in `thousandsFields` get separators.
 */
export function summaryRow(
  rows: readonly SubTableRow[],
  summaryFields: readonly string[],
  thousandsFields: readonly string[] = [],
): Record<string, string> {
  const sums: Record<string, string> = {};
  for (const field of summaryFields) {
    let total = 0;
    for (const row of rows) total += numeric(row?.[field]) ?? 0;
    sums[field] = (thousandsFields.includes(field) ? grouped : plain).format(total);
  }
  return sums;
}

/** The permission code of a sub-table column: "{table}-{child}". */
export function columnCode(tableVModel: string, childVModel: string): string {
  return `${tableVModel}-${childVModel}`;
}

/** Columns the form permission grants (widgets.md 6: sub-table fields use the parent-child code). */
export function grantedColumns(
  tableVModel: string,
  children: readonly FormField[],
  isGranted: (code: string) => boolean,
): FormField[] {
  return children.filter((child) => {
    if (child.__config__.noShow) return false;
    const key = child.__vModel__;
    return !key || isGranted(columnCode(tableVModel, key));
  });
}

/** A new row: each column's default value (a copy, so rows never share an array). */
export function emptyRow(children: readonly FormField[]): SubTableRow {
  const row: SubTableRow = {};
  for (const child of children) {
    const key = child.__vModel__;
    if (!key) continue;
    const value = child.__config__.defaultValue;
    row[key] = value === undefined ? null : structuredClone(value);
  }
  return row;
}

/** A relationOptions entry of addTableConf: type 1 takes the row's value named `value`, 2 a fixed value. */
export interface RelationOption {
  field: string;
  type: number | string;
  value: unknown;
}

/** Rows picked from a data interface (addType 1) turned into sub-table rows. */
export function rowsFromPicked(
  picked: readonly Record<string, unknown>[],
  options: readonly RelationOption[],
  children: readonly FormField[],
): SubTableRow[] {
  return picked.map((source) => {
    const row = emptyRow(children);
    for (const option of options) {
      if (!option.field) continue;
      row[option.field] = Number(option.type) === 1 ? (source[String(option.value)] ?? null) : option.value;
    }
    return row;
  });
}
