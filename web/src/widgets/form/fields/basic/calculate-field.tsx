import { type CompiledExpression, compileExpression, type ExpressionToken } from '@console/shared';
import { Form, Input } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldProps } from '../../types';
import { ReadOnlyValue } from '../read-only';
import { CapitalAmount } from './number-field';
import { formatNumber, roundTo } from './number-format';

/** Recalculation waits this long after the last change of the form (widgets.md 9). */
export const CALCULATE_DEBOUNCE_MS = 100;

function compile(expression: unknown): CompiledExpression | null {
  if (!Array.isArray(expression) && typeof expression !== 'string') return null;
  try {
    return compileExpression(expression as string | ExpressionToken[]);
  } catch {
    return null;
  }
}

/**
 * calculate: the formula of `expression` over the form's values (F1's parser, never eval),
 * rounded to `precision` (0 when unset), NaN and division by zero as 0, recomputed 100 ms after
 * the fields it reads stop changing. Stored (isStorage 2) it is the field's value; otherwise
 * only shown.
 */
export function CalculateField({
  field,
  value,
  onChange,
  id,
  readOnly,
  rowIndex,
}: FieldProps<number | null>) {
  const form = Form.useFormInstance();
  const compiled = useMemo(() => compile(field.expression), [field.expression]);
  // What the formula reads: a main field, or a sub-table column "table.child" — that row's cell
  // inside a row, the whole column outside one.
  const inputs = Form.useWatch((values: Record<string, unknown>) => {
    const read = (compiled?.fields ?? []).map((name) => {
      const [table, child] = name.split('.') as [string, string | undefined];
      if (child === undefined) return values?.[table] ?? null;
      const rows = Array.isArray(values?.[table]) ? (values[table] as Record<string, unknown>[]) : [];
      if (rowIndex !== undefined) return rows[rowIndex]?.[child] ?? null;
      return rows.map((row) => row?.[child] ?? null);
    });
    return JSON.stringify(read);
  }, form);
  const precision = typeof field.precision === 'number' ? field.precision : 0;
  const [shown, setShown] = useState<number | null>(typeof value === 'number' ? value : null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!compiled || inputs === undefined) return;
    const timer = setTimeout(() => {
      const result = compiled.evaluate(form.getFieldsValue(true) as Record<string, unknown>, rowIndex);
      const next = roundTo(result ?? 0, precision);
      setShown(next);
      changed.current?.(next);
    }, CALCULATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [compiled, inputs, form, precision, rowIndex]);

  const text = formatNumber(shown, { precision, thousands: field.thousands === true });
  const capital = field.isAmountChinese === true ? <CapitalAmount value={shown} /> : null;
  if (readOnly)
    return (
      <ReadOnlyValue>
        {text}
        {capital}
      </ReadOnlyValue>
    );
  return (
    <>
      <Input id={id} value={text} readOnly className="form-calculate" />
      {capital}
    </>
  );
}
