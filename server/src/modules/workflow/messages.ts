import { eq, inArray } from 'drizzle-orm';
import { sendConfigs, users } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { sendThrough } from '../msgCenter/send.js';
import { formatTime } from '../visualdev/display.js';
import type { FlowGraph } from './graph.js';

/**
 * Flow messages through the message centre (workflow.md 2.2/2.3 `*MsgConfig`, issue 13). Every
 * flow message goes to the inbox (type 2) and the socket; when the event's message setting is
 * "custom" (on 1) and names a send configuration (msgId), it also goes out through that
 * configuration's channels, once the engine's transaction has committed. A failing channel never
 * fails the approval: the message centre records each channel's outcome in the message monitor.
 */

/** The events and the setting that configures each. */
export const FLOW_MESSAGE_SETTING = {
  wait: 'waitMsgConfig',
  end: 'endMsgConfig',
  approve: 'approveMsgConfig',
  reject: 'rejectMsgConfig',
  copy: 'copyMsgConfig',
  overTime: 'overTimeMsgConfig',
  notice: 'noticeMsgConfig',
  launch: 'launchMsgConfig',
} as const;
export type FlowMessageKind = keyof typeof FLOW_MESSAGE_SETTING;

interface TemplateJsonEntry {
  /** The message template's parameter. */
  field?: unknown;
  /** A form field, or a system value such as @flowFullName. */
  relationField?: unknown;
}

export interface FlowMessageSetting {
  msgId: string;
  templateJson: TemplateJsonEntry[];
}

const settingOf = (properties: Record<string, unknown> | undefined, key: string) => {
  const value = properties?.[key];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
};

/**
 * The send configuration of an event at a node: the node's own setting unless it inherits
 * (on 2, or no setting), else the start node's (the flow-level default). Only "custom" (on 1)
 * with a send configuration sends through the message centre; "default" (3) is the inbox message
 * alone and "off" (0) adds nothing to it.
 */
export function flowMessageSetting(
  graph: FlowGraph,
  kind: FlowMessageKind,
  nodeCode?: string | null,
): FlowMessageSetting | null {
  const key = FLOW_MESSAGE_SETTING[kind];
  const node = nodeCode ? graph.nodes.get(nodeCode) : undefined;
  let setting = node && node.type !== 'start' ? settingOf(node.properties, key) : undefined;
  if (!setting || Number(setting.on ?? 2) === 2)
    setting = kind === 'launch' ? undefined : settingOf(graph.start.properties, key);
  if (!setting || Number(setting.on) !== 1) return null;
  const msgId = typeof setting.msgId === 'string' ? setting.msgId.trim() : '';
  if (!msgId) return null;
  return {
    msgId,
    templateJson: Array.isArray(setting.templateJson) ? (setting.templateJson as TemplateJsonEntry[]) : [],
  };
}

/** What the engine knows when it tells the users; the names are read after the commit. */
export interface FlowMessageJob {
  setting: FlowMessageSetting;
  userIds: string[];
  /** The inbox message's title. */
  title: string;
  task: {
    id: string;
    flowId: string;
    fullName: string;
    flowName: string;
    flowCode: string;
    creatorUserId: string | null;
    startTime: number | null;
    creatorTime: number | null;
    flowFormContentJson: Record<string, unknown>;
  };
  node: { id?: string | null; code?: string | null; name?: string | null };
  actor: string;
  time: number;
}

const text = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * The template parameters: the system values of workflow.md 2.2 under their names (flowFullName,
 * taskFullName, launchUserName, flowOperatorUserName, ...), a few plain aliases (flowName,
 * nodeName, userName = the initiator, sendTime), the form's fields, and the setting's templateJson
 * mapping a template parameter to a form field or an @system value.
 */
export async function flowMessageParams(
  services: Services,
  job: Omit<FlowMessageJob, 'setting' | 'userIds'> & { setting: Pick<FlowMessageSetting, 'templateJson'> },
) {
  const ids = [job.task.creatorUserId ?? '', job.actor].filter(Boolean);
  const names = new Map(
    ids.length
      ? (
          await services.db
            .select({ id: users.id, realName: users.realName })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, u.realName])
      : [],
  );
  const launchTime = job.task.startTime ?? job.task.creatorTime;
  const system: Record<string, string> = {
    flowId: job.task.flowId,
    taskId: job.task.id,
    taskNodeId: job.node.id ?? '',
    flowFullName: job.task.flowName,
    flowFullCode: job.task.flowCode,
    taskFullName: job.task.fullName,
    launchUserId: job.task.creatorUserId ?? '',
    launchUserName: names.get(job.task.creatorUserId ?? '') ?? '',
    launchTime: launchTime ? formatTime(launchTime) : '',
    flowOperatorUserId: job.actor,
    flowOperatorUserName: names.get(job.actor) ?? '',
    nodeCode: job.node.code ?? '',
    nodeName: job.node.name ?? '',
    sendTime: formatTime(job.time),
    title: job.title,
  };
  system.flowName = system.flowFullName!;
  system.userName = system.launchUserName!;
  const form = job.task.flowFormContentJson ?? {};
  const params: Record<string, string> = {};
  for (const [field, value] of Object.entries(form)) params[field] = text(value);
  Object.assign(params, system);
  for (const entry of job.setting.templateJson) {
    const field = typeof entry.field === 'string' ? entry.field : '';
    const relation = typeof entry.relationField === 'string' ? entry.relationField : '';
    if (!field || !relation) continue;
    params[field] = relation.startsWith('@')
      ? (system[relation.slice(1)] ?? '')
      : Object.hasOwn(form, relation)
        ? text(form[relation])
        : '';
  }
  return params;
}

/**
 * Sends one flow message through its send configuration (enabled, found by id). Never throws:
 * the message centre records each channel's result in the monitor; a configuration that is gone
 * or disabled is reported in the server log.
 */
export async function sendFlowMessage(
  services: Services,
  job: FlowMessageJob,
  log: (message: string) => void,
): Promise<void> {
  try {
    const [config] = await services.db
      .select()
      .from(sendConfigs)
      .where(eq(sendConfigs.id, job.setting.msgId));
    if (config?.enabledMark !== 1) {
      log(
        `flow message of task ${job.task.id}: send configuration ${job.setting.msgId} is missing or disabled`,
      );
      return;
    }
    await sendThrough(services, config, {
      userIds: job.userIds,
      params: await flowMessageParams(services, job),
    });
  } catch (error) {
    log(`flow message of task ${job.task.id} not sent: ${(error as Error).message}`);
  }
}
