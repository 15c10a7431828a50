import type { EChartsOption } from 'echarts';

export interface PlacedWord {
  text: string;
  weight: number;
  fontSize: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: PlacedWord, b: PlacedWord) =>
  Math.abs(a.x - b.x) * 2 < a.width + b.width && Math.abs(a.y - b.y) * 2 < a.height + b.height;

/** Rough width of a word at a font size (CJK characters are about square, Latin about half). */
const widthOf = (text: string, fontSize: number) =>
  [...text].reduce((w, c) => w + ((c.codePointAt(0) ?? 0) < 0x100 ? 0.6 : 1), 0) * fontSize;

/**
 * Places words, heaviest first, on an Archimedean spiral from the centre so that no two boxes
 * overlap; font size grows with the weight. Coordinates are in pixels around (0, 0).
 */
export function layoutWords(
  words: { text: string; weight: number }[],
  minSize = 12,
  maxSize = 40,
): PlacedWord[] {
  const sorted = [...words].sort((a, b) => b.weight - a.weight);
  const max = sorted[0]?.weight ?? 1;
  const min = sorted[sorted.length - 1]?.weight ?? 0;
  const placed: PlacedWord[] = [];
  for (const word of sorted) {
    const fontSize = Math.round(
      minSize + ((word.weight - min) / Math.max(max - min, 1)) * (maxSize - minSize),
    );
    const box = {
      text: word.text,
      weight: word.weight,
      fontSize,
      width: widthOf(word.text, fontSize) + 6,
      height: fontSize + 4,
    };
    for (let step = 0; step < 4000; step++) {
      const angle = step * 0.35;
      const radius = 2.2 * angle;
      const candidate = { ...box, x: radius * Math.cos(angle) * 1.6, y: radius * Math.sin(angle) };
      if (!placed.some((p) => overlaps(p, candidate))) {
        placed.push(candidate);
        break;
      }
    }
  }
  return placed;
}

const COLOURS = ['#1890ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#2f54eb', '#eb2f96'];

/** A word cloud as echarts parts: words drawn as labels of an invisible scatter on hidden axes. Input: "word:weight" items. */
export function wordCloudSeries(items: string[]): EChartsOption {
  const words = items.map((item) => {
    const [text = '', weight = '1'] = item.split(':');
    return { text, weight: Number(weight) || 1 };
  });
  const placed = layoutWords(words);
  const extentX = Math.max(...placed.map((p) => Math.abs(p.x) + p.width / 2), 1);
  const extentY = Math.max(...placed.map((p) => Math.abs(p.y) + p.height / 2), 1);
  return {
    grid: { left: 10, right: 10, top: 50, bottom: 10 },
    xAxis: { type: 'value', show: false, min: -extentX, max: extentX },
    yAxis: { type: 'value', show: false, min: -extentY, max: extentY },
    series: [
      {
        type: 'scatter',
        symbolSize: 1,
        // Transparent, not opacity 0: a label takes its item's opacity.
        itemStyle: { color: 'transparent' },
        tooltip: {
          formatter: (p: unknown) => {
            const data = (p as { data: { name: string; weight: number } }).data;
            return `${data.name}: ${data.weight}`;
          },
        },
        data: placed.map((p, i) => ({
          name: p.text,
          weight: p.weight,
          value: [p.x, -p.y],
          label: {
            show: true,
            formatter: p.text,
            position: 'inside',
            fontSize: p.fontSize,
            fontWeight: p.fontSize > 28 ? 'bold' : 'normal',
            color: COLOURS[i % COLOURS.length],
          },
        })),
      },
    ],
  } as EChartsOption;
}
