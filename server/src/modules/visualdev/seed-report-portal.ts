import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  dataInterfaces,
  dataReports,
  dictionaryData,
  dictionaryTypes,
  portals,
} from '../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../db/seed/menus.js';

/** Budget and spending of the district's departments per quarter (yuan), the demo report's data. */
const BUDGET_VALUES = [
  ['区财政局', 1_860_000, [410_000, 452_000, 468_000, 0]],
  ['区教育局', 5_240_000, [1_180_000, 1_320_000, 1_405_000, 0]],
  ['区卫生健康局', 3_980_000, [902_000, 1_010_500, 986_000, 0]],
  ['区住房和城乡建设局', 4_650_000, [820_000, 1_240_000, 1_365_000, 0]],
  ['区民政局', 2_120_000, [498_000, 530_000, 547_500, 0]],
  ['区交通运输局', 3_310_000, [640_000, 905_000, 1_012_000, 0]],
] as const;

const budgetRows = BUDGET_VALUES.flatMap(([dept, budget, spent]) =>
  spent.map((amount, q) => `('${dept}', 'Q${q + 1}', ${budget / 4}, ${amount})`),
).join(', ');

const BUDGET_SQL =
  `SELECT dept, sum(budget) AS budget, sum(spent) AS spent, round(sum(spent) * 1.0 / sum(budget), 4) AS rate ` +
  `FROM (VALUES ${budgetRows}) AS b(dept, quarter, budget, spent) ` +
  `WHERE quarter = COALESCE({quarter}, quarter) GROUP BY dept ORDER BY sum(budget) DESC`;

const TREND_SQL =
  `SELECT quarter, sum(budget) AS budget, sum(spent) AS spent ` +
  `FROM (VALUES ${budgetRows}) AS b(dept, quarter, budget, spent) GROUP BY quarter ORDER BY quarter`;

const OVERVIEW_SQL =
  'SELECT (SELECT count(*) FROM public.base_organize WHERE delete_mark = 0) AS "organizeCount", ' +
  '(SELECT count(*) FROM public.base_position WHERE delete_mark = 0) AS "positionCount", ' +
  '(SELECT count(*) FROM public.base_role WHERE delete_mark = 0) AS "roleCount", ' +
  `${BUDGET_VALUES.reduce((sum, [, budget]) => sum + budget, 0)} AS "budgetTotal"`;

/** Stable ids of the demo's data interfaces, so the report and portal can name them. */
export const DEMO_INTERFACE_IDS = {
  budget: '0190f0a0-0000-7000-8000-000000000511',
  trend: '0190f0a0-0000-7000-8000-000000000512',
  overview: '0190f0a0-0000-7000-8000-000000000513',
} as const;

const REPORT_DATA = {
  filters: [{ field: 'quarter', label: '季度', type: 'text', defaultValue: '' }],
  columns: [
    { field: 'dept', label: '部门', format: 'text', decimals: 0, width: 200, total: 'count' },
    { field: 'budget', label: '预算金额', format: 'money', decimals: 2, width: 160, total: 'sum' },
    { field: 'spent', label: '执行金额', format: 'money', decimals: 2, width: 160, total: 'sum' },
    { field: 'rate', label: '执行率', format: 'percent', decimals: 1, width: 120, total: 'avg' },
  ],
  charts: [
    { type: 'bar', title: '各部门预算与执行', xField: 'dept', yFields: ['budget', 'spent'] },
    { type: 'pie', title: '执行金额构成', xField: 'dept', yFields: ['spent'] },
  ],
};

const icon = (color: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="${color}"/><text x="160" y="98" font-size="26" text-anchor="middle" fill="#fff" font-family="sans-serif">数字政府 · 一网通办</text></svg>`,
  )}`;

const AMOUNT_LABELS = { budget: '预算金额', spent: '执行金额' };

const PORTAL_FORM = {
  layoutId: 'leaderPortal',
  refresh: { autoRefresh: false, autoRefreshTime: 10 },
  layout: [
    {
      i: 'welcome',
      x: 0,
      y: 0,
      w: 24,
      h: 2,
      jnpfKey: 'text',
      title: '领导驾驶舱',
      content: '全区预算执行、待办审批与政务动态一屏掌握，数据来自数据接口，实时更新。',
    },
    {
      i: 'board',
      x: 0,
      y: 2,
      w: 24,
      h: 4,
      jnpfKey: 'dataBoard',
      title: '政务概况',
      interfaceId: DEMO_INTERFACE_IDS.overview,
      list: [
        { field: 'organizeCount', label: '单位数', unit: '个' },
        { field: 'positionCount', label: '岗位数', unit: '个' },
        { field: 'roleCount', label: '角色数', unit: '个' },
        { field: 'budgetTotal', label: '年度预算', unit: '元' },
      ],
    },
    {
      i: 'budgetBar',
      x: 0,
      y: 6,
      w: 14,
      h: 9,
      jnpfKey: 'barChart',
      title: '各部门预算与执行',
      interfaceId: DEMO_INTERFACE_IDS.budget,
      xField: 'dept',
      yFields: ['budget', 'spent'],
      labels: AMOUNT_LABELS,
    },
    {
      i: 'spentPie',
      x: 14,
      y: 6,
      w: 10,
      h: 9,
      jnpfKey: 'pieChart',
      title: '执行金额构成',
      interfaceId: DEMO_INTERFACE_IDS.budget,
      xField: 'dept',
      yFields: ['spent'],
      labels: AMOUNT_LABELS,
    },
    {
      i: 'trendLine',
      x: 0,
      y: 15,
      w: 12,
      h: 9,
      jnpfKey: 'lineChart',
      title: '季度执行趋势',
      interfaceId: DEMO_INTERFACE_IDS.trend,
      xField: 'quarter',
      yFields: ['budget', 'spent'],
      labels: AMOUNT_LABELS,
    },
    {
      i: 'budgetTable',
      x: 12,
      y: 15,
      w: 12,
      h: 9,
      jnpfKey: 'tableList',
      title: '预算执行明细',
      interfaceId: DEMO_INTERFACE_IDS.budget,
      columns: [
        { field: 'dept', label: '部门' },
        { field: 'budget', label: '预算金额' },
        { field: 'spent', label: '执行金额' },
      ],
    },
    { i: 'todo', x: 0, y: 24, w: 8, h: 8, jnpfKey: 'todoList', title: '待办审批' },
    { i: 'notice', x: 8, y: 24, w: 8, h: 8, jnpfKey: 'notice', title: '通知公告' },
    {
      i: 'links',
      x: 16,
      y: 24,
      w: 8,
      h: 8,
      jnpfKey: 'commonFunc',
      title: '常用功能',
      list: [
        { fullName: '部门预算执行报表', path: '/demo/budgetReport' },
        { fullName: '请假申请', path: '/demo/leaveApply' },
        { fullName: '待办事宜', path: '/workFlow/flowTodo' },
        { fullName: '站内消息', path: '/basic/messageRecord' },
      ],
    },
    {
      i: 'events',
      x: 0,
      y: 32,
      w: 12,
      h: 8,
      jnpfKey: 'timeAxis',
      title: '年度重点工作',
      list: [
        { time: '2026-01-15', content: '全区年度预算批复下达' },
        { time: '2026-04-10', content: '一季度预算执行分析会' },
        { time: '2026-07-08', content: '半年预算执行情况通报' },
        { time: '2026-10-12', content: '三季度绩效评价启动' },
      ],
    },
    { i: 'banner', x: 12, y: 32, w: 12, h: 8, jnpfKey: 'image', title: '政务宣传', url: icon('#1f6feb') },
  ],
};

async function categoryId(tx: Tx, typeCode: string, entryCode: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: dictionaryData.id })
    .from(dictionaryData)
    .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
    .where(and(eq(dictionaryTypes.enCode, typeCode), eq(dictionaryData.enCode, entryCode)));
  return row?.id ?? null;
}

/**
 * The demo report and portal behind the seeded 部门预算执行报表 (type 5) and 领导驾驶舱门户 (type 8)
 * menus, with the SQL data interfaces they read, written when the main application is first seeded.
 */
export async function seedDemoReportAndPortal(tx: Tx): Promise<void> {
  const [existing] = await tx
    .select({ id: dataReports.id })
    .from(dataReports)
    .where(eq(dataReports.id, DEMO_GENERATED_MODULE_IDS.budgetReport));
  if (existing) return;
  const interfaceCategory = await categoryId(tx, 'DataInterfaceType', 'report');
  const reportCategory = await categoryId(tx, 'ReportSort', 'finance');
  const portalCategory = await categoryId(tx, 'portalDesigner', 'leader');
  if (!interfaceCategory || !reportCategory || !portalCategory) return;
  const now = Date.now();
  const sqlInterface = (
    id: string,
    fullName: string,
    enCode: string,
    query: string,
    parameters: unknown[] = [],
  ) => ({
    id,
    categoryId: interfaceCategory,
    fullName,
    enCode,
    dataType: 1,
    dbLinkId: '0',
    query,
    requestParameters: JSON.stringify(parameters),
    description: '示例：报表与门户的数据来源',
    creatorTime: now,
  });
  await tx
    .insert(dataInterfaces)
    .values([
      sqlInterface(DEMO_INTERFACE_IDS.budget, '部门预算执行数据', 'demoBudgetExecution', BUDGET_SQL, [
        { field: 'quarter', fieldName: '季度', dataType: 'varchar', required: 0, defaultValue: '' },
      ]),
      sqlInterface(DEMO_INTERFACE_IDS.trend, '预算季度执行趋势', 'demoBudgetTrend', TREND_SQL),
      sqlInterface(DEMO_INTERFACE_IDS.overview, '政务概况统计', 'demoGovOverview', OVERVIEW_SQL),
    ]);
  await tx.insert(dataReports).values({
    id: DEMO_GENERATED_MODULE_IDS.budgetReport,
    fullName: '预算执行报表',
    enCode: 'budgetExecution',
    categoryId: reportCategory,
    interfaceId: DEMO_INTERFACE_IDS.budget,
    reportData: JSON.stringify(REPORT_DATA),
    description: '示例：各部门预算执行情况，可按季度查询',
    creatorTime: now,
  });
  await tx.insert(portals).values({
    id: DEMO_GENERATED_MODULE_IDS.leaderPortal,
    fullName: '领导驾驶舱',
    enCode: 'leaderPortal',
    category: portalCategory,
    enabledLock: 0,
    formData: JSON.stringify(PORTAL_FORM),
    description: '示例：领导驾驶舱门户，可拖动组件保存个人布局',
    creatorTime: now,
  });
}
