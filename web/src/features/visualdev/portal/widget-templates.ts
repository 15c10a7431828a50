import type { PortalLayoutItem } from '@console/shared';

/** The keys the palette offers, with the size a new one starts at. */
export const PALETTE: { key: string; w: number; h: number }[] = [
  { key: 'text', w: 24, h: 2 },
  { key: 'card', w: 8, h: 5 },
  { key: 'dataBoard', w: 24, h: 4 },
  { key: 'barChart', w: 12, h: 9 },
  { key: 'lineChart', w: 12, h: 9 },
  { key: 'pieChart', w: 12, h: 9 },
  { key: 'tableList', w: 12, h: 9 },
  { key: 'todo', w: 12, h: 5 },
  { key: 'todoList', w: 8, h: 8 },
  { key: 'notice', w: 8, h: 8 },
  { key: 'email', w: 8, h: 8 },
  { key: 'commonFunc', w: 8, h: 8 },
  { key: 'timeAxis', w: 12, h: 8 },
  { key: 'image', w: 12, h: 8 },
  { key: 'iframe', w: 12, h: 8 },
];

/** A new widget of a key at a place, with a fresh id. */
export function newWidget(
  key: string,
  box: Pick<PortalLayoutItem, 'x' | 'y' | 'w' | 'h'>,
  existing: readonly { i: string }[],
) {
  let n = existing.length + 1;
  while (existing.some((item) => item.i === `${key}${n}`)) n += 1;
  return { i: `${key}${n}`, ...box, jnpfKey: key } as PortalLayoutItem;
}
