import {
  SCREEN_COMPONENT_TYPES,
  SCREEN_DATA_TYPES,
  type ScreenComponent,
  type ScreenDesign,
} from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, ColorPicker, Input, InputNumber, Select, Space, Switch, Tooltip } from 'antd';
import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { type DataScreenItem, updateScreen } from './api';
import { align, historyReducer, newComponent, pasted, reorder, SNAP, snap } from './designer-state';
import { backgroundOf, useFitScale } from './view/screen-canvas';
import { ScreenComponentView } from './view/screen-components';
import './designer.css';

type Drag = {
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  origin: Map<string, { x: number; y: number; w: number; h: number }>;
};

interface InterfaceNode {
  id: string;
  fullName: string;
  children?: InterfaceNode[];
}

/** Style fields the properties panel offers per component type. */
const STYLE_FIELDS: Record<string, string[]> = {
  title: ['text', 'fontSize', 'color'],
  text: ['text', 'fontSize', 'color'],
  clock: ['fontSize', 'color'],
  image: ['src'],
  video: ['src'],
  iframe: ['src'],
  map: ['mapCode'],
  gauge: ['max', 'unit'],
  progress: ['value', 'max', 'color'],
  flipNumber: ['value', 'prefix', 'suffix', 'fontSize', 'color'],
  border: ['color'],
  divider: ['color'],
  scrollTable: ['rows'],
  filter: ['label', 'options'],
  bar: ['color', 'horizontal'],
  line: ['color'],
  area: ['color'],
};
const NUMERIC = new Set(['fontSize', 'max', 'value', 'rows']);

/**
 * The screen designer: a fixed design size scaled to the window; components dragged from the
 * palette; move and resize with snapping; layers (order, hide, lock); multi-select (shift);
 * align; copy/paste; undo/redo; arrow-key nudging; background; a properties panel per component
 * with its data binding, column mapping and refresh interval.
 */
export function DataScreenDesigner({
  screen,
  onClose,
}: {
  screen: DataScreenItem;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('dataScreen');
  const [history, dispatch] = useReducer(historyReducer, undefined, () => ({
    past: [],
    present: JSON.parse(screen.design) as ScreenDesign,
    future: [],
  }));
  const design = history.present;
  const [selected, setSelected] = useState<string[]>([]);
  const [version, setVersion] = useState(screen.version);
  const [saving, setSaving] = useState(false);
  const clipboard = useRef<ScreenComponent[]>([]);
  const drag = useRef<Drag | null>(null);
  const { ref, scale } = useFitScale(design.width, design.height);
  const canvasRef = useRef<HTMLDivElement>(null);
  const interfaces = useQuery({
    queryKey: ['dataScreen', 'interfaces'],
    queryFn: () => http.get<InterfaceNode[]>('/system/DataInterface/Selector'),
  });

  const set = useCallback(
    (next: ScreenDesign, merge = false) => dispatch({ kind: 'set', design: next, merge }),
    [],
  );
  const setComponents = (components: ScreenComponent[], merge = false) =>
    set({ ...design, components }, merge);
  const patch = (id: string, change: Partial<ScreenComponent>) =>
    setComponents(design.components.map((c) => (c.id === id ? { ...c, ...change } : c)));
  const one = selected.length === 1 ? design.components.find((c) => c.id === selected[0]) : undefined;
  const taken = new Set(design.components.map((c) => c.id));

  const add = (type: string, at = { x: 100, y: 100 }) => {
    const c = newComponent(type, at, taken);
    setComponents([...design.components, { ...c, z: design.components.length }]);
    setSelected([c.id]);
  };

  const onDrop = (e: React.DragEvent) => {
    e.preventDefault();
    const type = e.dataTransfer.getData('text/x-screen-component');
    const box = canvasRef.current?.getBoundingClientRect();
    if (!type || !box) return;
    add(type, { x: (e.clientX - box.left) / scale, y: (e.clientY - box.top) / scale });
  };

  const startDrag = (e: ReactPointerEvent, id: string, mode: Drag['mode']) => {
    e.stopPropagation();
    const c = design.components.find((x) => x.id === id);
    if (!c) return;
    const chosen = e.shiftKey
      ? selected.includes(id)
        ? selected.filter((s) => s !== id)
        : [...selected, id]
      : selected.includes(id)
        ? selected
        : [id];
    setSelected(chosen);
    if (c.locked || e.shiftKey) return;
    const origin = new Map(
      design.components
        .filter((x) => chosen.includes(x.id) && !x.locked)
        .map((x) => [x.id, { x: x.x, y: x.y, w: x.w, h: x.h }]),
    );
    drag.current = { mode, startX: e.clientX, startY: e.clientY, origin };
    set(design); // one undo step for the whole drag
    (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = (e.clientX - d.startX) / scale;
    const dy = (e.clientY - d.startY) / scale;
    setComponents(
      design.components.map((c) => {
        const o = d.origin.get(c.id);
        if (!o) return c;
        return d.mode === 'move'
          ? { ...c, x: snap(o.x + dx), y: snap(o.y + dy) }
          : { ...c, w: Math.max(SNAP, snap(o.w + dx)), h: Math.max(SNAP, snap(o.h + dy)) };
      }),
      true,
    );
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement | null)?.closest?.('input, textarea, select, .ant-select')) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      dispatch({ kind: e.shiftKey ? 'redo' : 'undo' });
    } else if (mod && e.key.toLowerCase() === 'y') {
      e.preventDefault();
      dispatch({ kind: 'redo' });
    } else if (mod && e.key.toLowerCase() === 'c') {
      clipboard.current = design.components.filter((c) => selected.includes(c.id));
    } else if (mod && e.key.toLowerCase() === 'v' && clipboard.current.length) {
      const copies = pasted(clipboard.current, taken);
      setComponents([...design.components, ...copies]);
      setSelected(copies.map((c) => c.id));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      if (!selected.length) return;
      e.preventDefault();
      setComponents(design.components.filter((c) => !selected.includes(c.id) || c.locked));
      setSelected([]);
    } else if (e.key.startsWith('Arrow') && selected.length) {
      e.preventDefault();
      const step = e.shiftKey ? SNAP : 1;
      const dx = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
      const dy = e.key === 'ArrowUp' ? -step : e.key === 'ArrowDown' ? step : 0;
      setComponents(
        design.components.map((c) =>
          selected.includes(c.id) && !c.locked ? { ...c, x: c.x + dx, y: c.y + dy } : c,
        ),
      );
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      await updateScreen(screen.id, {
        fullName: screen.fullName,
        category: screen.category,
        description: screen.description,
        design: JSON.stringify(design),
        version,
      });
      setVersion((v) => v + 1);
      toastSuccess(t('saved'));
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  // Shortcuts while the designer is open (it covers the page); typing in a field is left alone.
  const keys = useRef(onKeyDown);
  keys.current = onKeyDown;
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const ordered = design.components.map((c, i) => ({ c, i })).sort((a, b) => (a.c.z ?? a.i) - (b.c.z ?? b.i));

  return (
    <section className="dsd" data-testid="screen-designer" aria-label={t('designer.title')}>
      <div className="dsd-toolbar">
        <strong>{screen.fullName}</strong>
        <Space wrap>
          <span>{t('designer.size')}</span>
          <InputNumber
            aria-label={t('designer.width')}
            min={320}
            max={7680}
            value={design.width}
            onChange={(v) => v && set({ ...design, width: v })}
          />
          <InputNumber
            aria-label={t('designer.height')}
            min={320}
            max={7680}
            value={design.height}
            onChange={(v) => v && set({ ...design, height: v })}
          />
          <ColorPicker
            value={design.background?.color ?? '#0b1a33'}
            onChangeComplete={(c) =>
              set({ ...design, background: { ...design.background, color: c.toHexString() } })
            }
            showText={() => t('designer.background')}
          />
          <Input
            aria-label={t('designer.backgroundImage')}
            placeholder={t('designer.backgroundImage')}
            style={{ width: 200 }}
            value={design.background?.image ?? ''}
            onChange={(e) =>
              set({ ...design, background: { ...design.background, image: e.target.value || undefined } })
            }
          />
          <Button onClick={() => dispatch({ kind: 'undo' })} disabled={!history.past.length}>
            {t('designer.undo')}
          </Button>
          <Button onClick={() => dispatch({ kind: 'redo' })} disabled={!history.future.length}>
            {t('designer.redo')}
          </Button>
          {(['left', 'hcenter', 'right', 'top', 'vcenter', 'bottom'] as const).map((how) => (
            <Button
              key={how}
              size="small"
              disabled={selected.length < 2}
              onClick={() => setComponents(align(design.components, selected, how))}
            >
              {t(`designer.align.${how}`)}
            </Button>
          ))}
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('designer.save')}
          </Button>
          <Button onClick={() => onClose(true)}>{t('designer.close')}</Button>
        </Space>
      </div>
      <div className="dsd-body">
        <nav className="dsd-palette" aria-label={t('designer.palette')}>
          {SCREEN_COMPONENT_TYPES.map((type) => (
            <button
              type="button"
              key={type}
              className="dsd-palette-item"
              draggable
              data-type={type}
              onDragStart={(e) => e.dataTransfer.setData('text/x-screen-component', type)}
              onClick={() => add(type)}
            >
              {t(`types.${type}`)}
            </button>
          ))}
        </nav>
        <div
          className="dsd-stage"
          ref={ref}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
        >
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the canvas takes drops and pointer drags; the keyboard works through the shortcuts and the properties panel */}
          <div
            ref={canvasRef}
            className="dsd-canvas"
            onDragOver={(e) => e.preventDefault()}
            onDrop={onDrop}
            onPointerDown={() => setSelected([])}
            data-scale={scale.toFixed(3)}
            style={{
              width: design.width,
              height: design.height,
              transform: `translate(-50%, -50%) scale(${scale})`,
              ...backgroundOf(design),
            }}
          >
            {ordered.map(({ c }) =>
              c.hidden ? null : (
                <div
                  key={c.id}
                  className={`dsd-item${selected.includes(c.id) ? ' dsd-selected' : ''}${c.locked ? ' dsd-locked' : ''}`}
                  data-component={c.id}
                  style={{ left: c.x, top: c.y, width: c.w, height: c.h }}
                  onPointerDown={(e) => startDrag(e, c.id, 'move')}
                >
                  <div className="dsd-item-content">
                    <ScreenComponentView
                      component={c}
                      fetcher={null}
                      filters={{}}
                      setFilter={() => undefined}
                    />
                  </div>
                  {selected.includes(c.id) && !c.locked ? (
                    <span className="dsd-handle" onPointerDown={(e) => startDrag(e, c.id, 'resize')} />
                  ) : null}
                </div>
              ),
            )}
          </div>
        </div>
        <div className="dsd-side">
          <h4>{t('designer.layers')}</h4>
          <ul className="dsd-layers">
            {[...ordered].reverse().map(({ c }) => (
              <li key={c.id} className={selected.includes(c.id) ? 'dsd-layer-on' : ''}>
                <button
                  type="button"
                  className="dsd-layer-name"
                  onClick={(e) => setSelected(e.shiftKey ? [...selected, c.id] : [c.id])}
                >
                  {c.name ?? c.id}
                </button>
                <Tooltip title={t('designer.up')}>
                  <Button
                    size="small"
                    type="text"
                    onClick={() => setComponents(reorder(design.components, c.id, 1))}
                  >
                    ↑
                  </Button>
                </Tooltip>
                <Tooltip title={t('designer.down')}>
                  <Button
                    size="small"
                    type="text"
                    onClick={() => setComponents(reorder(design.components, c.id, -1))}
                  >
                    ↓
                  </Button>
                </Tooltip>
                <Button size="small" type="text" onClick={() => patch(c.id, { hidden: !c.hidden })}>
                  {c.hidden ? t('designer.show') : t('designer.hide')}
                </Button>
                <Button size="small" type="text" onClick={() => patch(c.id, { locked: !c.locked })}>
                  {c.locked ? t('designer.unlock') : t('designer.lock')}
                </Button>
              </li>
            ))}
          </ul>
          {one ? (
            <Properties
              key={one.id}
              component={one}
              design={design}
              interfaces={(interfaces.data ?? []).flatMap((n) => n.children ?? [])}
              onChange={(change) => patch(one.id, change)}
            />
          ) : (
            <p className="dsd-hint">{t('designer.hint')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function Properties({
  component: c,
  design,
  interfaces,
  onChange,
}: {
  component: ScreenComponent;
  design: ScreenDesign;
  interfaces: InterfaceNode[];
  onChange: (change: Partial<ScreenComponent>) => void;
}) {
  const { t } = useTranslation('dataScreen');
  const style = c.style ?? {};
  const data = c.data;
  const filters = design.components.filter((x) => x.type === 'filter' && x.id !== c.id);
  const num = (label: string, key: 'x' | 'y' | 'w' | 'h') => (
    <div className="dsd-field">
      <span>{label}</span>
      <InputNumber
        size="small"
        aria-label={label}
        value={c[key]}
        onChange={(v) => v !== null && onChange({ [key]: v })}
      />
    </div>
  );
  return (
    <section className="dsd-props" aria-label={t('designer.properties')}>
      <h4>{t('designer.properties')}</h4>
      <div className="dsd-field">
        <span>{t('designer.name')}</span>
        <Input
          size="small"
          aria-label={t('designer.name')}
          value={c.name ?? ''}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </div>
      <div className="dsd-grid2">
        {num('X', 'x')}
        {num('Y', 'y')}
        {num(t('designer.w'), 'w')}
        {num(t('designer.h'), 'h')}
      </div>
      {(STYLE_FIELDS[c.type] ?? []).map((key) => (
        <div className="dsd-field" key={key}>
          <span>{t(`style.${key}`)}</span>
          {key === 'horizontal' ? (
            <Switch
              size="small"
              checked={style[key] === true}
              onChange={(v) => onChange({ style: { ...style, [key]: v } })}
            />
          ) : NUMERIC.has(key) ? (
            <InputNumber
              size="small"
              aria-label={t(`style.${key}`)}
              value={Number(style[key]) || undefined}
              onChange={(v) => onChange({ style: { ...style, [key]: v ?? 0 } })}
            />
          ) : (
            <Input
              size="small"
              aria-label={t(`style.${key}`)}
              value={String(style[key] ?? '')}
              onChange={(e) => onChange({ style: { ...style, [key]: e.target.value } })}
            />
          )}
        </div>
      ))}
      {SCREEN_DATA_TYPES.has(c.type) ? (
        <>
          <h4>{t('designer.data')}</h4>
          <Select
            size="small"
            aria-label={t('designer.dataKind')}
            style={{ width: '100%' }}
            value={data?.kind ?? 'none'}
            options={['none', 'static', 'interface', 'sql'].map((k) => ({
              value: k,
              label: t(`dataKinds.${k}`),
            }))}
            onChange={(kind) =>
              onChange({
                data:
                  kind === 'static'
                    ? { kind: 'static', json: '[]' }
                    : kind === 'interface'
                      ? { kind: 'interface', interfaceId: interfaces[0]?.id ?? '', params: [] }
                      : kind === 'sql'
                        ? { kind: 'sql', dbLinkId: '0', sql: 'SELECT 1 AS value', params: [] }
                        : undefined,
              })
            }
          />
          {data?.kind === 'static' ? (
            <Input.TextArea
              aria-label={t('dataKinds.static')}
              rows={5}
              value={data.json}
              onChange={(e) => onChange({ data: { ...data, json: e.target.value } })}
            />
          ) : null}
          {data?.kind === 'interface' ? (
            <Select
              size="small"
              showSearch
              optionFilterProp="label"
              aria-label={t('dataKinds.interface')}
              style={{ width: '100%' }}
              value={data.interfaceId || undefined}
              options={interfaces.map((i) => ({ value: i.id, label: i.fullName }))}
              onChange={(interfaceId) => onChange({ data: { ...data, interfaceId } })}
            />
          ) : null}
          {data?.kind === 'sql' ? (
            <>
              <Input
                size="small"
                aria-label={t('designer.dbLink')}
                prefix={t('designer.dbLink')}
                value={data.dbLinkId}
                onChange={(e) => onChange({ data: { ...data, dbLinkId: e.target.value } })}
              />
              <Input.TextArea
                aria-label={t('dataKinds.sql')}
                rows={5}
                value={data.sql}
                onChange={(e) => onChange({ data: { ...data, sql: e.target.value } })}
              />
            </>
          ) : null}
          {data && data.kind !== 'static' && filters.length ? (
            <div className="dsd-field">
              <span>{t('designer.linkFilter')}</span>
              <Select
                size="small"
                allowClear
                aria-label={t('designer.linkFilter')}
                style={{ width: '100%' }}
                value={data.params.find((p) => p.fromFilter)?.fromFilter}
                options={filters.map((f) => ({ value: f.id, label: f.name ?? f.id }))}
                onChange={(fromFilter?: string) =>
                  onChange({
                    data: {
                      ...data,
                      params: fromFilter
                        ? [{ field: String(style.filterParam ?? 'filter'), fromFilter }]
                        : [],
                    },
                  })
                }
              />
            </div>
          ) : null}
          <div className="dsd-field">
            <span>{t('designer.category')}</span>
            <Input
              size="small"
              aria-label={t('designer.category')}
              value={c.mapping?.category ?? ''}
              onChange={(e) => onChange({ mapping: { ...c.mapping, category: e.target.value || undefined } })}
            />
          </div>
          <div className="dsd-field">
            <span>{t('designer.series')}</span>
            <Input
              size="small"
              aria-label={t('designer.series')}
              placeholder="value,count"
              value={(c.mapping?.series ?? []).join(',')}
              onChange={(e) => {
                const series = e.target.value
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean);
                onChange({ mapping: { ...c.mapping, series: series.length ? series : undefined } });
              }}
            />
          </div>
          <div className="dsd-field">
            <span>{t('designer.refresh')}</span>
            <InputNumber
              size="small"
              min={0}
              max={86400}
              aria-label={t('designer.refresh')}
              value={c.refresh ?? 0}
              onChange={(v) => onChange({ refresh: v || undefined })}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
