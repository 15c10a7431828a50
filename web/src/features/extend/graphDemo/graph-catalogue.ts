import type { GraphDemo } from '@console/shared';
import type { EChartsOption } from 'echarts';
import { wordCloudSeries } from './word-cloud';

/** Texts a chart needs, from the page's namespace: t(key) and the split lists. */
export interface ChartTexts {
  t(key: string): string;
  list(key: string): string[];
}

const months = (x: ChartTexts) => x.list('lists.months');
const depts = (x: ChartTexts) => x.list('lists.departments');
const tooltipAxis = { trigger: 'axis' } as const;
const grid = { left: 48, right: 32, top: 64, bottom: 40, containLabel: true };
const legend = { top: 28 };
const title = (x: ChartTexts, name: GraphDemo) => ({
  text: x.t(`titles.${name}`),
  left: 'center',
  textStyle: { fontSize: 15 },
});

/** Budget execution (10k yuan) by month: planned and spent. */
const PLANNED = [820, 932, 901, 934, 1290, 1330, 1320, 1250, 1180, 1400, 1520, 1680];
const SPENT = [620, 732, 701, 834, 1090, 1130, 1220, 1150, 1080, 1210, 1390, 1610];
const DEPT_BUDGET = [3200, 2800, 2100, 1850, 1600, 1200, 980];

/** Normal density at x. */
const normal = (x: number, mean: number, sd: number) =>
  Math.exp(-((x - mean) ** 2) / (2 * sd * sd)) / (sd * Math.sqrt(2 * Math.PI));

/** Waiting minutes of 200 service-hall visits, deterministic. */
const WAITS = Array.from({ length: 200 }, (_, i) => {
  const u = ((i * 7919) % 200) / 200 + 0.0025;
  const v = ((i * 104729) % 199) / 199 + 0.0025;
  return Math.round((18 + 5 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)) * 10) / 10;
});

/** Daily open, close, low, high of a bond index over 30 trading days, deterministic. */
const CANDLES = (() => {
  const rows: number[][] = [];
  let close = 100;
  for (let i = 0; i < 30; i++) {
    const open = close + Math.sin(i * 1.7) * 0.8;
    close = open + Math.cos(i * 0.9) * 1.6;
    rows.push([
      +open.toFixed(2),
      +close.toFixed(2),
      +(Math.min(open, close) - 0.6).toFixed(2),
      +(Math.max(open, close) + 0.7).toFixed(2),
    ]);
  }
  return rows;
})();

export function graphOption(name: GraphDemo, x: ChartTexts): EChartsOption {
  const head = { title: title(x, name) };
  switch (name) {
    case 'echartsBar':
      return {
        ...head,
        tooltip: tooltipAxis,
        legend: { ...legend, data: [x.t('series.planned'), x.t('series.spent')] },
        grid,
        xAxis: { type: 'category', data: months(x) },
        yAxis: { type: 'value', name: x.t('units.tenThousand') },
        series: [
          { name: x.t('series.planned'), type: 'bar', data: PLANNED },
          { name: x.t('series.spent'), type: 'bar', data: SPENT },
        ],
      };
    case 'echartsBarAcross':
      return {
        ...head,
        tooltip: tooltipAxis,
        grid,
        xAxis: { type: 'value', name: x.t('units.tenThousand') },
        yAxis: { type: 'category', data: depts(x) },
        series: [
          {
            name: x.t('series.budget'),
            type: 'bar',
            data: DEPT_BUDGET,
            label: { show: true, position: 'right' },
          },
        ],
      };
    case 'echartsCandlestick':
      return {
        ...head,
        tooltip: tooltipAxis,
        grid,
        xAxis: { type: 'category', data: CANDLES.map((_, i) => `${i + 1}`) },
        yAxis: { scale: true },
        dataZoom: [{ type: 'inside' }],
        series: [{ name: x.t('series.index'), type: 'candlestick', data: CANDLES }],
      };
    case 'echartsFunnel':
    case 'highchartsFunnel': {
      const stages = x.list('lists.stages');
      const values = name === 'echartsFunnel' ? [1200, 980, 760, 540, 410] : [5600, 4300, 3900, 2100, 1800];
      return {
        ...head,
        tooltip: { trigger: 'item' },
        legend: { ...legend, data: stages },
        series: [
          {
            name: x.t(`titles.${name}`),
            type: 'funnel',
            top: 70,
            sort: 'descending',
            label: { position: name === 'echartsFunnel' ? 'inside' : 'right' },
            data: stages.map((s, i) => ({ name: s, value: values[i] ?? 0 })),
          },
        ],
      };
    }
    case 'echartsGauge':
    case 'highchartsGauge':
      return {
        ...head,
        series: [
          {
            name: x.t(`titles.${name}`),
            type: 'gauge',
            min: 0,
            max: name === 'echartsGauge' ? 100 : 200,
            progress: { show: name === 'echartsGauge' },
            detail: { formatter: name === 'echartsGauge' ? '{value}%' : '{value}' },
            data: [
              {
                value: name === 'echartsGauge' ? 76 : 132,
                name: x.t(name === 'echartsGauge' ? 'series.rate' : 'series.speed'),
              },
            ],
          },
        ],
      };
    case 'echartsLineArea':
    case 'highchartsArea':
      return {
        ...head,
        tooltip: tooltipAxis,
        legend: { ...legend, data: [x.t('series.online'), x.t('series.window')] },
        grid,
        xAxis: { type: 'category', boundaryGap: false, data: months(x) },
        yAxis: { type: 'value' },
        series: [
          {
            name: x.t('series.online'),
            type: 'line',
            stack: name === 'highchartsArea' ? 'all' : undefined,
            areaStyle: {},
            smooth: name === 'echartsLineArea',
            data: PLANNED.map((v) => v * 3),
          },
          {
            name: x.t('series.window'),
            type: 'line',
            stack: name === 'highchartsArea' ? 'all' : undefined,
            areaStyle: {},
            smooth: name === 'echartsLineArea',
            data: SPENT.map((v) => v * 2),
          },
        ],
      };
    case 'echartsLineBar':
      return {
        ...head,
        tooltip: tooltipAxis,
        legend: { ...legend, data: [x.t('series.spent'), x.t('series.rate')] },
        grid,
        xAxis: { type: 'category', data: months(x) },
        yAxis: [
          { type: 'value', name: x.t('units.tenThousand') },
          { type: 'value', name: '%', max: 100 },
        ],
        series: [
          { name: x.t('series.spent'), type: 'bar', data: SPENT },
          {
            name: x.t('series.rate'),
            type: 'line',
            yAxisIndex: 1,
            data: SPENT.map((v, i) => Math.round((v / (PLANNED[i] ?? 1)) * 100)),
          },
        ],
      };
    case 'echartsPie':
    case 'highchartsPie': {
      const names = depts(x);
      return {
        ...head,
        tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
        legend: { type: 'scroll', bottom: 0 },
        series: [
          {
            name: x.t('series.budget'),
            type: 'pie',
            radius: name === 'echartsPie' ? '60%' : ['35%', '62%'],
            roseType: name === 'highchartsPie' ? undefined : undefined,
            data: names.map((n, i) => ({ name: n, value: DEPT_BUDGET[i] ?? 0 })),
          },
        ],
      };
    }
    case 'echartsScatter':
    case 'highchartsScatter': {
      const points = WAITS.map((w, i) => [Math.round(((i * 37) % 100) + 20), w]);
      return {
        ...head,
        tooltip: { trigger: 'item' },
        grid,
        xAxis: { type: 'value', name: x.t('units.visitors'), scale: true },
        yAxis: { type: 'value', name: x.t('units.minutes'), scale: true },
        series: [
          {
            name: x.t('series.wait'),
            type: 'scatter',
            symbolSize: name === 'echartsScatter' ? 8 : 6,
            data: name === 'echartsScatter' ? points : points.map(([a, b]) => [a, (b ?? 0) * 0.8]),
          },
        ],
      };
    }
    case 'echartsTree': {
      const org = x.list('lists.organisation');
      const [root = '', ...rest] = org;
      return {
        ...head,
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'tree',
            top: 60,
            left: '12%',
            right: '20%',
            symbolSize: 9,
            label: { position: 'left', verticalAlign: 'middle', align: 'right' },
            leaves: { label: { position: 'right', align: 'left' } },
            data: [
              {
                name: root,
                children: [
                  { name: rest[0] ?? '', children: [{ name: rest[1] ?? '' }, { name: rest[2] ?? '' }] },
                  { name: rest[3] ?? '', children: [{ name: rest[4] ?? '' }, { name: rest[5] ?? '' }] },
                  { name: rest[6] ?? '', children: [{ name: rest[7] ?? '' }] },
                ],
              },
            ],
          },
        ],
      };
    }
    case 'highchartsBellcurve': {
      const mean = WAITS.reduce((a, b) => a + b, 0) / WAITS.length;
      const sd = Math.sqrt(WAITS.reduce((a, b) => a + (b - mean) ** 2, 0) / WAITS.length);
      const xs = Array.from({ length: 61 }, (_, i) => +(mean - 3 * sd + (i * sd) / 10).toFixed(2));
      return {
        ...head,
        tooltip: tooltipAxis,
        legend: { ...legend, data: [x.t('series.wait'), x.t('series.bell')] },
        grid,
        xAxis: { type: 'value', name: x.t('units.minutes'), scale: true },
        yAxis: [{ type: 'value' }, { type: 'value', show: false }],
        series: [
          {
            name: x.t('series.wait'),
            type: 'scatter',
            symbolSize: 5,
            data: WAITS.map((w, i) => [w, (i % 20) + 1]),
          },
          {
            name: x.t('series.bell'),
            type: 'line',
            yAxisIndex: 1,
            showSymbol: false,
            smooth: true,
            data: xs.map((v) => [v, normal(v, mean, sd)]),
          },
        ],
      };
    }
    case 'highchartsBullet': {
      const targets = [3000, 2600, 2300, 1900, 1500, 1300, 1000];
      return {
        ...head,
        tooltip: tooltipAxis,
        legend: { ...legend, data: [x.t('series.spent'), x.t('series.target')] },
        grid,
        xAxis: { type: 'value' },
        yAxis: { type: 'category', data: depts(x) },
        series: [
          {
            name: x.t('series.budget'),
            type: 'bar',
            barWidth: 22,
            itemStyle: { color: '#e6e6e6' },
            data: DEPT_BUDGET,
            z: 1,
          },
          {
            name: x.t('series.spent'),
            type: 'bar',
            barWidth: 8,
            barGap: '-68%',
            data: DEPT_BUDGET.map((v, i) => Math.round(v * (0.55 + (i % 4) * 0.12))),
            z: 2,
          },
          {
            name: x.t('series.target'),
            type: 'scatter',
            symbol: 'rect',
            symbolSize: [3, 24],
            itemStyle: { color: '#333' },
            data: targets.map((v, i) => [v, i]),
            z: 3,
          },
        ],
      };
    }
    case 'highchartsColumn':
      return {
        ...head,
        tooltip: tooltipAxis,
        legend: { ...legend, data: x.list('lists.quarters') },
        grid,
        xAxis: { type: 'category', data: depts(x) },
        yAxis: { type: 'value', name: x.t('units.tenThousand') },
        series: x.list('lists.quarters').map((q, k) => ({
          name: q,
          type: 'bar',
          stack: 'year',
          data: DEPT_BUDGET.map((v) => Math.round(v * (0.2 + k * 0.03))),
        })),
      };
    case 'highchartsLine':
      return {
        ...head,
        tooltip: tooltipAxis,
        legend: { ...legend, data: [x.t('series.online'), x.t('series.window'), x.t('series.phone')] },
        grid,
        xAxis: { type: 'category', data: months(x) },
        yAxis: { type: 'value' },
        series: [
          { name: x.t('series.online'), type: 'line', data: PLANNED.map((v) => v * 3) },
          { name: x.t('series.window'), type: 'line', data: SPENT.map((v) => v * 2) },
          { name: x.t('series.phone'), type: 'line', data: SPENT.map((v, i) => v + i * 40) },
        ],
      };
    case 'highchartsWordcloud':
      return { ...head, tooltip: { show: true }, ...wordCloudSeries(x.list('lists.words')) };
  }
}
