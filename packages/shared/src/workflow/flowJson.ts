import { z } from 'zod';
import { compileExpression, ExpressionError } from '../form/expression.js';
import { formatIssuePath } from '../form/schema.js';

/**
 * The flow designer's node tree (workflow.md 2). Unknown keys are kept (the designer stores many
 * display-only settings); the keys the engine acts on are checked here, so a template that is
 * saved can also be run.
 */

const ids = z.array(z.string().max(64)).max(1000).optional().default([]);
const text = (max: number) => z.string().max(max).optional();

/** Message and event settings are kept as they come; only their shape is checked. */
const config = z.looseObject({ on: z.coerce.number().int().min(0).max(3).optional() }).optional();

const copyProps = {
  circulateUser: ids,
  circulateRole: ids,
  circulatePosition: ids,
  circulateOrg: ids,
  circulateGroup: ids,
  isCustomCopy: z.boolean().optional(),
  isInitiatorCopy: z.boolean().optional(),
};

export const FlowCondition = z.looseObject({
  field: z.string().max(2000),
  fieldName: text(200),
  jnpfKey: text(50),
  symbol: z.enum(['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'], {
    message: 'symbol must be one of >=, >, ==, <=, <, <>, like, notLike',
  }),
  fieldValue: z.unknown().optional(),
  /** 1 form field, 3 formula (field holds the expression). */
  fieldType: z.coerce.number().int().optional().default(1),
  /** 1 compare with another field, 2 a literal. */
  fieldValueType: z.coerce.number().int().optional().default(2),
  logic: z.enum(['&&', '||']).optional().default('&&'),
});
export type FlowCondition = z.output<typeof FlowCondition>;

/** The message of a formula condition that does not compile, or null. */
export function conditionProblem(condition: FlowCondition): string | null {
  if (condition.fieldType !== 3) return null;
  try {
    compileExpression(condition.field);
    return null;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
}

export const StartProperties = z.looseObject({
  title: z.string().max(100).optional().default('流程发起'),
  initiator: ids,
  initiatePos: ids,
  initiateRole: ids,
  initiateOrg: ids,
  initiateGroup: ids,
  formId: z
    .string({ message: 'the start node needs a form (formId)' })
    .min(1, 'the start node needs a form (formId)'),
  formName: text(200),
  formOperates: z.array(z.looseObject({})).optional().default([]),
  titleType: z.coerce.number().int().optional().default(0),
  titleContent: text(500),
  errorRule: z.coerce.number().int().min(1).max(6).optional().default(1),
  errorRuleUser: ids,
  isBatchApproval: z.boolean().optional().default(false),
  hasSign: z.boolean().optional(),
  hasOpinion: z.boolean().optional(),
  timeLimitConfig: config,
  overTimeConfig: config,
  noticeConfig: config,
  ...copyProps,
});
export type StartProperties = z.output<typeof StartProperties>;

export const ASSIGNEE_TYPES = [1, 2, 3, 4, 5, 6, 7, 9] as const;

export const ApproverProperties = z.looseObject({
  title: z.string().max(100).optional().default('审批节点'),
  /** 6 named, 3 initiator, 1 manager, 2 department head, 4 form field, 5 another node's approver, 9 HTTP, 7 candidates. */
  assigneeType: z.coerce
    .number()
    .int()
    .refine((v) => (ASSIGNEE_TYPES as readonly number[]).includes(v), {
      message: `assigneeType must be one of ${ASSIGNEE_TYPES.join(', ')}`,
    })
    .optional()
    .default(6),
  approvers: ids,
  approverPos: ids,
  approverRole: ids,
  approverOrg: ids,
  approverGroup: ids,
  managerLevel: z.coerce.number().int().min(1).max(10).optional().default(1),
  departmentLevel: z.coerce.number().int().min(1).max(10).optional().default(1),
  formField: text(100),
  formFieldType: z.coerce.number().int().min(1).max(5).optional().default(1),
  nodeId: text(64),
  getUserUrl: text(2000),
  extraRule: z.coerce.number().int().optional().default(1),
  /** 0 or-sign, 1 countersign by ratio, 2 sequential. */
  counterSign: z.coerce
    .number()
    .int()
    .min(0, 'counterSign must be 0, 1 or 2')
    .max(2, 'counterSign must be 0, 1 or 2')
    .optional()
    .default(0),
  countersignRatio: z.coerce
    .number()
    .int()
    .min(10, 'countersignRatio must be 10..100')
    .max(100, 'countersignRatio must be 10..100')
    .optional()
    .default(100),
  progress: z.coerce.number().int().min(0).max(100).optional().default(50),
  rejectType: z.coerce.number().int().min(1).max(3).optional().default(1),
  /** "0" start, "1" previous node(s), "2" approver chooses, or a node id. */
  rejectStep: z.coerce.string().max(64).optional().default('0'),
  hasAgreeRule: z.boolean().optional().default(false),
  agreeRules: z.array(z.coerce.number().int()).optional().default([]),
  hasFreeApproverBtn: z.boolean().optional(),
  hasTransferBtn: z.boolean().optional(),
  hasRejectBtn: z.boolean().optional(),
  formId: text(64),
  formOperates: z.array(z.looseObject({})).optional().default([]),
  timeLimitConfig: config,
  overTimeConfig: config,
  noticeConfig: config,
  ...copyProps,
});
export type ApproverProperties = z.output<typeof ApproverProperties>;

export const SubFlowProperties = z.looseObject({
  title: z.string().max(100).optional().default('子流程'),
  flowId: z
    .string({ message: 'a sub-flow needs a flow (flowId)' })
    .min(1, 'a sub-flow needs a flow (flowId)'),
  flowName: text(200),
  initiateType: z.coerce.number().int().optional().default(6),
  initiator: ids,
  initiatePos: ids,
  initiateRole: ids,
  initiateOrg: ids,
  initiateGroup: ids,
  formField: text(100),
  nodeId: text(64),
  managerLevel: z.coerce.number().int().min(1).max(10).optional().default(1),
  assignList: z.array(z.looseObject({})).optional().default([]),
  isAsync: z.boolean().optional().default(false),
});
export type SubFlowProperties = z.output<typeof SubFlowProperties>;

export const ConditionProperties = z.looseObject({
  title: z.string().max(100).optional().default('条件'),
  priority: z.coerce.number().int().min(0).optional().default(0),
  isDefault: z.boolean().optional().default(false),
  conditions: z.array(FlowCondition).max(100).optional().default([]),
});
export type ConditionProperties = z.output<typeof ConditionProperties>;

export const TimerProperties = z.looseObject({
  title: z.string().max(100).optional().default('定时器'),
  day: z.coerce.number().int().min(0).optional().default(0),
  hour: z.coerce.number().int().min(0).optional().default(0),
  minute: z.coerce.number().int().min(0).optional().default(0),
  second: z.coerce.number().int().min(0).optional().default(0),
});
export type TimerProperties = z.output<typeof TimerProperties>;

export const NODE_TYPES = ['start', 'approver', 'subFlow', 'condition', 'timer', 'empty'] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const SPLIT_TYPES = ['condition', 'interflow', 'branchFlow'] as const;
export type SplitType = (typeof SPLIT_TYPES)[number];

export interface NodeBase {
  nodeId: string;
  prevId?: string | undefined;
  content?: string | undefined;
  childNode?: FlowNode | undefined;
  conditionNodes?: FlowNode[] | undefined;
  conditionType?: SplitType | undefined;
  isInterflow?: boolean | undefined;
  isBranchFlow?: boolean | undefined;
}
export type FlowNode = NodeBase &
  (
    | { type: 'start'; properties: StartProperties }
    | { type: 'approver'; properties: ApproverProperties }
    | { type: 'subFlow'; properties: SubFlowProperties }
    | { type: 'condition'; properties: ConditionProperties }
    | { type: 'timer'; properties: TimerProperties }
    | { type: 'empty'; properties: Record<string, unknown> }
  );

const MAX_DEPTH = 200;
const nodeId = z
  .string({ message: 'every node needs a nodeId' })
  .min(1, 'every node needs a nodeId')
  .max(64)
  .regex(/^[\w-]+$/, 'a nodeId holds letters, digits, _ and - only');

const PROPERTIES = {
  start: StartProperties,
  approver: ApproverProperties,
  subFlow: SubFlowProperties,
  condition: ConditionProperties,
  timer: TimerProperties,
  empty: z.looseObject({}),
} as const;

const NodeShape = z.looseObject({
  type: z.enum(NODE_TYPES, { message: `type must be one of ${NODE_TYPES.join(', ')}` }),
  nodeId,
  prevId: z.string().max(64).optional(),
  content: z.string().max(2000).optional(),
  properties: z.looseObject({}).optional().default({}),
  childNode: z.unknown().optional(),
  conditionNodes: z.array(z.unknown()).max(50).optional(),
  conditionType: z
    .enum(SPLIT_TYPES, { message: `conditionType must be one of ${SPLIT_TYPES.join(', ')}` })
    .optional(),
  isInterflow: z.boolean().optional(),
  isBranchFlow: z.boolean().optional(),
});

/**
 * One node and everything below it. The tree is walked by hand rather than by a recursive zod
 * schema, so each problem is reported with its full path and the depth is bounded.
 */
function parseNode(
  value: unknown,
  ctx: z.RefinementCtx,
  path: PropertyKey[],
  depth: number,
): FlowNode | null {
  if (depth > MAX_DEPTH) {
    ctx.addIssue({ code: 'custom', message: `the flow is nested deeper than ${MAX_DEPTH} nodes`, path });
    return null;
  }
  const shape = NodeShape.safeParse(value);
  if (!shape.success) {
    for (const issue of shape.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, ...issue.path] });
    return null;
  }
  const node = shape.data;
  const properties = PROPERTIES[node.type].safeParse(node.properties);
  if (!properties.success) {
    for (const issue of properties.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...path, 'properties', ...issue.path] });
    return null;
  }
  const out = { ...node, properties: properties.data } as FlowNode;
  if (node.childNode !== undefined && node.childNode !== null) {
    const child = parseNode(node.childNode, ctx, [...path, 'childNode'], depth + 1);
    if (!child) return null;
    out.childNode = child;
  } else out.childNode = undefined;
  if (node.conditionNodes) {
    const branches: FlowNode[] = [];
    for (const [i, branch] of node.conditionNodes.entries()) {
      const parsed = parseNode(branch, ctx, [...path, 'conditionNodes', i], depth + 1);
      if (!parsed) return null;
      branches.push(parsed);
    }
    out.conditionNodes = branches.length ? branches : undefined;
  }
  return out;
}

/** The rules of workflow.md 2.1 beyond the shape of single nodes. */
function checkTree(root: FlowNode, ctx: z.RefinementCtx): void {
  if (root.type !== 'start') {
    ctx.addIssue({ code: 'custom', message: 'the root node must be the start node', path: ['type'] });
    return;
  }
  const seen = new Set<string>();
  const walk = (node: FlowNode, path: PropertyKey[], previousType: string | null) => {
    if (seen.has(node.nodeId))
      ctx.addIssue({
        code: 'custom',
        message: `nodeId "${node.nodeId}" is used twice`,
        path: [...path, 'nodeId'],
      });
    seen.add(node.nodeId);
    if (node.type === 'start' && path.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: 'a flow has exactly one start node, at the root',
        path: [...path, 'type'],
      });
    if (node.type === 'timer' && previousType === 'timer')
      ctx.addIssue({
        code: 'custom',
        message: 'two timers may not follow each other',
        path: [...path, 'type'],
      });
    if (node.type === 'approver') {
      const p = node.properties;
      const members = [p.approvers, p.approverPos, p.approverRole, p.approverOrg, p.approverGroup];
      if ((p.assigneeType === 6 || p.assigneeType === 7) && members.every((list) => list.length === 0))
        ctx.addIssue({
          code: 'custom',
          message: `approver "${p.title}" needs at least one member (approvers, approverPos, approverRole, approverOrg or approverGroup)`,
          path: [...path, 'properties', 'approvers'],
        });
      if (p.assigneeType === 4 && !p.formField)
        ctx.addIssue({
          code: 'custom',
          message: `approver "${p.title}" takes its handlers from a form field: choose the field (formField)`,
          path: [...path, 'properties', 'formField'],
        });
      if (p.assigneeType === 5 && !p.nodeId)
        ctx.addIssue({
          code: 'custom',
          message: `approver "${p.title}" takes the handlers of another node: choose it (nodeId)`,
          path: [...path, 'properties', 'nodeId'],
        });
    }
    if (node.conditionNodes) {
      const splitType = node.conditionType ?? 'condition';
      if (node.type === 'subFlow')
        ctx.addIssue({
          code: 'custom',
          message: 'no branch may be added below a sub-flow',
          path: [...path, 'conditionNodes'],
        });
      node.conditionNodes.forEach((branch, i) => {
        const branchPath = [...path, 'conditionNodes', i];
        if (splitType === 'condition') {
          if (branch.type !== 'condition')
            ctx.addIssue({
              code: 'custom',
              message: 'each branch of a condition split is a condition node',
              path: [...branchPath, 'type'],
            });
          else {
            branch.properties.conditions.forEach((condition, c) => {
              const problem = conditionProblem(condition);
              if (problem)
                ctx.addIssue({
                  code: 'custom',
                  message: `the formula of condition "${branch.properties.title}" is not valid: ${problem}`,
                  path: [...branchPath, 'properties', 'conditions', c, 'field'],
                });
            });
          }
          if (
            branch.type === 'condition' &&
            !branch.properties.isDefault &&
            branch.properties.conditions.length === 0
          )
            ctx.addIssue({
              code: 'custom',
              message: `condition "${branch.properties.title}" needs at least one condition (or mark it the default)`,
              path: [...branchPath, 'properties', 'conditions'],
            });
        } else if (branch.type !== 'approver' && branch.type !== 'subFlow')
          ctx.addIssue({
            code: 'custom',
            message: `each branch of a ${splitType === 'interflow' ? 'parallel' : 'chosen'} split starts with an approver or sub-flow`,
            path: [...branchPath, 'type'],
          });
        walk(branch, branchPath, null);
      });
    }
    if (node.childNode) walk(node.childNode, [...path, 'childNode'], node.type);
  };
  walk(root, [], null);
}

/** The root node (the start node) and the tree below it. */
export const FlowTree = z.unknown().transform((value, ctx): FlowNode => {
  const root = parseNode(value, ctx, [], 0);
  if (!root) return z.NEVER;
  checkTree(root, ctx);
  return root;
});

/** One named flow of a template as the client saves it (workflow.md 2). */
export const NamedFlow = z.looseObject({
  id: z.string().max(64).optional().default(''),
  flowId: z
    .string({ message: 'every named flow needs its flowId' })
    .min(1, 'every named flow needs its flowId')
    .max(64),
  fullName: z
    .string({ message: 'every named flow needs a name' })
    .trim()
    .min(1, 'every named flow needs a name')
    .max(100),
  flowTemplateJson: FlowTree,
});
export type NamedFlow = z.output<typeof NamedFlow>;

/** flowTemplateJson as it travels: a JSON string of an array of named flows. */
export const FlowTemplateJsonString = z
  .string({ message: 'flowTemplateJson must be a JSON string' })
  .transform((json, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'flowTemplateJson is not valid JSON' });
      return z.NEVER;
    }
    const parsed = z.array(NamedFlow).min(1, 'a template holds at least one flow').max(50).safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue ? formatIssuePath(issue.path) : '';
      ctx.addIssue({ code: 'custom', message: path ? `${path}: ${issue?.message}` : String(issue?.message) });
      return z.NEVER;
    }
    const groups = new Set<string>();
    for (const flow of parsed.data) {
      if (groups.has(flow.flowId)) {
        ctx.addIssue({ code: 'custom', message: `flowId "${flow.flowId}" is used by two flows` });
        return z.NEVER;
      }
      groups.add(flow.flowId);
    }
    return parsed.data;
  });

/** Reads a stored node tree (already validated when it was saved). */
export function readFlowTree(json: string): FlowNode {
  const parsed = FlowTree.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`stored flow is invalid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
