import type { Services } from '../../services.js';
import { findInterface, runLoadedInterface } from '../systemData/dataInterface/run.js';
import type { FlowGraph } from './graph.js';
import { type FlowMessageJob, flowMessageParams } from './messages.js';

/**
 * Flow events (workflow.md 2.2/2.3 `*FuncConfig`, issue 13): at launch, end and withdrawal of a
 * flow, at an approval, return or recall of an approval, at an overtime and at a reminder, the
 * engine calls the data interface the designer picked, with the parameters its templateJson maps
 * from form fields or @system values. The call is made once the engine's transaction has
 * committed (the same after-commit queue as the message-centre sends) and never fails the
 * user's action: the data-interface module records the call in its call log, and a missing or
 * disabled interface or a failed call is a warning in the server log.
 */

/** The events and the setting that configures each. */
export const FLOW_EVENT_SETTING = {
  init: 'initFuncConfig',
  end: 'endFuncConfig',
  flowRecall: 'flowRecallFuncConfig',
  approve: 'approveFuncConfig',
  reject: 'rejectFuncConfig',
  recall: 'recallFuncConfig',
  overTime: 'overTimeFuncConfig',
  notice: 'noticeFuncConfig',
} as const;
export type FlowEventKind = keyof typeof FLOW_EVENT_SETTING;

/** Events of the flow as a whole: configured on the start node only. */
const FLOW_LEVEL: ReadonlySet<FlowEventKind> = new Set(['init', 'end', 'flowRecall']);
/** Events an approver may leave to the start node's setting (the timing settings inherit). */
const INHERITED: ReadonlySet<FlowEventKind> = new Set(['overTime', 'notice']);

export interface FlowEventSetting {
  interfaceId: string;
  interfaceName: string;
  templateJson: { field?: unknown; relationField?: unknown }[];
}

const settingOf = (properties: Record<string, unknown> | undefined, key: string) => {
  const value = properties?.[key];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
};

const active = (setting: Record<string, unknown> | undefined): FlowEventSetting | null => {
  if (!setting || Number(setting.on) !== 1) return null;
  const interfaceId = typeof setting.interfaceId === 'string' ? setting.interfaceId.trim() : '';
  if (!interfaceId) return null;
  return {
    interfaceId,
    interfaceName: typeof setting.interfaceName === 'string' ? setting.interfaceName : '',
    templateJson: Array.isArray(setting.templateJson)
      ? (setting.templateJson as FlowEventSetting['templateJson'])
      : [],
  };
};

/**
 * The event setting at a node when it is on (1) and names an interface: flow-level events from
 * the start node; approver events from the node, overtime and reminder events from the start node
 * when the node has none switched on.
 */
export function flowEventSetting(
  graph: FlowGraph,
  kind: FlowEventKind,
  nodeCode?: string | null,
): FlowEventSetting | null {
  const key = FLOW_EVENT_SETTING[kind];
  if (FLOW_LEVEL.has(kind)) return active(settingOf(graph.start.properties, key));
  const node = nodeCode ? graph.nodes.get(nodeCode) : undefined;
  if (node?.type !== 'approver') return null;
  const own = active(settingOf(node.properties, key));
  if (own || !INHERITED.has(kind)) return own;
  return active(settingOf(graph.start.properties, key));
}

/** What the engine knows when the event happens (a message job without message or recipients). */
export type FlowEventJob = Omit<FlowMessageJob, 'setting' | 'userIds' | 'title'> & {
  kind: FlowEventKind;
  setting: FlowEventSetting;
};

/**
 * Calls the event's data interface with the parameters its templateJson maps (a form field or an
 * @system value, as for the message templates). Never throws.
 */
export async function callFlowEvent(
  services: Services,
  job: FlowEventJob,
  log: (message: string) => void,
): Promise<void> {
  const what = `flow event ${FLOW_EVENT_SETTING[job.kind]} of task ${job.task.id}`;
  try {
    const row = await findInterface(services.db, job.setting.interfaceId).catch(() => null);
    if (row?.id !== job.setting.interfaceId || row.enabledMark !== 1) {
      log(
        `${what}: data interface ${job.setting.interfaceName || job.setting.interfaceId} is missing or disabled`,
      );
      return;
    }
    const all = await flowMessageParams(services, { ...job, title: '' });
    const params: Record<string, string> = {};
    for (const entry of job.setting.templateJson)
      if (typeof entry.field === 'string' && entry.field) params[entry.field] = all[entry.field] ?? '';
    await runLoadedInterface(services, row, params, job.actor ? { userId: job.actor } : null);
  } catch (error) {
    log(`${what} failed: ${(error as Error).message}`);
  }
}
