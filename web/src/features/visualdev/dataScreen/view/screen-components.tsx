import { SCREEN_CHART_TYPES, type ScreenComponent } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import type { EChartsType } from 'echarts';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchGeoJson, type ScreenFetcher } from '../api';
import { chartOption, columnsOf, firstValue, type Row, rowsOf } from './chart-option';

const loadEcharts = () => import('echarts');

/** A map's GeoJSON registered with echarts once per code; area code → name for labels. */
const registered = new Map<string, Promise<Map<string, string>>>();
function useGeo(code: string, loadGeo: (code: string) => Promise<unknown>) {
  return useQuery({
    queryKey: ['dataScreen', 'geo', code],
    enabled: Boolean(code),
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => {
      let done = registered.get(code);
      if (!done) {
        done = Promise.all([loadGeo(code), loadEcharts()]).then(([geo, echarts]) => {
          echarts.registerMap(code, geo as Parameters<typeof echarts.registerMap>[1]);
          const names = new Map<string, string>();
          for (const f of (geo as { features?: { properties?: Record<string, unknown> }[] }).features ?? [])
            if (f.properties?.adcode) names.set(String(f.properties.adcode), String(f.properties.name ?? ''));
          return names;
        });
        registered.set(code, done);
        done.catch(() => registered.delete(code));
      }
      return done;
    },
  });
}

function Chart({
  component,
  rows,
  loadGeo,
}: {
  component: ScreenComponent;
  rows: Row[];
  loadGeo: (c: string) => Promise<unknown>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const mapCode = component.type === 'map' ? String(component.style?.mapCode ?? '') : '';
  const geo = useGeo(mapCode, loadGeo);
  const option = useMemo(
    () => chartOption(component.type, rows, component.mapping, component.style, geo.data),
    [component, rows, geo.data],
  );

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || !chart.current) return;
    if (mapCode && !geo.data) return;
    chart.current.setOption(option, true);
  }, [ready, option, mapCode, geo.data]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={component.name ?? component.type}
      data-chart={component.type}
      data-rows={rows.length}
      style={{ width: '100%', height: '100%' }}
    />
  );
}

/** Digits that roll to their new value. */
function FlipNumber({ value, style }: { value: number; style: Record<string, unknown> }) {
  const text = Math.round(value).toLocaleString('en-US');
  const size = Number(style.fontSize) || 48;
  return (
    <div
      className="ds-flip"
      style={{ fontSize: size, color: String(style.color ?? '#5ee0ff') }}
      data-value={Math.round(value)}
    >
      {style.prefix ? <span className="ds-flip-affix">{String(style.prefix)}</span> : null}
      {[...text].map((ch, i) =>
        /\d/.test(ch) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: digits are positional
          <span key={i} className="ds-flip-digit" style={{ height: size * 1.2 }}>
            <span className="ds-flip-reel" style={{ transform: `translateY(-${Number(ch) * 10}%)` }}>
              {'0123456789'.split('').map((d) => (
                <span key={d} style={{ height: size * 1.2, lineHeight: `${size * 1.2}px` }}>
                  {d}
                </span>
              ))}
            </span>
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: separators are positional
          <span key={i}>{ch}</span>
        ),
      )}
      {style.suffix ? <span className="ds-flip-affix">{String(style.suffix)}</span> : null}
    </div>
  );
}

function Clock({ style }: { style: Record<string, unknown> }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="ds-text" style={textStyle(style)} role="timer">
      {now.toLocaleString(i18n.language, { hour12: false })}
    </div>
  );
}

/** Rows that scroll upward, one row at a time, when there are more than fit. */
function ScrollTable({ rows, component }: { rows: Row[]; component: ScreenComponent }) {
  const { t } = useTranslation('dataScreen');
  const columns = component.mapping?.series?.length
    ? [component.mapping.category, ...component.mapping.series].filter((c): c is string => Boolean(c))
    : Object.keys(rows[0] ?? {});
  const visible = Number(component.style?.rows) || 5;
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (rows.length <= visible) return;
    const timer = window.setInterval(() => setOffset((o) => (o + 1) % rows.length), 2000);
    return () => window.clearInterval(timer);
  }, [rows.length, visible]);
  const shown = rows.length <= visible ? rows : [...rows, ...rows].slice(offset, offset + visible);
  const height = `${100 / (visible + 1)}%`;
  return (
    <table className="ds-table" aria-label={component.name ?? t('types.scrollTable')}>
      <thead>
        <tr className="ds-table-row ds-table-head" style={{ height }}>
          {columns.map((c) => (
            <th key={c}>{String(component.style?.[`label_${c}`] ?? c)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows repeat while scrolling
          <tr key={`${offset}-${i}`} className="ds-table-row ds-table-enter" style={{ height }}>
            {columns.map((c) => (
              <td key={c} title={String(row[c] ?? '')}>
                {String(row[c] ?? '')}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Ranking({ rows, component }: { rows: Row[]; component: ScreenComponent }) {
  const { category, series } = columnsOf(rows, component.mapping);
  const sorted = [...rows]
    .sort((a, b) => Number(b[series[0]!] ?? 0) - Number(a[series[0]!] ?? 0))
    .slice(0, 10);
  const max = Math.max(1, ...sorted.map((r) => Number(r[series[0]!] ?? 0)));
  return (
    <ol className="ds-ranking">
      {sorted.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ranks are positional
        <li key={i}>
          <span className="ds-rank-no">{i + 1}</span>
          <span className="ds-rank-name">{String(r[category] ?? '')}</span>
          <span className="ds-rank-bar">
            <span style={{ width: `${(Number(r[series[0]!] ?? 0) / max) * 100}%` }} />
          </span>
          <span className="ds-rank-value">{String(r[series[0]!] ?? '')}</span>
        </li>
      ))}
    </ol>
  );
}

function Progress({ value, style }: { value: number; style: Record<string, unknown> }) {
  const max = Number(style.max) || 100;
  const pct = Math.max(0, Math.min(100, (value / max) * 100));
  return (
    <div
      className="ds-progress"
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={max}
    >
      <div className="ds-progress-track">
        <div
          className="ds-progress-fill"
          style={{ width: `${pct}%`, background: String(style.color ?? '#36d6b5') }}
        />
      </div>
      <span>{`${Math.round(pct)}%`}</span>
    </div>
  );
}

function Filter({
  rows,
  component,
  value,
  onChange,
}: {
  rows: Row[];
  component: ScreenComponent;
  value: unknown;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('dataScreen');
  const { category } = columnsOf(rows, component.mapping);
  const fixed = String(component.style?.options ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const options = fixed.length
    ? fixed.map((o) => ({ value: o, label: o }))
    : rows.map((r) => ({
        value: String(r[category] ?? ''),
        label: String(r[component.mapping?.value ?? category] ?? ''),
      }));
  return (
    <label className="ds-filter">
      <span>{String(component.style?.label ?? component.name ?? t('types.filter'))}</span>
      <select value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('view.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function textStyle(style: Record<string, unknown> = {}): CSSProperties {
  return {
    color: String(style.color ?? '#e6f1ff'),
    fontSize: Number(style.fontSize) || 20,
    fontWeight: style.bold ? 700 : 400,
    textAlign: (style.align as CSSProperties['textAlign']) ?? 'left',
    background: typeof style.background === 'string' ? style.background : undefined,
  };
}

export interface ComponentProps {
  component: ScreenComponent;
  fetcher: ScreenFetcher | null;
  filters: Record<string, unknown>;
  setFilter: (id: string, value: string) => void;
  loadGeo?: (code: string) => Promise<unknown>;
}

/** The filter values a component's parameters read, so it refetches when they change. */
function readFilters(component: ScreenComponent, filters: Record<string, unknown>) {
  const data = component.data;
  if (!data || data.kind === 'static') return {};
  const out: Record<string, unknown> = {};
  for (const p of data.params) if (p.fromFilter) out[p.fromFilter] = filters[p.fromFilter] ?? null;
  return out;
}

/** Rows of a component: static JSON at once, others through the fetcher, every `refresh` seconds. */
function useRows(
  component: ScreenComponent,
  fetcher: ScreenFetcher | null,
  filters: Record<string, unknown>,
) {
  const read = readFilters(component, filters);
  const data = component.data;
  const query = useQuery({
    queryKey: ['dataScreen', 'data', component.id, data, read, Boolean(fetcher)],
    enabled: Boolean(data) && (data?.kind === 'static' || Boolean(fetcher)),
    refetchInterval: component.refresh ? component.refresh * 1000 : false,
    queryFn: async () => {
      if (data?.kind === 'static') return JSON.parse(data.json) as unknown;
      return fetcher!(component.id, read);
    },
  });
  return { rows: useMemo(() => rowsOf(query.data), [query.data]), error: query.error };
}

/** One component of a screen, filling its box. */
export function ScreenComponentView({
  component,
  fetcher,
  filters,
  setFilter,
  loadGeo = fetchGeoJson,
}: ComponentProps) {
  const { rows, error } = useRows(component, fetcher, filters);
  const style = component.style ?? {};
  if (error) return <div className="ds-error">{(error as Error).message}</div>;
  if (SCREEN_CHART_TYPES.has(component.type))
    return <Chart component={component} rows={rows} loadGeo={loadGeo} />;
  switch (component.type) {
    case 'flipNumber':
      return (
        <FlipNumber
          value={component.data ? firstValue(rows, component.mapping) : Number(style.value) || 0}
          style={style}
        />
      );
    case 'title':
      return (
        <div className="ds-title" style={textStyle({ fontSize: 36, bold: true, align: 'center', ...style })}>
          {String(style.text ?? '')}
        </div>
      );
    case 'text': {
      const fromData =
        component.data && rows[0]
          ? rows[0][component.mapping?.value ?? Object.keys(rows[0])[0] ?? '']
          : undefined;
      return (
        <div className="ds-text" style={textStyle(style)}>
          {String(fromData ?? style.text ?? '')}
        </div>
      );
    }
    case 'clock':
      return <Clock style={style} />;
    case 'image':
      return style.src ? (
        <img
          src={String(style.src)}
          alt={component.name ?? ''}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null;
    case 'video':
      return style.src ? (
        <video src={String(style.src)} muted autoPlay loop style={{ width: '100%', height: '100%' }} />
      ) : null;
    case 'iframe':
      return style.src ? (
        <iframe
          title={component.name ?? 'iframe'}
          src={String(style.src)}
          sandbox="allow-scripts allow-same-origin"
          style={{ width: '100%', height: '100%', border: 0 }}
        />
      ) : null;
    case 'border':
      return <div className="ds-border" style={{ borderColor: String(style.color ?? '#2f7fd1') }} />;
    case 'divider':
      return <div className="ds-divider" style={{ background: String(style.color ?? '#2f7fd1') }} />;
    case 'scrollTable':
      return <ScrollTable rows={rows} component={component} />;
    case 'ranking':
      return <Ranking rows={rows} component={component} />;
    case 'progress':
      return (
        <Progress
          value={component.data ? firstValue(rows, component.mapping) : Number(style.value) || 0}
          style={style}
        />
      );
    case 'filter':
      return (
        <Filter
          rows={rows}
          component={component}
          value={filters[component.id]}
          onChange={(v) => setFilter(component.id, v)}
        />
      );
    default:
      return null;
  }
}
