import { type DictionaryDataNode, sampleColumnData, sampleForm, type VisualDevInfo } from '@console/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { newId } from '../../core/ids.js';
import {
  authorizes,
  moduleButtons,
  moduleDataSchemes,
  modules,
  roles,
  userRelations,
  visualDevs,
} from '../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../db/seed/menus.js';
import { GENERATED_SCHEMA } from './webDesign/ddl.js';

let database: TestDatabase;
let server: TestServer;
let token: string;
let category: string;
let parentId: string;
let billCode: string;

const BASE = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  token = await server.adminToken();
  const categories = await server.request<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
    { token },
  );
  category = categories.data.list[0]!.id;
  const [parent] = await server.services.db.select().from(modules).where(eq(modules.enCode, 'onlineDev'));
  parentId = parent!.id;
  billCode = `QJ${Date.now().toString(36)}`;
  const rule = await send('POST', '/api/system/BillRule', {
    fullName: '请假单',
    enCode: billCode,
    category,
    prefix: 'QJ',
    dateFormat: 'no',
    digit: 4,
    startNumber: '1',
  });
  expect(rule.code, rule.msg).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const send = <T = unknown>(method: string, path: string, json?: unknown, as = token) =>
  server.request<T>(method, path, { token: as, json });
const designCount = async () => (await server.services.db.select({ n: count() }).from(visualDevs))[0]!.n;
const rowCount = async (table: string) => {
  const result = await server.services.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(GENERATED_SCHEMA)}.${sql.identifier(table)}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
    n: number;
  }[];
  return rows[0]!.n;
};

function designBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: '请假申请',
    enCode: `leave${Math.random().toString(36).slice(2, 8)}`,
    category,
    type: 1,
    webType: 2,
    tables: '[]',
    formData: JSON.stringify(sampleForm({ billRule: billCode })),
    columnData: JSON.stringify(sampleColumnData()),
    ...overrides,
  };
}

async function createDesign(overrides: Record<string, unknown> = {}) {
  const created = await send<{ id: string }>('POST', BASE, designBody(overrides));
  expect(created.code, created.msg).toBe(200);
  return (await send<VisualDevInfo>('GET', `${BASE}/${created.data.id}`)).data;
}

async function releasedDesign(overrides: Record<string, unknown> = {}) {
  const design = await createDesign(overrides);
  const released = await send('POST', `${BASE}/${design.id}/Actions/Release`, {
    pc: 1,
    app: 0,
    pcModuleParentId: parentId,
  });
  expect(released.code, released.msg).toBe(200);
  return design;
}

const record = (data: Record<string, unknown>) => ({ data: JSON.stringify(data) });

describe('designs (/api/visualdev/Base)', () => {
  it('creates the tables of a design without tables, and writes their names back', async () => {
    const design = await createDesign();
    const tables = JSON.parse(design.tables) as { table: string; typeId: string }[];
    expect(tables.map((t) => t.typeId)).toEqual(['1', '0']);
    expect(tables[0]!.table).toMatch(/^mt[0-9a-f]{32}$/);
    const form = JSON.parse(design.formData);
    expect(form.fields[0].__config__.tableName).toBe(tables[0]!.table);
    expect(form.fields.at(-1).__config__.tableName).toBe(tables[1]!.table);
    expect(await rowCount(tables[0]!.table)).toBe(0);
    expect(await rowCount(tables[1]!.table)).toBe(0);
    // Saving again keeps the same tables.
    const again = await send('PUT', `${BASE}/${design.id}`, { ...design, version: design.version });
    expect(again.code, again.msg).toBe(200);
    const after = (await send<VisualDevInfo>('GET', `${BASE}/${design.id}`)).data;
    expect(JSON.parse(after.tables)).toEqual(tables);
    expect(after.version).toBe(design.version + 1);
  });

  it('refuses bad input with a message naming the problem, and writes nothing', async () => {
    const before = await designCount();
    const badField = sampleForm();
    (badField.fields[1]!.__config__ as Record<string, unknown>).jnpfKey = 'noSuchWidget';
    const noVModel = sampleForm();
    delete (noVModel.fields[0] as Record<string, unknown>).__vModel__;
    const badColumn = sampleForm();
    (badColumn.fields[0] as Record<string, unknown>).__vModel__ = 'f_drop"table';
    const reserved = sampleForm();
    (reserved.fields[1] as Record<string, unknown>).__vModel__ = 'Version';
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '请输入名称'],
      [{ formData: JSON.stringify(reserved) }, '系统保留字段名'],
      [{ enCode: '1abc' }, '编码只能以字母开头'],
      [{ category: 'missing' }, '分类不存在'],
      [{ formData: '{not json' }, 'formData is not valid JSON'],
      [{ formData: JSON.stringify(badField) }, 'fields[1].__config__.jnpfKey'],
      [{ formData: JSON.stringify(noVModel) }, 'fields[0]: "标题" needs a field name'],
      [{ formData: JSON.stringify(badColumn) }, '字段名“f_drop"table”无效'],
      [{ tables: '[{"table":"Robert\'); DROP TABLE x;--","typeId":"1"}]' }, '表名'],
      [{ columnData: '{' }, 'columnData is not valid JSON'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await send('POST', BASE, designBody(overrides));
      expect(answer.code, JSON.stringify(overrides)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const existing = await createDesign();
    const duplicate = await send('POST', BASE, designBody({ enCode: existing.enCode }));
    expect(duplicate.code).toBe(400);
    expect(duplicate.msg).toContain('已存在');
    expect(await designCount()).toBe(before + 1);
  });

  it('refuses a stale version and leaves the design as it was', async () => {
    const design = await createDesign();
    const first = await send('PUT', `${BASE}/${design.id}`, {
      ...design,
      fullName: '第一次',
      version: design.version,
    });
    expect(first.code).toBe(200);
    const stale = await send('PUT', `${BASE}/${design.id}`, {
      ...design,
      fullName: '第二次',
      version: design.version,
    });
    expect(stale.code).toBe(400);
    expect(stale.msg).toContain('已被他人修改');
    expect((await send<VisualDevInfo>('GET', `${BASE}/${design.id}`)).data.fullName).toBe('第一次');
  });

  it('lists with keyword and allow-listed sort, copies, exports, imports and deletes', async () => {
    const design = await createDesign({ fullName: '出差申请' });
    const list = await send<{ list: { id: string }[] }>('GET', `${BASE}?keyword=出差`);
    expect(list.data.list.map((d) => d.id)).toContain(design.id);
    expect((await send('GET', `${BASE}?sidx=formData`)).code).toBe(400);
    const copy = await send<{ id: string }>('POST', `${BASE}/${design.id}/Actions/Copy`);
    expect(copy.code).toBe(200);
    const copied = (await send<VisualDevInfo>('GET', `${BASE}/${copy.data.id}`)).data;
    expect(copied.enCode).not.toBe(design.enCode);
    expect(JSON.parse(copied.tables)[0].table).not.toBe(JSON.parse(design.tables)[0].table);

    const exported = await send<{ name: string; url: string }>(
      'POST',
      `${ONLINE}/${design.id}/Actions/ExportData`,
    );
    expect(exported.data.name).toBe('出差申请.vdd');
    const vdd = (await (await fetch(`${server.baseUrl}${exported.data.url}`)).json()) as Record<
      string,
      unknown
    >;
    expect(vdd.enCode).toBe(design.enCode);
    const upload = async (content: string) => {
      const form = new FormData();
      form.append('file', new Blob([content]), 'design.vdd');
      const response = await fetch(`${server.baseUrl}${ONLINE}/Model/Actions/ImportData`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string };
    };
    // Importing into the same installation clashes on the code: nothing written.
    const before = await designCount();
    expect((await upload(JSON.stringify(vdd))).msg).toContain('已存在');
    expect((await upload('{"fullName":1}')).msg).toContain('.vdd');
    const imported = await upload(JSON.stringify({ ...vdd, enCode: `${String(vdd.enCode)}x` }));
    expect(imported.code, imported.msg).toBe(200);
    expect(await designCount()).toBe(before + 1);

    expect((await send('DELETE', `${BASE}/${copy.data.id}`)).code).toBe(200);
    expect((await send('GET', `${BASE}/${copy.data.id}`)).code).toBe(400);
  });

  it('releases to a menu of type 3 with buttons, columns, forms and data schemes', async () => {
    const bad = await send('POST', `${BASE}/x/Actions/Release`, { pc: 1, app: 0, pcModuleParentId: '' });
    expect(bad.code).toBe(400);
    const design = await createDesign();
    const noParent = await send('POST', `${BASE}/${design.id}/Actions/Release`, {
      pc: 1,
      pcModuleParentId: 'nope',
    });
    expect(noParent.code).toBe(400);
    expect((await send<VisualDevInfo>('GET', `${BASE}/${design.id}`)).data.isRelease).toBe(0);
    await send('POST', `${BASE}/${design.id}/Actions/Release`, { pc: 1, app: 0, pcModuleParentId: parentId });
    const [menu] = await server.services.db.select().from(modules).where(eq(modules.enCode, design.enCode));
    expect(menu).toMatchObject({ type: 3, parentId, isDataAuthorize: 1 });
    expect(JSON.parse(menu!.propertyJson!)).toEqual({ moduleId: design.id, isTree: 0 });
    const buttons = await server.services.db
      .select()
      .from(moduleButtons)
      .where(eq(moduleButtons.moduleId, menu!.id));
    expect(buttons.map((b) => b.enCode).sort()).toEqual(
      [
        'btn_add',
        'btn_batchRemove',
        'btn_detail',
        'btn_edit',
        'btn_export',
        'btn_import',
        'btn_remove',
      ].sort(),
    );
    // Releasing again updates the same menu.
    await send('POST', `${BASE}/${design.id}/Actions/Release`, { pc: 1, app: 0, pcModuleParentId: parentId });
    expect(
      await server.services.db.select().from(modules).where(eq(modules.enCode, design.enCode)),
    ).toHaveLength(1);
    // A released design cannot be deleted while its menu exists.
    expect((await send('DELETE', `${BASE}/${design.id}`)).code).toBe(400);
  });
});

describe('generated pages (/api/visualdev/OnlineDev)', () => {
  it('adds, lists, searches, reads, edits and deletes records with sub-table rows and bill numbers', async () => {
    const design = await releasedDesign();
    const [main, sub] = (JSON.parse(design.tables) as { table: string }[]).map((t) => t.table);
    const add = (title: string, amount: number, level = '1') =>
      send<{ id: string }>(
        'POST',
        `${ONLINE}/${design.id}`,
        record({
          title,
          amount,
          level,
          applyDate: Date.UTC(2026, 0, 5),
          items: [
            { itemName: '笔', qty: 2 },
            { itemName: '纸', qty: 5 },
          ],
        }),
      );
    const first = await add('病假', 10.5, '2');
    expect(first.code, first.msg).toBe(200);
    await add('事假', 3);
    await add('年假', 7);
    expect(await rowCount(main!)).toBe(3);
    expect(await rowCount(sub!)).toBe(6);

    const list = await send<{ list: Record<string, unknown>[]; pagination: { total: number } }>(
      'POST',
      `${ONLINE}/${design.id}/List`,
      {
        currentPage: 1,
        pageSize: 2,
        sidx: 'amount',
        sort: 'desc',
      },
    );
    expect(list.code, list.msg).toBe(200);
    expect(list.data.pagination.total).toBe(3);
    expect(list.data.list.map((r) => r.title)).toEqual(['病假', '年假']);
    expect(list.data.list[0]).toMatchObject({ level: '紧急', creator: expect.stringContaining('/admin') });
    expect(list.data.list[0]!.items).toEqual([
      expect.objectContaining({ itemName: '笔', qty: 2 }),
      expect.objectContaining({ itemName: '纸', qty: 5 }),
    ]);

    const search = async (body: Record<string, unknown>) =>
      (await send<{ list: { title: string }[] }>('POST', `${ONLINE}/${design.id}/List`, body)).data.list
        .map((r) => r.title)
        .sort();
    expect(await search({ keyword: '病' })).toEqual(['病假']);
    // A keyword page (issue 24: the matches selected on their own, then sorted, paged and read by
    // id) answers what the same page without the keyword answers when every row matches.
    const page = (body: Record<string, unknown>) =>
      send<{ list: Record<string, unknown>[]; pagination: { total: number } }>(
        'POST',
        `${ONLINE}/${design.id}/List`,
        body,
      );
    const sorted = { pageSize: 2, sidx: 'amount', sort: 'desc' };
    const k1 = await page({ keyword: '假', currentPage: 1, ...sorted });
    const k2 = await page({ keyword: '假', currentPage: 2, ...sorted });
    expect([k1.data.pagination.total, k2.data.pagination.total]).toEqual([3, 3]);
    expect(k1.data.list).toEqual(list.data.list);
    expect(k2.data.list.map((r) => r.title)).toEqual(['事假']);
    const plain = await page({ currentPage: 1, pageSize: 3 });
    expect((await page({ keyword: '假', currentPage: 1, pageSize: 3 })).data.list).toEqual(plain.data.list);
    expect(await search({ queryJson: JSON.stringify({ level: '1' }) })).toEqual(['年假', '事假'].sort());
    expect(await search({ queryJson: JSON.stringify({ amount: [5, 20] }) })).toEqual(['年假', '病假'].sort());
    expect(
      await search({
        superQueryJson: JSON.stringify({
          matchLogic: 'OR',
          conditionJson: JSON.stringify([{ field: 'title', symbol: '==', fieldValue: '事假' }]),
        }),
      }),
    ).toEqual(['事假']);
    for (const [body, message] of [
      [{ sidx: 'f_id; drop' }, 'sidx'],
      [{ sidx: 'applyDateX' }, 'sidx'],
      [{ queryJson: '{' }, 'queryJson'],
      [{ queryJson: JSON.stringify({ creator: 'x' }) }, '不是该列表的查询字段'],
      [
        { superQueryJson: JSON.stringify({ conditionJson: '[{"field":"nope","symbol":"=="}]' }) },
        'superQueryJson',
      ],
      [{ superQueryJson: JSON.stringify({ conditionJson: '[{"field":"title","symbol":"~"}]' }) }, '条件符号'],
    ] as const) {
      const answer = await send('POST', `${ONLINE}/${design.id}/List`, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }

    const detail = await send<{ id: string; data: string }>('GET', `${ONLINE}/${design.id}/${first.data.id}`);
    const raw = JSON.parse(detail.data.data);
    expect(raw).toMatchObject({ title: '病假', amount: 10.5, level: '2', billNo: 'QJ0001', version: 0 });
    expect(raw.items).toHaveLength(2);
    const shown = JSON.parse(
      (await send<{ data: string }>('GET', `${ONLINE}/${design.id}/${first.data.id}/DataChange`)).data.data,
    );
    expect(shown).toMatchObject({ level: '紧急', applyDate: expect.stringMatching(/^2026-01-0[45]$/) });

    const edit = await send('PUT', `${ONLINE}/${design.id}/${first.data.id}`, {
      id: first.data.id,
      data: JSON.stringify({ ...raw, title: '病假（改）', items: [{ itemName: '药', qty: 1 }] }),
    });
    expect(edit.code, edit.msg).toBe(200);
    expect(await rowCount(sub!)).toBe(5);
    const stale = await send('PUT', `${ONLINE}/${design.id}/${first.data.id}`, {
      id: first.data.id,
      data: JSON.stringify({ ...raw, title: '过期的修改' }),
    });
    expect(stale.code).toBe(400);
    expect(stale.msg).toContain('已被他人修改');
    const after = JSON.parse(
      (await send<{ data: string }>('GET', `${ONLINE}/${design.id}/${first.data.id}`)).data.data,
    );
    expect(after).toMatchObject({ title: '病假（改）', version: 1, billNo: 'QJ0001' });
    expect(after.items).toEqual([expect.objectContaining({ itemName: '药', qty: 1 })]);

    const ids = list.data.list.map((r) => String(r.id));
    expect(
      (await send('POST', `${ONLINE}/batchDelete/${design.id}`, { ids: [...ids, 'missing'] })).code,
    ).toBe(400);
    expect(await rowCount(main!)).toBe(3);
    expect((await send('POST', `${ONLINE}/batchDelete/${design.id}`, { ids })).code).toBe(200);
    expect(await rowCount(main!)).toBe(1);
    expect(await rowCount(sub!)).toBe(2);
    const last = (await send<{ list: { id: string }[] }>('POST', `${ONLINE}/${design.id}/List`, {})).data
      .list[0]!;
    expect((await send('DELETE', `${ONLINE}/${design.id}/${last.id}`)).code).toBe(200);
    expect(await rowCount(main!)).toBe(0);
    expect(await rowCount(sub!)).toBe(0);
  });

  it('refuses bad records with the field named, and writes nothing', async () => {
    const design = await releasedDesign();
    const [main, sub] = (JSON.parse(design.tables) as { table: string }[]).map((t) => t.table);
    const cases: [unknown, string][] = [
      [{ data: 'not json' }, 'data 必须是'],
      [{ data: '[1]' }, 'data 必须是'],
      [record({ amount: 1 }), '标题不能为空'],
      [record({ title: 'x', amount: 'abc' }), '金额：请输入数字'],
      [record({ title: 'x', applyDate: 'someday' }), '申请日期：请输入有效的日期时间'],
      [record({ title: 'x', items: 'rows' }), '明细：子表数据应为行的列表'],
      [record({ title: 'x', items: [{ qty: 1 }] }), '明细第1行的物品不能为空'],
      [{}, 'data'],
    ];
    for (const [body, message] of cases) {
      const answer = await send('POST', `${ONLINE}/${design.id}`, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const ok = await send<{ id: string }>('POST', `${ONLINE}/${design.id}`, record({ title: 'ok' }));
    const noVersion = await send('PUT', `${ONLINE}/${design.id}/${ok.data.id}`, record({ title: 'changed' }));
    expect(noVersion.code).toBe(400);
    expect(noVersion.msg).toContain('version');
    expect(await rowCount(main!)).toBe(1);
    expect(await rowCount(sub!)).toBe(0);
    expect((await send('GET', `${ONLINE}/${design.id}/missing`)).code).toBe(400);
    expect((await send('POST', `${ONLINE}/${design.id}/List`, { currentPage: 0 })).code).toBe(400);
    expect((await send('POST', `${ONLINE}/batchDelete/${design.id}`, { ids: [] })).code).toBe(400);
    // An unreleased design has no runtime.
    const draft = await createDesign();
    expect((await send('POST', `${ONLINE}/${draft.id}/List`, {})).msg).toContain('尚未发布');
  });

  it('the seeded menu 请假申请 (type 3) opens a released design that takes records', async () => {
    const modelId = DEMO_GENERATED_MODULE_IDS.leaveApply;
    const config = await send<{ fullName: string }>('GET', `${ONLINE}/${modelId}/Config`);
    expect(config.data.fullName).toBe('请假申请');
    const added = await send('POST', `${ONLINE}/${modelId}`, {
      data: JSON.stringify({
        leaveType: 'sick',
        days: 1.5,
        startDate: Date.now(),
        endDate: Date.now(),
        reason: '发烧',
      }),
    });
    expect(added.code, added.msg).toBe(200);
    const list = await send<{ list: Record<string, unknown>[] }>('POST', `${ONLINE}/${modelId}/List`, {
      queryJson: JSON.stringify({ leaveType: 'sick' }),
    });
    expect(list.data.list[0]).toMatchObject({ leaveType: '病假', days: 1.5, reason: '发烧' });
  });

  it('serves the released copy, not the draft, and the draft to previews', async () => {
    const design = await releasedDesign({ fullName: '已发布名称' });
    const saved = await send('PUT', `${BASE}/${design.id}`, { ...design, fullName: '草稿名称' });
    expect(saved.code, saved.msg).toBe(200);
    const config = await send<{ fullName: string; formData: string }>('GET', `${ONLINE}/${design.id}/Config`);
    expect(config.data.fullName).toBe('已发布名称');
    const preview = await send<{ fullName: string }>('GET', `${ONLINE}/${design.id}/Config?type=0`);
    expect(preview.data.fullName).toBe('草稿名称');
  });

  it('answers the design parts, the selector, form fields, group views and link lists', async () => {
    const design = await releasedDesign({
      columnData: JSON.stringify(sampleColumnData({ type: 3, groupField: 'level' })),
    });
    for (const [title, level] of [
      ['甲', '1'],
      ['乙', '2'],
      ['丙', '1'],
    ] as const)
      await send('POST', `${ONLINE}/${design.id}`, record({ title, level }));
    const grouped = await send<{ list: { top: boolean; title: string; children: { title: string }[] }[] }>(
      'POST',
      `${ONLINE}/${design.id}/List`,
      { sidx: 'title', sort: 'asc' },
    );
    expect(grouped.data.list.map((g) => [g.top, g.title, g.children.map((c) => c.title)])).toEqual([
      [true, '普通', ['丙', '甲']],
      [true, '紧急', ['乙']],
    ]);
    const link = await send<{ list: unknown[] }>('POST', `${ONLINE}/${design.id}/ListLink`, {});
    expect(link.data.list).toHaveLength(2);
    const columnData = await send<{ columnData: string }>('GET', `${ONLINE}/${design.id}/ColumnData`);
    expect(JSON.parse(columnData.data.columnData).groupField).toBe('level');
    const formData = await send<{ formData: string }>('GET', `${ONLINE}/${design.id}/FormData`);
    expect(JSON.parse(formData.data.formData).fields[0].__vModel__).toBe('title');
    const fields = await send<{ list: { vmodel: string; label: string }[] }>(
      'GET',
      `${BASE}/${design.id}/FormDataFields?filterType=0`,
    );
    expect(fields.data.list.map((f) => f.vmodel)).toEqual([
      'title',
      'amount',
      'level',
      'applyDate',
      'billNo',
      'creator',
    ]);
    expect((await send('GET', `${BASE}/${design.id}/FormDataFields?filterType=7`)).code).toBe(400);
    const selector = await send<{ list: { id: string; children: { id: string }[] }[] }>(
      'GET',
      `${BASE}/Selector?isRelease=1&webType=2`,
    );
    expect(selector.data.list.flatMap((g) => g.children.map((c) => c.id))).toContain(design.id);
    expect((await send('GET', `${BASE}/Selector?isRelease=5`)).code).toBe(400);
    expect((await send('GET', `${ONLINE}/nope/Config`)).code).toBe(400);
  });

  it('imports rows through the wizard calls: template, upload, preview, import, failed rows', async () => {
    const design = await releasedDesign();
    const [main] = (JSON.parse(design.tables) as { table: string }[]).map((t) => t.table);
    const template = await send<{ name: string; url: string }>(
      'GET',
      `${ONLINE}/${design.id}/TemplateDownload`,
    );
    expect(template.code, template.msg).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await (await fetch(`${server.baseUrl}${template.data.url}`)).arrayBuffer()) as never,
    );
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '标题', '金额', '紧急程度', '申请日期']);
    sheet.addRow(['导入一', 12.5, '紧急', '2026-03-01']);
    sheet.addRow(['导入二', 'abc', '普通', '']);
    sheet.addRow(['导入三', 1, '特急', '']);
    const upload = async (content: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([content]), 'rows.xlsx');
      const response = await fetch(`${server.baseUrl}${ONLINE}/Uploader`, {
        method: 'POST',
        headers: { authorization: token },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string; data: { name: string } };
    };
    expect((await upload(Buffer.from('not a workbook'))).code).toBe(400);
    const uploaded = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(uploaded.code, uploaded.msg).toBe(200);
    expect((await send('GET', `${ONLINE}/${design.id}/ImportPreview?fileName=x.xlsx`)).code).toBe(400);
    const preview = await send<{ dataRow: Record<string, string>[] }>(
      'GET',
      `${ONLINE}/${design.id}/ImportPreview?fileName=${uploaded.data.name}`,
    );
    expect(preview.data.dataRow).toHaveLength(3);
    expect((await send('POST', `${ONLINE}/${design.id}/ImportData`, { list: [] })).code).toBe(400);
    expect(await rowCount(main!)).toBe(0);
    const result = await send<{
      snum: number;
      fnum: number;
      failResult: { title: string; errorsInfo: string }[];
    }>('POST', `${ONLINE}/${design.id}/ImportData`, { list: preview.data.dataRow });
    expect(result.data).toMatchObject({ snum: 1, fnum: 2 });
    expect(result.data.failResult.map((r) => [r.title, r.errorsInfo])).toEqual([
      ['导入二', '金额：请输入数字'],
      ['导入三', '紧急程度：“特急”不是可选的选项'],
    ]);
    expect(await rowCount(main!)).toBe(1);
    const row = (await send<{ list: Record<string, unknown>[] }>('POST', `${ONLINE}/${design.id}/List`, {}))
      .data.list[0];
    expect(row).toMatchObject({ title: '导入一', amount: 12.5, level: '紧急', applyDate: '2026-03-01' });
    const failed = await send<{ url: string }>('POST', `${ONLINE}/${design.id}/ExportExceptionData`, {
      list: result.data.failResult,
    });
    expect(failed.code).toBe(200);
    // The 3.4.7 client's wizard asks the same report as ImportExceptionData (issue #20, item 17).
    const asClient = await send<{ url: string }>('POST', `${ONLINE}/${design.id}/ImportExceptionData`, {
      list: result.data.failResult,
    });
    expect([asClient.code, asClient.data.url]).toEqual([
      200,
      expect.stringMatching(/^\/api\/file\/Download\//),
    ]);
  });

  it('imports a filled template in one upload, as the 3.4.7 list page does (issue #20, item 17)', async () => {
    const design = await releasedDesign();
    const [main] = (JSON.parse(design.tables) as { table: string }[]).map((t) => t.table);
    const template = await send<{ url: string }>('GET', `${ONLINE}/${design.id}/TemplateDownload`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await (await fetch(`${server.baseUrl}${template.data.url}`)).arrayBuffer()) as never,
    );
    workbook.worksheets[0]!.addRow(['一次导入', 3, '紧急', '2026-04-01']);
    workbook.worksheets[0]!.addRow(['坏行', 'abc', '紧急', '']);
    const post = async (content: Buffer, modelId = design.id) => {
      const form = new FormData();
      form.append('file', new Blob([content]), 'rows.xlsx');
      const response = await fetch(
        `${server.baseUrl}/api/VisualDevelopment/Model/${modelId}/Actions/Uploader`,
        {
          method: 'POST',
          headers: { authorization: token },
          body: form,
        },
      );
      return (await response.json()) as { code: number; msg: string; data: { snum: number; fnum: number } };
    };
    const before = await rowCount(main!);
    expect((await post(Buffer.from('not a workbook'))).code).toBe(400);
    expect((await post(Buffer.from(await workbook.xlsx.writeBuffer()), 'nope')).code).toBe(400);
    expect(await rowCount(main!)).toBe(before);
    const imported = await post(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect([imported.code, imported.data]).toEqual([200, expect.objectContaining({ snum: 1, fnum: 1 })]);
    expect(await rowCount(main!)).toBe(before + 1);
  });

  it('exports the chosen columns as xlsx', async () => {
    const design = await releasedDesign();
    await send('POST', `${ONLINE}/${design.id}`, record({ title: '导出一', amount: 1, level: '2' }));
    const bad = await send('POST', `${ONLINE}/${design.id}/Actions/Export`, { selectKey: ['nope'] });
    expect(bad.code).toBe(400);
    const exported = await send<{ name: string; url: string }>(
      'POST',
      `${ONLINE}/${design.id}/Actions/Export`,
      {
        dataType: 1,
        selectKey: ['title', 'level'],
      },
    );
    expect(exported.code, exported.msg).toBe(200);
    const file = Buffer.from(await (await fetch(`${server.baseUrl}${exported.data.url}`)).arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '标题', '紧急程度']);
    expect(sheet.getRow(2).values).toEqual([undefined, '导出一', '紧急']);
  });

  it('applies the own-records data rule and button grants to a role holding the menu', async () => {
    const design = await releasedDesign();
    const db = server.services.db;
    const [menu] = await db.select().from(modules).where(eq(modules.enCode, design.enCode));
    const roleId = newId();
    await db.insert(roles).values({ id: roleId, fullName: '请假员', enCode: `leaveRole${Date.now()}` });
    const users = await Promise.all(
      ['vdA', 'vdB'].map(async (account) => {
        const id = await server.addUser(account, 'Passw0rd1');
        await db
          .insert(userRelations)
          .values({ id: newId(), userId: id, objectType: 'Role', objectId: roleId });
        return { id, token: await server.login(account, 'Passw0rd1') };
      }),
    );
    const [a, b] = users as [(typeof users)[0], (typeof users)[0]];
    const buttons = await db.select().from(moduleButtons).where(eq(moduleButtons.moduleId, menu!.id));
    const [own] = await db
      .select()
      .from(moduleDataSchemes)
      .where(and(eq(moduleDataSchemes.moduleId, menu!.id), eq(moduleDataSchemes.enCode, 'own')));
    // Before any grant nothing is reachable.
    expect((await send('POST', `${ONLINE}/${design.id}/List`, {}, a.token)).code).toBe(400);
    await db.insert(authorizes).values([
      { id: newId(), itemType: 'module', itemId: menu!.id, objectType: 'Role', objectId: roleId },
      { id: newId(), itemType: 'resource', itemId: own!.id, objectType: 'Role', objectId: roleId },
      ...buttons
        .filter((btn) => btn.enCode !== 'btn_remove')
        .map((btn) => ({
          id: newId(),
          itemType: 'button',
          itemId: btn.id,
          objectType: 'Role',
          objectId: roleId,
        })),
    ]);
    const mine = await send<{ id: string }>(
      'POST',
      `${ONLINE}/${design.id}`,
      record({ title: 'A 的请假' }),
      a.token,
    );
    expect(mine.code, mine.msg).toBe(200);
    const theirs = await send<{ id: string }>(
      'POST',
      `${ONLINE}/${design.id}`,
      record({ title: 'B 的请假' }),
      b.token,
    );
    const listOf = async (as: string) =>
      (
        await send<{ list: { title: string }[] }>('POST', `${ONLINE}/${design.id}/List`, {}, as)
      ).data.list.map((r) => r.title);
    expect(await listOf(a.token)).toEqual(['A 的请假']);
    expect(await listOf(b.token)).toEqual(['B 的请假']);
    expect((await listOf(token)).sort()).toEqual(['A 的请假', 'B 的请假'].sort());
    // Another user's record cannot be read, edited or deleted.
    expect((await send('GET', `${ONLINE}/${design.id}/${theirs.data.id}`, undefined, a.token)).code).toBe(
      400,
    );
    const edit = await send(
      'PUT',
      `${ONLINE}/${design.id}/${theirs.data.id}`,
      record({ title: '改', version: 0 }),
      a.token,
    );
    expect(edit.code).toBe(400);
    expect(
      (await send('POST', `${ONLINE}/batchDelete/${design.id}`, { ids: [theirs.data.id] }, a.token)).code,
    ).toBe(400);
    // btn_remove was not granted.
    const remove = await send('DELETE', `${ONLINE}/${design.id}/${mine.data.id}`, undefined, a.token);
    expect(remove.code).toBe(400);
    expect(remove.msg).toContain('权限');
    expect(await listOf(b.token)).toEqual(['B 的请假']);
  });
});
