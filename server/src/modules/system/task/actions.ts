import type { TaskExecuteContent, TaskMethod } from '@console/shared';
import { lt } from 'drizzle-orm';
import { OutboundError, outboundFetch, readText } from '../../../core/outbound.js';
import { timeTaskLogs } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { runDataInterface } from '../../systemData/dataInterface/run.js';
import { LogService } from '../log/service.js';

/** What a run reports: its description in the task log. A thrown error is a failed run. */
type Action = (services: Services) => Promise<string>;

interface BuiltIn extends TaskMethod {
  run: Action;
}

/** Built-in (local) tasks offered by GET /scheduletask/TaskMethods. */
const BUILT_INS: BuiltIn[] = [
  {
    id: 'log.retention',
    fullName: '清理过期日志',
    description: '删除早于日志保留天数的登录、请求和操作日志',
    async run(services) {
      const days = (await services.sysConfig.get()).logRetentionDays;
      if (days <= 0) return '日志保留天数为0（永久保留），未删除日志';
      const count = await new LogService(services.db).sweep(days);
      return `删除了${count}条早于${days}天的日志`;
    },
  },
  {
    id: 'task.logRetention',
    fullName: '清理调度运行记录',
    description: '删除早于日志保留天数的调度任务运行记录',
    async run(services) {
      const days = (await services.sysConfig.get()).logRetentionDays;
      if (days <= 0) return '日志保留天数为0（永久保留），未删除运行记录';
      const deleted = await services.db
        .delete(timeTaskLogs)
        .where(lt(timeTaskLogs.runTime, Date.now() - days * 86_400_000))
        .returning({ id: timeTaskLogs.id });
      return `删除了${deleted.length}条早于${days}天的运行记录`;
    },
  },
];

export const taskMethods = (): TaskMethod[] =>
  BUILT_INS.map(({ id, fullName, description }) => ({ id, fullName, description }));

export const findTaskMethod = (id: string) => BUILT_INS.find((method) => method.id === id);

/** Longest time one HTTP run may take (headers, then each silence while the body streams). */
const HTTP_TIMEOUT_MS = 30_000;
/** How much of the answer the log keeps. */
const ANSWER_EXCERPT = 500;

async function httpRequest(content: TaskExecuteContent): Promise<string> {
  const url = content.url ?? '';
  const method = content.method ?? 'GET';
  const headers: Record<string, string> = { ...(content.headers ?? {}) };
  const hasBody = method !== 'GET' && content.body;
  if (hasBody && !Object.keys(headers).some((key) => key.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  const response = await outboundFetch(url, {
    method,
    headers,
    body: hasBody ? (content.body ?? undefined) : undefined,
    timeoutMs: HTTP_TIMEOUT_MS,
  });
  const text = await readText(response, new URL(url).origin, 256 * 1024).catch(
    (error: Error) => error.message,
  );
  const excerpt = text.length > ANSWER_EXCERPT ? `${text.slice(0, ANSWER_EXCERPT)}…` : text;
  const summary = `${method} ${url} → HTTP ${response.status}${excerpt ? `：${excerpt}` : ''}`;
  if (!response.ok) throw new Error(summary);
  return summary;
}

/** Runs one task's action; resolves with the log's description or rejects with the reason it failed. */
/** Calls the data interface with the task's parameter values, as the task's creator. */
async function callInterface(
  services: Services,
  content: TaskExecuteContent,
  userId: string | null,
): Promise<string> {
  const params = Object.fromEntries(
    (content.parameter ?? []).map((parameter) => [
      parameter.field,
      parameter.value ?? parameter.defaultValue ?? '',
    ]),
  );
  const result = await runDataInterface(
    services,
    content.interfaceId ?? '',
    params,
    userId ? { userId } : null,
  );
  const name = content.interfaceName || content.interfaceId;
  if (Array.isArray(result)) return `数据接口“${name}”返回${result.length}行`;
  const text = JSON.stringify(result) ?? '';
  return `数据接口“${name}”返回：${text.length > ANSWER_EXCERPT ? `${text.slice(0, ANSWER_EXCERPT)}…` : text}`;
}

export async function runAction(
  services: Services,
  task: { executeType: string; content: TaskExecuteContent; creatorUserId: string | null },
): Promise<string> {
  try {
    if (task.executeType === '1') return await callInterface(services, task.content, task.creatorUserId);
    if (task.executeType === '4') return await httpRequest(task.content);
    if (task.executeType === '3') {
      const method = findTaskMethod(task.content.localHostTaskId ?? '');
      if (!method) throw new Error(`本地任务“${task.content.localHostTaskId}”不存在`);
      return await method.run(services);
    }
    throw new Error(`未知的执行类型：${task.executeType}`);
  } catch (error) {
    if (error instanceof OutboundError) throw new Error(error.message);
    throw error;
  }
}
