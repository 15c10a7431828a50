import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { dictionaryData, dictionaryTypes, visualDevs } from '../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../db/seed/menus.js';
import { ensureTables } from './webDesign/ddl.js';
import { readForm, settleTables } from './webDesign/model.js';
import type { ReleasedCopy } from './webDesign/service.js';

/**
 * What the 3.4.7 client's form designer (components/Generator) saves for a widget: the palette
 * entry's `__config__` (tag, tagIcon, layout, span, visibility, regList, trigger …) with the label
 * and ids the designer gives it on drop (formId = renderKey = ++idGlobal), then the widget's own
 * properties. Its Parser renders a field by `__config__.tag`; a field without one shows nothing.
 */
const PALETTE: Record<string, { config: Record<string, unknown>; props: Record<string, unknown> }> = {
  select: {
    config: {
      tag: 'JnpfSelect',
      tagIcon: 'icon-ym icon-ym-generator-select',
      defaultValue: '',
      trigger: 'change',
      dataType: 'static',
      dictionaryType: '',
      propsUrl: '',
      propsName: '',
      templateJson: [],
    },
    props: {
      placeholder: '请选择',
      style: { width: '100%' },
      clearable: true,
      disabled: false,
      filterable: false,
      multiple: false,
    },
  },
  numInput: {
    config: {
      tag: 'JnpfInputNumber',
      tagIcon: 'icon-ym icon-ym-generator-number',
      trigger: ['blur', 'change'],
    },
    props: {
      style: { width: null },
      placeholder: '数字文本',
      step: 1,
      'step-strictly': false,
      controlsPosition: '',
      addonBefore: null,
      addonAfter: null,
      thousands: false,
      isAmountChinese: false,
      disabled: false,
    },
  },
  date: {
    config: {
      tag: 'JnpfDatePicker',
      tagIcon: 'icon-ym icon-ym-generator-date',
      defaultValue: null,
      defaultCurrent: false,
      trigger: 'change',
      startTimeRule: false,
      startTimeType: 1,
      startTimeTarget: 1,
      startTimeValue: '',
      endTimeRule: false,
      endTimeType: 1,
      endTimeTarget: 1,
      endTimeValue: '',
      startRelationField: '',
      endRelationField: '',
    },
    props: {
      placeholder: '请选择',
      type: 'date',
      style: { width: '100%' },
      disabled: false,
      clearable: true,
      format: 'yyyy-MM-dd',
      'value-format': 'timestamp',
      startTime: null,
      endTime: null,
      readonly: false,
    },
  },
  textarea: {
    config: { tag: 'el-input', tagIcon: 'icon-ym icon-ym-generator-textarea', trigger: 'blur' },
    props: {
      type: 'textarea',
      placeholder: '请输入',
      autosize: { minRows: 4, maxRows: 4 },
      style: { width: '100%' },
      maxlength: null,
      'show-word-limit': true,
      readonly: false,
      disabled: false,
    },
  },
  createUser: {
    config: {
      tag: 'jnpf-open-data',
      tagIcon: 'icon-ym icon-ym-generator-founder',
      defaultValue: '',
      noShow: false,
    },
    props: { style: { width: '100%' }, type: 'currUser', readonly: true, placeholder: '' },
  },
  currOrganize: {
    config: {
      tag: 'jnpf-open-data',
      tagIcon: 'icon-ym icon-ym-generator-company',
      defaultValue: '',
      noShow: false,
    },
    props: {
      style: { width: '100%' },
      type: 'currOrganize',
      readonly: true,
      showLevel: 'last',
      placeholder: '',
    },
  },
  createTime: {
    config: {
      tag: 'jnpf-open-data',
      tagIcon: 'icon-ym icon-ym-generator-createtime',
      defaultValue: '',
      noShow: false,
    },
    props: { style: { width: '100%' }, type: 'currTime', readonly: true, placeholder: '' },
  },
};

const field = (
  jnpfKey: keyof typeof PALETTE,
  label: string,
  vModel: string,
  formId: number,
  extra: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
) => {
  const palette = PALETTE[jnpfKey]!;
  return {
    __config__: {
      jnpfKey,
      label,
      tipLabel: '',
      showLabel: true,
      className: [],
      required: false,
      layout: 'colFormItem',
      span: 24,
      dragDisabled: false,
      visibility: ['pc', 'app'],
      tableName: '',
      regList: [],
      ...palette.config,
      formId,
      renderKey: formId,
      ...config,
    },
    __vModel__: vModel,
    ...palette.props,
    ...extra,
  };
};

const LEAVE_TYPES = [
  { id: 'personal', fullName: '事假' },
  { id: 'sick', fullName: '病假' },
  { id: 'annual', fullName: '年假' },
  { id: 'marriage', fullName: '婚假' },
];

const LEAVE_FIELDS = [
  field(
    'select',
    '请假类型',
    'leaveType',
    101,
    {
      options: LEAVE_TYPES,
      props: { props: { label: 'fullName', value: 'id' } },
      placeholder: '请选择请假类型',
    },
    { required: true, span: 12 },
  ),
  field(
    'numInput',
    '请假天数',
    'days',
    102,
    { min: 0.5, step: 0.5, precision: 1 },
    { required: true, span: 12 },
  ),
  field('date', '开始日期', 'startDate', 103, {}, { required: true, span: 12 }),
  field('date', '结束日期', 'endDate', 104, {}, { required: true, span: 12 }),
  field('textarea', '请假事由', 'reason', 105, { autosize: { minRows: 3, maxRows: 6 } }, { required: true }),
  field('createUser', '申请人', 'applicant', 106, {}, { span: 12 }),
  field('currOrganize', '所属部门', 'department', 107, {}, { span: 12 }),
  field('createTime', '申请时间', 'applyTime', 108, {}, { span: 12 }),
];

/**
 * The demo menu 在线表单示例 › 请假申请 (type 3) opens this released design: the designer's form
 * properties (its formConf, including classJson and funcs) with the fields.
 */
const LEAVE_FORM = {
  formRef: 'elForm',
  formModel: 'dataForm',
  size: 'small',
  labelPosition: 'right',
  labelWidth: 100,
  formRules: 'rules',
  popupType: 'general',
  generalWidth: '800px',
  fullScreenWidth: '100%',
  drawerWidth: '600px',
  gutter: 15,
  disabled: false,
  span: 24,
  formBtns: false,
  hasCancelBtn: true,
  cancelButtonText: '取 消',
  hasConfirmBtn: true,
  confirmButtonText: '确 定',
  hasPrintBtn: false,
  printButtonText: '打 印',
  primaryKeyPolicy: 1,
  concurrencyLock: false,
  logicalDelete: false,
  printId: '',
  formStyle: '',
  classNames: [],
  className: [],
  classJson: '',
  funcs: { onLoad: '', beforeSubmit: '', afterSubmit: '' },
  idGlobal: 108,
  fields: LEAVE_FIELDS,
};

const byModel = new Map(LEAVE_FIELDS.map((f) => [f.__vModel__, f]));

/**
 * A list column as the client's column designer (components/ColumnDesign) keeps it: label, prop,
 * fixed, align, jnpfKey, sortable and width, then the whole form field (`__config__`, `__vModel__`
 * …), then what was set in the designer.
 */
const column = (vModel: string, set: Record<string, unknown> = {}) => {
  const f = byModel.get(vModel)!;
  return {
    label: f.__config__.label,
    prop: vModel,
    fixed: 'none',
    align: 'left',
    jnpfKey: f.__config__.jnpfKey,
    sortable: false,
    width: null,
    ...f,
    ...set,
  };
};

/** A search field as the column designer keeps it (searchType 1 exact, 2 fuzzy, 3 range). */
const search = (vModel: string, searchType: number) => {
  const f = byModel.get(vModel)!;
  return {
    label: f.__config__.label,
    prop: vModel,
    jnpfKey: f.__config__.jnpfKey,
    value: '',
    searchType,
    searchMultiple: false,
    ...f,
  };
};

/** The column designer's list properties (its defaults, then what this list sets). */
const LEAVE_COLUMNS = {
  printIds: [],
  ruleList: [],
  searchList: [search('leaveType', 1), search('reason', 2)],
  hasSuperQuery: true,
  childTableStyle: 1,
  showSummary: false,
  summaryField: [],
  thousands: false,
  thousandsField: [],
  columnList: [
    column('leaveType', { width: 110 }),
    column('days', { width: 100, align: 'right', sortable: true }),
    column('startDate', { width: 120, sortable: true }),
    column('endDate', { width: 120 }),
    column('reason'),
    column('applicant', { width: 140 }),
    column('applyTime', { width: 170, sortable: true }),
  ],
  columnOptions: LEAVE_FIELDS,
  defaultColumnList: [],
  type: 1,
  defaultSidx: 'applyTime',
  sort: 'desc',
  hasPage: true,
  pageSize: 20,
  hasTreeQuery: false,
  treeTitle: '左侧标题',
  treeDataSource: 'dictionary',
  treeDictionary: '',
  treeRelation: '',
  treeSynType: 0,
  treeInterfaceId: '',
  treeInterfaceName: '',
  treeTemplateJson: [],
  treePropsUrl: '',
  treePropsValue: 'id',
  treePropsChildren: 'children',
  treePropsLabel: 'fullName',
  groupField: '',
  parentField: '',
  useColumnPermission: false,
  useFormPermission: false,
  useBtnPermission: false,
  useDataPermission: false,
  customBtnsList: [],
  btnsList: [
    { value: 'add', icon: 'el-icon-plus', label: '新增' },
    { value: 'upload', icon: 'el-icon-upload2', label: '导入' },
    { value: 'download', icon: 'el-icon-download', label: '导出' },
  ],
  columnBtnsList: [
    { value: 'edit', icon: 'el-icon-edit', label: '编辑' },
    { value: 'remove', icon: 'el-icon-delete', label: '删除' },
  ],
  funcs: {
    afterOnload: { func: '', name: '脚本事件' },
    rowStyle: { func: '', name: '脚本事件' },
    cellStyle: { func: '', name: '脚本事件' },
  },
  // The designer refuses to save a list with 导入 without the import template (selectKey).
  uploaderTemplateJson: { dataType: '1', selectKey: ['leaveType', 'days', 'startDate', 'endDate', 'reason'] },
};

/** The dictionary whose entries are the 功能设计 categories (the designer's 功能分类 list). */
export const DESIGN_CATEGORY_CODE = 'webDesign';

/**
 * The demo design behind the seeded 请假申请 menu (menus.ts DEMO_GENERATED_MODULE_IDS): written
 * released, with its table, when the main application is first seeded.
 */
export async function seedDemoDesigns(tx: Tx): Promise<void> {
  const id = DEMO_GENERATED_MODULE_IDS.leaveApply;
  const [existing] = await tx.select({ id: visualDevs.id }).from(visualDevs).where(eq(visualDevs.id, id));
  if (existing) return;
  const [category] = await tx
    .select({ id: dictionaryData.id })
    .from(dictionaryData)
    .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
    .where(and(eq(dictionaryTypes.enCode, DESIGN_CATEGORY_CODE), eq(dictionaryData.enCode, 'office')));
  if (!category) return;
  const settled = settleTables(readForm(JSON.stringify(LEAVE_FORM)), [], '请假申请');
  await ensureTables(tx, settled.model);
  const released: ReleasedCopy = {
    fullName: '请假申请',
    enCode: 'leaveApply',
    webType: 2,
    enableFlow: 0,
    tables: JSON.stringify(settled.tables),
    formData: JSON.stringify(settled.form),
    columnData: JSON.stringify(LEAVE_COLUMNS),
    appColumnData: '',
    flowTemplateJson: '',
  };
  const now = Date.now();
  await tx.insert(visualDevs).values({
    id,
    fullName: released.fullName,
    enCode: released.enCode,
    category: category.id,
    type: 1,
    webType: 2,
    tables: released.tables,
    formData: released.formData,
    columnData: released.columnData,
    description: '示例：在线表单发布为菜单（请假申请）',
    isRelease: 1,
    released,
    releaseTime: now,
    creatorTime: now,
  });
}
