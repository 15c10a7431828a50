import { cellNumber } from '@console/shared';
import type { EChartsOption } from 'echarts';

export type ChartKind = 'bar' | 'line' | 'pie';

export interface ChartSpec {
  type: ChartKind;
  title?: string;
  xField: string;
  yFields: string[];
}

/**
 * The echarts option of a bar, line or pie chart over rows: categories from `xField`, one series
 * per `yFields` entry (a pie uses the first), values read as numbers (text numbers from SQL
 * numeric columns included, anything else as 0). `labels` names fields in the legend.
 */
export function chartOption(
  spec: ChartSpec,
  rows: readonly Record<string, unknown>[],
  labels: Readonly<Record<string, string>> = {},
): EChartsOption {
  const categories = rows.map((r) => String(r[spec.xField] ?? ''));
  const values = (field: string) => rows.map((r) => cellNumber(r[field]) ?? 0);
  const title = spec.title ? { text: spec.title, left: 'center', textStyle: { fontSize: 14 } } : undefined;
  if (spec.type === 'pie') {
    const field = spec.yFields[0] ?? '';
    const data = values(field);
    return {
      title,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          name: labels[field] ?? field,
          radius: ['35%', '65%'],
          data: categories.map((name, i) => ({ name, value: data[i]! })),
        },
      ],
    };
  }
  return {
    title,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 16, right: 16, top: spec.title ? 40 : 16, bottom: 40, containLabel: true },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: spec.yFields.map((field) => ({
      type: spec.type,
      name: labels[field] ?? field,
      data: values(field),
    })),
  };
}
