/** The widget kinds (`__config__.jnpfKey`) of forms.md section 2. */

/** Basic palette (forms.md 2.1): 20 keys plus qrcode and barcode (online/flow-form design only). */
export const BASIC_KEYS = [
  'comInput',
  'textarea',
  'numInput',
  'switch',
  'radio',
  'checkbox',
  'select',
  'cascader',
  'date',
  'time',
  'uploadFz',
  'uploadImg',
  'colorPicker',
  'rate',
  'slider',
  'editor',
  'link',
  'button',
  'JNPFText',
  'alert',
  'qrcode',
  'barcode',
] as const;

/** Advanced palette (forms.md 2.2): 17 keys plus calculate (online/flow-form design only). */
export const ADVANCED_KEYS = [
  'comSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'groupSelect',
  'usersSelect',
  'table',
  'treeSelect',
  'popupTableSelect',
  'autoComplete',
  'address',
  'billRule',
  'relationForm',
  'popupSelect',
  'relationFormAttr',
  'popupAttr',
  'calculate',
] as const;

/** Server-filled, read-only fields (forms.md 2.3). */
export const SYSTEM_KEYS = [
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currPosition',
] as const;

/** Layout palette (forms.md 2.4). */
export const LAYOUT_KEYS = ['groupTitle', 'divider', 'collapse', 'tab', 'row', 'card', 'tableGrid'] as const;

/** The 53 keys the designer's palette offers. */
export const DESIGNER_KEYS = [...BASIC_KEYS, ...ADVANCED_KEYS, ...SYSTEM_KEYS, ...LAYOUT_KEYS] as const;

/** Keys that exist only inside a container: collapse → collapseItem, tab → tabItem, tableGrid → tableGridTr → tableGridTd. */
export const CONTAINER_CHILD_KEYS = ['collapseItem', 'tabItem', 'tableGridTr', 'tableGridTd'] as const;

/** Keys of older forms, still understood but no longer offered. */
export const LEGACY_KEYS = [
  'dateRange',
  'timeRange',
  'PsdInput',
  'JNPFAmount',
  'currDept',
  'dicSelect',
  'relationFlow',
] as const;

/**
 * Keys this product adds to the 3.4.7 catalogue: `sign`, a handwritten signature (issue #11), whose
 * value is the PNG as a data URL.
 */
export const EXTENSION_KEYS = ['sign'] as const;

export const JNPF_KEYS = [
  ...DESIGNER_KEYS,
  ...CONTAINER_CHILD_KEYS,
  ...LEGACY_KEYS,
  ...EXTENSION_KEYS,
] as const;

export type BasicKey = (typeof BASIC_KEYS)[number];
export type AdvancedKey = (typeof ADVANCED_KEYS)[number];
export type SystemKey = (typeof SYSTEM_KEYS)[number];
export type LayoutKey = (typeof LAYOUT_KEYS)[number];
export type ContainerChildKey = (typeof CONTAINER_CHILD_KEYS)[number];
export type LegacyKey = (typeof LEGACY_KEYS)[number];
export type ExtensionKey = (typeof EXTENSION_KEYS)[number];
export type JnpfKey = (typeof JNPF_KEYS)[number];

const KEY_SET: ReadonlySet<string> = new Set(JNPF_KEYS);
export function isJnpfKey(value: unknown): value is JnpfKey {
  return typeof value === 'string' && KEY_SET.has(value);
}
