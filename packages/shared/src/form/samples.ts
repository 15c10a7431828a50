/**
 * Example forms built the way the designer writes them: one holding every key of forms.md 2
 * (the unit tests, e2e 80 and /previewModel checks use it) and large ones for the render bench.
 */

import { type JnpfKey, SYSTEM_KEYS } from './keys.js';
import type { FieldOf, FormDefinition, FormField } from './schema.js';

/** Builds fields with designer-style ids and vModels (`{jnpfKey}Field{formId}`, forms.md 1.2). */
function fieldMaker(firstId = 100) {
  let id = firstId;
  const make = <K extends JnpfKey>(
    jnpfKey: K,
    label: string,
    props: Record<string, unknown> = {},
    config: Record<string, unknown> = {},
    withVModel = true,
  ): FieldOf<K> => {
    const formId = typeof config.formId === 'number' ? config.formId : ++id;
    const isContainer = Array.isArray(config.children);
    return {
      __config__: {
        jnpfKey,
        label,
        formId,
        renderKey: formId,
        layout: isContainer ? 'rowFormItem' : 'colFormItem',
        span: 24,
        showLabel: true,
        required: false,
        visibility: ['pc', 'app'],
        ...config,
      },
      ...(withVModel ? { __vModel__: `${jnpfKey}Field${formId}` } : {}),
      ...props,
    } as FieldOf<K>;
  };
  /** Hands out an id now for a field made later (a sub-table is made after its children). */
  const reserve = () => ++id;
  return { make, lastId: () => id, reserve };
}

const OPTIONS = [
  { id: '1', fullName: '选项一' },
  { id: '2', fullName: '选项二' },
  { id: '3', fullName: '选项三' },
];
const TREE_OPTIONS = [
  {
    id: 'a',
    fullName: '华东',
    children: [
      { id: 'a1', fullName: '上海' },
      { id: 'a2', fullName: '杭州' },
    ],
  },
  { id: 'b', fullName: '华南', children: [{ id: 'b1', fullName: '广州' }] },
];
const OPTION_PROPS = { props: { label: 'fullName', value: 'id', children: 'children' } };

/** The groups of `everyKeyForm`, in order, each a card with this header. */
export const EVERY_KEY_GROUPS = {
  basic: '基础控件',
  advanced: '高级控件',
  system: '系统控件',
  layout: '布局控件',
  legacy: '旧版控件',
} as const;

const SYSTEM_LABELS: Record<(typeof SYSTEM_KEYS)[number], string> = {
  createUser: '创建人员',
  createTime: '创建时间',
  modifyUser: '修改人员',
  modifyTime: '修改时间',
  currOrganize: '所属组织',
  currPosition: '所属岗位',
};

/** A form holding every key of forms.md 2 (designer keys, container children, legacy keys). */
export function everyKeyForm(): FormDefinition {
  const { make, lastId, reserve } = fieldMaker();
  const number = make('numInput', '单价', { precision: 2, thousands: true, isAmountChinese: true, step: 1 });
  const quantity = make('numInput', '数量', { precision: 0, min: 0, max: 1000 });
  const basic: FormField[] = [
    make(
      'comInput',
      '单行输入',
      { placeholder: '请输入', maxlength: 50, __slot__: { prepend: '', append: '' } },
      {
        required: true,
        regList: [{ pattern: '/^[\\w\\u4e00-\\u9fa5]+$/', message: '不能含有特殊字符' }],
      },
    ),
    make('textarea', '多行输入', {
      autosize: { minRows: 4, maxRows: 4 },
      'show-word-limit': true,
      maxlength: 200,
    }),
    number,
    quantity,
    make(
      'switch',
      '开关',
      { activeTxt: '开', inactiveTxt: '关', 'active-value': 1, 'inactive-value': 0 },
      { defaultValue: 0 },
    ),
    make(
      'radio',
      '单选框组',
      { options: OPTIONS, props: OPTION_PROPS, direction: 'horizontal' },
      { dataType: 'static' },
    ),
    make(
      'checkbox',
      '多选框组',
      { options: OPTIONS, props: OPTION_PROPS },
      { dataType: 'static', defaultValue: [] },
    ),
    make(
      'select',
      '下拉选择',
      { options: OPTIONS, props: OPTION_PROPS, filterable: true, clearable: true },
      { dataType: 'static' },
    ),
    make(
      'cascader',
      '级联选择',
      { options: TREE_OPTIONS, props: { props: { ...OPTION_PROPS.props, multiple: false } }, separator: '/' },
      { dataType: 'static', defaultValue: [] },
    ),
    make('date', '日期选择', { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'timestamp' }),
    make('time', '时间选择', { format: 'HH:mm:ss', 'value-format': 'HH:mm:ss' }),
    make(
      'uploadFz',
      '文件上传',
      {
        accept: '',
        fileSize: 10,
        sizeUnit: 'MB',
        buttonText: '点击上传',
        limit: 9,
        pathType: 'defaultPath',
        isAccount: 0,
      },
      { defaultValue: [] },
    ),
    make(
      'uploadImg',
      '图片上传',
      { accept: 'image/*', fileSize: 10, sizeUnit: 'MB', limit: 9, pathType: 'defaultPath', isAccount: 0 },
      { defaultValue: [] },
    ),
    make('colorPicker', '颜色选择', { 'color-format': 'hex' }),
    make('rate', '评分', { max: 5, 'allow-half': false }),
    make('slider', '滑块', { min: 0, max: 100, step: 1 }),
    make('editor', '富文本', { placeholder: '请输入' }),
    make('link', '链接', { content: '文本链接', href: 'https://example.com', target: '_blank' }, {}, false),
    make('button', '按钮', { buttonText: '按钮', align: 'left', type: 'primary' }, {}, false),
    make(
      'JNPFText',
      '文本',
      { textStyle: { color: '#000000', 'font-size': '12px' } },
      { defaultValue: '这是一段文本' },
      false,
    ),
    make(
      'alert',
      '提示',
      { title: '这是一个提示', type: 'info', 'show-icon': true, closable: false },
      {},
      false,
    ),
    make(
      'qrcode',
      '二维码',
      { dataType: 'static', staticText: 'JNPF', colorDark: '#000', colorLight: '#fff', size: 100 },
      {},
      false,
    ),
    make(
      'barcode',
      '条形码',
      {
        dataType: 'static',
        staticText: 'JNPF2024',
        format: 'code128',
        lineColor: '#000',
        background: '#fff',
        width: 4,
        height: 40,
      },
      {},
      false,
    ),
  ];
  const subTableId = reserve();
  const rowPrice = make('numInput', '明细单价', { precision: 2 }, { isSubTable: true });
  const rowQuantity = make('numInput', '明细数量', { precision: 0 }, { isSubTable: true });
  const advanced: FormField[] = [
    make('comSelect', '组织选择', { multiple: false }, { defaultValue: [] }),
    make('depSelect', '部门选择', { selectType: 'all', multiple: false }),
    make('posSelect', '岗位选择', { selectType: 'all', multiple: false }),
    make('userSelect', '用户选择', { selectType: 'all', multiple: false }),
    make('roleSelect', '角色选择', { multiple: false }),
    make('groupSelect', '分组选择', { multiple: false }),
    make('usersSelect', '用户组件', { selectType: 'all', multiple: true }, { defaultValue: [] }),
    make('treeSelect', '下拉树形', { options: TREE_OPTIONS, props: OPTION_PROPS }, { dataType: 'static' }),
    make('popupTableSelect', '下拉表格', {
      interfaceId: 'demo-interface',
      interfaceName: '示例接口',
      templateJson: [],
      propsValue: 'id',
      relationField: 'fullName',
      columnOptions: [{ value: 'fullName', label: '名称' }],
      hasPage: true,
      pageSize: 20,
      popupType: 'popover',
    }),
    make('autoComplete', '单行输入补全', {
      interfaceId: 'demo-interface',
      interfaceName: '示例接口',
      templateJson: [],
      relationField: 'fullName',
      total: 10,
    }),
    make('address', '省市区', { level: 2, multiple: false }, { defaultValue: [] }),
    make('billRule', '单据组件', { readonly: true }, { rule: 'demoBill', ruleName: '示例单据' }),
    make('sign', '手写签名', {}),
    make('relationForm', '关联表单', {
      modelId: 'demo-model',
      relationField: 'comInputField101',
      columnOptions: [{ value: 'comInputField101', label: '单行输入' }],
      hasPage: true,
      pageSize: 20,
      popupType: 'dialog',
      popupTitle: '选择数据',
      popupWidth: '800px',
    }),
    make('popupSelect', '弹窗选择', {
      interfaceId: 'demo-interface',
      interfaceName: '示例接口',
      templateJson: [],
      propsValue: 'id',
      relationField: 'fullName',
      columnOptions: [{ value: 'fullName', label: '名称' }],
      hasPage: true,
      pageSize: 20,
      popupType: 'dialog',
      popupTitle: '选择数据',
      popupWidth: '800px',
    }),
    make(
      'relationFormAttr',
      '关联表单属性',
      { relationField: `relationFormField${lastId() - 1}`, showField: 'comInputField101' },
      { isStorage: 1 },
      false,
    ),
    make(
      'popupAttr',
      '弹窗选择属性',
      { relationField: `popupSelectField${lastId() - 1}`, showField: 'fullName' },
      { isStorage: 1 },
      false,
    ),
    make(
      'calculate',
      '计算公式',
      {
        expression: [
          '(',
          { __vModel__: number.__vModel__ as string, label: '单价' },
          '×',
          { __vModel__: quantity.__vModel__ as string, label: '数量' },
          ')',
          '+',
          '1',
          '0',
        ],
        precision: 2,
        thousands: true,
        isAmountChinese: false,
      },
      { isStorage: 2 },
    ),
    make(
      'table',
      '设计子表',
      {
        showTitle: true,
        actionText: '添加',
        'show-summary': true,
        summaryField: [rowPrice.__vModel__ as string],
        addType: 0,
      },
      {
        formId: subTableId,
        children: [
          { ...rowPrice, __config__: { ...rowPrice.__config__, parentVModel: `tableField${subTableId}` } },
          {
            ...rowQuantity,
            __config__: { ...rowQuantity.__config__, parentVModel: `tableField${subTableId}` },
          },
        ],
        layout: 'rowFormItem',
        defaultValue: [],
      },
    ),
  ];
  const system: FormField[] = SYSTEM_KEYS.map((key) =>
    make(
      key,
      SYSTEM_LABELS[key],
      key === 'currOrganize'
        ? { type: 'currOrganize', showLevel: 'last', readonly: true }
        : { readonly: true },
    ),
  );
  const inside = () => [make('comInput', '容器内输入', { placeholder: '请输入' })];
  const layout: FormField[] = [
    make('groupTitle', '分组标题', { content: '分组标题', 'content-position': 'left' }, {}, false),
    make('divider', '分割线', { __slot__: { default: '分割线' }, 'content-position': 'center' }, {}, false),
    make(
      'collapse',
      '折叠面板',
      { accordion: false },
      {
        active: ['1'],
        children: [
          make('collapseItem', '面板1', { title: '面板1', name: '1' }, { children: inside() }, false),
        ],
      },
      false,
    ),
    make(
      'tab',
      '标签面板',
      { type: '', 'tab-position': 'top' },
      {
        active: '0',
        children: [
          make('tabItem', 'Tab 1', { title: 'Tab 1', name: '0' }, { children: inside() }, false),
          make('tabItem', 'Tab 2', { title: 'Tab 2', name: '1' }, { children: inside() }, false),
        ],
      },
      false,
    ),
    make(
      'row',
      '栅格容器',
      { type: 'default', justify: 'start', align: 'top' },
      { children: inside() },
      false,
    ),
    make('card', '卡片容器', { header: '卡片容器', shadow: 'never' }, { children: inside() }, false),
    make(
      'tableGrid',
      '表格容器',
      {},
      {
        borderType: 'solid',
        borderColor: '#E2E0E0',
        borderWidth: 1,
        children: [
          make(
            'tableGridTr',
            '',
            {},
            {
              children: [
                make(
                  'tableGridTd',
                  '',
                  {},
                  { merged: false, colspan: 1, rowspan: 1, children: inside() },
                  false,
                ),
                make(
                  'tableGridTd',
                  '',
                  {},
                  { merged: false, colspan: 1, rowspan: 1, children: inside() },
                  false,
                ),
              ],
            },
            false,
          ),
        ],
      },
      false,
    ),
  ];
  const legacy: FormField[] = [
    make(
      'dateRange',
      '日期范围',
      { type: 'daterange', format: 'yyyy-MM-dd', 'value-format': 'timestamp' },
      { defaultValue: [] },
    ),
    make('timeRange', '时间范围', { format: 'HH:mm:ss', 'value-format': 'HH:mm:ss' }, { defaultValue: [] }),
    make('PsdInput', '密码输入', { maxlength: 20 }),
    make('JNPFAmount', '金额', { precision: 2, isAmountChinese: true }),
    make('currDept', '所属部门', { type: 'currDept', readonly: true }),
    make('dicSelect', '数据字典', {}, { dataType: 'dictionary', dictionaryType: 'demo' }),
    make('relationFlow', '关联流程', { flowId: 'demo-flow', relationField: 'fullName' }),
  ];
  const groups: Record<keyof typeof EVERY_KEY_GROUPS, FormField[]> = {
    basic,
    advanced,
    system,
    layout,
    legacy,
  };
  const fields = Object.entries(EVERY_KEY_GROUPS).map(([group, header]) =>
    make(
      'card',
      header,
      { header, shadow: 'never' },
      { children: groups[group as keyof typeof EVERY_KEY_GROUPS] },
      false,
    ),
  );
  return {
    formRef: 'elForm',
    formModel: 'dataForm',
    size: 'small',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    span: 24,
    popupType: 'general',
    idGlobal: lastId(),
    fields,
  };
}

/** A flat form of `count` fields cycling through the plain input kinds, for the render bench. */
export function largeForm(count: number): FormDefinition {
  const { make, lastId } = fieldMaker();
  const kinds = [
    'comInput',
    'numInput',
    'select',
    'date',
    'textarea',
    'switch',
    'radio',
    'checkbox',
  ] as const;
  const fields = Array.from({ length: count }, (_, index) => {
    const key = kinds[index % kinds.length] as (typeof kinds)[number];
    const choice = key === 'select' || key === 'radio' || key === 'checkbox';
    return make(key, `字段${index + 1}`, choice ? { options: OPTIONS, props: OPTION_PROPS } : {}, {
      span: 12,
      ...(choice ? { dataType: 'static' } : {}),
    });
  });
  return { size: 'small', labelWidth: 100, gutter: 15, idGlobal: lastId(), fields };
}

/** A form with one sub-table of four columns (input, two numbers, a per-row calculate) and its rows. */
export function subTableForm(rows: number): { form: FormDefinition; data: Record<string, unknown> } {
  const { make, lastId, reserve } = fieldMaker();
  const tableId = reserve();
  const tableVModel = `tableField${tableId}`;
  const name = make('comInput', '名称', {}, { isSubTable: true, parentVModel: tableVModel });
  const price = make('numInput', '单价', { precision: 2 }, { isSubTable: true, parentVModel: tableVModel });
  const quantity = make(
    'numInput',
    '数量',
    { precision: 0 },
    { isSubTable: true, parentVModel: tableVModel },
  );
  const amount = make(
    'calculate',
    '金额',
    {
      expression: [
        { __vModel__: `${tableVModel}.${price.__vModel__}` },
        '×',
        { __vModel__: `${tableVModel}.${quantity.__vModel__}` },
      ],
      precision: 2,
    },
    { isSubTable: true, parentVModel: tableVModel, isStorage: 2 },
  );
  const table = make(
    'table',
    '明细',
    { showTitle: true, actionText: '添加', 'show-summary': true, summaryField: [price.__vModel__ as string] },
    {
      formId: tableId,
      children: [name, price, quantity, amount],
    },
  );
  const data = {
    [tableVModel]: Array.from({ length: rows }, (_, index) => ({
      [name.__vModel__ as string]: `第${index + 1}行`,
      [price.__vModel__ as string]: (index % 100) + 0.5,
      [quantity.__vModel__ as string]: (index % 7) + 1,
    })),
  };
  return { form: { size: 'small', labelWidth: 100, idGlobal: lastId(), fields: [table] }, data };
}
