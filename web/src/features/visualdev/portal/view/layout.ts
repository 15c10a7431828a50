import { PORTAL_COLUMNS, type PortalLayoutItem } from '@console/shared';

export type Box = Pick<PortalLayoutItem, 'x' | 'y' | 'w' | 'h'>;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A box kept on the grid: at least one cell, within the columns, not above the top. */
export function clampBox(box: Box): Box {
  const w = Math.min(Math.max(1, Math.round(box.w)), PORTAL_COLUMNS);
  const h = Math.min(Math.max(1, Math.round(box.h)), 100);
  const x = Math.min(Math.max(0, Math.round(box.x)), PORTAL_COLUMNS - w);
  const y = Math.max(0, Math.round(box.y));
  return { x, y, w, h };
}

/** Moves every item up as far as it goes without overlapping `fixed` or the items above it. */
function compact<T extends PortalLayoutItem>(items: T[], fixed: Box[]): T[] {
  const placed: Box[] = [...fixed];
  const out: T[] = [];
  for (const item of [...items].sort((a, b) => a.y - b.y || a.x - b.x)) {
    let y = item.y;
    while (y > 0 && !placed.some((p) => overlaps({ ...item, y: y - 1 }, p))) y -= 1;
    const next = { ...item, y };
    placed.push(next);
    out.push(next);
  }
  return out;
}

/**
 * The layout after one widget is placed at `box`: it keeps that place, widgets it now covers are
 * pushed down below it (and what they then cover, in turn), and the rest float up into free room.
 * Item order is kept, so saving a layout only changes places.
 */
export function placeItem<T extends PortalLayoutItem>(layout: readonly T[], id: string, box: Box): T[] {
  const target = layout.find((item) => item.i === id);
  if (!target) return [...layout];
  const moved = { ...target, ...clampBox(box) };
  const settled: T[] = [moved];
  const others = layout.filter((item) => item.i !== id).sort((a, b) => a.y - b.y || a.x - b.x);
  for (const item of others) {
    let next = { ...item };
    let blocker = settled.find((p) => overlaps(next, p));
    while (blocker) {
      next = { ...next, y: blocker.y + blocker.h };
      blocker = settled.find((p) => overlaps(next, p));
    }
    settled.push(next);
  }
  // Everything but the moved widget floats up; the moved one stays where it was dropped.
  const floated = compact(
    settled.filter((item) => item.i !== id),
    [moved],
  );
  const byId = new Map([...floated, moved].map((item) => [item.i, item]));
  return layout.map((item) => byId.get(item.i)!);
}

/** Rows the layout takes (the lowest bottom edge). */
export const layoutRows = (layout: readonly Box[]) =>
  layout.reduce((rows, item) => Math.max(rows, item.y + item.h), 0);

/** A free spot for a new widget of this size: the bottom of the layout, at the left. */
export const nextFreeBox = (layout: readonly Box[], w: number, h: number): Box => ({
  x: 0,
  y: layoutRows(layout),
  w,
  h,
});
