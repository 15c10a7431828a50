import type { MessageChannel, MessageMonitorItem } from '@console/shared';
import { and, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { keywordMatch, listOrder, selectPage } from '../../../db/query.js';
import { messageMonitors } from '../../../db/schema/index.js';

export const MonitorMessages = {
  notFound: '监控记录不存在',
  removed: (n: number) => `删除成功，共${n}条`,
} as const;

type Row = typeof messageMonitors.$inferSelect;

const SORTABLE = { sendTime: messageMonitors.sendTime, title: messageMonitors.title };

const item = (row: Row): MessageMonitorItem => ({ ...row, messageType: row.messageType as MessageChannel });

export class MessageMonitorService {
  constructor(private readonly db: Db) {}

  async list(query: {
    currentPage: number;
    pageSize: number;
    keyword: string;
    sort: string;
    sidx: string;
    messageType?: MessageChannel;
    messageSource?: number;
    state?: number;
    startTime?: number;
    endTime?: number;
  }) {
    const filters: SQL[] = [];
    if (query.messageType) filters.push(eq(messageMonitors.messageType, query.messageType));
    if (query.messageSource !== undefined)
      filters.push(eq(messageMonitors.messageSource, query.messageSource));
    if (query.state !== undefined) filters.push(eq(messageMonitors.state, query.state));
    if (query.startTime !== undefined) filters.push(gte(messageMonitors.sendTime, query.startTime));
    if (query.endTime !== undefined) filters.push(lte(messageMonitors.sendTime, query.endTime));
    const order = listOrder(SORTABLE, query, desc(messageMonitors.id), [
      desc(messageMonitors.sendTime),
      desc(messageMonitors.id),
    ]);
    const keyword = keywordMatch(
      query.keyword,
      messageMonitors.title,
      messageMonitors.receiveUser,
      messageMonitors.accountName,
    );
    const { rows, pagination } = await selectPage(
      this.db,
      messageMonitors,
      and(...filters, keyword),
      order,
      query,
    );
    return { list: rows.map(item), pagination };
  }

  async detail(id: string): Promise<MessageMonitorItem> {
    const [row] = await this.db.select().from(messageMonitors).where(eq(messageMonitors.id, id));
    if (!row) throw badRequest(MonitorMessages.notFound);
    return item(row);
  }

  async remove(ids: string[]): Promise<number> {
    const deleted = await this.db
      .delete(messageMonitors)
      .where(inArray(messageMonitors.id, ids))
      .returning({ id: messageMonitors.id });
    if (deleted.length === 0) throw badRequest(MonitorMessages.notFound);
    return deleted.length;
  }

  async empty(): Promise<void> {
    await this.db.delete(messageMonitors);
  }
}
