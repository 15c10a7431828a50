import { type FlowNode, readFlowTree } from '@console/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How far a node of the tree has come in this task. */
export type NodeState = 'done' | 'current' | 'pending';

export interface TaskNodeFact {
  nodeCode: string;
  completion: number;
  state: number;
}

const NODE_W = 168;
const NODE_H = 48;
const GAP_Y = 32;
const GAP_X = 24;
const MARGIN = 16;
const END_CODE = '__end__';

const COLORS: Record<NodeState, { stroke: string; fill: string }> = {
  done: { stroke: '#52c41a', fill: '#f6ffed' },
  current: { stroke: '#1677ff', fill: '#e6f4ff' },
  pending: { stroke: '#bfbfbf', fill: '#fafafa' },
};

/**
 * The state of each node code: a live task node still waiting is current while the task runs, a
 * passed one is done; codes the task never reached are pending. A draft, returned or withdrawn
 * task waits at its start; the end is done once the task is approved.
 */
export function nodeStates(
  nodes: readonly TaskNodeFact[],
  taskStatus: number,
  startCode: string,
): Map<string, NodeState> {
  const states = new Map<string, NodeState>();
  if ([0, 3, 4].includes(taskStatus)) states.set(startCode, 'current');
  for (const node of nodes) {
    if (node.state === -1) continue;
    if (node.completion === 0 && taskStatus === 1) states.set(node.nodeCode, 'current');
    else if (node.completion === 1 && !states.has(node.nodeCode)) states.set(node.nodeCode, 'done');
  }
  if (taskStatus === 2) states.set(END_CODE, 'done');
  return states;
}

interface Laid {
  width: number;
  height: number;
  /** Draws itself with its top centre at (cx, top). */
  draw(cx: number, top: number, out: ReactNode[]): void;
}

const line = (key: string, x1: number, y1: number, x2: number, y2: number) => (
  <line key={key} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#8c8c8c" strokeWidth={1.5} />
);

function box(code: string, title: string, kind: string, state: NodeState, dashed = false): Laid {
  const { stroke, fill } = COLORS[state];
  return {
    width: NODE_W,
    height: NODE_H,
    draw(cx, top, out) {
      out.push(
        <g key={`n-${code}`} data-testid="flow-chart-node" data-state={state} data-node={code}>
          <title>{`${title} · ${kind}`}</title>
          <rect
            x={cx - NODE_W / 2}
            y={top}
            width={NODE_W}
            height={NODE_H}
            rx={6}
            fill={fill}
            stroke={stroke}
            strokeWidth={state === 'current' ? 3 : 1.5}
            strokeDasharray={dashed ? '4 3' : undefined}
          />
          <text x={cx} y={top + 20} textAnchor="middle" fontSize={13} fontWeight={600} fill="#262626">
            {title.length > 12 ? `${title.slice(0, 11)}…` : title}
          </text>
          <text x={cx} y={top + 38} textAnchor="middle" fontSize={11} fill="#8c8c8c">
            {kind}
          </text>
        </g>,
      );
    },
  };
}

/** Parts stacked top to bottom, joined by a line at the centre. */
function stack(parts: Laid[]): Laid {
  return {
    width: Math.max(0, ...parts.map((p) => p.width)),
    height: parts.reduce((sum, p) => sum + p.height, 0) + GAP_Y * Math.max(0, parts.length - 1),
    draw(cx, top, out) {
      let y = top;
      parts.forEach((part, index) => {
        if (index > 0) {
          out.push(line(`v-${cx}-${y}`, cx, y - GAP_Y, cx, y));
        }
        part.draw(cx, y, out);
        y += part.height + GAP_Y;
      });
    },
  };
}

/** Branches side by side between a split bar and a join bar. */
function branches(code: string, items: Laid[]): Laid {
  const width = items.reduce((sum, b) => sum + b.width, 0) + GAP_X * (items.length - 1);
  const inner = Math.max(...items.map((b) => b.height));
  return {
    width,
    height: inner + GAP_Y,
    draw(cx, top, out) {
      let x = cx - width / 2;
      const centres = items.map((b) => {
        const centre = x + b.width / 2;
        x += b.width + GAP_X;
        return centre;
      });
      const first = centres[0] ?? cx;
      const last = centres[centres.length - 1] ?? cx;
      const bottom = top + inner + GAP_Y;
      out.push(line(`split-${code}`, first, top, last, top));
      out.push(line(`join-${code}`, first, bottom, last, bottom));
      items.forEach((b, i) => {
        const centre = centres[i] ?? cx;
        b.draw(centre, top + GAP_Y / 2, out);
        out.push(line(`in-${code}-${i}`, centre, top, centre, top + GAP_Y / 2));
        out.push(line(`out-${code}-${i}`, centre, top + GAP_Y / 2 + b.height, centre, bottom));
      });
    },
  };
}

type Kinds = (key: string) => string;

function chain(node: FlowNode | undefined, states: Map<string, NodeState>, kind: Kinds): Laid[] {
  const parts: Laid[] = [];
  for (let current = node; current; current = current.childNode) {
    const title = String((current.properties as { title?: unknown }).title ?? '');
    if (current.type !== 'empty') {
      // A condition shows whether its branch was taken: the state of the branch's first node.
      const shownCode = current.type === 'condition' ? current.childNode?.nodeId : current.nodeId;
      const state = (shownCode && states.get(shownCode)) || 'pending';
      parts.push(box(current.nodeId, title, kind(current.type), state, current.type === 'condition'));
    }
    if (current.conditionNodes?.length) {
      parts.push(
        branches(
          current.nodeId,
          current.conditionNodes.map((branch) => stack(chain(branch, states, kind))),
        ),
      );
    }
  }
  return parts;
}

/** The flow's node tree drawn top-down, each node marked done, current or not reached. */
export function FlowChart({
  flowTemplateJson,
  nodes,
  taskStatus,
}: {
  flowTemplateJson: string;
  nodes: readonly TaskNodeFact[];
  taskStatus: number;
}) {
  const { t } = useTranslation('workflow');
  let root: FlowNode;
  try {
    root = readFlowTree(flowTemplateJson);
  } catch {
    return null;
  }
  const states = nodeStates(nodes, taskStatus, root.nodeId);
  const kind = (type: string) => t(`chart.kind.${type}`);
  const end = box(END_CODE, t('chart.end'), '', states.get(END_CODE) ?? 'pending');
  const whole = stack([...chain(root, states, kind), end]);
  const out: ReactNode[] = [];
  const width = whole.width + MARGIN * 2;
  whole.draw(width / 2, MARGIN, out);
  return (
    <div style={{ overflowX: 'auto' }}>
      <div style={{ display: 'flex', gap: 16, marginBottom: 8 }}>
        {(['done', 'current', 'pending'] as const).map((state) => (
          <span key={state} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <span
              style={{
                width: 12,
                height: 12,
                borderRadius: 2,
                border: `2px solid ${COLORS[state].stroke}`,
                background: COLORS[state].fill,
              }}
            />
            {t(`chart.${state}`)}
          </span>
        ))}
      </div>
      <svg
        role="img"
        aria-label={t('chart.title')}
        data-testid="workflow-flow-chart"
        width={width}
        height={whole.height + MARGIN * 2}
        viewBox={`0 0 ${width} ${whole.height + MARGIN * 2}`}
      >
        {out}
      </svg>
    </div>
  );
}
