import { LOG_CATEGORIES, type LogListQuery, type LogRow } from '@console/shared';
import { and, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { logs } from '../../../db/schema/index.js';

export const LogMessages = {
  deleted: '删除成功',
  cleared: '清空成功',
  retentionSaved: '保存成功',
  exportTooLarge: (limit: number) => `一次最多导出${limit}条日志，请缩小时间范围或加上关键词`,
} as const;

/** Rows one export may hold; a bigger export is refused with a message (not cut silently). */
export const EXPORT_LIMIT = 50_000;

const SORTABLE = {
  creatorTime: logs.creatorTime,
  requestDuration: logs.requestDuration,
  userName: logs.userName,
};

type Row = typeof logs.$inferSelect;

const toRow = (row: Row): LogRow => ({
  id: row.id,
  creatorTime: row.creatorTime,
  userName: row.userName,
  ipaddress: row.ipAddress,
  ipAddressName: row.ipAddressName,
  platForm: row.platForm,
  browser: row.browser,
  loginMark: row.loginMark,
  abstracts: row.abstracts,
  requestURL: row.requestUrl,
  requestMethod: row.requestMethod,
  requestDuration: row.requestDuration,
  moduleName: row.moduleName,
  json: row.json,
});

/** Column titles of an export, per category. */
const EXPORT_COLUMNS: Record<number, [keyof LogRow, string, number][]> = {
  1: [
    ['creatorTime', '登录时间', 20],
    ['userName', '登录用户', 24],
    ['ipaddress', '登录IP', 18],
    ['ipAddressName', '登录地点', 14],
    ['platForm', '登录设备', 20],
    ['browser', '浏览器', 20],
    ['abstracts', '摘要', 24],
  ],
  5: [
    ['creatorTime', '请求时间', 20],
    ['userName', '请求用户', 24],
    ['ipaddress', '请求IP', 18],
    ['platForm', '请求设备', 20],
    ['requestURL', '请求地址', 48],
    ['requestMethod', '请求类型', 10],
    ['requestDuration', '请求耗时(毫秒)', 14],
  ],
  3: [
    ['creatorTime', '操作时间', 20],
    ['userName', '操作用户', 24],
    ['ipaddress', '操作IP', 18],
    ['moduleName', '操作模块', 18],
    ['requestMethod', '操作类型', 10],
    ['requestDuration', '请求耗时(毫秒)', 14],
    ['json', '操作记录', 80],
  ],
  4: [
    ['creatorTime', '创建时间', 20],
    ['userName', '创建用户', 24],
    ['ipaddress', '异常IP', 18],
    ['moduleName', '异常功能', 18],
    ['json', '异常描述', 80],
  ],
};

const pad = (n: number) => String(n).padStart(2, '0');
const formatTime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

export class LogService {
  constructor(private readonly db: Db) {}

  private where(
    category: number,
    query: Pick<LogListQuery, 'keyword' | 'startTime' | 'endTime'>,
  ): SQL | undefined {
    return and(
      eq(logs.category, category),
      query.startTime !== undefined ? gte(logs.creatorTime, query.startTime) : undefined,
      query.endTime !== undefined ? lte(logs.creatorTime, query.endTime) : undefined,
      keywordMatch(
        query.keyword,
        logs.userName,
        logs.ipAddress,
        logs.platForm,
        logs.requestUrl,
        logs.moduleName,
        logs.abstracts,
      ),
    );
  }

  async list(category: number, query: LogListQuery) {
    const order = listOrder(SORTABLE, query, desc(logs.id), [desc(logs.creatorTime), desc(logs.id)]);
    const page = await selectPage(this.db, logs, this.where(category, query), order, query);
    return { list: page.rows.map(toRow), pagination: page.pagination };
  }

  /** Deletes the chosen rows of the tabs' categories; answers how many went. */
  async remove(ids: string[]): Promise<number> {
    const deleted = await this.db
      .delete(logs)
      .where(and(inArray(logs.id, ids), inArray(logs.category, [...LOG_CATEGORIES])))
      .returning({ id: logs.id });
    return deleted.length;
  }

  async clear(category: number): Promise<number> {
    const deleted = await this.db.delete(logs).where(eq(logs.category, category)).returning({ id: logs.id });
    return deleted.length;
  }

  /** Deletes rows older than `days`; 0 keeps everything. */
  async sweep(days: number, now = Date.now()): Promise<number> {
    if (days <= 0) return 0;
    const deleted = await this.db
      .delete(logs)
      .where(lt(logs.creatorTime, now - days * 86_400_000))
      .returning({ id: logs.id });
    return deleted.length;
  }

  async count(category: number, query: Pick<LogListQuery, 'keyword' | 'startTime' | 'endTime'>) {
    return this.db.$count(logs, this.where(category, query));
  }

  /** The filtered rows of one category as an xlsx workbook, newest first. */
  async exportXlsx(category: number, query: Pick<LogListQuery, 'keyword' | 'startTime' | 'endTime'>) {
    const rows = await this.db
      .select()
      .from(logs)
      .where(this.where(category, query))
      .orderBy(desc(logs.creatorTime), desc(logs.id))
      .limit(EXPORT_LIMIT);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('日志');
    const columns = EXPORT_COLUMNS[category] ?? [];
    sheet.columns = columns.map(([key, header, width]) => ({ key, header, width }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows.map(toRow)) {
      sheet.addRow(
        Object.fromEntries(
          columns.map(([key]) => [
            key,
            key === 'creatorTime' ? formatTime(row.creatorTime) : (row[key] ?? ''),
          ]),
        ),
      );
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
}
