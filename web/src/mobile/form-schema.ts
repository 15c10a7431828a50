import dayjs from 'dayjs';
import { type AllDictionary, fetchAllDictionaries } from '../widgets/dictionary-select/api';
import { type FieldOption, optionLabels, optionProps, toOptions } from '../widgets/form/option-list';
import type { FormField } from '../widgets/form/types';

/*
 * The flow forms' JSON (forms.md 1, the schema the desktop renderer reads) as the phone uses it:
 * the fields with a value, in order, flattened out of rows and cards; their options; their values as
 * text. Read structurally (no schema validation: the server checked the form when it was saved).
 */

/** Field types the phone can fill; a form with a required field of another type is filled on the desktop. */
export const MOBILE_KEYS = [
  'comInput',
  'PsdInput',
  'textarea',
  'numInput',
  'JNPFAmount',
  'date',
  'time',
  'select',
  'dicSelect',
  'radio',
  'checkbox',
  'switch',
] as const;
export type MobileKey = (typeof MOBILE_KEYS)[number];

export const isMobileKey = (key: string): key is MobileKey =>
  (MOBILE_KEYS as readonly string[]).includes(key);

/** Parses a form's propertyJson; null when it is missing or not a form. */
export function parseSchema(propertyJson: string | null | undefined): FormField[] | null {
  if (!propertyJson) return null;
  try {
    const fields = (JSON.parse(propertyJson) as { fields?: unknown })?.fields;
    return Array.isArray(fields) ? (fields as FormField[]) : null;
  } catch {
    return null;
  }
}

/** The fields that hold a value, in order, out of rows, cards and other containers (not sub-tables). */
export function valueFields(fields: FormField[]): FormField[] {
  const out: FormField[] = [];
  const walk = (list: readonly FormField[]) => {
    for (const field of list) {
      const config = field.__config__ ?? { jnpfKey: '' };
      if (field.__vModel__ && config.jnpfKey !== 'table') out.push(field);
      else if (Array.isArray(config.children)) walk(config.children);
    }
  };
  walk(fields);
  return out;
}

/** Shown on the phone: not hidden, and (when the designer says) visible in the app. */
export function shownOnPhone(field: FormField): boolean {
  const config = field.__config__;
  if (config.noShow === true) return false;
  return !Array.isArray(config.visibility) || config.visibility.includes('app');
}

export const labelOf = (field: FormField): string => field.__config__.label || field.__vModel__ || '';

let dictionaries: Promise<AllDictionary[]> | null = null;

/** Every dictionary with its entries (DictionaryData/All), asked for once per page life. */
export function allDictionaries(): Promise<AllDictionary[]> {
  dictionaries ??= fetchAllDictionaries().catch((error: unknown) => {
    dictionaries = null;
    throw error;
  });
  return dictionaries;
}

/** A field's options: its own (static) or its dictionary's entries; other sources give none. */
export function fieldOptions(field: FormField, all: readonly AllDictionary[]): FieldOption[] {
  const config = field.__config__;
  const props = optionProps(field);
  if (config.dataType === 'dictionary') {
    const type = all.find(
      (item) => item.id === config.dictionaryType || item.enCode === config.dictionaryType,
    );
    return type ? toOptions(type.dictionaryList, props) : [];
  }
  return toOptions(field.options ?? field.__slot__?.options, props);
}

const DATE_FORMATS: Record<string, string> = {
  year: 'YYYY',
  month: 'YYYY-MM',
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DD HH:mm:ss',
};

/** The date format of a date field in dayjs tokens (the designer writes yyyy-MM-dd). */
export function dateFormat(field: FormField): string {
  const format = field.format;
  if (typeof format === 'string' && format) return format.replace(/y/g, 'Y').replace(/d/g, 'D');
  return DATE_FORMATS[typeof field.type === 'string' ? field.type : 'date'] ?? 'YYYY-MM-DD';
}

const EMPTY = '—';

/** A value as the detail shows it: option labels, formatted dates, 是/否 for a switch. */
export function displayValue(
  field: FormField | undefined,
  value: unknown,
  all: readonly AllDictionary[],
  yesNo: [string, string],
): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return EMPTY;
  const key = field?.__config__.jnpfKey ?? '';
  if (field && ['select', 'dicSelect', 'radio', 'checkbox', 'cascader', 'treeSelect'].includes(key)) {
    const options = fieldOptions(field, all);
    if (options.length > 0) return optionLabels(options, value) || EMPTY;
  }
  if (field && key === 'date') {
    const format = dateFormat(field);
    const stamp = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof stamp === 'number' || typeof stamp === 'string') {
      const date = dayjs(stamp);
      if (date.isValid()) return date.format(format);
    }
  }
  if (field && key === 'switch') {
    const on = field['active-value'] ?? 1;
    return String(value) === String(on) ? yesNo[0] : yesNo[1];
  }
  if (Array.isArray(value)) return value.map((item) => displayValue(undefined, item, all, yesNo)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
