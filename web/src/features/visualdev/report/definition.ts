import type { ReportDefinition } from '@console/shared';
import type { InterfaceParameter } from './api';
import type { ReportRow } from './view/api';

/**
 * The starting definition for an interface: every parameter as a filter, every field of its
 * first row as a column (numbers summed and right-aligned), and a bar chart of the numeric
 * fields over the first text field when there is one.
 */
export function draftDefinition(
  parameters: InterfaceParameter[],
  sample: ReportRow | undefined,
): ReportDefinition {
  const fields = Object.keys(sample ?? {});
  const numeric = fields.filter(
    (f) => sample && sample[f] !== null && sample[f] !== '' && Number.isFinite(Number(sample[f])),
  );
  const text = fields.filter((f) => !numeric.includes(f));
  return {
    filters: parameters.map((p) => ({
      field: p.field,
      label: p.fieldName || p.field,
      type:
        p.dataType === 'int' || p.dataType === 'decimal'
          ? 'number'
          : p.dataType === 'datetime'
            ? 'date'
            : 'text',
      defaultValue: p.defaultValue == null ? '' : String(p.defaultValue),
    })),
    columns: fields.map((field) => ({
      field,
      label: field,
      format: numeric.includes(field) ? 'number' : 'text',
      decimals: 2,
      total: numeric.includes(field) ? 'sum' : 'none',
    })),
    charts:
      text[0] && numeric.length
        ? [{ type: 'bar', title: '', xField: text[0], yFields: numeric.slice(0, 3) }]
        : [],
  };
}
