import { encodeBody } from '../../message/inbox/open-rules';

/** What the flow detail page opens (the `config` query parameter, console.md 2.1; a flow message's body). */
export interface DetailConfig {
  id: string;
  taskId?: string;
  flowId?: string;
  /** -1 new (id '0' with flowId), 0 my launch, 1 todo, 2 done, 3 cc, 4 monitor (workflow.md 4.6). */
  opType: number;
  taskOperatorId?: string | undefined;
  taskNodeId?: string | undefined;
  taskRecordId?: string | undefined;
}

export function detailPath(config: DetailConfig): string {
  return `/workFlowDetail?config=${encodeURIComponent(encodeBody(JSON.stringify(config)))}`;
}

/** Reads `config` (base64 of UTF-8 JSON); undefined when it is missing or not a detail config. */
export function readDetailConfig(param: string | null): DetailConfig | undefined {
  if (!param) return undefined;
  try {
    const binary = atob(param);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!parsed || typeof parsed !== 'object') return undefined;
    const value = parsed as Record<string, unknown>;
    const id = typeof value.taskId === 'string' ? value.taskId : value.id;
    if (typeof id !== 'string' || !id) return undefined;
    const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
    return {
      id,
      flowId: text('flowId'),
      opType: Number(value.opType ?? 3),
      taskOperatorId: text('taskOperatorId'),
      taskNodeId: text('taskNodeId'),
      taskRecordId: text('taskRecordId'),
    };
  } catch {
    return undefined;
  }
}
