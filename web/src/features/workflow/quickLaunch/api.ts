import { http } from '../../../base/api';
import type { FlowInfo } from '../engine/api';

const BASE = '/workflow/Engine';

/** A template the user may launch (GET /flowTemplate/PageListAll). */
export interface LaunchableTemplate {
  id: string;
  enCode: string;
  fullName: string;
  category: string | null;
  icon: string | null;
  iconBackground: string | null;
}

/** A node the submitter must pick handlers for (POST /FlowBefore/Candidates/0). */
export interface CandidateNode {
  nodeId: string;
  nodeName: string;
  isCandidates: boolean;
}

export const quickLaunchKeys = {
  templates: (keyword: string) => ['workflow', 'quickLaunch', keyword] as const,
  versions: (templateId: string) => ['workflow', 'quickLaunch', 'versions', templateId] as const,
  form: (flowId: string) => ['workflow', 'quickLaunch', 'form', flowId] as const,
};

export const fetchLaunchable = (keyword: string) =>
  http.get<{ list: LaunchableTemplate[] }>(`${BASE}/flowTemplate/PageListAll`, {
    keyword,
    currentPage: 1,
    pageSize: 500,
  });

/** The launchable flows (main versions) of a template. */
export const fetchLaunchVersions = (templateId: string) =>
  http.get<{ id: string; fullName: string }[]>(`${BASE}/flowTemplate/FlowJsonList/${templateId}`, {
    type: 1,
  });

/** GET /FlowBefore/0?flowId=: the start form of a flow version. */
export const fetchLaunchForm = (flowId: string) =>
  http.get<Omit<FlowInfo, 'flowTaskInfo'>>(`${BASE}/FlowBefore/0`, { flowId });

export const fetchLaunchCandidates = async (flowId: string, formData: Record<string, unknown>) =>
  (
    await http.send<{ list: CandidateNode[] }>(`${BASE}/FlowBefore/Candidates/0`, {
      method: 'POST',
      data: { flowId, formData },
    })
  ).data.list.filter((node) => node.isCandidates);

export interface LaunchBody {
  flowId: string;
  formData: Record<string, unknown>;
  /** 0 submit, 1 save as draft. */
  status: 0 | 1;
  flowUrgent: number;
  candidateList: Record<string, string[]>;
}

export const launchFlow = async (body: LaunchBody) =>
  (await http.send(`${BASE}/FlowTask`, { method: 'POST', data: body })).msg;
