import type { DataReportItem, DictionaryDataNode } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { newId } from '../../../core/ids.js';
import { authorizes, dataReports, modules, roles, userRelations } from '../../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../../db/seed/menus.js';
import { DEMO_INTERFACE_IDS } from '../seed-report-portal.js';
import { REPORT_BASE } from './routes.js';

const suite = suiteServer();
let category: string;

beforeAll(async () => {
  const categories = await send<{ list: DictionaryDataNode[] }>(
    'GET',
    '/api/system/DictionaryData/ReportSort/Data/Selector',
  );
  category = categories.data.list[0]!.id;
}, 300_000);

const { send } = suite;
const reportCount = async () =>
  (await suite.server.services.db.select({ n: count() }).from(dataReports))[0]!.n;

const definition = {
  filters: [{ field: 'quarter', label: '季度' }],
  columns: [
    { field: 'dept', label: '部门' },
    { field: 'budget', label: '预算', format: 'money', total: 'sum' },
  ],
  charts: [{ type: 'bar', title: '预算', xField: 'dept', yFields: ['budget'] }],
};
const body = (over: Record<string, unknown> = {}) => ({
  fullName: '季度预算',
  enCode: `quarterBudget${Date.now()}`,
  categoryId: category,
  interfaceId: DEMO_INTERFACE_IDS.budget,
  reportData: JSON.stringify(definition),
  ...over,
});

describe('data reports', () => {
  it('runs the seeded budget report through its SQL interface, filtered by quarter', async () => {
    const all = await send<{ list: { dept: string; budget: string; spent: string }[] }>(
      'POST',
      `${REPORT_BASE}/${DEMO_GENERATED_MODULE_IDS.budgetReport}/Actions/Run`,
      { params: {} },
    );
    expect(all.code, all.msg).toBe(200);
    expect(all.data.list).toHaveLength(6);
    expect(all.data.list[0]!.dept).toBe('区教育局');
    expect(Number(all.data.list[0]!.budget)).toBe(5_240_000);
    const q1 = await send<{ list: { dept: string; spent: string }[] }>(
      'POST',
      `${REPORT_BASE}/${DEMO_GENERATED_MODULE_IDS.budgetReport}/Actions/Run`,
      { params: { quarter: 'Q1' } },
    );
    expect(q1.data.list.find((r) => r.dept === '区财政局')!.spent).toSatisfy((v) => Number(v) === 410_000);
  });

  it('creates, lists, edits with the version, copies, deletes; refuses bad input with nothing written', async () => {
    const before = await reportCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ fullName: '' }, '请输入报表名称'],
      [{ categoryId: 'nope' }, '报表分类不存在，请选择报表分类字典中的分类'],
      [{ interfaceId: 'nope' }, '数据接口不存在，请重新选择数据接口'],
      [{ reportData: '{' }, 'reportData 不是有效的 JSON'],
      [{ reportData: JSON.stringify({ columns: [] }) }, 'reportData.columns：报表至少需要一列'],
      [
        { reportData: JSON.stringify({ ...definition, filters: [{ field: 'dept' }] }) },
        '查询条件“dept”不是所选数据接口的参数',
      ],
      [
        {
          reportData: JSON.stringify({
            ...definition,
            charts: [{ type: 'pie', xField: 'dept', yFields: ['budget', 'spent'] }],
          }),
        },
        'reportData.charts.0：饼图只能有一个数值字段',
      ],
    ];
    for (const [over, msg] of refusals) {
      const answer = await send('POST', REPORT_BASE, body(over));
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(msg);
    }
    expect(await reportCount()).toBe(before);

    const made = await send<{ id: string }>('POST', REPORT_BASE, body());
    expect(made.code, made.msg).toBe(200);
    const info = (await send<DataReportItem>('GET', `${REPORT_BASE}/${made.data.id}`)).data;
    expect(info.interfaceName).toBe('部门预算执行数据');
    const list = await send<{ list: DataReportItem[] }>('GET', `${REPORT_BASE}?keyword=季度预算`);
    expect(list.data.list.map((r) => r.id)).toContain(made.data.id);
    const edited = await send('PUT', `${REPORT_BASE}/${made.data.id}`, {
      ...body({ enCode: info.enCode, fullName: '季度预算二' }),
      version: info.version,
    });
    expect(edited.code, edited.msg).toBe(200);
    const stale = await send('PUT', `${REPORT_BASE}/${made.data.id}`, {
      ...body({ enCode: info.enCode }),
      version: info.version,
    });
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');
    const copy = await send<{ id: string }>('POST', `${REPORT_BASE}/Copy/${made.data.id}`);
    expect((await send<DataReportItem>('GET', `${REPORT_BASE}/${copy.data.id}`)).data.fullName).toMatch(
      /^季度预算二副本\d{6}$/,
    );
    expect((await send('DELETE', `${REPORT_BASE}/${copy.data.id}`)).code).toBe(200);
    expect((await send('DELETE', `${REPORT_BASE}/${copy.data.id}`)).msg).toBe('报表不存在');
  });

  it('exports the table as xlsx with formats and totals', async () => {
    const exported = await send<{ name: string; url: string }>(
      'POST',
      `${REPORT_BASE}/${DEMO_GENERATED_MODULE_IDS.budgetReport}/Actions/Export`,
      { params: { quarter: 'Q2' } },
    );
    expect(exported.data.name).toBe('预算执行报表.xlsx');
    const bytes = await (await fetch(`${suite.server.baseUrl}${exported.data.url}`)).arrayBuffer();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '部门', '预算金额', '执行金额', '执行率']);
    expect(sheet.rowCount).toBe(8);
    // Q2 spending of all six departments.
    expect(sheet.getRow(8).getCell(3).value).toBe(
      452_000 + 1_320_000 + 1_010_500 + 1_240_000 + 530_000 + 905_000,
    );
  });

  it('exports a .dr file and imports it; a bad file changes nothing', async () => {
    const exported = await send<{ name: string; url: string }>(
      'GET',
      `${REPORT_BASE}/${DEMO_GENERATED_MODULE_IDS.budgetReport}/Action/Export`,
    );
    expect(exported.data.name).toBe('预算执行报表.dr');
    const file = await (await fetch(`${suite.server.baseUrl}${exported.data.url}`)).text();
    const upload = async (content: string, name = 'report.dr') => {
      const form = new FormData();
      form.append('file', new Blob([content]), name);
      const response = await fetch(`${suite.server.baseUrl}${REPORT_BASE}/Action/Import`, {
        method: 'POST',
        headers: { authorization: suite.admin },
        body: form,
      });
      return (await response.json()) as { code: number; msg: string; data: { id: string } };
    };
    const before = await reportCount();
    expect((await upload('{')).msg).toBe('导入文件格式错误：不是有效的报表文件(.dr)');
    expect((await upload(JSON.stringify({ ...JSON.parse(file), reportData: '{}' }))).code).toBe(400);
    expect((await upload(JSON.stringify({ ...JSON.parse(file), interfaceId: 'gone' }))).msg).toBe(
      '数据接口不存在，请重新选择数据接口',
    );
    expect((await upload(file, 'report.txt')).code).toBe(400);
    expect(await reportCount()).toBe(before);
    const imported = await upload(file);
    expect(imported.code, imported.msg).toBe(200);
    expect(await reportCount()).toBe(before + 1);
  });

  it('lets a user run a report only through a granted menu showing it', async () => {
    const db = suite.server.services.db;
    const userId = await suite.server.addUser('reportReader', 'Passw0rd1');
    const reader = await suite.server.login('reportReader', 'Passw0rd1');
    const run = () =>
      send(
        'POST',
        `${REPORT_BASE}/${DEMO_GENERATED_MODULE_IDS.budgetReport}/Actions/Run`,
        { params: {} },
        reader,
      );
    expect((await run()).msg).toBe('您没有此操作的权限，请联系管理员');
    expect((await send('GET', REPORT_BASE, undefined, reader)).code).toBe(400);
    const [menu] = await db.select().from(modules).where(eq(modules.enCode, 'demo.budgetReport'));
    const roleId = newId();
    await db.insert(roles).values({ id: roleId, fullName: '报表读者', enCode: `reportRole${Date.now()}` });
    await db.insert(userRelations).values({ id: newId(), userId, objectType: 'Role', objectId: roleId });
    await db
      .insert(authorizes)
      .values({ id: newId(), itemType: 'module', itemId: menu!.id, objectType: 'Role', objectId: roleId });
    const allowed = await run();
    expect(allowed.code, allowed.msg).toBe(200);
    // The design page stays closed to them.
    expect((await send('POST', REPORT_BASE, body(), reader)).code).toBe(400);
  });
});

describe('report server paths of the 3.4.7 client (issue #20, item 17)', () => {
  it('copies, lists and deletes under /ReportServer, where that build puts reportServer', async () => {
    const made = await send<{ id: string }>('POST', REPORT_BASE, body());
    expect(made.code, made.msg).toBe(200);
    const CLIENT_BASE = '/ReportServer/api/datareport/Data';
    const copy = await send<{ id: string }>('POST', `${CLIENT_BASE}/Copy/${made.data.id}`);
    expect([copy.code, copy.msg]).toEqual([200, expect.any(String)]);
    const list = await send<{ list: { id: string }[] }>(
      'GET',
      `${CLIENT_BASE}?keyword=&currentPage=1&pageSize=20`,
    );
    expect(list.data.list.map((r) => r.id)).toEqual(expect.arrayContaining([made.data.id, copy.data.id]));
    expect((await send('DELETE', `${CLIENT_BASE}/${copy.data.id}`)).code).toBe(200);
    expect((await send('DELETE', `${CLIENT_BASE}/${made.data.id}`)).code).toBe(200);
  });
});
