/** Requests and answers of logs, server monitor, cache and scheduled tasks (system-admin.md 1-4). */
import { z } from 'zod';
import { FormFields, PageQuery } from './system.js';

// ----- Logs -----

/** Log categories, in the 3.4.7 log page's tab order: 1 sign-in, 5 request, 3 operation, 4 exception. */
export const LOG_CATEGORIES = [1, 5, 3, 4] as const;
export type LogCategory = (typeof LOG_CATEGORIES)[number];

const epochMs = z.coerce.number({ message: '时间必须是毫秒时间戳' }).int().min(0).max(8_640_000_000_000_000);

/** GET /api/system/Log/{category} */
export const LogListQuery = PageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
});
export type LogListQuery = z.infer<typeof LogListQuery>;

const LOG_CATEGORY_MESSAGE = '日志类别只能是1（登录）、3（操作）、4（异常）或5（请求）';
export const LogCategoryParams = z.object({
  category: z.coerce
    .number({ message: LOG_CATEGORY_MESSAGE })
    .refine((v) => (LOG_CATEGORIES as readonly number[]).includes(v), LOG_CATEGORY_MESSAGE),
});

/** DELETE /api/system/Log */
export const LogDeleteBody = z.object({
  ids: z
    .array(z.string().trim().min(1).max(64), { message: '请选择要删除的日志' })
    .min(1, '请选择要删除的日志')
    .max(1000, '一次最多删除1000条日志'),
});

/** PUT /api/system/Log/Actions/Retention: days kept; 0 keeps every row. */
export const LogRetentionBody = z.object({
  days: z.coerce
    .number({ message: '保留天数必须是数字' })
    .int('保留天数必须是整数')
    .min(0, '保留天数范围为0-3650')
    .max(3650, '保留天数范围为0-3650'),
});

export interface LogRow {
  id: string;
  creatorTime: number;
  userName: string | null;
  ipaddress: string | null;
  ipAddressName: string | null;
  platForm: string | null;
  browser: string | null;
  /** Sign-in rows: 1 succeeded, 0 failed. */
  loginMark: number | null;
  abstracts: string | null;
  requestURL: string | null;
  requestMethod: string | null;
  requestDuration: number | null;
  moduleName: string | null;
  json: string | null;
}

// ----- Server monitor -----

export interface MonitorInfo {
  system: { os: string; day: string; ip: string; hostname: string };
  cpu: {
    name: string;
    package: string;
    core: string;
    coreNumber: number;
    logic: string;
    used: string;
    idle: string;
    loadAverage: string;
  };
  memory: { total: string; available: string; used: string; usageRate: string };
  disk: { total: string; available: string; used: string; usageRate: string };
  process: {
    pid: number;
    nodeVersion: string;
    uptime: string;
    rss: string;
    heapUsed: string;
    heapTotal: string;
  };
  database: { kind: 'PostgreSQL' | 'PGlite'; version: string; size: string; connections: number | null };
  redis: null | {
    version: string;
    uptime: string;
    connectedClients: number;
    usedMemory: string;
    keys: number;
    hitRate: string;
  };
  /** Server time, epoch ms. */
  time: number;
}

// ----- Cache -----

export const CacheListQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });

export interface CacheItem {
  name: string;
  /** Epoch ms when it expires; null = no expiry. */
  overdueTime: number | null;
  /** Bytes of the value. */
  cacheSize: number;
}

// ----- Scheduled tasks -----

/** '1' call a data interface, '3' run a built-in task, '4' send an HTTP request. */
export const TASK_EXECUTE_TYPES = ['1', '3', '4'] as const;
export type TaskExecuteType = (typeof TASK_EXECUTE_TYPES)[number];
export const TASK_HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

const TaskParameter = z.object({
  field: z.string().max(100),
  fieldName: z.string().max(100).nullish(),
  dataType: z.string().max(50).nullish(),
  required: z.union([z.number(), z.boolean(), z.string()]).nullish(),
  defaultValue: z.unknown().optional(),
  value: z.unknown().optional(),
});

/** The JSON inside executeContent (system-admin.md 4), with this product's HTTP action and missed-run policy. */
export const TaskExecuteContent = z.object({
  cron: z
    .string({ message: '请输入Cron表达式' })
    .trim()
    .min(1, '请输入Cron表达式')
    .max(200, 'Cron表达式过长'),
  startTime: epochMs.refine((v) => v > 0, '请选择开始时间'),
  endTime: epochMs.nullish(),
  interfaceId: z.string().max(64).nullish(),
  interfaceName: z.string().max(200).nullish(),
  parameter: z.array(TaskParameter).max(100).nullish(),
  localHostTaskId: z.string().max(100).nullish(),
  url: z.string().trim().max(2000).nullish(),
  method: z.enum(TASK_HTTP_METHODS, { message: '请求方式只能是GET、POST、PUT或DELETE' }).nullish(),
  headers: z.record(z.string().max(100), z.string().max(2000)).nullish(),
  body: z
    .string()
    .max(64 * 1024, '请求内容最多64KB')
    .nullish(),
  /** A run that fell due while no instance ran: 'skip' it, or run 'once' at start. */
  missedRun: z.enum(['skip', 'once'], { message: '错过的运行只能跳过或补运行一次' }).nullish(),
});
export type TaskExecuteContent = z.infer<typeof TaskExecuteContent>;

/** POST /api/scheduletask, PUT /api/scheduletask/{id} */
export const TaskBody = z.object({
  fullName: FormFields.nameField('请输入任务名称', '任务名称最多为50个字符'),
  enCode: FormFields.codeField('请输入任务编码', '任务编码最多为50个字符'),
  executeType: z.enum(TASK_EXECUTE_TYPES, {
    message: '执行类型只能是1（数据接口）、3（本地任务）或4（HTTP请求）',
  }),
  /** A JSON string of TaskExecuteContent. */
  executeContent: z
    .string({ message: '请填写执行内容' })
    .min(2, '请填写执行内容')
    .max(128 * 1024, '执行内容过长'),
  enabledMark: FormFields.flag('状态只能为0或1').default(1),
  description: FormFields.description,
  sortCode: FormFields.sortCode,
});
export type TaskBody = z.infer<typeof TaskBody>;
export const TaskUpdateBody = TaskBody.extend({ version: FormFields.version });
export type TaskUpdateBody = z.infer<typeof TaskUpdateBody>;

export const TaskListQuery = PageQuery;

/** GET /api/scheduletask/{id}/TaskLog */
export const TaskLogQuery = PageQuery.extend({
  runResult: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .refine((v) => v === 0 || v === 1, '运行结果只能是0（成功）或1（失败）')
      .optional(),
  ),
  startTime: epochMs.optional(),
  endTime: epochMs.optional(),
});

export interface TaskListItem {
  id: string;
  fullName: string;
  enCode: string;
  executeType: TaskExecuteType;
  runCount: number;
  startTime: number;
  endTime: number | null;
  lastRunTime: number | null;
  nextRunTime: number | null;
  enabledMark: number;
  description: string | null;
  sortCode: number;
}

export interface TaskInfo {
  id: string;
  fullName: string;
  enCode: string;
  executeType: TaskExecuteType;
  executeContent: string;
  enabledMark: number;
  description: string | null;
  sortCode: number;
  version: number;
}

export interface TaskLogRow {
  id: string;
  runTime: number;
  endTime: number | null;
  /** 0 success, 1 failure, null running. */
  runResult: number | null;
  description: string | null;
  manual: number;
}

export interface TaskMethod {
  id: string;
  fullName: string;
  description: string;
}
