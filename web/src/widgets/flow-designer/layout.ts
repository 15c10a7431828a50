import type { DesignNode } from './tree';

/**
 * Top-down layout of the tree, as JNPF draws it: a chain is a column; a split is a small gateway
 * card with its branches side by side below it, joined again in a point before what follows.
 * Answers plain positioned boxes and links; the canvas turns them into its nodes and edges.
 */

export const CARD_W = 220;
export const CARD_H = 84;
const GATEWAY_H = 36;
const JOIN_H = 8;
const GAP_Y = 56;
const GAP_X = 40;

export type BoxKind = 'card' | 'gateway' | 'join' | 'end';

export interface Box {
  id: string;
  kind: BoxKind;
  x: number;
  y: number;
  width: number;
  height: number;
  node?: DesignNode;
}

export interface Link {
  id: string;
  source: string;
  target: string;
  /** The node a new node would follow when added on this link (none: no + on it). */
  insertAfter?: string;
}

export interface Layout {
  boxes: Box[];
  links: Link[];
}

export const END_ID = '__end__';

/** Width a chain needs: its widest member. */
function chainWidth(node: DesignNode | undefined): number {
  let width = CARD_W;
  for (let n = node; n; n = n.childNode) width = Math.max(width, nodeWidth(n));
  return width;
}

function nodeWidth(node: DesignNode): number {
  if (!node.conditionNodes) return CARD_W;
  const branches = node.conditionNodes.map((b) => chainWidth(b));
  return Math.max(CARD_W, branches.reduce((sum, w) => sum + w, 0) + GAP_X * (branches.length - 1));
}

export function layoutTree(root: DesignNode): Layout {
  const boxes: Box[] = [];
  const links: Link[] = [];
  const link = (source: string, target: string, insertAfter?: string) =>
    links.push({ id: `${source}->${target}`, source, target, ...(insertAfter ? { insertAfter } : {}) });

  /**
   * Places a chain centred on cx from y. `enter` are the boxes linking into its first node and
   * the node a + there would follow. Answers the chain's exits and the y below it.
   */
  const place = (
    head: DesignNode | undefined,
    cx: number,
    top: number,
    enter: { from: string[]; after: string | undefined },
  ): { from: string[]; after: string | undefined; bottom: number } => {
    let y = top;
    let from = enter.from;
    let after = enter.after;
    for (let node = head; node; node = node.childNode) {
      if (!node.conditionNodes) {
        boxes.push({
          id: node.nodeId,
          kind: 'card',
          x: cx - CARD_W / 2,
          y,
          width: CARD_W,
          height: CARD_H,
          node,
        });
        for (const source of from) link(source, node.nodeId, after);
        from = [node.nodeId];
        after = node.nodeId;
        y += CARD_H + GAP_Y;
        continue;
      }
      const split = node;
      const branches = node.conditionNodes;
      boxes.push({
        id: split.nodeId,
        kind: 'gateway',
        x: cx - CARD_W / 2,
        y,
        width: CARD_W,
        height: GATEWAY_H,
        node: split,
      });
      for (const source of from) link(source, split.nodeId, after);
      y += GATEWAY_H + GAP_Y;
      const widths = branches.map((b) => chainWidth(b));
      const total = widths.reduce((sum, w) => sum + w, 0) + GAP_X * (widths.length - 1);
      let left = cx - total / 2;
      let bottom = y;
      const ends: { from: string[]; after: string | undefined }[] = [];
      branches.forEach((branch, i) => {
        const width = widths[i] ?? CARD_W;
        const placed = place(branch, left + width / 2, y, { from: [split.nodeId], after: undefined });
        ends.push(placed);
        bottom = Math.max(bottom, placed.bottom);
        left += width + GAP_X;
      });
      const joinId = `join:${split.nodeId}`;
      boxes.push({
        id: joinId,
        kind: 'join',
        x: cx - JOIN_H / 2,
        y: bottom - GAP_Y / 2,
        width: JOIN_H,
        height: JOIN_H,
      });
      for (const end of ends) for (const source of end.from) link(source, joinId, end.after);
      from = [joinId];
      after = split.nodeId;
      y = bottom - GAP_Y / 2 + JOIN_H + GAP_Y;
    }
    return { from, after, bottom: y };
  };

  const width = chainWidth(root);
  const placed = place(root, width / 2, 0, { from: [], after: undefined });
  boxes.push({ id: END_ID, kind: 'end', x: width / 2 - 60, y: placed.bottom, width: 120, height: 40 });
  for (const source of placed.from) link(source, END_ID, placed.after);
  return { boxes, links };
}
