import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { dictionaryData, dictionaryTypes, visualDevs } from '../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../db/seed/menus.js';
import { ensureTables } from './webDesign/ddl.js';
import { readForm, settleTables } from './webDesign/model.js';
import type { ReleasedCopy } from './webDesign/service.js';

const field = (
  jnpfKey: string,
  label: string,
  vModel: string,
  formId: number,
  extra: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
) => ({
  __config__: {
    jnpfKey,
    label,
    formId,
    renderKey: formId,
    layout: 'colFormItem',
    span: 12,
    showLabel: true,
    ...config,
  },
  __vModel__: vModel,
  ...extra,
});

const LEAVE_TYPES = [
  { id: 'personal', fullName: '事假' },
  { id: 'sick', fullName: '病假' },
  { id: 'annual', fullName: '年假' },
  { id: 'marriage', fullName: '婚假' },
];

/** The demo menu 在线表单示例 › 请假申请 (type 3) opens this released design. */
const LEAVE_FORM = {
  formRef: 'elForm',
  formModel: 'dataForm',
  formRules: 'rules',
  size: 'small',
  labelPosition: 'right',
  labelWidth: 100,
  gutter: 15,
  span: 12,
  popupType: 'general',
  generalWidth: '800px',
  idGlobal: 110,
  fields: [
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
      { required: true, dataType: 'static' },
    ),
    field('numInput', '请假天数', 'days', 102, { min: 0.5, step: 0.5, precision: 1 }, { required: true }),
    field('date', '开始日期', 'startDate', 103, { type: 'date', format: 'yyyy-MM-dd' }, { required: true }),
    field('date', '结束日期', 'endDate', 104, { type: 'date', format: 'yyyy-MM-dd' }, { required: true }),
    field(
      'textarea',
      '请假事由',
      'reason',
      105,
      { autosize: { minRows: 3, maxRows: 6 } },
      { span: 24, required: true },
    ),
    field('createUser', '申请人', 'applicant', 106, { type: 'currUser', readonly: true }),
    field('currOrganize', '所属部门', 'department', 107, { showLevel: 'last', readonly: true }),
    field('createTime', '申请时间', 'applyTime', 108, { type: 'currTime', readonly: true }),
  ],
};

const LEAVE_COLUMNS = {
  type: 1,
  columnList: [
    { prop: 'leaveType', label: '请假类型', jnpfKey: 'select', width: 110 },
    { prop: 'days', label: '请假天数', jnpfKey: 'numInput', width: 100, align: 'right', sortable: true },
    { prop: 'startDate', label: '开始日期', jnpfKey: 'date', width: 120, sortable: true },
    { prop: 'endDate', label: '结束日期', jnpfKey: 'date', width: 120 },
    { prop: 'reason', label: '请假事由', jnpfKey: 'textarea' },
    { prop: 'applicant', label: '申请人', jnpfKey: 'createUser', width: 140 },
    { prop: 'applyTime', label: '申请时间', jnpfKey: 'createTime', width: 170, sortable: true },
  ],
  searchList: [
    {
      prop: 'leaveType',
      label: '请假类型',
      jnpfKey: 'select',
      searchType: 1,
      options: LEAVE_TYPES,
      props: { props: { label: 'fullName', value: 'id' } },
    },
    { prop: 'reason', label: '请假事由', jnpfKey: 'textarea', searchType: 2 },
  ],
  sort: 'desc',
  defaultSidx: 'applyTime',
  hasPage: true,
  pageSize: 20,
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'upload', label: '导入' },
    { value: 'download', label: '导出' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
  ],
};

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
    .where(and(eq(dictionaryTypes.enCode, 'businessType'), eq(dictionaryData.enCode, 'office')));
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
