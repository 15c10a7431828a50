import { z } from 'zod';
import { FormFields, PageQuery } from '../system.js';
import { FlowTemplateJsonString } from './flowJson.js';

/** Task statuses (workflow.md 1.1). */
export const TaskStatus = {
  Draft: 0,
  Running: 1,
  Approved: 2,
  Returned: 3,
  Revoked: 4,
  Cancelled: 5,
  Suspended: 6,
} as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

/** Record handleStatus (workflow.md 1.2). */
export const HandleStatus = {
  Reject: 0,
  Approve: 1,
  Submit: 2,
  Recall: 3,
  Cancel: 4,
  Assign: 5,
  AddAfter: 6,
  Transfer: 7,
  Change: 8,
  Revive: 9,
  AddBefore: 10,
  Suspend: 11,
  Resume: 12,
} as const;
export type HandleStatus = (typeof HandleStatus)[keyof typeof HandleStatus];

const id = z.string().trim().min(1).max(64);
const optionalText = (max: number) => z.string().max(max).nullish();
const userIds = z.array(id).max(500);

export const FlowTemplateListQuery = PageQuery.extend({
  category: z.string().max(64).optional().default(''),
  type: z.coerce.number().int().min(0).max(1).optional(),
});

/** POST/PUT /api/workflow/Engine/flowTemplate */
export const FlowTemplateBody = z.object({
  fullName: FormFields.nameField('请输入流程名称', '流程名称最多为50个字符！'),
  enCode: z
    .string({ message: '请输入流程编码' })
    .trim()
    .min(1, '请输入流程编码')
    .max(50, '流程编码最多为50个字符！')
    .regex(/^\w+$/, '流程编码只能包含字母、数字和下划线'),
  category: z.string().max(64).nullish(),
  type: z.coerce
    .number()
    .int()
    .min(0, 'type must be 0 or 1')
    .max(1, 'type must be 0 or 1')
    .optional()
    .default(0),
  icon: optionalText(200),
  iconBackground: optionalText(50),
  sortCode: FormFields.sortCode,
  description: FormFields.description,
  flowTemplateJson: FlowTemplateJsonString,
});
export type FlowTemplateBody = z.output<typeof FlowTemplateBody>;

/** candidateList / errorRuleUserList: node id → user ids. */
const NodeUsers = z.record(z.string().max(64), userIds).optional().default({});
const fileList = z
  .array(z.looseObject({ name: z.string().max(200).optional(), fileId: z.string().max(200).optional() }))
  .max(50)
  .optional()
  .default([]);
const formData = z.record(z.string(), z.unknown()).optional();
const copyIds = z
  .string()
  .max(20_000)
  .optional()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** POST /FlowTask, PUT /FlowTask/{id} */
export const FlowTaskBody = z.object({
  id: z.string().max(64).optional(),
  flowId: id,
  formData: z.record(z.string(), z.unknown(), { message: 'formData must be an object' }),
  /** 0 submit, 1 save as draft. */
  status: z.coerce
    .number()
    .int()
    .min(0, 'status must be 0 (submit) or 1 (save)')
    .max(1, 'status must be 0 (submit) or 1 (save)')
    .optional()
    .default(0),
  flowUrgent: z.coerce
    .number()
    .int()
    .min(1, 'flowUrgent must be 1, 2 or 3')
    .max(3, 'flowUrgent must be 1, 2 or 3')
    .optional()
    .default(1),
  candidateType: z.coerce.number().int().optional(),
  candidateList: NodeUsers,
  branchList: z.array(z.string().max(64)).max(50).optional().default([]),
  copyIds,
  errorRuleUserList: NodeUsers,
  /** Launch on behalf of these delegators (one task each). */
  delegateUserList: z.array(id).max(100).optional().default([]),
  parentId: z.string().max(64).optional(),
});
export type FlowTaskBody = z.output<typeof FlowTaskBody>;

const opinion = {
  handleOpinion: z.string().max(2000, 'handleOpinion holds at most 2000 characters').optional().default(''),
  signImg: z.string().max(200_000).nullish(),
  fileList,
};

/** POST /FlowBefore/Audit/{operatorId} */
export const AuditBody = z.object({
  ...opinion,
  formData,
  copyIds,
  branchList: z.array(z.string().max(64)).max(50).optional().default([]),
  candidateList: NodeUsers,
  candidateType: z.coerce.number().int().optional(),
  enCode: z.string().max(100).optional(),
  errorRuleUserList: NodeUsers,
});
export type AuditBody = z.output<typeof AuditBody>;

/** POST /FlowBefore/Reject/{operatorId} */
export const RejectBody = AuditBody.extend({
  /** A node code from RejectList (comma list for "previous"), "0" start; empty = the node's setting. */
  rejectStep: z.string().max(2000).optional().default(''),
  rejectType: z.coerce
    .number()
    .int()
    .min(1, 'rejectType must be 1 or 2')
    .max(2, 'rejectType must be 1 or 2')
    .optional(),
});
export type RejectBody = z.output<typeof RejectBody>;

export const TransferBody = z.object({ ...opinion, freeApproverUserId: id });
export type TransferBody = z.output<typeof TransferBody>;

/** POST /FlowBefore/freeApprover/{operatorId}: 1 before, 2 after. */
export const FreeApproverBody = AuditBody.extend({
  freeApproverUserId: id,
  freeApproverType: z.coerce
    .number()
    .int()
    .min(1, 'freeApproverType must be 1 (before) or 2 (after)')
    .max(2, 'freeApproverType must be 1 (before) or 2 (after)'),
});
export type FreeApproverBody = z.output<typeof FreeApproverBody>;

export const OpinionBody = z.object(opinion);
export type OpinionBody = z.output<typeof OpinionBody>;

export const AssignBody = z.object({
  ...opinion,
  nodeCode: z.string().trim().min(1, 'choose the node (nodeCode)').max(64),
  freeApproverUserId: id,
});
export type AssignBody = z.output<typeof AssignBody>;

export const SuspendBody = z.object({
  ...opinion,
  suspend: z.boolean({ message: 'suspend must be true (this task only) or false (with its sub-flows)' }),
});
export type SuspendBody = z.output<typeof SuspendBody>;

export const ChangeBody = z.object({
  ...opinion,
  taskId: id,
  taskNodeId: z.string().trim().min(1, 'choose the node (taskNodeId)').max(64),
  resurgence: z.boolean().optional().default(false),
  errorRuleUserList: NodeUsers,
});
export type ChangeBody = z.output<typeof ChangeBody>;

export const SaveAuditBody = z.object({ formData: z.record(z.string(), z.unknown()).optional().default({}) });

/** GET /FlowLaunch, /FlowMonitor, /FlowBefore/List/{category} */
export const FlowTaskListQuery = PageQuery.extend({
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
  templateId: z.string().max(64).optional().default(''),
  flowId: z.string().max(64).optional().default(''),
  status: z.coerce.number().int().min(0).max(6).optional(),
  flowUrgent: z.coerce.number().int().min(1).max(3).optional(),
  flowCategory: z.string().max(64).optional().default(''),
  creatorUserId: z.string().max(64).optional().default(''),
  nodeCode: z.string().max(64).optional().default(''),
  delegateType: z.enum(['true', 'false']).optional(),
});
export type FlowTaskListQuery = z.output<typeof FlowTaskListQuery>;

/** POST /FlowBefore/Candidates/{id}: the task payload (launch) or `{formData}` (approval). */
export const CandidatesBody = z.looseObject({
  flowId: z.string().max(64).optional(),
  formData: z.record(z.string(), z.unknown()).optional(),
});

/** POST /FlowBefore/CandidateUser/{id} */
export const CandidateUserBody = CandidatesBody.extend({
  nodeCode: z.string({ message: 'nodeCode：请选择节点' }).trim().min(1, '请选择节点').max(64),
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
});

/** /api/flowForm/Form: a flow form, designed (formType 2, draftJson in the form engine's format) or a coded page (1). */
export const FlowFormBody = z.object({
  id: z.string().max(64).optional(),
  fullName: FormFields.nameField('请输入表单名称', '表单名称最多为50个字符！'),
  enCode: z
    .string({ message: '请输入表单编码' })
    .trim()
    .min(1, '请输入表单编码')
    .max(50, '表单编码最多为50个字符！')
    .regex(/^\w+$/, '表单编码只能包含字母、数字和下划线'),
  formType: z.coerce
    .number()
    .int()
    .min(1, 'formType must be 1 (system form) or 2 (designed form)')
    .max(2, 'formType must be 1 (system form) or 2 (designed form)')
    .optional()
    .default(2),
  flowType: z.coerce
    .number()
    .int()
    .min(0, 'flowType must be 0 or 1')
    .max(1, 'flowType must be 0 or 1')
    .optional()
    .default(0),
  category: z.string().max(64).nullish(),
  urlAddress: optionalText(500),
  appUrlAddress: optionalText(500),
  interfaceUrl: optionalText(500),
  draftJson: z.string().max(2_000_000, 'draftJson holds at most 2,000,000 characters').nullish(),
  tableJson: z.string().max(200_000).nullish(),
  dbLinkId: optionalText(64),
  sortCode: FormFields.sortCode,
  description: FormFields.description,
});
export type FlowFormBody = z.output<typeof FlowFormBody>;

export const FlowFormListQuery = PageQuery.extend({
  flowType: z.coerce.number().int().min(0).max(1).optional(),
  formType: z.coerce.number().int().min(1).max(2).optional(),
});
