import { z } from 'zod';
import { FormFields, PageQuery } from '../system.js';
import { AuditBody } from './api.js';

const id = z.string().trim().min(1).max(64);
const epochMs = (missing: string) =>
  z.coerce.number({ message: missing }).int(missing).min(1, missing).max(253_402_300_799_000, missing);

/** POST /FlowDelegate, PUT /FlowDelegate/{id} (workflow.md 4.5): type "0" launch / "1" approve on behalf. */
export const FlowDelegateBody = z
  .object({
    /** The delegator; the caller when absent (only an administrator may name someone else). */
    userId: z.string().trim().max(64).optional().default(''),
    toUserId: z.string({ message: '请选择受委托人' }).trim().min(1, '请选择受委托人').max(64),
    type: z.enum(['0', '1'], { message: '委托类型只能是 0 发起委托 或 1 审批委托' }).optional().default('1'),
    /** Comma list of template ids; empty = every flow. */
    flowId: z
      .string()
      .max(20_000)
      .optional()
      .default('')
      .transform((text) => [
        ...new Set(
          text
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ])
      .refine((ids) => ids.length <= 200, '委托流程最多200个'),
    startTime: epochMs('请选择开始时间'),
    endTime: epochMs('请选择结束时间'),
    description: FormFields.description,
    version: z.coerce.number().int().min(0).optional(),
  })
  .refine((b) => b.endTime > b.startTime, { message: '结束时间必须晚于开始时间', path: ['endTime'] });
export type FlowDelegateBody = z.output<typeof FlowDelegateBody>;

/** GET /FlowDelegate: 1 my delegations, 2 delegated to me. */
export const FlowDelegateListQuery = PageQuery.extend({
  myOrDelagateToMe: z.enum(['1', '2'], { message: 'myOrDelagateToMe 只能是 1 或 2' }).optional().default('1'),
});
export type FlowDelegateListQuery = z.output<typeof FlowDelegateListQuery>;

/** GET /FlowComment */
export const FlowCommentListQuery = PageQuery.extend({
  taskId: z.string({ message: '请指定流程任务（taskId）' }).trim().min(1, '请指定流程任务（taskId）').max(64),
});
export type FlowCommentListQuery = z.output<typeof FlowCommentListQuery>;

/** A JSON text of a list (image / file of a comment), as the 3.4.7 client sends it. */
const jsonList = (field: string) =>
  z
    .string()
    .max(20_000, `${field} 过长`)
    .optional()
    .default('[]')
    .refine((text) => {
      try {
        const value: unknown = JSON.parse(text || '[]');
        return Array.isArray(value) && value.length <= 20;
      } catch {
        return false;
      }
    }, `${field} 必须是最多20项的 JSON 列表`)
    .transform((text) => text || '[]');

/** POST /FlowComment */
export const FlowCommentBody = z
  .object({
    taskId: id,
    text: z.string().trim().max(2000, '评论最多为2000个字符').optional().default(''),
    image: jsonList('image'),
    file: jsonList('file'),
  })
  .refine((b) => b.text !== '' || b.image !== '[]' || b.file !== '[]', {
    message: '请输入评论内容',
    path: ['text'],
  });
export type FlowCommentBody = z.output<typeof FlowCommentBody>;

/** POST /FlowBefore/BatchOperation: 0 approve, 1 return, 2 transfer the given todos. */
export const BatchOperationBody = AuditBody.extend({
  ids: z
    .array(id, { message: '请选择要审批的待办' })
    .min(1, '请选择要审批的待办')
    .max(100, '一次最多批量审批100条'),
  batchType: z.coerce
    .number({ message: 'batchType 只能是 0 通过、1 退回、2 转审' })
    .int()
    .min(0, 'batchType 只能是 0 通过、1 退回、2 转审')
    .max(2, 'batchType 只能是 0 通过、1 退回、2 转审'),
  freeApproverUserId: z.string().trim().max(64).optional().default(''),
}).refine((b) => b.batchType !== 2 || b.freeApproverUserId !== '', {
  message: '请选择转审人',
  path: ['freeApproverUserId'],
});
export type BatchOperationBody = z.output<typeof BatchOperationBody>;

/** GET /FlowBefore/BatchCandidate */
export const BatchCandidateQuery = z.object({
  flowId: z.string().trim().max(64).optional().default(''),
  taskOperatorId: z
    .string({ message: '请指定待办（taskOperatorId）' })
    .trim()
    .min(1, '请指定待办（taskOperatorId）')
    .max(64),
});

/** GET /FlowBefore/RecordList/{taskId}: 1 by department, 3 by position; type = summaryType. */
export const RecordListQuery = z.object({
  category: z.coerce
    .number()
    .int()
    .refine((c) => c === 1 || c === 3, 'category 只能是 1 按部门 或 3 按岗位')
    .optional()
    .default(1),
  type: z.coerce.number().int().min(0).max(1).optional().default(0),
});
