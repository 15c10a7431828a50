import dayjs from 'dayjs';
import type { FormField } from './types';

/** Children of containers and their items (tab panes, collapse panels, grid rows and cells). */
export function childFields(field: FormField): FormField[] {
  return field.__config__.children ?? [];
}

/**
 * Initial values of a form (forms.md 6): each field's defaultValue (copied, so edits never touch
 * the schema); defaultCurrent on date and time fills now; a switch's true/false becomes its
 * active/inactive value; a sub-table starts with its default rows or none.
 */
export function initialValues(fields: FormField[], now: number = Date.now()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const visit = (list: FormField[]) => {
    for (const field of list) {
      const config = field.__config__;
      const vModel = field.__vModel__;
      if (vModel && config.jnpfKey !== 'table') {
        let value = config.defaultValue;
        if (config.defaultCurrent === true && config.jnpfKey === 'date') value = now;
        if (config.defaultCurrent === true && config.jnpfKey === 'time')
          value = dayjs(now).format(typeof field.format === 'string' ? field.format : 'HH:mm:ss');
        if (config.jnpfKey === 'switch' && typeof value === 'boolean')
          value = value ? (field['active-value'] ?? 1) : (field['inactive-value'] ?? 0);
        if (value !== undefined && value !== null) values[vModel] = structuredClone(value);
      } else if (vModel && config.jnpfKey === 'table') {
        values[vModel] = Array.isArray(config.defaultValue) ? structuredClone(config.defaultValue) : [];
      }
      if (config.jnpfKey !== 'table') visit(childFields(field));
    }
  };
  visit(fields);
  return values;
}
