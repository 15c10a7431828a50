import {
  ADVANCED_KEYS,
  BASIC_KEYS,
  everyKeyForm,
  LAYOUT_KEYS,
  type FormField as SharedField,
  SYSTEM_KEYS,
} from '@console/shared';
import type { FormField } from '../form/types';

export type PaletteGroup = 'basic' | 'advanced' | 'system' | 'layout';

/** The palette's groups (widgets.md / forms.md 2.1–2.4) in order. */
export const PALETTE_GROUPS: { group: PaletteGroup; keys: readonly string[] }[] = [
  { group: 'basic', keys: BASIC_KEYS },
  { group: 'advanced', keys: [...ADVANCED_KEYS, 'sign'] },
  { group: 'system', keys: SYSTEM_KEYS },
  { group: 'layout', keys: LAYOUT_KEYS },
];

/** Keys whose field holds no value, so it gets no `__vModel__` (forms.md 1.2). */
export const NO_VALUE_KEYS: ReadonlySet<string> = new Set([
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

/** Keys displayed only unless `__config__.isStorage` is 2 (forms.md 1.2). */
export const STORAGE_KEYS: ReadonlySet<string> = new Set(['relationFormAttr', 'popupAttr', 'calculate']);

/** Containers whose children the user drops fields into. */
export const DROP_CONTAINERS: ReadonlySet<string> = new Set([
  'row',
  'card',
  'table',
  'collapseItem',
  'tabItem',
  'tableGridTd',
]);

/** Containers whose children are panes, rows or cells the property panel manages. */
export const STRUCTURAL_CONTAINERS: ReadonlySet<string> = new Set([
  'collapse',
  'tab',
  'tableGrid',
  'tableGridTr',
]);

/** Keys a sub-table (`table`) may hold as columns: leaf fields with a value, no layout or sub-table. */
export function allowedInSubTable(key: string): boolean {
  if (NO_VALUE_KEYS.has(key) || key === 'table') return false;
  return !(SYSTEM_KEYS as readonly string[]).includes(key) && key !== 'editor';
}

/** Does a field of this key need a `__vModel__`? */
export function needsVModel(field: FormField): boolean {
  const key = field.__config__.jnpfKey;
  if (NO_VALUE_KEYS.has(key)) return false;
  if (STORAGE_KEYS.has(key)) return field.__config__.isStorage === 2;
  return true;
}

/**
 * Props of the sample form that point at demo records or show off options: a new field starts
 * without them (a number shows no capital amount, separators or fixed decimals until chosen).
 */
const CLEARED: Record<string, Record<string, unknown>> = {
  numInput: { thousands: false, isAmountChinese: false, precision: undefined },
  popupTableSelect: { interfaceId: '', interfaceName: '', columnOptions: [] },
  autoComplete: { interfaceId: '', interfaceName: '' },
  popupSelect: { interfaceId: '', interfaceName: '', columnOptions: [] },
  relationForm: { modelId: '', relationField: '', columnOptions: [] },
  relationFormAttr: { relationField: '', showField: '' },
  popupAttr: { relationField: '', showField: '' },
  calculate: { expression: [] },
  link: { href: '' },
};
const CLEARED_CONFIG: Record<string, Record<string, unknown>> = {
  billRule: { rule: '', ruleName: '' },
  comInput: { required: false, regList: [] },
};

let templates: Map<string, FormField> | null = null;

/** One template per key, taken from the shared every-key sample form (the shapes the renderer reads). */
function templateMap(): Map<string, FormField> {
  if (templates) return templates;
  const map = new Map<string, FormField>();
  const visit = (fields: readonly SharedField[]) => {
    for (const field of fields) {
      const key = field.__config__.jnpfKey;
      const children = (field.__config__ as { children?: SharedField[] }).children;
      if (!map.has(key)) map.set(key, field as unknown as FormField);
      if (children) visit(children);
    }
  };
  visit(everyKeyForm().fields);
  templates = map;
  return map;
}

/** Empties a container template: a new row, card or sub-table holds nothing yet. */
function emptied(field: FormField): FormField {
  const key = field.__config__.jnpfKey;
  const children = field.__config__.children ?? [];
  if (DROP_CONTAINERS.has(key)) return { ...field, __config__: { ...field.__config__, children: [] } };
  return { ...field, __config__: { ...field.__config__, children: children.map(emptied) } };
}

/**
 * A copy of `field` (and everything inside it) with fresh form ids from `nextId`, fresh
 * `{jnpfKey}Field{formId}` vModels (forms.md 1.2) and sub-table children pointing at their table.
 */
export function renumber(field: FormField, nextId: () => number, parentVModel?: string): FormField {
  const formId = nextId();
  const key = field.__config__.jnpfKey;
  const copy: FormField = structuredClone(field);
  copy.__config__.formId = formId;
  copy.__config__.renderKey = formId;
  if (needsVModel(copy)) copy.__vModel__ = `${key}Field${formId}`;
  else delete copy.__vModel__;
  if (parentVModel) {
    copy.__config__.isSubTable = true;
    copy.__config__.parentVModel = parentVModel;
  }
  const children = copy.__config__.children;
  if (Array.isArray(children)) {
    const inner = key === 'table' ? (copy.__vModel__ ?? undefined) : undefined;
    copy.__config__.children = children.map((child) => renumber(child, nextId, inner));
  }
  if (key === 'tab' || key === 'collapse') {
    copy.__config__.children?.forEach((pane, index) => {
      pane.name = String(index);
    });
    copy.__config__.active = key === 'tab' ? '0' : ['0'];
  }
  return copy;
}

/** A new field of `key` as dropped from the palette, labelled `label`. */
export function createField(key: string, label: string, nextId: () => number): FormField {
  const template = templateMap().get(key);
  if (!template) throw new Error(`no template for ${key}`);
  const base = emptied(structuredClone(template));
  const field: FormField = {
    ...base,
    ...CLEARED[key],
    __config__: {
      ...base.__config__,
      ...CLEARED_CONFIG[key],
      label,
      span: 24,
      isSubTable: undefined,
      parentVModel: undefined,
    },
  };
  delete field.__config__.isSubTable;
  delete field.__config__.parentVModel;
  if (key === 'groupTitle') field.content = label;
  if (key === 'card') field.header = label;
  if (key === 'table') field.summaryField = [];
  return renumber(field, nextId);
}
