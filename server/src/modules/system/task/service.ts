import {
  type PageQuery,
  type TaskBody,
  TaskExecuteContent,
  type TaskInfo,
  type TaskListItem,
  type TaskLogRow,
  type TaskUpdateBody,
} from '@console/shared';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { dataInterfaces, timeTaskLogs, timeTasks } from '../../../db/schema/index.js';
import { uniqueAs } from '../dictionary/service.js';
import { findTaskMethod } from './actions.js';
import { checkSchedule, nextRun, parseCron } from './cron.js';

export const TaskMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  started: '启动成功',
  stopped: '停止成功',
  ranOk: '执行成功',
  ranFailed: '执行失败，原因见运行记录',
  notFound: '任务不存在',
  codeExists: '任务编码已存在',
  contentNotJson: '执行内容不是有效的JSON',
  urlRequired: '请填写请求地址（以 http:// 或 https:// 开头）',
  interfaceRequired: '请选择数据接口',
  methodRequired: '请选择本地任务',
  unknownMethod: (id: string) => `本地任务“${id}”不存在`,
  parameterRequired: (name: string) => `请填写参数“${name}”的值`,
  interfaceMissing: '数据接口不存在，请重新选择',
} as const;

type Row = typeof timeTasks.$inferSelect;

export interface ParsedTask {
  content: TaskExecuteContent;
  cron: string;
  startTime: number;
  endTime: number | null;
  missedRun: 'skip' | 'once';
}

/** Reads executeContent (a JSON string) and checks what its execute type needs. */
export function parseExecuteContent(executeType: string, text: string, now = Date.now()): ParsedTask {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(TaskMessages.contentNotJson);
  }
  const parsed = TaskExecuteContent.safeParse(json);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? TaskMessages.contentNotJson);
  const content = parsed.data;
  if (executeType === '4') {
    let url: URL | undefined;
    try {
      url = content.url ? new URL(content.url) : undefined;
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw badRequest(TaskMessages.urlRequired);
  } else if (executeType === '3') {
    if (!content.localHostTaskId) throw badRequest(TaskMessages.methodRequired);
    if (!findTaskMethod(content.localHostTaskId))
      throw badRequest(TaskMessages.unknownMethod(content.localHostTaskId));
  } else {
    if (!content.interfaceId) throw badRequest(TaskMessages.interfaceRequired);
    for (const parameter of content.parameter ?? []) {
      const required = parameter.required === true || Number(parameter.required) === 1;
      const value = parameter.value ?? parameter.defaultValue;
      if (required && (value === undefined || value === null || value === ''))
        throw badRequest(TaskMessages.parameterRequired(parameter.fieldName || parameter.field));
    }
  }
  const window = { startTime: content.startTime, endTime: content.endTime ?? null };
  checkSchedule(content.cron, window, now);
  return { content, cron: content.cron, ...window, missedRun: content.missedRun ?? 'skip' };
}

const listItem = (row: Row): TaskListItem => ({
  id: row.id,
  fullName: row.fullName,
  enCode: row.enCode,
  executeType: row.executeType as TaskListItem['executeType'],
  runCount: row.runCount,
  startTime: row.startTime,
  endTime: row.endTime,
  lastRunTime: row.lastRunTime,
  nextRunTime: row.nextRunTime,
  enabledMark: row.enabledMark,
  description: row.description,
  sortCode: row.sortCode,
});

/** When an enabled task runs next, as of `now`. */
export const nextRunOf = (task: Pick<Row, 'cron' | 'startTime' | 'endTime'>, now: number) =>
  nextRun(parseCron(task.cron), task, now);

const SORTABLE = {
  fullName: timeTasks.fullName,
  enCode: timeTasks.enCode,
  runCount: timeTasks.runCount,
  lastRunTime: timeTasks.lastRunTime,
  nextRunTime: timeTasks.nextRunTime,
  sortCode: timeTasks.sortCode,
};

export class TaskService {
  constructor(private readonly db: Db) {}

  async get(id: string, db: DbOrTx = this.db): Promise<Row> {
    const [row] = await db.select().from(timeTasks).where(eq(timeTasks.id, id)).limit(1);
    if (!row) throw badRequest(TaskMessages.notFound);
    return row;
  }

  async list(query: PageQuery) {
    const page = await selectPage(
      this.db,
      timeTasks,
      keywordMatch(query.keyword, timeTasks.fullName, timeTasks.enCode, timeTasks.description),
      listOrder(SORTABLE, query, asc(timeTasks.id), [asc(timeTasks.sortCode), desc(timeTasks.creatorTime)]),
      query,
    );
    return { list: page.rows.map(listItem), pagination: page.pagination };
  }

  async info(id: string): Promise<TaskInfo> {
    const row = await this.get(id);
    return {
      id: row.id,
      fullName: row.fullName,
      enCode: row.enCode,
      executeType: row.executeType as TaskInfo['executeType'],
      executeContent: row.executeContent,
      enabledMark: row.enabledMark,
      description: row.description ?? null,
      sortCode: row.sortCode,
      version: row.version,
    };
  }

  private values(body: TaskBody, parsed: ParsedTask, now: number) {
    return {
      fullName: body.fullName,
      enCode: body.enCode,
      executeType: body.executeType,
      executeContent: JSON.stringify(parsed.content),
      cron: parsed.cron,
      startTime: parsed.startTime,
      endTime: parsed.endTime,
      missedRun: parsed.missedRun,
      enabledMark: body.enabledMark,
      description: body.description ?? null,
      sortCode: body.sortCode,
      nextRunTime: body.enabledMark === 1 ? nextRunOf(parsed, now) : null,
    };
  }

  /** A data-interface task names an interface that exists. */
  private async checkInterface(parsed: ParsedTask, executeType: string): Promise<void> {
    if (executeType !== '1') return;
    const [found] = await this.db
      .select({ id: dataInterfaces.id })
      .from(dataInterfaces)
      .where(eq(dataInterfaces.id, parsed.content.interfaceId ?? ''))
      .limit(1);
    if (!found) throw badRequest(TaskMessages.interfaceMissing);
  }

  async create(body: TaskBody, userId: string, now = Date.now()): Promise<string> {
    const parsed = parseExecuteContent(body.executeType, body.executeContent, now);
    await this.checkInterface(parsed, body.executeType);
    const id = newId();
    await this.db
      .insert(timeTasks)
      .values({ id, ...this.values(body, parsed, now), creatorUserId: userId })
      .catch(uniqueAs(TaskMessages.codeExists));
    return id;
  }

  async update(id: string, body: TaskUpdateBody, userId: string, now = Date.now()): Promise<void> {
    const parsed = parseExecuteContent(body.executeType, body.executeContent, now);
    await this.checkInterface(parsed, body.executeType);
    await this.db
      .transaction(async (tx) => {
        await this.get(id, tx);
        await updateVersioned(
          tx,
          timeTasks,
          { id, version: body.version, userId },
          this.values(body, parsed, now),
        );
      })
      .catch(uniqueAs(TaskMessages.codeExists));
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.db
      .delete(timeTasks)
      .where(eq(timeTasks.id, id))
      .returning({ id: timeTasks.id });
    if (!deleted.length) throw badRequest(TaskMessages.notFound);
  }

  /** Starts (next run computed from now) or stops (no next run) the trigger. */
  async setEnabled(id: string, enabled: boolean, userId: string, now = Date.now()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.get(id, tx);
      await tx
        .update(timeTasks)
        .set({
          enabledMark: enabled ? 1 : 0,
          nextRunTime: enabled ? nextRunOf(row, now) : null,
          lastModifyTime: now,
          lastModifyUserId: userId,
          version: sql`${timeTasks.version} + 1`,
        })
        .where(eq(timeTasks.id, id));
    });
  }

  async logs(
    taskId: string,
    query: PageQuery & { runResult?: number; startTime?: number; endTime?: number },
  ): Promise<{ list: TaskLogRow[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
    await this.get(taskId);
    const where = and(
      eq(timeTaskLogs.taskId, taskId),
      query.runResult !== undefined ? eq(timeTaskLogs.runResult, query.runResult) : undefined,
      query.startTime !== undefined ? gte(timeTaskLogs.runTime, query.startTime) : undefined,
      query.endTime !== undefined ? lte(timeTaskLogs.runTime, query.endTime) : undefined,
      keywordMatch(query.keyword, timeTaskLogs.description),
    );
    const order = listOrder({ runTime: timeTaskLogs.runTime }, query, desc(timeTaskLogs.id), [
      desc(timeTaskLogs.runTime),
      desc(timeTaskLogs.id),
    ]);
    const page = await selectPage(this.db, timeTaskLogs, where, order, query);
    return {
      list: page.rows.map((row) => ({
        id: row.id,
        runTime: row.runTime,
        endTime: row.endTime,
        runResult: row.runResult,
        description: row.description,
        manual: row.manual,
      })),
      pagination: page.pagination,
    };
  }
}
