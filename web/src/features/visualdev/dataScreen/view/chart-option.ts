import type { ScreenComponent } from '@console/shared';
import type { EChartsOption } from 'echarts';

export type Row = Record<string, unknown>;
export type Mapping = NonNullable<ScreenComponent['mapping']>;

/** Result rows of a binding: an array of objects, or the `list` of a paged answer. */
export function rowsOf(data: unknown): Row[] {
  const list = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return data && typeof data === 'object' ? [data as Row] : [];
  return list.filter((r): r is Row => Boolean(r) && typeof r === 'object' && !Array.isArray(r));
}

const isNumeric = (v: unknown) => v !== null && v !== '' && !Number.isNaN(Number(v));

/**
 * Which columns feed the chart: the category column (names, x axis, area codes) and the series
 * columns. What the mapping leaves out is guessed: the first non-numeric column is the category,
 * the numeric ones are the series.
 */
export function columnsOf(rows: Row[], mapping: Mapping | undefined): { category: string; series: string[] } {
  const keys = Object.keys(rows[0] ?? {});
  const category = mapping?.category || keys.find((k) => !isNumeric(rows[0]?.[k])) || keys[0] || 'name';
  const series = mapping?.series?.length
    ? mapping.series
    : mapping?.value
      ? [mapping.value]
      : keys.filter((k) => k !== category && isNumeric(rows[0]?.[k]));
  return { category, series: series.length ? series : ['value'] };
}

/** A single figure (gauge, counter, progress): the value column of the first row. */
export function firstValue(rows: Row[], mapping: Mapping | undefined): number {
  const { series } = columnsOf(rows, mapping);
  const v = Number(rows[0]?.[mapping?.value || series[0] || 'value']);
  return Number.isFinite(v) ? v : 0;
}

const PALETTE = ['#3ba7ff', '#36d6b5', '#ffc857', '#ff7a7a', '#a78bfa', '#5ee0ff', '#f59e0b', '#84cc16'];
const TEXT = '#cfe3ff';
const AXIS = {
  axisLine: { lineStyle: { color: '#3b5c8a' } },
  axisLabel: { color: TEXT },
  splitLine: { lineStyle: { color: '#1e3a5f' } },
};

/** The ECharts option of a chart component from its rows and mapping (`geo`: area code → name for maps). */
export function chartOption(
  type: string,
  rows: Row[],
  mapping: Mapping | undefined,
  style: Record<string, unknown> = {},
  geoNames: Map<string, string> = new Map(),
): EChartsOption {
  const { category, series } = columnsOf(rows, mapping);
  const names = rows.map((r) => String(r[category] ?? ''));
  const num = (r: Row, k: string) => Number(r[k] ?? 0) || 0;
  const color = typeof style.color === 'string' && style.color ? [style.color, ...PALETTE] : PALETTE;
  const base: EChartsOption = {
    color,
    backgroundColor: 'transparent',
    textStyle: { color: TEXT },
    tooltip: { trigger: type === 'bar' || type === 'line' || type === 'area' ? 'axis' : 'item' },
    animationDuration: 600,
  };
  const legend = series.length > 1 ? { legend: { textStyle: { color: TEXT }, top: 0 } } : {};
  switch (type) {
    case 'bar':
    case 'line':
    case 'area': {
      const horizontal = style.horizontal === true;
      // A few categories each show their label (ECharts' automatic interval hid every other one).
      const cat = {
        type: 'category' as const,
        data: names,
        ...AXIS,
        axisLabel: { color: TEXT, interval: names.length <= 8 ? 0 : ('auto' as const) },
      };
      const val = { type: 'value' as const, ...AXIS };
      return {
        ...base,
        ...legend,
        grid: { left: 48, right: 16, top: series.length > 1 ? 32 : 16, bottom: 32 },
        xAxis: horizontal ? val : cat,
        yAxis: horizontal ? cat : val,
        series: series.map((s) => ({
          name: s,
          type: type === 'bar' ? 'bar' : 'line',
          smooth: type !== 'bar',
          areaStyle: type === 'area' ? { opacity: 0.35 } : undefined,
          data: rows.map((r) => num(r, s)),
        })),
      } as EChartsOption;
    }
    case 'pie':
    case 'ring':
    case 'funnel':
      return {
        ...base,
        legend: { textStyle: { color: TEXT }, bottom: 0, type: 'scroll' },
        series: [
          {
            type: type === 'funnel' ? 'funnel' : 'pie',
            radius: type === 'ring' ? ['45%', '70%'] : type === 'pie' ? '70%' : undefined,
            label: { color: TEXT },
            data: rows.map((r) => ({ name: String(r[category] ?? ''), value: num(r, series[0]!) })),
          },
        ],
      } as EChartsOption;
    case 'radar': {
      const max = Math.max(1, ...rows.flatMap((r) => series.map((s) => num(r, s)))) * 1.2;
      return {
        ...base,
        ...legend,
        radar: { indicator: names.map((name) => ({ name, max })), axisName: { color: TEXT } },
        series: [
          { type: 'radar', data: series.map((s) => ({ name: s, value: rows.map((r) => num(r, s)) })) },
        ],
      } as EChartsOption;
    }
    case 'scatter':
      return {
        ...base,
        grid: { left: 48, right: 16, top: 16, bottom: 32 },
        xAxis: { type: 'value', ...AXIS },
        yAxis: { type: 'value', ...AXIS },
        series: [
          {
            type: 'scatter',
            symbolSize: 12,
            data: rows.map((r) =>
              series.length > 1
                ? [num(r, series[0]!), num(r, series[1]!)]
                : [num(r, category), num(r, series[0]!)],
            ),
          },
        ],
      } as EChartsOption;
    case 'gauge':
      return {
        ...base,
        series: [
          {
            type: 'gauge',
            max: Number(style.max) || 100,
            detail: { color: TEXT, fontSize: 24 },
            axisLabel: { color: TEXT },
            data: [{ value: firstValue(rows, mapping), name: String(style.unit ?? '') }],
          },
        ],
      } as EChartsOption;
    case 'map': {
      const values = rows.map((r) => num(r, series[0]!));
      return {
        ...base,
        visualMap: {
          min: Math.min(0, ...values),
          max: Math.max(1, ...values),
          calculable: true,
          left: 8,
          bottom: 8,
          textStyle: { color: TEXT },
          inRange: { color: ['#17406e', '#2f7fd1', '#5ee0ff'] },
        },
        series: [
          {
            type: 'map',
            map: String(style.mapCode ?? ''),
            nameProperty: 'adcode',
            // Areas without a value: the screen's dark blue, not ECharts' light grey (their white labels vanished on it).
            itemStyle: { areaColor: '#10294a', borderColor: '#3b8fd9', borderWidth: 1 },
            emphasis: { itemStyle: { areaColor: '#2f7fd1' }, label: { color: '#fff' } },
            label: {
              show: true,
              color: '#fff',
              formatter: (p: { name: string }) => geoNames.get(p.name) ?? p.name,
            },
            data: rows.map((r) => ({ name: String(r[category] ?? ''), value: num(r, series[0]!) })),
          },
        ],
        tooltip: {
          trigger: 'item',
          formatter: (p: unknown) => {
            const item = p as { name: string; value: unknown };
            return `${geoNames.get(item.name) ?? item.name}: ${Number.isFinite(item.value) ? item.value : '-'}`;
          },
        },
      } as EChartsOption;
    }
    default:
      return base;
  }
}
