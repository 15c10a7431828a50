import {
  type ApproverProperties,
  type ConditionProperties,
  evaluateConditions,
  type FlowNode,
  type SplitType,
  type StartProperties,
  type SubFlowProperties,
  type TimerProperties,
} from '@console/shared';
import { badRequest } from '../../core/errors.js';

/**
 * The node tree compiled into a graph the engine walks (workflow.md 2.1). Real nodes are the
 * ones a task stops at: start, approver, sub-flow and timer. Everything else (condition
 * nodes, empty holders) is an edge: after a real node comes another real node, a split, the
 * join of the split the node sits in, or the end.
 *
 * A split's branches carry the split's id on their nodes' `within` list; a branch that runs out
 * reaches the join, which goes on only when no live node inside the split is left (parallel and
 * chosen branches wait for each other; an exclusive branch is alone).
 */
export type Edge =
  | { kind: 'node'; code: string }
  | { kind: 'split'; id: string }
  | { kind: 'join'; id: string }
  | { kind: 'end' };

export type RealNode =
  | { code: string; type: 'start'; title: string; properties: StartProperties; next: Edge; within: string[] }
  | {
      code: string;
      type: 'approver';
      title: string;
      properties: ApproverProperties;
      next: Edge;
      within: string[];
    }
  | {
      code: string;
      type: 'subFlow';
      title: string;
      properties: SubFlowProperties;
      next: Edge;
      within: string[];
    }
  | { code: string; type: 'timer'; title: string; properties: TimerProperties; next: Edge; within: string[] };

export interface Branch {
  /** The condition node's id, or the code of the branch's first node. */
  code: string;
  title: string;
  condition?: ConditionProperties;
  edge: Edge;
}

export interface Split {
  id: string;
  type: SplitType;
  branches: Branch[];
  join: Edge;
  within: string[];
}

export interface FlowGraph {
  start: RealNode & { type: 'start' };
  nodes: Map<string, RealNode>;
  splits: Map<string, Split>;
}

const REAL = new Set(['start', 'approver', 'subFlow', 'timer']);

/** Compiles a validated tree (FlowTree). */
export function compileFlow(root: FlowNode): FlowGraph {
  const nodes = new Map<string, RealNode>();
  const splits = new Map<string, Split>();

  /** The edge into `node` (a chain element), continuing with `after` when the chain ends. */
  const enter = (node: FlowNode | undefined, after: Edge, within: string[]): Edge => {
    if (!node) return after;
    const rest = enter(node.childNode, after, within);
    const afterSelf = node.conditionNodes ? split(node, rest, within) : rest;
    if (REAL.has(node.type)) {
      nodes.set(node.nodeId, {
        code: node.nodeId,
        type: node.type,
        title: String(node.properties.title ?? node.type),
        properties: node.properties,
        next: afterSelf,
        within,
      } as RealNode);
      return { kind: 'node', code: node.nodeId };
    }
    return afterSelf;
  };

  const split = (node: FlowNode, join: Edge, within: string[]): Edge => {
    const id = `${node.nodeId}:split`;
    const type: SplitType = node.conditionType ?? 'condition';
    const inside = [...within, id];
    const branches: Branch[] = (node.conditionNodes ?? []).map((branch) => {
      if (branch.type === 'condition')
        return {
          code: branch.nodeId,
          title: branch.properties.title,
          condition: branch.properties,
          edge: enter(branch.childNode, { kind: 'join', id }, inside),
        };
      return {
        code: branch.nodeId,
        title: String(branch.properties.title ?? branch.nodeId),
        edge: enter(branch, { kind: 'join', id }, inside),
      };
    });
    splits.set(id, { id, type, branches, join, within });
    return { kind: 'split', id };
  };

  enter(root, { kind: 'end' }, []);
  const start = nodes.get(root.nodeId);
  if (start?.type !== 'start') throw new Error('flow has no start node');
  return { start, nodes, splits };
}

/** What a walk along edges reached: real nodes to activate, joins to try, and whether it ended. */
export interface Reached {
  nodes: string[];
  joins: string[];
  end: boolean;
}

/** The branch(es) a split takes for this form data (exclusive: first match by priority, else default). */
export function chooseBranches(
  split: Split,
  formData: Record<string, unknown>,
  branchList: string[],
): Branch[] {
  if (split.type === 'interflow') return split.branches;
  if (split.type === 'branchFlow') {
    const chosen = split.branches.filter((b) => branchList.includes(b.code));
    if (chosen.length === 0)
      throw badRequest(
        `请选择分支：${split.branches.map((b) => `${b.title}(${b.code})`).join('、')}`,
        split.branches.map((b) => ({ nodeId: b.code, nodeName: b.title, isBranchFlow: true })),
      );
    return chosen;
  }
  const ordered = [...split.branches].sort(
    (a, b) => (a.condition?.priority ?? 0) - (b.condition?.priority ?? 0),
  );
  const match = ordered.find(
    (b) => b.condition && !b.condition.isDefault && evaluateConditions(b.condition.conditions, formData),
  );
  const chosen = match ?? ordered.find((b) => b.condition?.isDefault);
  if (!chosen)
    throw badRequest(
      `没有满足条件的分支：${split.branches.map((b) => b.title).join('、')}的条件都不成立，且没有“其他情况”分支`,
    );
  return [chosen];
}

/** Follows an edge through splits (choosing branches) up to real nodes, joins and the end. */
export function walk(
  graph: FlowGraph,
  edge: Edge,
  formData: Record<string, unknown>,
  branchList: string[],
  into: Reached = { nodes: [], joins: [], end: false },
): Reached {
  if (edge.kind === 'node') into.nodes.push(edge.code);
  else if (edge.kind === 'end') into.end = true;
  else if (edge.kind === 'join') into.joins.push(edge.id);
  else {
    const split = graph.splits.get(edge.id);
    if (!split) throw new Error(`unknown split ${edge.id}`);
    for (const branch of chooseBranches(split, formData, branchList))
      walk(graph, branch.edge, formData, branchList, into);
  }
  return into;
}
