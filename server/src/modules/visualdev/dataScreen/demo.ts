import { ScreenDesign } from '@console/shared';
import type { Tx } from '../../../db/client.js';
import { dataScreens } from '../../../db/schema/index.js';
import { DEMO_GENERATED_MODULE_IDS } from '../../../db/seed/menus.js';

const json = (value: unknown) => JSON.stringify(value);
const days = ['12-01', '12-02', '12-03', '12-04', '12-05', '12-06', '12-07'];

/**
 * The 城市运行大屏 of the demo district (示范区, map code 100001 of 系统数据 › 地图): population by
 * street on the map, service requests per day, approvals, knowledge-base questions per day and
 * the latest notices. Its figures are static demo data (the console's own tables are not readable
 * by SQL data sets); the design passes the same ScreenDesign check as a saved screen.
 */
export const DEMO_SCREEN_DESIGN = ScreenDesign.parse({
  width: 1920,
  height: 1080,
  background: { color: '#06142b' },
  components: [
    {
      id: 'title',
      type: 'title',
      x: 460,
      y: 20,
      w: 1000,
      h: 80,
      style: { text: '示范区城市运行大屏', fontSize: 44 },
    },
    { id: 'clock', type: 'clock', x: 1560, y: 40, w: 340, h: 40, style: { fontSize: 22, align: 'right' } },
    { id: 'divider', type: 'divider', x: 40, y: 104, w: 1840, h: 8 },
    {
      id: 'population',
      type: 'flipNumber',
      name: '常住人口',
      x: 660,
      y: 130,
      w: 600,
      h: 100,
      style: { fontSize: 56, suffix: '人' },
      data: { kind: 'static', json: json([{ total: 286_540 }]) },
      mapping: { value: 'total' },
    },
    { id: 'mapBorder', type: 'border', x: 560, y: 250, w: 800, h: 560 },
    {
      id: 'map',
      type: 'map',
      name: '各街道人口',
      x: 580,
      y: 270,
      w: 760,
      h: 520,
      style: { mapCode: '100001' },
      data: {
        kind: 'static',
        json: json([
          { area: '100001001', population: 81_200 },
          { area: '100001002', population: 64_350 },
          { area: '100001003', population: 72_990 },
          { area: '100001004', population: 68_000 },
        ]),
      },
      mapping: { category: 'area', series: ['population'] },
    },
    {
      id: 'requestsTitle',
      type: 'text',
      x: 40,
      y: 130,
      w: 480,
      h: 40,
      style: { text: '每日服务请求', fontSize: 22, color: '#5ee0ff' },
    },
    {
      id: 'requests',
      type: 'bar',
      name: '每日服务请求',
      x: 40,
      y: 170,
      w: 480,
      h: 300,
      data: {
        kind: 'static',
        json: json(days.map((day, i) => ({ day, requests: [132, 158, 121, 176, 190, 98, 87][i] }))),
      },
      mapping: { category: 'day', series: ['requests'] },
    },
    {
      id: 'approvalsTitle',
      type: 'text',
      x: 40,
      y: 500,
      w: 480,
      h: 40,
      style: { text: '审批办理', fontSize: 22, color: '#5ee0ff' },
    },
    {
      id: 'approvals',
      type: 'ring',
      name: '审批办理',
      x: 40,
      y: 540,
      w: 480,
      h: 300,
      data: {
        kind: 'static',
        json: json([
          { state: '已通过', count: 342 },
          { state: '办理中', count: 57 },
          { state: '已退回', count: 18 },
        ]),
      },
      mapping: { category: 'state', series: ['count'] },
    },
    {
      id: 'questionsTitle',
      type: 'text',
      x: 1400,
      y: 130,
      w: 480,
      h: 40,
      style: { text: '知识库每日提问', fontSize: 22, color: '#5ee0ff' },
    },
    {
      id: 'questions',
      type: 'area',
      name: '知识库每日提问',
      x: 1400,
      y: 170,
      w: 480,
      h: 300,
      data: {
        kind: 'static',
        json: json(days.map((day, i) => ({ day, questions: [45, 61, 52, 70, 66, 30, 28][i] }))),
      },
      mapping: { category: 'day', series: ['questions'] },
    },
    {
      id: 'noticesTitle',
      type: 'text',
      x: 1400,
      y: 500,
      w: 480,
      h: 40,
      style: { text: '最新通知', fontSize: 22, color: '#5ee0ff' },
    },
    {
      id: 'notices',
      type: 'scrollTable',
      name: '最新通知',
      x: 1400,
      y: 540,
      w: 480,
      h: 300,
      style: { rows: 5, label_title: '标题', label_date: '日期' },
      data: {
        kind: 'static',
        json: json([
          { title: '关于做好冬季供暖保障工作的通知', date: '12-07' },
          { title: '东湖街道道路维修临时交通管制', date: '12-06' },
          { title: '政务服务中心周末延时服务安排', date: '12-05' },
          { title: '示范区应急演练计划', date: '12-04' },
          { title: '南港街道社区义诊活动', date: '12-03' },
          { title: '西溪街道垃圾分类宣传周', date: '12-02' },
        ]),
      },
      mapping: { category: 'title', series: ['date'] },
    },
    {
      id: 'ranking',
      type: 'ranking',
      name: '街道服务请求排行',
      x: 560,
      y: 830,
      w: 800,
      h: 220,
      data: {
        kind: 'static',
        json: json([
          { street: '北山街道', requests: 312 },
          { street: '东湖街道', requests: 268 },
          { street: '南港街道', requests: 221 },
          { street: '西溪街道', requests: 161 },
        ]),
      },
      mapping: { category: 'street', series: ['requests'] },
    },
  ],
});

/** Seeds the demo screen, released, as the demo menu 城市运行大屏 (type 6) shows it. */
export async function seedDemoScreen(tx: Tx): Promise<void> {
  await tx.insert(dataScreens).values({
    id: DEMO_GENERATED_MODULE_IDS.dataScreen,
    fullName: '城市运行大屏',
    category: '示范区',
    description: '示范区城市运行概况（演示数据）',
    design: JSON.stringify(DEMO_SCREEN_DESIGN),
    state: 1,
    released: DEMO_SCREEN_DESIGN,
    releaseTime: Date.now(),
  });
}
