import type { EChartsOption, EChartsType } from 'echarts';
import { useEffect, useRef } from 'react';

/** Loaded on first use only, so pages without charts do not carry echarts. */
const loadEcharts = () => import('echarts');

/** One echarts chart filling its box; resizes with it. `label` names it for screen readers. */
export function EChart({
  option,
  label,
  height = '100%',
}: {
  option: EChartsOption;
  label: string;
  height?: number | string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  // The chart is created once with the first option; later options are applied by the effect below.
  const first = useRef(option);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      chart.current.setOption(first.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
