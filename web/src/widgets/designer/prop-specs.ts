/**
 * The properties the panel offers per key (forms.md 2.1–2.4, widgets.md). A path is read from the
 * field: `maxlength`, `__config__.rule`, `__slot__.default`. `label` is a key of designer.json props.
 */
export type PropKind = 'text' | 'number' | 'bool' | 'select' | 'color';

export interface PropSpec {
  path: string;
  label: string;
  kind: PropKind;
  options?: readonly (string | number)[];
  min?: number;
  max?: number;
}

const text = (path: string, label = path): PropSpec => ({ path, label, kind: 'text' });
const num = (path: string, label = path, min?: number, max?: number): PropSpec => ({
  path,
  label,
  kind: 'number',
  min,
  max,
});
const bool = (path: string, label = path): PropSpec => ({ path, label, kind: 'bool' });
const pick = (path: string, options: readonly (string | number)[], label = path): PropSpec => ({
  path,
  label,
  kind: 'select',
  options,
});
const color = (path: string, label = path): PropSpec => ({ path, label, kind: 'color' });

const popupProps = [
  pick('popupType', ['dialog', 'drawer', 'popover'], 'popupType'),
  text('popupTitle'),
  text('popupWidth'),
  bool('hasPage'),
  num('pageSize', 'pageSize', 1, 500),
];
const interfaceProps = [text('interfaceId'), text('interfaceName')];
const pickerProps = [bool('multiple')];
const amount = [num('precision', 'precision', 0, 15), bool('thousands'), bool('isAmountChinese')];
const upload = [
  text('accept'),
  num('fileSize', 'fileSize', 1),
  pick('sizeUnit', ['KB', 'MB', 'GB']),
  num('limit', 'limit', 0),
  text('buttonText'),
  text('tipText'),
];

/** The key's own props, after the common ones (label, vModel, span, ...). */
export const KEY_PROPS: Record<string, PropSpec[]> = {
  comInput: [
    num('maxlength', 'maxlength', 0),
    bool('show-word-limit', 'showWordLimit'),
    bool('show-password', 'showPassword'),
    text('__slot__.prepend', 'prepend'),
    text('__slot__.append', 'append'),
    bool('__config__.unique', 'unique'),
  ],
  textarea: [num('maxlength', 'maxlength', 0), bool('show-word-limit', 'showWordLimit')],
  numInput: [
    num('min'),
    num('max'),
    num('step', 'step', 0),
    ...amount,
    text('addonBefore'),
    text('addonAfter'),
  ],
  switch: [
    text('activeTxt'),
    text('inactiveTxt'),
    num('active-value', 'activeValue'),
    num('inactive-value', 'inactiveValue'),
  ],
  radio: [
    pick('direction', ['horizontal', 'vertical']),
    pick('optionType', ['default', 'button']),
    bool('border'),
  ],
  checkbox: [
    pick('direction', ['horizontal', 'vertical']),
    pick('optionType', ['default', 'button']),
    bool('border'),
  ],
  select: [bool('multiple'), bool('filterable')],
  cascader: [bool('show-all-levels', 'showAllLevels'), text('separator')],
  treeSelect: [bool('multiple'), bool('filterable')],
  date: [
    pick('type', ['date', 'datetime', 'year', 'month']),
    pick('format', ['yyyy', 'yyyy-MM', 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm', 'yyyy-MM-dd HH:mm:ss']),
    bool('__config__.defaultCurrent', 'defaultCurrent'),
  ],
  time: [pick('format', ['HH:mm:ss', 'HH:mm']), bool('__config__.defaultCurrent', 'defaultCurrent')],
  uploadFz: upload,
  uploadImg: upload.filter((spec) => spec.path !== 'buttonText'),
  colorPicker: [bool('show-alpha', 'showAlpha'), pick('color-format', ['hex', 'rgb', 'hsl'], 'colorFormat')],
  rate: [num('max', 'max', 1, 10), bool('allow-half', 'allowHalf'), bool('show-score', 'showScore')],
  slider: [num('min'), num('max'), num('step', 'step', 0), bool('range')],
  link: [text('content'), text('href'), pick('target', ['_self', '_blank'])],
  button: [
    text('buttonText'),
    pick('align', ['left', 'center', 'right']),
    pick('type', ['default', 'primary', 'dashed', 'text', 'link']),
  ],
  JNPFText: [
    text('__config__.defaultValue', 'content'),
    color('textStyle.color', 'color'),
    text('textStyle.font-size', 'fontSize'),
  ],
  alert: [
    text('title'),
    text('description'),
    pick('type', ['success', 'info', 'warning', 'error']),
    bool('show-icon', 'showIcon'),
    bool('closable'),
  ],
  qrcode: [
    pick('dataType', ['static', 'relation'], 'codeSource'),
    text('staticText'),
    text('relationField'),
    color('colorDark'),
    color('colorLight'),
    num('size', 'size', 20, 500),
  ],
  barcode: [
    pick('dataType', ['static', 'relation'], 'codeSource'),
    text('staticText'),
    text('relationField'),
    pick('format', ['code128', 'code39', 'EAN13', 'EAN8', 'UPC']),
    color('lineColor'),
    color('background'),
    num('width', 'width', 1, 10),
    num('height', 'height', 10, 300),
  ],
  comSelect: pickerProps,
  depSelect: [pick('selectType', ['all', 'custom']), ...pickerProps],
  posSelect: [pick('selectType', ['all', 'custom']), ...pickerProps],
  userSelect: [
    pick('selectType', ['all', 'custom', 'dep', 'pos', 'role', 'group']),
    text('relationField'),
    ...pickerProps,
  ],
  roleSelect: pickerProps,
  groupSelect: pickerProps,
  usersSelect: [pick('selectType', ['all', 'custom']), ...pickerProps],
  table: [
    bool('showTitle'),
    text('actionText'),
    bool('show-summary', 'showSummary'),
    bool('thousands'),
    pick('addType', [0, 1]),
    text('__config__.tableName', 'tableName'),
  ],
  popupTableSelect: [
    ...interfaceProps,
    text('propsValue'),
    text('relationField'),
    ...popupProps,
    bool('multiple'),
  ],
  autoComplete: [...interfaceProps, text('relationField'), num('total', 'total', 1, 50)],
  address: [pick('level', [0, 1, 2, 3]), ...pickerProps],
  billRule: [],
  relationForm: [text('modelId'), text('relationField'), ...popupProps],
  popupSelect: [...interfaceProps, text('propsValue'), text('relationField'), ...popupProps],
  relationFormAttr: [
    text('relationField'),
    text('showField'),
    pick('__config__.isStorage', [1, 2], 'isStorage'),
  ],
  popupAttr: [text('relationField'), text('showField'), pick('__config__.isStorage', [1, 2], 'isStorage')],
  calculate: [...amount, pick('__config__.isStorage', [1, 2], 'isStorage')],
  currOrganize: [pick('showLevel', ['last', 'all'])],
  groupTitle: [
    text('content'),
    pick('content-position', ['left', 'center', 'right'], 'contentPosition'),
    text('__config__.tipLabel', 'tipLabel'),
  ],
  divider: [
    text('__slot__.default', 'content'),
    pick('content-position', ['left', 'center', 'right'], 'contentPosition'),
  ],
  collapse: [bool('accordion')],
  tab: [
    pick('type', ['', 'card', 'border-card']),
    pick('tab-position', ['top', 'left', 'right', 'bottom'], 'tabPosition'),
  ],
  row: [
    pick('type', ['default', 'flex']),
    pick('justify', ['start', 'end', 'center', 'space-around', 'space-between']),
    pick('align', ['top', 'middle', 'bottom']),
  ],
  card: [text('header'), pick('shadow', ['always', 'hover', 'never'])],
  tableGrid: [
    pick('__config__.borderType', ['solid', 'dashed', 'dotted', 'none'], 'borderType'),
    color('__config__.borderColor', 'borderColor'),
    num('__config__.borderWidth', 'borderWidth', 0, 10),
  ],
};

/** Keys with a placeholder prop. */
export const PLACEHOLDER_KEYS: ReadonlySet<string> = new Set([
  'comInput',
  'textarea',
  'numInput',
  'select',
  'cascader',
  'date',
  'time',
  'editor',
  'treeSelect',
  'comSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'groupSelect',
  'usersSelect',
  'popupTableSelect',
  'autoComplete',
  'address',
  'relationForm',
  'popupSelect',
]);

/** Keys with `clearable`. */
export const CLEARABLE_KEYS: ReadonlySet<string> = new Set([
  'comInput',
  'select',
  'cascader',
  'date',
  'time',
  'treeSelect',
  'comSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'roleSelect',
  'groupSelect',
  'usersSelect',
  'popupTableSelect',
  'address',
  'relationForm',
  'popupSelect',
]);

/** Keys whose options come from static options, a dictionary or a data interface. */
export const OPTION_KEYS: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'select',
  'cascader',
  'treeSelect',
]);

/** Keys with a default value the panel edits directly, and its kind. */
export const DEFAULT_KINDS: Record<string, 'text' | 'number' | 'bool'> = {
  comInput: 'text',
  textarea: 'text',
  numInput: 'number',
  switch: 'bool',
  rate: 'number',
  slider: 'number',
  colorPicker: 'text',
  autoComplete: 'text',
};

/** Keys that take regList patterns. */
export const PATTERN_KEYS: ReadonlySet<string> = new Set(['comInput', 'textarea']);

/** Server-filled or display-only keys: never required. */
export const NOT_REQUIRABLE: ReadonlySet<string> = new Set([
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currPosition',
  'billRule',
  'relationFormAttr',
  'popupAttr',
  'calculate',
  'link',
  'button',
  'JNPFText',
  'alert',
  'qrcode',
  'barcode',
  'groupTitle',
  'divider',
  'collapse',
  'tab',
  'row',
  'card',
  'tableGrid',
]);

/** Reads `a.b.c` of an object. */
export function getPath(target: object, path: string): unknown {
  let current: unknown = target;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A copy of `target` with `a.b.c` set (missing objects on the way are created). */
export function setPath<T extends object>(target: T, path: string, value: unknown): T {
  const copy = structuredClone(target);
  const parts = path.split('.');
  let current = copy as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    const next = current[part];
    if (next === null || typeof next !== 'object') current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  const last = parts.at(-1) as string;
  if (value === undefined) delete current[last];
  else current[last] = value;
  return copy;
}
