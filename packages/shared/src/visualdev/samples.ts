/**
 * A design used by the visualdev tests, the e2e spec and the bench: 请假申请-like form with a
 * sub-table, options, a bill number and system fields (forms.md 1, 3).
 */

const field = (
  jnpfKey: string,
  label: string,
  vModel: string | null,
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
    span: 24,
    showLabel: true,
    required: false,
    visibility: ['pc', 'app'],
    ...config,
  },
  ...(vModel ? { __vModel__: vModel } : {}),
  ...extra,
});

export function sampleForm(options: { billRule?: string } = {}) {
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 100,
    formRules: 'rules',
    gutter: 15,
    disabled: false,
    span: 24,
    popupType: 'general',
    generalWidth: '600px',
    idGlobal: 120,
    fields: [
      field(
        'comInput',
        '标题',
        'title',
        101,
        { placeholder: '请输入标题', clearable: true },
        { required: true },
      ),
      field('numInput', '金额', 'amount', 102, { precision: 2 }),
      field(
        'select',
        '紧急程度',
        'level',
        103,
        {
          options: [
            { id: '1', fullName: '普通' },
            { id: '2', fullName: '紧急' },
          ],
          props: { props: { label: 'fullName', value: 'id' } },
        },
        { dataType: 'static' },
      ),
      field('date', '申请日期', 'applyDate', 104, {
        type: 'date',
        format: 'yyyy-MM-dd',
        'value-format': 'timestamp',
      }),
      ...(options.billRule
        ? [field('billRule', '单据编号', 'billNo', 105, { readonly: true }, { rule: options.billRule })]
        : []),
      field('createUser', '创建人', 'creator', 106, { type: 'currUser', readonly: true }),
      field(
        'table',
        '明细',
        'items',
        107,
        { showTitle: true, actionText: '添加' },
        {
          layout: 'rowFormItem',
          children: [
            field(
              'comInput',
              '物品',
              'itemName',
              108,
              {},
              { isSubTable: true, parentVModel: 'items', required: true },
            ),
            field(
              'numInput',
              '数量',
              'qty',
              109,
              { precision: 0 },
              { isSubTable: true, parentVModel: 'items' },
            ),
          ],
        },
      ),
    ],
  };
}

export function sampleColumnData(extra: Record<string, unknown> = {}) {
  return {
    type: 1,
    columnList: [
      { prop: 'title', label: '标题', jnpfKey: 'comInput', sortable: true },
      { prop: 'amount', label: '金额', jnpfKey: 'numInput', sortable: true },
      { prop: 'level', label: '紧急程度', jnpfKey: 'select' },
      { prop: 'applyDate', label: '申请日期', jnpfKey: 'date' },
      { prop: 'creator', label: '创建人', jnpfKey: 'createUser' },
    ],
    searchList: [
      { prop: 'title', label: '标题', jnpfKey: 'comInput', searchType: 2 },
      { prop: 'level', label: '紧急程度', jnpfKey: 'select', searchType: 1 },
      { prop: 'amount', label: '金额', jnpfKey: 'numInput', searchType: 3 },
    ],
    defaultSidx: '',
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    btnsList: [
      { value: 'add', label: '新增' },
      { value: 'upload', label: '导入' },
      { value: 'download', label: '导出' },
      { value: 'batchRemove', label: '批量删除' },
    ],
    columnBtnsList: [
      { value: 'edit', label: '编辑' },
      { value: 'detail', label: '详情' },
      { value: 'remove', label: '删除' },
    ],
    useDataPermission: true,
    ...extra,
  };
}
