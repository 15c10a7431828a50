import type { PortalLayoutItem } from '@console/shared';
import { describe, expect, it } from 'vitest';
import { clampBox, layoutRows, placeItem } from './layout';

const item = (i: string, x: number, y: number, w: number, h: number): PortalLayoutItem => ({
  i,
  x,
  y,
  w,
  h,
  jnpfKey: 'card',
});

const overlap = (a: PortalLayoutItem, b: PortalLayoutItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('portal layout', () => {
  it('keeps a box on the 24-column grid', () => {
    expect(clampBox({ x: 22, y: -3, w: 6, h: 0 })).toEqual({ x: 18, y: 0, w: 6, h: 1 });
    expect(clampBox({ x: 1.6, y: 2.4, w: 30, h: 4 })).toEqual({ x: 0, y: 2, w: 24, h: 4 });
  });

  it('moves a widget onto another: the other is pushed below it, nothing overlaps, order is kept', () => {
    const layout = [item('a', 0, 0, 12, 4), item('b', 12, 0, 12, 4), item('c', 0, 4, 24, 3)];
    const next = placeItem(layout, 'c', { x: 0, y: 0, w: 24, h: 3 });
    expect(next.map((n) => n.i)).toEqual(['a', 'b', 'c']);
    expect(next.find((n) => n.i === 'c')).toMatchObject({ x: 0, y: 0 });
    expect(next.find((n) => n.i === 'a')).toMatchObject({ y: 3 });
    expect(next.find((n) => n.i === 'b')).toMatchObject({ y: 3 });
    for (const a of next) for (const b of next) if (a !== b) expect(overlap(a, b)).toBe(false);
  });

  it('floats widgets up into room a moved widget left, and grows a resized one', () => {
    const layout = [item('a', 0, 0, 24, 2), item('b', 0, 2, 24, 2)];
    const moved = placeItem(layout, 'a', { x: 0, y: 10, w: 24, h: 2 });
    expect(moved.find((n) => n.i === 'b')).toMatchObject({ y: 0 });
    const resized = placeItem(layout, 'a', { x: 0, y: 0, w: 24, h: 5 });
    expect(resized.find((n) => n.i === 'b')).toMatchObject({ y: 5 });
    expect(layoutRows(resized)).toBe(7);
  });
});
