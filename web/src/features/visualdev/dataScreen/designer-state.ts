import type { ScreenComponent, ScreenDesign } from '@console/shared';

/** Grid the designer snaps positions and sizes to. */
export const SNAP = 10;
export const snap = (v: number) => Math.round(v / SNAP) * SNAP;

/** A component of `type` as dropped from the palette, with defaults that show something at once. */
export function newComponent(
  type: string,
  at: { x: number; y: number },
  taken: Set<string>,
): ScreenComponent {
  let n = 1;
  while (taken.has(`${type}${n}`)) n++;
  const id = `${type}${n}`;
  const sizes: Record<string, [number, number]> = {
    title: [800, 80],
    text: [300, 50],
    clock: [320, 50],
    flipNumber: [360, 100],
    divider: [600, 10],
    border: [500, 360],
    progress: [400, 50],
    filter: [320, 50],
    scrollTable: [520, 320],
    ranking: [420, 320],
  };
  const [w, h] = sizes[type] ?? [480, 320];
  const sample = '[{"name":"A","value":12},{"name":"B","value":20},{"name":"C","value":8}]';
  const withData = [
    'bar',
    'line',
    'area',
    'pie',
    'ring',
    'radar',
    'scatter',
    'funnel',
    'scrollTable',
    'ranking',
  ];
  const style: Record<string, string | number | boolean> =
    type === 'title'
      ? { text: '标题', fontSize: 40, color: '#e6f1ff' }
      : type === 'text'
        ? { text: '文本', fontSize: 20 }
        : type === 'map'
          ? { mapCode: '100001' }
          : type === 'gauge' || type === 'progress' || type === 'flipNumber'
            ? { value: 66, max: 100 }
            : {};
  return {
    id,
    type,
    name: id,
    x: snap(at.x),
    y: snap(at.y),
    w,
    h,
    style,
    ...(withData.includes(type) ? { data: { kind: 'static' as const, json: sample } } : {}),
  };
}

export interface History {
  past: ScreenDesign[];
  present: ScreenDesign;
  future: ScreenDesign[];
}

export type Action =
  | { kind: 'set'; design: ScreenDesign; merge?: boolean }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'reset'; design: ScreenDesign };

/** Undo/redo history; `merge` folds a drag's many moves into one step. */
export function historyReducer(state: History, action: Action): History {
  switch (action.kind) {
    case 'reset':
      return { past: [], present: action.design, future: [] };
    case 'set':
      if (action.merge) return { ...state, present: action.design };
      return { past: [...state.past.slice(-99), state.present], present: action.design, future: [] };
    case 'undo': {
      const prev = state.past.at(-1);
      return prev
        ? { past: state.past.slice(0, -1), present: prev, future: [state.present, ...state.future] }
        : state;
    }
    case 'redo': {
      const next = state.future[0];
      return next
        ? { past: [...state.past, state.present], present: next, future: state.future.slice(1) }
        : state;
    }
  }
}

/** Aligns the chosen components' edges or centres to the first one's. */
export function align(
  components: ScreenComponent[],
  ids: string[],
  how: 'left' | 'right' | 'top' | 'bottom' | 'hcenter' | 'vcenter',
): ScreenComponent[] {
  const chosen = components.filter((c) => ids.includes(c.id) && !c.locked);
  if (chosen.length < 2) return components;
  const left = Math.min(...chosen.map((c) => c.x));
  const right = Math.max(...chosen.map((c) => c.x + c.w));
  const top = Math.min(...chosen.map((c) => c.y));
  const bottom = Math.max(...chosen.map((c) => c.y + c.h));
  return components.map((c) => {
    if (!chosen.includes(c)) return c;
    switch (how) {
      case 'left':
        return { ...c, x: left };
      case 'right':
        return { ...c, x: right - c.w };
      case 'top':
        return { ...c, y: top };
      case 'bottom':
        return { ...c, y: bottom - c.h };
      case 'hcenter':
        return { ...c, x: Math.round((left + right) / 2 - c.w / 2) };
      case 'vcenter':
        return { ...c, y: Math.round((top + bottom) / 2 - c.h / 2) };
      default:
        return c;
    }
  });
}

/** Moves a component one layer up or down (z order = array order). */
export function reorder(components: ScreenComponent[], id: string, delta: -1 | 1): ScreenComponent[] {
  const i = components.findIndex((c) => c.id === id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= components.length) return components;
  const out = [...components];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out.map((c, k) => ({ ...c, z: k }));
}

/** Pasted copies: new ids, offset by one grid step twice. */
export function pasted(copies: ScreenComponent[], taken: Set<string>): ScreenComponent[] {
  const ids = new Set(taken);
  return copies.map((c) => {
    let n = 1;
    while (ids.has(`${c.id}_${n}`)) n++;
    const id = `${c.id}_${n}`.slice(0, 64);
    ids.add(id);
    return { ...c, id, name: `${c.name ?? c.id}`, x: c.x + SNAP * 2, y: c.y + SNAP * 2, locked: false };
  });
}
