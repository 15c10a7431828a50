import { http } from '../../../base/api';

const BASE = '/workflow/Engine';

export interface FlowRecord {
  id: string;
  nodeName: string;
  handleStatus: number;
  userName: string | null;
  handleTime: number | null;
  handleOpinion: string | null;
  operatorId: string | null;
}

export interface FlowOperator {
  id: string;
  taskNodeId: string;
  nodeCode: string;
  handleId: string;
  completion: number;
  state: number;
  waiting: number;
}

/** GET /FlowBefore/{taskId} (workflow.md 4.2); flowTaskInfo is null for the launch form (id 0). */
export interface FlowInfo {
  flowTaskInfo: null | {
    id: string;
    fullName: string;
    flowName: string;
    status: number;
    completion: number;
    flowUrgent: number;
    thisStep: string | null;
    userName: string | null;
    startTime: number | null;
    creatorUserId: string | null;
  };
  flowTaskNodeList: { id: string; nodeCode: string; completion: number; state: number }[];
  flowTaskOperatorList: FlowOperator[];
  flowTaskOperatorRecordList: FlowRecord[];
  flowTemplateInfo: { id: string; fullName: string; flowTemplateJson: string };
  flowFormInfo: { formType: number; enCode?: string; fullName: string; propertyJson: string | null } | null;
  formOperates: { id: string; read?: boolean; write?: boolean }[];
  approversProperties: string | null;
  formData: Record<string, unknown> | string | null;
  draftData: Record<string, unknown> | string | null;
}

export function fetchFlowInfo(
  taskId: string,
  query: { taskOperatorId?: string; taskNodeId?: string; flowId?: string },
) {
  const params: Record<string, string> = {};
  if (query.flowId) params.flowId = query.flowId;
  if (query.taskOperatorId) params.taskOperatorId = query.taskOperatorId;
  if (query.taskNodeId) params.taskNodeId = query.taskNodeId;
  return http.get<FlowInfo>(`${BASE}/FlowBefore/${encodeURIComponent(taskId)}`, params);
}

export interface Opinion {
  handleOpinion: string;
  formData?: Record<string, unknown>;
}

const post = async (path: string, data: object) => (await http.send(path, { method: 'POST', data })).msg;

export const approve = (operatorId: string, body: Opinion) =>
  post(`${BASE}/FlowBefore/Audit/${operatorId}`, body);
export const reject = (operatorId: string, body: Opinion & { rejectStep: string }) =>
  post(`${BASE}/FlowBefore/Reject/${operatorId}`, body);
export const saveAudit = (operatorId: string, formData: Record<string, unknown>) =>
  post(`${BASE}/FlowBefore/SaveAudit/${operatorId}`, { formData });
export const transfer = (operatorId: string, body: Opinion & { freeApproverUserId: string }) =>
  post(`${BASE}/FlowBefore/Transfer/${operatorId}`, body);
export const recall = (recordId: string, body: Opinion) =>
  post(`${BASE}/FlowBefore/Recall/${recordId}`, body);
/** POST /FlowTask (new) or PUT /FlowTask/{id} (a draft, returned or withdrawn task): status 0 submit, 1 save. */
export async function saveTask(
  taskId: string | undefined,
  body: { flowId: string; formData: Record<string, unknown>; status: 0 | 1; flowUrgent: number },
) {
  const answer = await http.send<{ id: string }>(taskId ? `${BASE}/FlowTask/${taskId}` : `${BASE}/FlowTask`, {
    method: taskId ? 'PUT' : 'POST',
    data: taskId ? { ...body, id: taskId } : body,
  });
  return answer.msg;
}
export const press = (taskId: string) => post(`${BASE}/FlowLaunch/Press/${taskId}`, {});
export const withdraw = async (taskId: string, body: Opinion) =>
  (await http.send(`${BASE}/FlowLaunch/${taskId}/Actions/Withdraw`, { method: 'PUT', data: body })).msg;

export function fetchRejectList(operatorId: string) {
  return http.get<{ list: { id: string; nodeCode: string; nodeName: string }[]; isLastAppro: boolean }>(
    `${BASE}/FlowBefore/RejectList/${operatorId}`,
  );
}
