/**
 * Issue #20 item 12 and #23 item 3: every design the server seeds (web designs, flows, print
 * templates, bill rules, portals, data interfaces, reports) is what a person could have entered.
 * Each is read through its info route and saved back unchanged through its update route, so it
 * passes the checks the save route applies; its category is an entry of the dictionary the
 * 3.4.7 client's page offers; and web designs have the shape the client's form designer
 * (components/Generator, components/ColumnDesign) saves and its Parser renders.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_GENERATED_MODULE_IDS } from '../src/db/seed/menus.js';
import { suiteServer } from './harness.js';

const suite = suiteServer({ demo: true });
const { send } = suite;

type Json = Record<string, unknown>;

/** What store/modules/base.js getDictionaryData({sort}) offers: the entries of the type `sort`. */
async function dictionaryIds(sort: string): Promise<Set<string>> {
  const all = await send<{
    list: { enCode: string; dictionaryList: { id: string; children?: unknown[] }[] }[];
  }>('GET', '/api/system/DictionaryData/All');
  expect(all.code).toBe(200);
  const type = all.data.list.find((t) => t.enCode === sort);
  const ids = new Set<string>();
  const walk = (nodes: { id: string; children?: unknown[] }[]) => {
    for (const n of nodes) {
      ids.add(n.id);
      walk((n.children ?? []) as { id: string }[]);
    }
  };
  walk(type?.dictionaryList ?? []);
  return ids;
}

/** The rows of a paged or plain list answer. */
const rowsOf = (data: unknown): Json[] =>
  Array.isArray(data) ? (data as Json[]) : (((data as { list?: Json[] }).list ?? []) as Json[]);

/** Flattens a tree answer (category nodes with children) into its leaves of `key`. */
const leaves = (nodes: Json[]): Json[] =>
  nodes.flatMap((n) => (Array.isArray(n.children) && n.children.length ? leaves(n.children as Json[]) : [n]));

// Facts of the 3.4.7 client's form designer (components/Generator/generator/config.js formConf and
// index/Home.vue AssembleFormData): the form properties it saves next to `fields`.
const FORM_CONF_KEYS = [
  'formRef',
  'formModel',
  'size',
  'labelPosition',
  'labelWidth',
  'formRules',
  'popupType',
  'generalWidth',
  'fullScreenWidth',
  'drawerWidth',
  'gutter',
  'disabled',
  'span',
  'formBtns',
  'hasCancelBtn',
  'cancelButtonText',
  'hasConfirmBtn',
  'confirmButtonText',
  'hasPrintBtn',
  'printButtonText',
  'primaryKeyPolicy',
  'printId',
  'classNames',
  'className',
  'classJson',
  'funcs',
  'idGlobal',
  'fields',
];

// The widgets of its palette (config.js jnpfKey values).
const PALETTE_KEYS = new Set(
  (
    'comInput,textarea,numInput,switch,radio,checkbox,select,cascader,date,time,uploadFz,uploadImg,' +
    'colorPicker,rate,slider,editor,link,button,JNPFText,alert,comSelect,depSelect,posSelect,userSelect,' +
    'roleSelect,groupSelect,usersSelect,table,treeSelect,popupTableSelect,autoComplete,address,billRule,' +
    'relationForm,popupSelect,relationFormAttr,popupAttr,createUser,createTime,modifyUser,modifyTime,' +
    'currOrganize,currPosition,groupTitle,divider,collapse,collapseItem,tab,tabItem,row,card,tableGrid,' +
    'tableGridTr,tableGridTd,calculate'
  ).split(','),
);

// Widgets that hold no value (Home.vue noVModelList): the rest need a __vModel__ to be saved.
const NO_VMODEL = new Set([
  'JNPFText',
  'button',
  'link',
  'alert',
  'groupTitle',
  'divider',
  'relationFormAttr',
  'popupAttr',
]);

/**
 * What the designer refuses to save and the Parser cannot render: every widget has a palette
 * jnpfKey, a label, a `tag` (render/render.js renders `__config__.tag`, a field without one shows
 * nothing), a layout, a span, a formId/renderKey and `visibility`; a colFormItem that holds a value
 * has a `__vModel__`; `regList` is an array (Parser.buildRules).
 */
function fieldProblems(fields: Json[], path = 'fields'): string[] {
  return fields.flatMap((f, i) => {
    const here = `${path}[${i}]`;
    const c = f.__config__ as Json | undefined;
    if (!c) return [`${here}: no __config__`];
    const problems: string[] = [];
    const key = c.jnpfKey as string;
    if (!PALETTE_KEYS.has(key)) problems.push(`${here}: jnpfKey ${String(key)}`);
    if (typeof c.label !== 'string') problems.push(`${here}: label`);
    if (typeof c.tag !== 'string' || !c.tag) problems.push(`${here}: tag`);
    if (typeof c.layout !== 'string') problems.push(`${here}: layout`);
    if (typeof c.span !== 'number') problems.push(`${here}: span`);
    if (typeof c.formId !== 'number' || c.renderKey === undefined) problems.push(`${here}: formId/renderKey`);
    if (!Array.isArray(c.visibility)) problems.push(`${here}: visibility`);
    if (c.layout === 'colFormItem' && !NO_VMODEL.has(key)) {
      if (typeof f.__vModel__ !== 'string' || !f.__vModel__) problems.push(`${here}: __vModel__`);
      if (!Array.isArray(c.regList)) problems.push(`${here}: regList`);
    }
    if (Array.isArray(c.children)) problems.push(...fieldProblems(c.children as Json[], `${here}.children`));
    return problems;
  });
}

/**
 * What ColumnDesign/main.vue keeps and views/basic/dynamicModel/list reads: columnList items carry
 * label, prop, jnpfKey at the top and the whole field (`__config__.jnpfKey`, `__vModel__` = prop);
 * searchList items likewise with searchType; each names a field of the form; the list keys it reads.
 */
function columnProblems(columnData: Json, fields: Json[]): string[] {
  const problems: string[] = [];
  const models = new Set(fields.map((f) => f.__vModel__));
  for (const key of [
    'columnList',
    'searchList',
    'columnOptions',
    'btnsList',
    'columnBtnsList',
    'customBtnsList',
    'printIds',
    'ruleList',
  ])
    if (!Array.isArray(columnData[key])) problems.push(`columnData.${key}`);
  for (const key of [
    'type',
    'hasPage',
    'pageSize',
    'sort',
    'defaultSidx',
    'funcs',
    'childTableStyle',
    'uploaderTemplateJson',
  ])
    if (columnData[key] === undefined) problems.push(`columnData.${key}`);
  const items = (name: string) =>
    ((columnData[name] as Json[] | undefined) ?? []).map((item, i) => ({ item, i, name }));
  for (const { item, i, name } of [...items('columnList'), ...items('searchList')]) {
    const c = item.__config__ as Json | undefined;
    const here = `${name}[${i}]`;
    if (typeof item.prop !== 'string' || !models.has(item.prop)) problems.push(`${here}: prop`);
    if (typeof item.label !== 'string') problems.push(`${here}: label`);
    if (!c || c.jnpfKey !== item.jnpfKey) problems.push(`${here}: __config__.jnpfKey`);
    if (item.__vModel__ !== item.prop) problems.push(`${here}: __vModel__`);
    if (name === 'searchList' && typeof item.searchType !== 'number') problems.push(`${here}: searchType`);
  }
  const buttons = ((columnData.btnsList as Json[] | undefined) ?? []).map((b) => b.value);
  // The designer refuses 导入 without an import template (请设置导入模板) and reads its selectKey.
  if (buttons.includes('upload')) {
    const selectKey = (columnData.uploaderTemplateJson as Json | undefined)?.selectKey;
    if (!Array.isArray(selectKey) || !selectKey.every((k) => models.has(k)))
      problems.push('uploaderTemplateJson.selectKey');
  }
  return problems;
}

describe('seeded web designs (功能设计)', () => {
  it('every one is saved back unchanged, has a 功能设计 category and the designer’s shape', async () => {
    const categories = await dictionaryIds('webDesign');
    const list = await send('GET', '/api/visualdev/Base?type=1&currentPage=1&pageSize=200&keyword=');
    expect(list.code).toBe(200);
    const rows = rowsOf(list.data);
    expect(rows.map((r) => r.id)).toContain(DEMO_GENERATED_MODULE_IDS.leaveApply);
    for (const row of rows) {
      const info = await send<Json>('GET', `/api/visualdev/Base/${String(row.id)}`);
      expect(info.code, String(row.fullName)).toBe(200);
      expect(categories.has(info.data.category as string), `${String(row.fullName)} category`).toBe(true);
      const form = JSON.parse(info.data.formData as string) as Json;
      expect(
        FORM_CONF_KEYS.filter((k) => !(k in form)),
        `${String(row.fullName)} formData`,
      ).toEqual([]);
      expect(typeof form.classJson).toBe('string');
      expect(fieldProblems(form.fields as Json[]), String(row.fullName)).toEqual([]);
      const columns = JSON.parse(info.data.columnData as string) as Json;
      expect(columnProblems(columns, form.fields as Json[]), String(row.fullName)).toEqual([]);
      // views/onlineDev/webDesign: the designer's 保存 sends the info back (Update).
      const saved = await send('PUT', `/api/visualdev/Base/${String(row.id)}`, { ...info.data, id: row.id });
      expect([saved.code, saved.msg], String(row.fullName)).toEqual([200, expect.any(String)]);
    }
  });

  it('the generated page 请假申请 renders from its config and takes what its add dialog sends', async () => {
    const id = DEMO_GENERATED_MODULE_IDS.leaveApply;
    // views/basic/dynamicModel/index.vue getConfigData, then list/Form.vue parses formData.
    const config = await send<Json>('GET', `/api/visualdev/OnlineDev/${id}/Config`);
    expect(config.code).toBe(200);
    const form = JSON.parse(config.data.formData as string) as Json;
    expect(fieldProblems(form.fields as Json[])).toEqual([]);
    const columns = JSON.parse(config.data.columnData as string) as Json;
    expect(columnProblems(columns, form.fields as Json[])).toEqual([]);
    // list/Form.vue: { id, data: JSON.stringify(formData) }, dates as timestamps (value-format).
    const start = Date.UTC(2026, 11, 8);
    const data = {
      leaveType: 'annual',
      days: 1.5,
      startDate: start,
      endDate: start + 86_400_000,
      reason: '年假（种子数据检查）',
      applicant: '',
      department: '',
      applyTime: '',
    };
    const created = await send('POST', `/api/visualdev/OnlineDev/${id}`, {
      id: '',
      data: JSON.stringify(data),
    });
    expect([created.code, created.msg]).toEqual([200, expect.any(String)]);
    const listed = await send<{ list: Json[] }>('POST', `/api/visualdev/OnlineDev/${id}/List`, {
      currentPage: 1,
      pageSize: 20,
      sort: 'desc',
      sidx: '',
      menuId: '',
      queryJson: '',
      superQueryJson: '',
    });
    expect(listed.code).toBe(200);
    expect(listed.data.list.some((r) => r.reason === '年假（种子数据检查）')).toBe(true);
  });
});

describe('other seeded designs', () => {
  it('bill rules: 业务分类 from businessType, a creator, and saved back unchanged', async () => {
    const categories = await dictionaryIds('businessType');
    const list = await send('GET', '/api/system/BillRule?currentPage=1&pageSize=200&keyword=');
    expect(list.code).toBe(200);
    const rows = rowsOf(list.data);
    expect(rows.map((r) => r.enCode)).toContain('OrderNumber');
    for (const row of rows) {
      // views/system/billRule/index.vue shows `category` and `creatorUser`.
      expect(row.creatorUser, String(row.fullName)).toEqual(expect.stringMatching(/\S/));
      const info = await send<Json>('GET', `/api/system/BillRule/${String(row.id)}`);
      expect(info.code).toBe(200);
      expect(categories.has(info.data.category as string), `${String(row.fullName)} category`).toBe(true);
      const saved = await send('PUT', `/api/system/BillRule/${String(row.id)}`, info.data);
      expect([saved.code, saved.msg], String(row.fullName)).toEqual([200, expect.any(String)]);
    }
  });

  it('flows: saved back unchanged through the flow designer’s update', async () => {
    const categories = await dictionaryIds('WorkFlowCategory');
    const list = await send('GET', '/api/workflow/Engine/flowTemplate?currentPage=1&pageSize=200&keyword=');
    expect(list.code).toBe(200);
    const rows = leaves(rowsOf(list.data)).filter((r) => typeof r.enCode === 'string');
    expect(rows.map((r) => r.enCode)).toContain('crmOrder');
    for (const row of rows) {
      const info = await send<Json>('GET', `/api/workflow/Engine/flowTemplate/${String(row.id)}`);
      expect(info.code, String(row.fullName)).toBe(200);
      if (info.data.category) expect(categories.has(info.data.category as string)).toBe(true);
      const saved = await send('PUT', `/api/workflow/Engine/flowTemplate/${String(row.id)}`, info.data);
      expect([saved.code, saved.msg], String(row.fullName)).toEqual([200, expect.any(String)]);
    }
  });

  it('portals, data interfaces and print templates: categories from their dictionaries, saved back', async () => {
    const cases = [
      {
        list: '/api/visualdev/Portal?currentPage=1&pageSize=200&keyword=',
        base: '/api/visualdev/Portal',
        field: 'category',
        sort: 'portalDesigner',
        seeded: ['leaderPortal'],
      },
      {
        list: '/api/system/DataInterface?currentPage=1&pageSize=200&keyword=',
        base: '/api/system/DataInterface',
        field: 'categoryId',
        sort: 'DataInterfaceType',
        seeded: ['demoBudgetExecution', 'demoBudgetTrend', 'demoGovOverview'],
      },
      {
        list: '/api/system/printDev?currentPage=1&pageSize=200&keyword=',
        base: '/api/system/printDev',
        field: 'category',
        sort: 'printDev',
        seeded: [] as string[],
      },
    ];
    for (const c of cases) {
      const categories = await dictionaryIds(c.sort);
      const list = await send('GET', c.list);
      expect(list.code, c.list).toBe(200);
      const rows = leaves(rowsOf(list.data)).filter((r) => typeof r.enCode === 'string');
      expect(rows.map((r) => r.enCode)).toEqual(expect.arrayContaining(c.seeded));
      for (const row of rows) {
        const info = await send<Json>('GET', `${c.base}/${String(row.id)}`);
        expect(info.code, `${c.base} ${String(row.fullName)}`).toBe(200);
        expect(
          categories.has(info.data[c.field] as string),
          `${c.base} ${String(row.fullName)} ${c.field}`,
        ).toBe(true);
        const saved = await send('PUT', `${c.base}/${String(row.id)}`, info.data);
        expect([saved.code, saved.msg], `${c.base} ${String(row.fullName)}`).toEqual([
          200,
          expect.any(String),
        ]);
      }
    }
  });
});
