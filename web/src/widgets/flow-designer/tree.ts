import type { SplitType } from '@console/shared';

/**
 * The flow designer's node tree (workflow.md 2.1) and the edits the designer makes to it. The tree
 * is the source of truth: every edit answers a new tree (the old one is kept for undo) and the
 * canvas is computed from it.
 */

export type NodeKind = 'start' | 'approver' | 'subFlow' | 'condition' | 'timer' | 'empty';
export type Props = Record<string, unknown> & { title?: string };

export interface DesignNode {
  type: NodeKind;
  nodeId: string;
  prevId?: string;
  content?: string;
  properties: Props;
  childNode?: DesignNode | undefined;
  conditionNodes?: DesignNode[] | undefined;
  conditionType?: SplitType | undefined;
  isInterflow?: boolean;
  isBranchFlow?: boolean;
}

/** What the + button after a node may add. */
export type AddKind = 'approver' | 'subFlow' | 'timer' | SplitType;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A short base-62 node id, as JNPF's designer makes them. */
export function newNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

const TIMING_INHERIT = { on: 2 };

export function approverNode(title = '审批节点'): DesignNode {
  return {
    type: 'approver',
    nodeId: newNodeId(),
    properties: {
      title,
      assigneeType: 6,
      approvers: [],
      approverPos: [],
      approverRole: [],
      approverOrg: [],
      approverGroup: [],
      counterSign: 0,
      countersignRatio: 100,
      progress: 50,
      rejectType: 1,
      rejectStep: '0',
      hasSign: false,
      hasOpinion: true,
      hasAuditBtn: true,
      auditBtnText: '通 过',
      hasRejectBtn: true,
      rejectBtnText: '退 回',
      hasRevokeBtn: true,
      revokeBtnText: '撤 回',
      hasTransferBtn: true,
      transferBtnText: '转 审',
      hasFreeApproverBtn: false,
      hasFreeApproverBtnText: '加 签',
      hasSaveBtn: false,
      saveBtnText: '暂 存',
      hasPrintBtn: false,
      printBtnText: '打 印',
      formOperates: [],
      timeLimitConfig: { ...TIMING_INHERIT },
      noticeConfig: { ...TIMING_INHERIT },
      overTimeConfig: { ...TIMING_INHERIT },
    },
  };
}

export function startNode(): DesignNode {
  return {
    type: 'start',
    nodeId: newNodeId(),
    properties: {
      title: '流程发起',
      formId: '',
      initiator: [],
      initiatePos: [],
      initiateRole: [],
      initiateOrg: [],
      initiateGroup: [],
      formOperates: [],
      titleType: 0,
      titleContent: '',
      errorRule: 1,
      hasSubmitBtn: true,
      submitBtnText: '提 交',
      hasSaveBtn: true,
      saveBtnText: '暂 存',
      hasRevokeBtn: true,
      revokeBtnText: '撤 回',
      hasPressBtn: true,
      pressBtnText: '催 办',
      hasPrintBtn: false,
      printBtnText: '打 印',
      isComment: false,
      isBatchApproval: false,
      isSummary: false,
      summaryType: 0,
      timeLimitConfig: { on: 0, nodeLimit: 0, duringDeal: 24 },
      noticeConfig: { on: 0, firstOver: 0, overTimeDuring: 0 },
      overTimeConfig: { on: 0, firstOver: 0, overTimeDuring: 0 },
    },
  };
}

function subFlowNode(): DesignNode {
  return {
    type: 'subFlow',
    nodeId: newNodeId(),
    properties: {
      title: '子流程',
      flowId: '',
      initiateType: 3,
      initiator: [],
      assignList: [],
      isAsync: false,
    },
  };
}

function timerNode(): DesignNode {
  return {
    type: 'timer',
    nodeId: newNodeId(),
    properties: { title: '定时器', day: 0, hour: 1, minute: 0, second: 0 },
  };
}

function conditionNode(priority: number, isDefault = false): DesignNode {
  return {
    type: 'condition',
    nodeId: newNodeId(),
    properties: isDefault
      ? { title: '其他情况', priority, isDefault: true, conditions: [] }
      : { title: `条件${priority + 1}`, priority, isDefault: false, conditions: [] },
  };
}

/** A branch head of a split: a condition, or an approver marked parallel or chosen. */
function branchHead(type: SplitType, index: number, isDefault = false): DesignNode {
  if (type === 'condition') return conditionNode(index, isDefault);
  const head = approverNode(`审批节点${index + 1}`);
  return type === 'interflow' ? { ...head, isInterflow: true } : { ...head, isBranchFlow: true };
}

/** A new flow: the start node alone. */
export function emptyFlow(): DesignNode {
  return startNode();
}

/** Calls visit on every node with its parent (the node whose childNode or branch it is). */
export function walk(
  root: DesignNode,
  visit: (node: DesignNode, parent: DesignNode | null, inBranches: boolean) => void,
): void {
  const go = (node: DesignNode, parent: DesignNode | null, inBranches: boolean) => {
    visit(node, parent, inBranches);
    for (const branch of node.conditionNodes ?? []) go(branch, node, true);
    if (node.childNode) go(node.childNode, node, false);
  };
  go(root, null, false);
}

export function findNode(root: DesignNode, nodeId: string): DesignNode | undefined {
  let found: DesignNode | undefined;
  walk(root, (node) => {
    if (node.nodeId === nodeId) found = node;
  });
  return found;
}

function findParent(
  root: DesignNode,
  nodeId: string,
): { parent: DesignNode; inBranches: boolean } | undefined {
  let found: { parent: DesignNode; inBranches: boolean } | undefined;
  walk(root, (node, parent, inBranches) => {
    if (node.nodeId === nodeId && parent) found = { parent, inBranches };
  });
  return found;
}

/** prevId of every node (the node it follows; a branch head follows its split). */
function linkPrev(root: DesignNode): DesignNode {
  walk(root, (node, parent) => {
    if (parent) node.prevId = parent.nodeId;
    else delete node.prevId;
  });
  return root;
}

/** Copies the tree, lets change edit the copy and answers it with prevId links refreshed. */
function edit(root: DesignNode, change: (copy: DesignNode) => void): DesignNode {
  const copy = structuredClone(root);
  change(copy);
  return linkPrev(copy);
}

export class TreeEditError extends Error {
  constructor(readonly key: 'timerTwice' | 'splitAfterSubFlow' | 'notFound' | 'startFixed') {
    super(key);
  }
}

/** Whether `kind` may follow the node: no two timers in a row, no condition split right after a sub-flow. */
export function canAddAfter(root: DesignNode, afterId: string, kind: AddKind): TreeEditError['key'] | null {
  const after = findNode(root, afterId);
  if (!after) return 'notFound';
  if (kind === 'timer' && (after.type === 'timer' || after.childNode?.type === 'timer')) return 'timerTwice';
  if (kind === 'condition' && after.type === 'subFlow') return 'splitAfterSubFlow';
  return null;
}

/**
 * Adds a node (or a split with two branches) right after `afterId`; what followed it follows the
 * new node (for a split: runs after its join). After a split node means after its join.
 */
export function addAfter(
  root: DesignNode,
  afterId: string,
  kind: AddKind,
): { tree: DesignNode; added: DesignNode } {
  const problem = canAddAfter(root, afterId, kind);
  if (problem) throw new TreeEditError(problem);
  let added: DesignNode;
  if (kind === 'approver') added = approverNode();
  else if (kind === 'subFlow') added = subFlowNode();
  else if (kind === 'timer') added = timerNode();
  else
    added = {
      type: 'empty',
      nodeId: newNodeId(),
      properties: {},
      conditionType: kind,
      conditionNodes: [branchHead(kind, 0), branchHead(kind, 1, kind === 'condition')],
    };
  const tree = edit(root, (copy) => {
    const after = findNode(copy, afterId) as DesignNode;
    added.childNode = after.childNode;
    after.childNode = added;
  });
  return { tree, added: findNode(tree, added.nodeId) as DesignNode };
}

/** Renumbers condition priorities and keeps the default branch last. */
function orderBranches(split: DesignNode) {
  if (split.conditionType !== 'condition' || !split.conditionNodes) return;
  const defaults = split.conditionNodes.filter((b) => b.properties.isDefault);
  const others = split.conditionNodes.filter((b) => !b.properties.isDefault);
  split.conditionNodes = [...others, ...defaults];
  split.conditionNodes.forEach((branch, i) => {
    branch.properties.priority = i;
  });
}

/** Adds a branch to a split (a new condition goes before the default one). */
export function addBranch(root: DesignNode, splitId: string): DesignNode {
  return edit(root, (copy) => {
    const split = findNode(copy, splitId);
    if (!split?.conditionNodes || !split.conditionType) throw new TreeEditError('notFound');
    split.conditionNodes.push(branchHead(split.conditionType, split.conditionNodes.length));
    orderBranches(split);
  });
}

/** The last node of a chain. */
function tail(node: DesignNode): DesignNode {
  let last = node;
  while (last.childNode) last = last.childNode;
  return last;
}

/**
 * Removes a node. A plain node is unlinked (what followed it moves up). A branch head removes its
 * whole branch; when one branch would be left, the split goes and the remaining branch's nodes
 * take its place before the join's followers. A split node removes the split with its branches.
 */
export function removeNode(root: DesignNode, nodeId: string): DesignNode {
  if (root.nodeId === nodeId) throw new TreeEditError('startFixed');
  return edit(root, (copy) => {
    const found = findParent(copy, nodeId);
    if (!found) throw new TreeEditError('notFound');
    const { parent, inBranches } = found;
    const node = (
      inBranches ? parent.conditionNodes?.find((b) => b.nodeId === nodeId) : parent.childNode
    ) as DesignNode;
    if (!inBranches) {
      parent.childNode = node.childNode;
      return;
    }
    const branches = (parent.conditionNodes ?? []).filter((b) => b.nodeId !== nodeId);
    if (branches.length >= 2) {
      parent.conditionNodes = branches;
      orderBranches(parent);
      return;
    }
    // One branch left: dissolve the split into that branch's nodes.
    const holder = findParent(copy, parent.nodeId) as { parent: DesignNode };
    const rest = branches[0];
    let chain: DesignNode | undefined;
    if (rest) {
      if (parent.conditionType === 'condition') chain = rest.childNode;
      else {
        const { isInterflow: _i, isBranchFlow: _b, ...head } = rest;
        chain = head;
      }
    }
    if (chain) {
      tail(chain).childNode = parent.childNode;
      holder.parent.childNode = chain;
    } else holder.parent.childNode = parent.childNode;
  });
}

/** Replaces a node's properties (and its summary text). */
export function updateNode(
  root: DesignNode,
  nodeId: string,
  properties: Props,
  content?: string,
): DesignNode {
  return edit(root, (copy) => {
    const node = findNode(copy, nodeId);
    if (!node) throw new TreeEditError('notFound');
    node.properties = structuredClone(properties);
    if (content !== undefined) node.content = content;
    const split = findParent(copy, nodeId);
    if (split?.inBranches) orderBranches(split.parent);
  });
}

/** A problem that stops the flow from being saved, on the node to show it on. */
export interface TreeProblem {
  nodeId: string;
  /** Key under designer.problems in the flowEngine namespace. */
  key: 'noForm' | 'noAssignee' | 'noFormField' | 'noNode' | 'noRule' | 'noSubFlow' | 'noInitiator' | 'noUrl';
}

const memberLists = ['approvers', 'approverPos', 'approverRole', 'approverOrg', 'approverGroup'] as const;
const initiatorLists = ['initiator', 'initiatePos', 'initiateRole', 'initiateOrg', 'initiateGroup'] as const;
const hasAny = (props: Props, keys: readonly string[]) =>
  keys.some((key) => Array.isArray(props[key]) && (props[key] as unknown[]).length > 0);

/** The checks of workflow.md 2.1 "Validation before save", node by node. */
export function validateTree(root: DesignNode): TreeProblem[] {
  const problems: TreeProblem[] = [];
  walk(root, (node) => {
    const p = node.properties;
    const add = (key: TreeProblem['key']) => problems.push({ nodeId: node.nodeId, key });
    if (node.type === 'start' && !p.formId) add('noForm');
    if (node.type === 'approver') {
      const type = Number(p.assigneeType ?? 6);
      if ((type === 6 || type === 7) && !hasAny(p, memberLists)) add('noAssignee');
      if (type === 4 && !p.formField) add('noFormField');
      if (type === 5 && !p.nodeId) add('noNode');
      if (type === 9 && !p.getUserUrl) add('noUrl');
    }
    if (
      node.type === 'condition' &&
      !p.isDefault &&
      !(Array.isArray(p.conditions) && p.conditions.length > 0)
    )
      add('noRule');
    if (node.type === 'subFlow') {
      if (!p.flowId) add('noSubFlow');
      if (Number(p.initiateType) === 6 && !hasAny(p, initiatorLists)) add('noInitiator');
    }
  });
  return problems;
}
