/**
 * The form definition of forms.md section 1 (`formData` of a visualdev record) as one zod schema.
 * A field is picked by `__config__.jnpfKey`; objects stay loose because designs carry props we only
 * store, but every prop forms.md names is type-checked, and an unknown key is refused.
 */
import { z } from 'zod';
import { isJnpfKey, type JnpfKey } from './keys.js';

const text = z.string().nullish();
const flag = z.boolean().nullish();
const num = z.number().nullish();
const int = z.number().int().nullish();
/** Designs written by hand or by older designers mix 0/1 and booleans for switches. */
const flagLike = z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish();
const numOrText = z.union([z.number(), z.string()]).nullish();
const textList = z.array(z.string()).nullish();
const looseRecord = z.record(z.string(), z.unknown()).nullish();

/** `{pattern: "/regex/flags", message}` of `__config__.regList`. */
export const RegRuleSchema = z.looseObject({ pattern: z.string(), message: z.string().nullish() });
/** A data-interface parameter of `templateJson`. */
export const InterfaceParamSchema = z.looseObject({
  field: text,
  fieldName: text,
  dataType: text,
  required: z.union([z.boolean(), z.number()]).nullish(),
  defaultValue: z.unknown().optional(),
  relationField: text,
});
/** A static option `{id, fullName}` (other names when `props.props` says so), possibly a tree. */
export const OptionSchema = z.looseObject({});
/** A popup/relation column `{value, label}`. */
export const ColumnOptionSchema = z.looseObject({ value: z.string(), label: z.string().nullish() });

const TIME_LIMIT_TYPE = z.number().int().min(1).max(5).nullish();
const TIME_LIMIT_UNIT = z.number().int().min(1).max(6).nullish();

/** `__config__` keys every field may carry (forms.md 1.1); `jnpfKey` and `children` are set per key. */
const configShape = {
  label: text,
  tipLabel: text,
  showLabel: flag,
  labelWidth: num,
  tag: text,
  tagIcon: text,
  formId: numOrText,
  renderKey: numOrText,
  layout: z.enum(['colFormItem', 'rowFormItem']).nullish(),
  span: z.number().int().min(1, 'span is 1 to 24').max(24, 'span is 1 to 24').nullish(),
  required: flag,
  regList: z.array(RegRuleSchema).nullish(),
  trigger: z.union([z.string(), z.array(z.string())]).nullish(),
  defaultValue: z.unknown().optional(),
  defaultCurrent: flag,
  visibility: z.array(z.enum(['pc', 'app'])).nullish(),
  noShow: flag,
  unique: flag,
  dataType: text,
  dictionaryType: text,
  propsUrl: text,
  propsName: text,
  templateJson: z.array(InterfaceParamSchema).nullish(),
  tableName: text,
  relationTable: text,
  isSubTable: flag,
  parentVModel: text,
  componentName: text,
  isStorage: z.number().int().min(0).max(2).nullish(),
  rule: text,
  ruleName: text,
  startTimeRule: flag,
  startTimeType: TIME_LIMIT_TYPE,
  startTimeTarget: TIME_LIMIT_UNIT,
  startTimeValue: numOrText,
  startRelationField: text,
  endTimeRule: flag,
  endTimeType: TIME_LIMIT_TYPE,
  endTimeTarget: TIME_LIMIT_UNIT,
  endTimeValue: numOrText,
  endRelationField: text,
  layoutTree: flag,
  rowType: text,
  active: z.unknown().optional(),
  borderType: text,
  borderColor: text,
  borderWidth: num,
  merged: flag,
  colspan: int,
  rowspan: int,
};

/** Top-level keys every field may carry (forms.md 1.1 "Other top-level field keys"). */
const fieldShape = {
  __vModel__: text,
  __slot__: z
    .looseObject({ prepend: text, append: text, default: text, options: z.array(OptionSchema).nullish() })
    .nullish(),
  on: z.record(z.string(), z.string()).nullish(),
  style: z.unknown().optional(),
  placeholder: text,
  disabled: flag,
  readonly: flag,
  clearable: flag,
  multiple: flag,
  filterable: flag,
};

type Shape = Record<string, z.ZodType>;

/** A leaf field of one key: its `__config__` and its own props. */
function leaf<K extends JnpfKey, P extends Shape>(key: K, props: P) {
  return z.looseObject({
    __config__: z.looseObject({ ...configShape, jnpfKey: z.literal(key) }),
    ...fieldShape,
    ...props,
  });
}

// Containers hold other fields in `__config__.children`; the getter lets the schema refer to itself.
// A container without children reads as an empty one. Their TypeScript type is completed by
// `ChildKinds` below (inference cannot follow the cycle).
function container<K extends JnpfKey, P extends Shape>(key: K, props: P, children: () => z.ZodType) {
  return z.looseObject({
    __config__: z.looseObject({
      ...configShape,
      jnpfKey: z.literal(key),
      get children(): z.ZodType {
        return children().default([]);
      },
    }),
    ...fieldShape,
    ...props,
  });
}
const anyFields = () => z.array(FormFieldSchema);

const optionSource = {
  options: z.array(OptionSchema).nullish(),
  props: z.looseObject({ props: looseRecord }).nullish(),
};
const dateLimits = { startTime: numOrText, endTime: numOrText };
const interfaceSource = {
  interfaceId: text,
  interfaceName: text,
  templateJson: z.array(InterfaceParamSchema).nullish(),
};
const popup = {
  columnOptions: z.array(ColumnOptionSchema).nullish(),
  hasPage: flag,
  pageSize: int,
  popupType: text,
  popupTitle: text,
  popupWidth: text,
};
const upload = {
  accept: text,
  fileSize: num,
  sizeUnit: z.enum(['KB', 'MB', 'GB']).nullish(),
  buttonText: text,
  limit: int,
  pathType: text,
  isAccount: z.number().int().min(0).max(1).nullish(),
  folder: text,
  showTip: flag,
  tipText: text,
};
const picker = { selectType: text, ableDepIds: textList, ablePosIds: textList };
const textStyle = { textStyle: looseRecord };
const codeSource = {
  dataType: z.enum(['static', 'relation']).nullish(),
  staticText: text,
  relationField: text,
};
const amount = { precision: int, thousands: flag, isAmountChinese: flag };

/** A token of a calculate `expression`: a digit, operator or parenthesis, a number, or a field `{__vModel__}`. */
export const ExpressionTokenSchema = z.union([
  z.string(),
  z.number(),
  z.looseObject({ __vModel__: z.string(), label: text }),
]);

// --- basic (forms.md 2.1) ---
const comInput = leaf('comInput', {
  maxlength: num,
  'show-word-limit': flag,
  'show-password': flag,
  'prefix-icon': text,
  'suffix-icon': text,
});
const textarea = leaf('textarea', {
  autosize: z.union([z.boolean(), z.looseObject({ minRows: num, maxRows: num })]).nullish(),
  maxlength: num,
  'show-word-limit': flag,
});
const numInput = leaf('numInput', {
  min: num,
  max: num,
  step: num,
  'step-strictly': flag,
  controlsPosition: text,
  addonBefore: text,
  addonAfter: text,
  ...amount,
});
const switchField = leaf('switch', {
  activeTxt: text,
  inactiveTxt: text,
  'active-value': z.union([z.number(), z.string(), z.boolean()]).nullish(),
  'inactive-value': z.union([z.number(), z.string(), z.boolean()]).nullish(),
  'active-color': text,
  'inactive-color': text,
});
const choice = { ...optionSource, direction: text, optionType: text, border: flag };
const radio = leaf('radio', choice);
const checkbox = leaf('checkbox', choice);
const select = leaf('select', optionSource);
const cascader = leaf('cascader', { ...optionSource, 'show-all-levels': flag, separator: text });
const date = leaf('date', { type: text, format: text, 'value-format': text, ...dateLimits });
const time = leaf('time', {
  format: text,
  'value-format': text,
  'picker-options': looseRecord,
  ...dateLimits,
});
const uploadFz = leaf('uploadFz', upload);
const uploadImg = leaf('uploadImg', upload);
const colorPicker = leaf('colorPicker', { 'show-alpha': flag, 'color-format': text });
const rate = leaf('rate', { max: num, 'allow-half': flag, 'show-text': flag, 'show-score': flag });
const slider = leaf('slider', { min: num, max: num, step: num, 'show-stops': flag, range: flag });
const editor = leaf('editor', {});
const link = leaf('link', {
  content: text,
  href: text,
  target: z.enum(['_self', '_blank']).nullish(),
  ...textStyle,
});
const button = leaf('button', {
  buttonText: text,
  align: z.enum(['left', 'center', 'right']).nullish(),
  type: text,
});
const jnpfText = leaf('JNPFText', textStyle);
const alert = leaf('alert', {
  title: text,
  type: z.enum(['success', 'info', 'warning', 'error']).nullish(),
  'show-icon': flag,
  closable: flag,
  description: text,
});
const qrcode = leaf('qrcode', { ...codeSource, colorDark: text, colorLight: text, size: num });
const barcode = leaf('barcode', {
  ...codeSource,
  format: text,
  lineColor: text,
  background: text,
  width: num,
  height: num,
});

// --- advanced (forms.md 2.2) ---
const comSelect = leaf('comSelect', {});
const depSelect = leaf('depSelect', { selectType: text, ableDepIds: textList });
const posSelect = leaf('posSelect', picker);
const userSelect = leaf('userSelect', {
  ...picker,
  ableUserIds: textList,
  ableRoleIds: textList,
  ableGroupIds: textList,
  relationField: text,
});
const roleSelect = leaf('roleSelect', {});
const groupSelect = leaf('groupSelect', {});
const usersSelect = leaf('usersSelect', { selectType: text, ableIds: textList });
const treeSelect = leaf('treeSelect', optionSource);
const popupTableSelect = leaf('popupTableSelect', {
  ...interfaceSource,
  ...popup,
  propsValue: text,
  relationField: text,
  interfaceHasPage: flagLike,
});
const autoComplete = leaf('autoComplete', { ...interfaceSource, relationField: text, total: int });
const address = leaf('address', {
  level: z.number().int().min(0).max(3).nullish(),
  selectType: text,
  ableAddressIds: z.array(z.unknown()).nullish(),
});
const billRule = leaf('billRule', {});
const relationForm = leaf('relationForm', { ...popup, modelId: text, relationField: text });
const popupSelect = leaf('popupSelect', {
  ...interfaceSource,
  ...popup,
  propsValue: text,
  relationField: text,
  interfaceHasPage: flagLike,
});
const relationFormAttr = leaf('relationFormAttr', { relationField: text, showField: text });
const popupAttr = leaf('popupAttr', { relationField: text, showField: text });
const calculate = leaf('calculate', { expression: z.array(ExpressionTokenSchema).nullish(), ...amount });

// --- system (forms.md 2.3) ---
const createUser = leaf('createUser', { type: text });
const createTime = leaf('createTime', { type: text });
const modifyUser = leaf('modifyUser', { type: text });
const modifyTime = leaf('modifyTime', { type: text });
const currOrganize = leaf('currOrganize', { type: text, showLevel: z.enum(['last', 'all']).nullish() });
const currPosition = leaf('currPosition', { type: text });

// --- layout (forms.md 2.4) ---
const position = z.enum(['left', 'center', 'right']).nullish();
const groupTitle = leaf('groupTitle', { content: text, 'content-position': position });
const divider = leaf('divider', { 'content-position': position });
const row = container('row', { type: text, justify: text, align: text }, anyFields);
const card = container(
  'card',
  { header: text, shadow: z.enum(['always', 'hover', 'never']).nullish() },
  anyFields,
);
const collapseItem = container('collapseItem', { title: text, name: numOrText }, anyFields);
const collapse = container('collapse', { accordion: flag }, () => z.array(collapseItem));
const tabItem = container('tabItem', { title: text, name: numOrText }, anyFields);
const tab = container('tab', { type: text, 'tab-position': text }, () => z.array(tabItem));
const tableGridTd = container('tableGridTd', {}, anyFields);
const tableGridTr = container('tableGridTr', {}, () => z.array(tableGridTd));
const tableGrid = container('tableGrid', {}, () => z.array(tableGridTr));
const table = container(
  'table',
  {
    showTitle: flag,
    actionText: text,
    'show-summary': flag,
    summaryField: textList,
    thousands: flag,
    thousandsField: textList,
    addType: z.number().int().min(0).max(1).nullish(),
    addTableConf: looseRecord,
    tableConf: looseRecord,
  },
  anyFields,
);

// --- legacy (forms.md 2, not offered any more) ---
const dateRange = leaf('dateRange', { type: text, format: text, 'value-format': text });
const timeRange = leaf('timeRange', { format: text, 'value-format': text });
const psdInput = leaf('PsdInput', { maxlength: num });
const jnpfAmount = leaf('JNPFAmount', amount);
const currDept = leaf('currDept', { type: text });
const dicSelect = leaf('dicSelect', {});
const relationFlow = leaf('relationFlow', { flowId: text, relationField: text });

// --- this product's additions (keys.ts EXTENSION_KEYS) ---
const sign = leaf('sign', {});

const FIELD_SCHEMAS = {
  comInput,
  textarea,
  numInput,
  switch: switchField,
  radio,
  checkbox,
  select,
  cascader,
  date,
  time,
  uploadFz,
  uploadImg,
  colorPicker,
  rate,
  slider,
  editor,
  link,
  button,
  JNPFText: jnpfText,
  alert,
  qrcode,
  barcode,
  comSelect,
  depSelect,
  posSelect,
  userSelect,
  roleSelect,
  groupSelect,
  usersSelect,
  table,
  treeSelect,
  popupTableSelect,
  autoComplete,
  address,
  billRule,
  relationForm,
  popupSelect,
  relationFormAttr,
  popupAttr,
  calculate,
  createUser,
  createTime,
  modifyUser,
  modifyTime,
  currOrganize,
  currPosition,
  groupTitle,
  divider,
  collapse,
  tab,
  row,
  card,
  tableGrid,
  collapseItem,
  tabItem,
  tableGridTr,
  tableGridTd,
  dateRange,
  timeRange,
  PsdInput: psdInput,
  JNPFAmount: jnpfAmount,
  currDept,
  dicSelect,
  relationFlow,
  sign,
};

type FieldSchemas = typeof FIELD_SCHEMAS;
/** What each container holds in `__config__.children`. */
interface ChildKinds {
  row: FormField;
  card: FormField;
  table: FormField;
  collapse: FieldOf<'collapseItem'>;
  collapseItem: FormField;
  tab: FieldOf<'tabItem'>;
  tabItem: FormField;
  tableGrid: FieldOf<'tableGridTr'>;
  tableGridTr: FieldOf<'tableGridTd'>;
  tableGridTd: FormField;
}
export type ContainerKey = keyof ChildKinds;
/** The field of one widget kind, e.g. `FieldOf<'numInput'>`. */
export type FieldOf<K extends JnpfKey> = K extends ContainerKey
  ? z.output<FieldSchemas[K]> & { __config__: { children: ChildKinds[K][] } }
  : z.output<FieldSchemas[K]>;
/** Any field of a form, discriminated on `__config__.jnpfKey`. */
export type FormField = FieldOf<JnpfKey>;
/** `__config__` of any field. */
export type FieldConfig = FormField['__config__'];

/** Narrows a field to its kind: `if (isField(f, 'table')) f.__config__.children`. */
export function isField<K extends JnpfKey>(field: FormField, key: K): field is FieldOf<K> {
  return field.__config__.jnpfKey === key;
}

/** One field of any kind: reads `__config__.jnpfKey` and checks the rest with that kind's schema. */
export const FormFieldSchema: z.ZodType<FormField> = z
  .looseObject(
    {
      __config__: z.looseObject(
        { jnpfKey: z.string({ error: 'missing jnpfKey' }) },
        { error: 'missing __config__' },
      ),
    },
    { error: 'a field must be an object' },
  )
  .transform((value, ctx) => {
    const key = value.__config__.jnpfKey;
    if (!isJnpfKey(key)) {
      ctx.issues.push({
        code: 'custom',
        message: `unknown widget "${key}"`,
        input: key,
        path: ['__config__', 'jnpfKey'],
      });
      return z.NEVER;
    }
    const result = (FIELD_SCHEMAS[key] as z.ZodType<FormField>).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.issues.push({ ...issue, code: 'custom', input: value });
    return z.NEVER;
  }) as unknown as z.ZodType<FormField>;

/** Form config keys of forms.md section 1, spread flat beside `fields`. */
export const FormSchema = z.looseObject({
  formRef: text,
  formModel: text,
  formRules: text,
  size: z.enum(['large', 'medium', 'small', 'mini']).nullish(),
  labelPosition: z.enum(['left', 'right', 'top']).nullish(),
  labelWidth: num,
  gutter: num,
  span: z.number().int().min(1, 'span is 1 to 24').max(24, 'span is 1 to 24').nullish(),
  disabled: flag,
  popupType: z.enum(['general', 'fullScreen', 'drawer']).nullish(),
  generalWidth: text,
  fullScreenWidth: text,
  drawerWidth: text,
  hasCancelBtn: flag,
  cancelButtonText: text,
  hasConfirmBtn: flag,
  confirmButtonText: text,
  hasPrintBtn: flag,
  printButtonText: text,
  formBtns: flag,
  printId: z.union([z.string(), z.array(z.string())]).nullish(),
  primaryKeyPolicy: z.union([z.literal(1), z.literal(2)]).nullish(),
  concurrencyLock: flag,
  logicalDelete: flag,
  formStyle: text,
  className: z.array(z.string()).nullish(),
  classNames: z.array(z.unknown()).nullish(),
  classJson: text,
  funcs: z.record(z.string(), z.unknown()).nullish(),
  idGlobal: int,
  fields: z.array(FormFieldSchema, { error: 'must be a list' }),
});
/** The whole form definition. */
export type FormDefinition = z.output<typeof FormSchema>;
/** The form config keys alone (everything but `fields`). */
export type FormConfig = Omit<FormDefinition, 'fields'>;

/** Defaults of the form config keys (forms.md section 1). */
export const FORM_CONFIG_DEFAULTS = {
  formRef: 'elForm',
  formModel: 'dataForm',
  formRules: 'rules',
  size: 'small',
  labelPosition: 'right',
  labelWidth: 100,
  gutter: 15,
  span: 24,
  disabled: false,
  popupType: 'general',
  generalWidth: '600px',
  fullScreenWidth: '100%',
  drawerWidth: '600px',
  hasCancelBtn: true,
  cancelButtonText: '取 消',
  hasConfirmBtn: true,
  confirmButtonText: '确 定',
  hasPrintBtn: false,
  printButtonText: '打 印',
  printId: '',
  primaryKeyPolicy: 1,
  concurrencyLock: false,
  logicalDelete: false,
  formStyle: '',
  className: [],
  classNames: [],
  classJson: '',
  idGlobal: 100,
} as const satisfies FormConfig;

/** `fields[3].__config__.children[0].__config__.jnpfKey` */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid form';
  const path = formatIssuePath(issue.path);
  return path ? `${path}: ${issue.message}` : issue.message;
}

export type ParsedForm = { ok: true; form: FormDefinition } | { ok: false; error: string };

/**
 * Reads `formData` as it travels (a JSON string, forms.md 1). The error names the path of the
 * first problem, e.g. `fields[3].__config__.children[0].__config__.jnpfKey: unknown widget "foo"`.
 */
export function parseFormData(json: string): ParsedForm {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: 'formData is not valid JSON' };
  }
  const result = FormSchema.safeParse(value);
  return result.success ? { ok: true, form: result.data } : { ok: false, error: describe(result.error) };
}

/** For request schemas: a `formData` JSON string, checked and kept as the string it was. */
export const FormDataString = z
  .string({ error: 'formData must be a JSON string' })
  .superRefine((json, ctx) => {
    const parsed = parseFormData(json);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `formData ${parsed.error}` });
  });
