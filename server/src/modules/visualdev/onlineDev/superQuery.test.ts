import { type DictionaryDataNode, sampleColumnData, sampleForm } from '@console/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { modules } from '../../../db/schema/index.js';

/**
 * The advanced query of generated lists (forms.md 5 "List details"): every symbol on every kind
 * of column (text, number, switch, date, list), AND / OR, empty values, and bad input refused.
 */

const suite = suiteServer();
let modelId: string;

const BASE = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const DAY = 86_400_000;
const JAN = Date.UTC(2026, 0, 1);

const { send } = suite;

function form() {
  const base = sampleForm();
  const extra = [
    {
      __config__: {
        jnpfKey: 'checkbox',
        label: '标签',
        formId: 130,
        renderKey: 130,
        layout: 'colFormItem',
        span: 24,
        showLabel: true,
        dataType: 'static',
        defaultValue: [],
      },
      __vModel__: 'tags',
      options: [
        { id: 'a', fullName: '甲' },
        { id: 'b', fullName: '乙' },
        { id: 'ab', fullName: '甲乙' },
      ],
      props: { props: { label: 'fullName', value: 'id' } },
    },
    {
      __config__: {
        jnpfKey: 'switch',
        label: '加急',
        formId: 131,
        renderKey: 131,
        layout: 'colFormItem',
        span: 24,
        showLabel: true,
        defaultValue: 0,
      },
      __vModel__: 'rush',
      'active-value': 1,
      'inactive-value': 0,
    },
  ];
  // Before the sub-table, which stays last.
  base.fields.splice(base.fields.length - 1, 0, ...(extra as unknown as (typeof base.fields)[number][]));
  return base;
}

beforeAll(async () => {
  const categories = await send<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
  );
  const [parent] = await suite.server.services.db
    .select()
    .from(modules)
    .where(eq(modules.enCode, 'onlineDev'));
  const created = await send<{ id: string }>('POST', BASE, {
    fullName: '高级查询',
    enCode: `sq${Math.random().toString(36).slice(2, 8)}`,
    category: categories.data.list[0]!.id,
    type: 1,
    webType: 2,
    tables: '[]',
    formData: JSON.stringify(form()),
    columnData: JSON.stringify(sampleColumnData({ hasSuperQuery: true })),
  });
  expect(created.code, created.msg).toBe(200);
  modelId = created.data.id;
  const released = await send('POST', `${BASE}/${modelId}/Actions/Release`, {
    pc: 1,
    app: 0,
    pcModuleParentId: parent!.id,
  });
  expect(released.code, released.msg).toBe(200);
  const rows = [
    { title: '病假', amount: 10.5, level: '2', applyDate: JAN, tags: ['a'], rush: 1 },
    { title: '事假', amount: 3, level: '1', applyDate: JAN + DAY, tags: ['b'], rush: 0 },
    { title: '年假', amount: 7, level: '1', applyDate: JAN + 2 * DAY, tags: ['ab'], rush: 0 },
    { title: '调休假', amount: null, level: null, applyDate: null, tags: [], rush: 0 },
  ];
  for (const row of rows) {
    const added = await send('POST', `${ONLINE}/${modelId}`, {
      data: JSON.stringify({ ...row, items: [{ itemName: '笔', qty: 1 }] }),
    });
    expect(added.code, added.msg).toBe(200);
  }
}, 120_000);

type Condition = { field: string; symbol: string; fieldValue?: unknown; jnpfKey?: string };

const superQuery = (conditions: Condition[], matchLogic = 'AND') =>
  JSON.stringify({ matchLogic, conditionJson: JSON.stringify(conditions) });

async function titles(conditions: Condition[], matchLogic = 'AND') {
  const answer = await send<{ list: { title: string }[] }>('POST', `${ONLINE}/${modelId}/List`, {
    currentPage: 1,
    pageSize: 20,
    superQueryJson: superQuery(conditions, matchLogic),
  });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data.list.map((r) => r.title).sort();
}

const sorted = (...names: string[]) => [...names].sort();

describe('advanced query (superQueryJson) on a generated list', () => {
  it('applies every symbol to text columns; "not" symbols keep empty cells', async () => {
    expect(await titles([{ field: 'title', symbol: '==', fieldValue: '事假' }])).toEqual(['事假']);
    expect(await titles([{ field: 'title', symbol: '<>', fieldValue: '事假' }])).toEqual(
      sorted('病假', '年假', '调休假'),
    );
    expect(await titles([{ field: 'title', symbol: 'like', fieldValue: '休' }])).toEqual(['调休假']);
    expect(await titles([{ field: 'title', symbol: 'notLike', fieldValue: '假' }])).toEqual([]);
    expect(await titles([{ field: 'level', symbol: '<>', fieldValue: '1' }])).toEqual(
      sorted('病假', '调休假'),
    );
    expect(await titles([{ field: 'level', symbol: 'notLike', fieldValue: '2' }])).toEqual(
      sorted('事假', '年假', '调休假'),
    );
    expect(await titles([{ field: 'level', symbol: '>', fieldValue: '1' }])).toEqual(['病假']);
    expect(await titles([{ field: 'level', symbol: '>=', fieldValue: '2' }])).toEqual(['病假']);
    expect(await titles([{ field: 'level', symbol: '<', fieldValue: '2' }])).toEqual(sorted('事假', '年假'));
    expect(await titles([{ field: 'level', symbol: '<=', fieldValue: '1' }])).toEqual(sorted('事假', '年假'));
  });

  it('compares numbers, switches and dates as numbers', async () => {
    expect(await titles([{ field: 'amount', symbol: '>', fieldValue: 7 }])).toEqual(['病假']);
    expect(await titles([{ field: 'amount', symbol: '>=', fieldValue: '7' }])).toEqual(
      sorted('病假', '年假'),
    );
    expect(await titles([{ field: 'amount', symbol: '<', fieldValue: 7 }])).toEqual(['事假']);
    expect(await titles([{ field: 'amount', symbol: '<=', fieldValue: 7 }])).toEqual(sorted('事假', '年假'));
    expect(await titles([{ field: 'amount', symbol: '==', fieldValue: 10.5 }])).toEqual(['病假']);
    expect(await titles([{ field: 'amount', symbol: '<>', fieldValue: 3 }])).toEqual(
      sorted('病假', '年假', '调休假'),
    );
    expect(await titles([{ field: 'amount', symbol: 'like', fieldValue: '10' }])).toEqual(['病假']);
    expect(await titles([{ field: 'rush', symbol: '==', fieldValue: 1 }])).toEqual(['病假']);
    expect(await titles([{ field: 'rush', symbol: '==', fieldValue: true }])).toEqual(['病假']);
    expect(await titles([{ field: 'applyDate', symbol: '>=', fieldValue: JAN + DAY }])).toEqual(
      sorted('事假', '年假'),
    );
    expect(await titles([{ field: 'applyDate', symbol: '<', fieldValue: JAN + DAY }])).toEqual(['病假']);
    expect(await titles([{ field: 'applyDate', symbol: '==', fieldValue: JAN + 2 * DAY }])).toEqual(['年假']);
  });

  it('matches list fields (checkbox) by the entries they hold, not by substrings', async () => {
    expect(await titles([{ field: 'tags', symbol: '==', fieldValue: 'a' }])).toEqual(['病假']);
    expect(await titles([{ field: 'tags', symbol: '==', fieldValue: ['ab'] }])).toEqual(['年假']);
    expect(await titles([{ field: 'tags', symbol: '<>', fieldValue: 'a' }])).toEqual(
      sorted('事假', '年假', '调休假'),
    );
    expect(await titles([{ field: 'tags', symbol: 'like', fieldValue: 'a' }])).toEqual(
      sorted('病假', '年假'),
    );
  });

  it('asks for empty (==) or filled (<>) cells with an empty value', async () => {
    expect(await titles([{ field: 'amount', symbol: '==', fieldValue: '' }])).toEqual(['调休假']);
    expect(await titles([{ field: 'level', symbol: '==', fieldValue: null }])).toEqual(['调休假']);
    expect(await titles([{ field: 'tags', symbol: '==', fieldValue: [] }])).toEqual(['调休假']);
    expect(await titles([{ field: 'applyDate', symbol: '<>' }])).toEqual(sorted('病假', '事假', '年假'));
  });

  it('joins conditions with AND or OR', async () => {
    const two: Condition[] = [
      { field: 'level', symbol: '==', fieldValue: '1' },
      { field: 'amount', symbol: '>', fieldValue: 5 },
    ];
    expect(await titles(two, 'AND')).toEqual(['年假']);
    expect(await titles(two, 'or')).toEqual(sorted('病假', '事假', '年假'));
    expect(await titles([])).toEqual(sorted('病假', '事假', '年假', '调休假'));
  });

  it('refuses a bad superQueryJson with 400 and a message naming the problem', async () => {
    const cases: [string, string][] = [
      ['{oops', '不是有效的 JSON 对象'],
      ['[1]', '不是有效的 JSON 对象'],
      [JSON.stringify({ matchLogic: 'XOR', conditionJson: '[]' }), 'matchLogic 只能是 AND 或 OR'],
      [JSON.stringify({ conditionJson: '{bad' }), '须为条件数组'],
      [JSON.stringify({ conditionJson: { field: 'title' } }), '须为条件数组'],
      [JSON.stringify({ conditionJson: [1] }), '第1个条件须为'],
      [superQuery([{ field: '', symbol: '==' }]), '第1个条件缺少字段'],
      [superQuery([{ field: 'nope', symbol: '==', fieldValue: 'x' }]), '“nope”不是该表单主表的字段'],
      [superQuery([{ field: 'itemName', symbol: '==', fieldValue: 'x' }]), '不是该表单主表的字段'],
      [superQuery([{ field: 'title', symbol: 'in', fieldValue: 'x' }]), '不支持的条件符号“in”'],
      [superQuery([{ field: 'title', symbol: '=', fieldValue: 'x' }]), '不支持的条件符号'],
      [superQuery([{ field: 'title', symbol: '==', fieldValue: { a: 1 } }]), '条件值（fieldValue）只能是'],
      [superQuery([{ field: 'amount', symbol: '>', fieldValue: 'abc' }]), '第1个条件（金额）：请输入数字'],
      [superQuery([{ field: 'rush', symbol: '==', fieldValue: 'yes' }]), '（加急）：请输入数字'],
      [
        superQuery([{ field: 'applyDate', symbol: '<', fieldValue: '2026-01-01' }]),
        '（申请日期）：请输入数字',
      ],
      [superQuery([{ field: 'amount', symbol: '>', fieldValue: '' }]), '（金额）：请填写条件值'],
      [superQuery([{ field: 'title', symbol: 'like' }]), '（标题）：请填写条件值'],
      [superQuery([{ field: 'title', symbol: '>', fieldValue: ['a'] }]), '条件值不能是列表'],
      [
        superQuery(Array.from({ length: 51 }, () => ({ field: 'title', symbol: '==', fieldValue: 'x' }))),
        '最多50个条件',
      ],
    ];
    for (const [superQueryJson, message] of cases) {
      const answer = await send('POST', `${ONLINE}/${modelId}/List`, { superQueryJson });
      expect(answer.code, superQueryJson).toBe(400);
      expect(answer.msg, superQueryJson).toContain(message);
    }
    // The export takes the same query and refuses it the same way.
    const exported = await send('POST', `${ONLINE}/${modelId}/Actions/Export`, {
      dataType: 1,
      selectKey: ['title'],
      superQueryJson: superQuery([{ field: 'title', symbol: '~' }]),
    });
    expect(exported.code).toBe(400);
    expect(exported.msg).toContain('不支持的条件符号');
  });
});
