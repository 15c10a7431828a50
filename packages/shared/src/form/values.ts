/** Which fields hold a value, of what shape, and the `__vModel__` rules of forms.md 1.2 and 2. */
import type { JnpfKey } from './keys.js';
import { type FieldOf, type FormDefinition, type FormField, parseFormData } from './schema.js';

/** Keys that never hold a value: display widgets and containers (forms.md 1.2, "Storage"). */
export const VALUELESS_KEYS: ReadonlySet<JnpfKey> = new Set<JnpfKey>([
  'divider',
  'JNPFText',
  'link',
  'alert',
  'groupTitle',
  'button',
  'barcode',
  'qrcode',
  'collapse',
  'collapseItem',
  'tab',
  'tabItem',
  'row',
  'card',
  'tableGrid',
  'tableGridTr',
  'tableGridTd',
]);

/** Keys whose value is shown only, and stored only with `__config__.isStorage` 2. */
export const STORED_ON_REQUEST_KEYS: ReadonlySet<JnpfKey> = new Set<JnpfKey>([
  'relationFormAttr',
  'popupAttr',
  'calculate',
]);

/** Keys whose value is always a list (forms.md 2 "value in form data"). */
const LIST_KEYS: ReadonlySet<JnpfKey> = new Set<JnpfKey>([
  'checkbox',
  'cascader',
  'comSelect',
  'address',
  'uploadFz',
  'uploadImg',
  'table',
  'dateRange',
  'timeRange',
]);

/** Keys whose value becomes a list when `multiple` is set. */
const MULTIPLE_KEYS: ReadonlySet<JnpfKey> = new Set<JnpfKey>([
  'select',
  'treeSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'groupSelect',
  'usersSelect',
  'popupTableSelect',
]);

/** Whether the field's value is saved with the record (and so needs a `__vModel__`). */
export function storesValue(field: FormField): boolean {
  const key = field.__config__.jnpfKey;
  if (VALUELESS_KEYS.has(key)) return false;
  if (STORED_ON_REQUEST_KEYS.has(key)) return field.__config__.isStorage === 2;
  return true;
}

/** Whether the value is a list: `[]` when empty, and "required" means at least one entry. */
export function holdsList(field: FormField): boolean {
  const key = field.__config__.jnpfKey;
  if (LIST_KEYS.has(key)) return true;
  if (MULTIPLE_KEYS.has(key)) return field.multiple === true;
  if (key === 'slider') return (field as FieldOf<'slider'>).range === true;
  return Array.isArray(field.__config__.defaultValue);
}

/** The value a field is cleared to when a field it depends on changes (forms.md 6 "Linkage"). */
export function emptyValue(field: FormField): [] | null {
  return holdsList(field) ? [] : null;
}

/** The vModel the designer generates when the server creates the tables: `comInputField101`. */
export function defaultVModel(key: JnpfKey, formId: number): string {
  return `${key}Field${formId}`;
}

export interface FieldVisit {
  /** Where the field sits, e.g. `fields[2].__config__.children[0]`. */
  path: string;
  /** The sub-table the field is a column of, if any. */
  table?: FieldOf<'table'>;
}

/** Every field of the tree, depth first, containers before their children. */
export function walkFields(
  fields: readonly FormField[],
  visit: (field: FormField, where: FieldVisit) => void,
): void {
  const walk = (list: readonly FormField[], prefix: string, table?: FieldOf<'table'>) => {
    list.forEach((field, index) => {
      const path = `${prefix}[${index}]`;
      visit(field, table ? { path, table } : { path });
      const children = field.__config__.children;
      if (!Array.isArray(children)) return;
      const isTable = field.__config__.jnpfKey === 'table';
      walk(
        children as FormField[],
        `${path}.__config__.children`,
        isTable ? (field as FieldOf<'table'>) : table,
      );
    });
  };
  walk(fields, 'fields');
}

/**
 * The problems that stop a form from being saved (forms.md 1.2): a field that stores a value
 * without a `__vModel__`, or two fields of the main form (or of one sub-table) with the same one.
 */
export function vModelProblems(form: FormDefinition): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  walkFields(form.fields, (field, { path, table }) => {
    if (!storesValue(field)) return;
    const vModel = field.__vModel__?.trim();
    const label = field.__config__.label || field.__config__.jnpfKey;
    if (!vModel) {
      problems.push(`${path}: "${label}" needs a field name (__vModel__)`);
      return;
    }
    const scoped = table ? `${table.__vModel__ ?? ''}-${vModel}` : vModel;
    const first = seen.get(scoped);
    if (first) problems.push(`${path}: "${label}" uses the field name "${vModel}" of ${first} again`);
    else seen.set(scoped, path);
  });
  return problems;
}

/** A value field of a form design as the flow designer and GET /flowForm/Form/{id}/getField list it. */
export interface FormValueField {
  /** The field's __vModel__ (sub-table columns: table-column). */
  id: string;
  name: string;
  jnpfKey: string;
}

/** The value fields of a (released) form design JSON, sub-table columns as `table-column`; none when absent or invalid. */
export function formValueFields(json: string | null | undefined): FormValueField[] {
  if (!json) return [];
  const parsed = parseFormData(json);
  if (!parsed.ok) return [];
  const out: FormValueField[] = [];
  walkFields(parsed.form.fields, (field, { table }) => {
    if (!storesValue(field) || !field.__vModel__) return;
    const name = field.__config__.label || field.__vModel__;
    if (table)
      out.push({
        id: `${table.__vModel__}-${field.__vModel__}`,
        name: `${table.__config__.label ?? table.__vModel__}-${name}`,
        jnpfKey: field.__config__.jnpfKey,
      });
    else out.push({ id: field.__vModel__, name, jnpfKey: field.__config__.jnpfKey });
  });
  return out;
}
