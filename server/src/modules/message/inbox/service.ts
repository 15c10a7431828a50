import type { InboxQuery } from '@console/shared';
import { type AnyColumn, and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest } from '../../../core/errors.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { assertFixedOrder } from '../../../db/query.js';
import { messageReceipts, messages, users } from '../../../db/schema/index.js';

export const InboxMessages = {
  notFound: '消息不存在或已被删除',
  readAll: '已全部标记为已读',
  deleted: '删除成功',
} as const;

/** Unread counts of one user, as initMessage and messagePush carry them. */
export interface UnreadCounts {
  unreadNoticeCount: number;
  unreadMessageCount: number;
  unreadSystemMessageCount: number;
  unreadScheduleCount: number;
  unreadTotalCount: number;
}

const COUNT_FIELD: Record<number, keyof UnreadCounts> = {
  1: 'unreadNoticeCount',
  2: 'unreadMessageCount',
  3: 'unreadSystemMessageCount',
  4: 'unreadScheduleCount',
};

export const emptyCounts = (): UnreadCounts => ({
  unreadNoticeCount: 0,
  unreadMessageCount: 0,
  unreadSystemMessageCount: 0,
  unreadScheduleCount: 0,
  unreadTotalCount: 0,
});

/** Case-insensitive containment without LIKE, so the keyword needs no escaping. */
export const contains = (column: AnyColumn | SQL, keyword: string) =>
  sql`strpos(lower(${column}), lower(${keyword})) > 0`;

/**
 * Receipts a user still sees: not deleted by them, and a notice source that is neither
 * deleted nor past its expiry. Queries using it left-join messages.
 */
const visible = (now: number) =>
  and(
    eq(messageReceipts.deleteMark, 0),
    or(
      isNull(messageReceipts.messageId),
      and(eq(messages.deleteMark, 0), or(isNull(messages.expirationTime), gt(messages.expirationTime, now))),
    ),
  );

const releaser = alias(users, 'releaser');
const releaseUserName = sql<
  string | null
>`case when ${releaser.id} is null then null else ${releaser.realName} || '/' || ${releaser.account} end`;

export class InboxService {
  constructor(private readonly db: Db) {}

  /** Unread counts per user, for any number of users in one query. */
  async unreadCounts(userIds: string[]): Promise<Map<string, UnreadCounts>> {
    const result = new Map(userIds.map((id) => [id, emptyCounts()]));
    if (userIds.length === 0) return result;
    const rows = await this.db
      .select({ userId: messageReceipts.userId, type: messageReceipts.type, n: count() })
      .from(messageReceipts)
      .leftJoin(messages, eq(messages.id, messageReceipts.messageId))
      .where(
        and(inArray(messageReceipts.userId, userIds), eq(messageReceipts.isRead, 0), visible(Date.now())),
      )
      .groupBy(messageReceipts.userId, messageReceipts.type);
    for (const row of rows) {
      const counts = result.get(row.userId);
      const field = COUNT_FIELD[row.type];
      if (!counts || !field) continue;
      counts[field] += row.n;
      counts.unreadTotalCount += row.n;
    }
    return result;
  }

  /** The newest message's title and time (the drawer's default line), or nulls. */
  async latest(userId: string): Promise<{ title: string; releaseTime: number } | null> {
    const [row] = await this.db
      .select({ title: messageReceipts.title, releaseTime: messageReceipts.releaseTime })
      .from(messageReceipts)
      .leftJoin(messages, eq(messages.id, messageReceipts.messageId))
      .where(and(eq(messageReceipts.userId, userId), visible(Date.now())))
      .orderBy(desc(messageReceipts.releaseTime), desc(messageReceipts.id))
      .limit(1);
    return row ?? null;
  }

  async list(userId: string, query: InboxQuery) {
    assertFixedOrder(query.sidx);
    const filters: SQL[] = [eq(messageReceipts.userId, userId), visible(Date.now())!];
    if (query.type !== undefined) filters.push(eq(messageReceipts.type, query.type));
    if (query.isRead !== undefined) filters.push(eq(messageReceipts.isRead, query.isRead));
    if (query.keyword) filters.push(contains(messageReceipts.title, query.keyword));
    const where = and(...filters);
    const direction = query.sort === 'asc' ? sql`asc` : sql`desc`;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: messageReceipts.id,
          title: messageReceipts.title,
          type: messageReceipts.type,
          flowType: messageReceipts.flowType,
          isRead: messageReceipts.isRead,
          releaseTime: messageReceipts.releaseTime,
          releaseUser: releaseUserName,
          excerpt: messages.excerpt,
          bodyText: messageReceipts.bodyText,
        })
        .from(messageReceipts)
        .leftJoin(messages, eq(messages.id, messageReceipts.messageId))
        .leftJoin(releaser, eq(releaser.id, messageReceipts.releaseUserId))
        .where(where)
        .orderBy(sql`${messageReceipts.releaseTime} ${direction}`, sql`${messageReceipts.id} ${direction}`)
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db
        .select({ n: count() })
        .from(messageReceipts)
        .leftJoin(messages, eq(messages.id, messageReceipts.messageId))
        .where(where),
    ]);
    return {
      list: rows.map((row) => ({
        ...row,
        isRead: String(row.isRead),
        // Flow and schedule messages open from the list with their JSON body; others load ReadInfo.
        bodyText: row.type === 2 || row.type === 4 ? row.bodyText : null,
      })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }

  /**
   * The user's latest notices (type 1) for the portal's notice widget (POST /Dashboard/Notice):
   * newest release first, at most `limit`; `categories` keeps only notices of those categories.
   * `id` is the receipt's, what ReadInfo opens.
   */
  async notices(userId: string, categories: string[], limit: number) {
    const filters: SQL[] = [
      eq(messageReceipts.userId, userId),
      eq(messageReceipts.type, 1),
      visible(Date.now())!,
    ];
    if (categories.length) filters.push(inArray(messages.category, categories));
    return this.db
      .select({
        id: messageReceipts.id,
        title: messageReceipts.title,
        category: messages.category,
        coverImage: messages.coverImage,
        excerpt: messages.excerpt,
        isRead: messageReceipts.isRead,
        creatorTime: messages.creatorTime,
        creatorUserId: messages.creatorUserId,
        releaseTime: messageReceipts.releaseTime,
        releaseUser: releaseUserName,
      })
      .from(messageReceipts)
      .leftJoin(messages, eq(messages.id, messageReceipts.messageId))
      .leftJoin(releaser, eq(releaser.id, messageReceipts.releaseUserId))
      .where(and(...filters))
      .orderBy(desc(messageReceipts.releaseTime), desc(messageReceipts.id))
      .limit(limit);
  }

  /** One message of the user, marked read. */
  async readInfo(userId: string, id: string) {
    const now = Date.now();
    const [row] = await this.db
      .select({
        id: messageReceipts.id,
        messageId: messageReceipts.messageId,
        type: messageReceipts.type,
        flowType: messageReceipts.flowType,
        title: messageReceipts.title,
        receiptBody: messageReceipts.bodyText,
        releaseTime: messageReceipts.releaseTime,
        releaseUser: releaseUserName,
        excerpt: messages.excerpt,
        noticeBody: messages.bodyText,
        files: messages.files,
        coverImage: messages.coverImage,
      })
      .from(messageReceipts)
      .leftJoin(messages, eq(messages.id, messageReceipts.messageId))
      .leftJoin(releaser, eq(releaser.id, messageReceipts.releaseUserId))
      .where(and(eq(messageReceipts.id, id), eq(messageReceipts.userId, userId), visible(now)))
      .limit(1);
    if (!row) throw badRequest(InboxMessages.notFound);
    await this.db
      .update(messageReceipts)
      .set({
        isRead: 1,
        readTime: sql`coalesce(${messageReceipts.readTime}, ${now})`,
        readCount: sql`${messageReceipts.readCount} + 1`,
      })
      .where(eq(messageReceipts.id, id));
    const { receiptBody, noticeBody, ...rest } = row;
    return {
      ...rest,
      isRead: '1',
      bodyText: row.messageId ? noticeBody : receiptBody,
      // JSON text, as the 3.4.7 client's message drawer parses it.
      files: JSON.stringify(row.files ?? []),
    };
  }

  async readAll(userId: string, type: number | undefined) {
    const filters = [eq(messageReceipts.userId, userId), eq(messageReceipts.isRead, 0)];
    if (type !== undefined) filters.push(eq(messageReceipts.type, type));
    await this.db
      .update(messageReceipts)
      .set({ isRead: 1, readTime: Date.now() })
      .where(and(...filters));
  }

  /** Soft-deletes the user's own receipts; ids of other users' receipts are refused. */
  async remove(tx: DbOrTx, userId: string, ids: string[]) {
    const own = await tx
      .select({ id: messageReceipts.id })
      .from(messageReceipts)
      .where(
        and(
          inArray(messageReceipts.id, ids),
          eq(messageReceipts.userId, userId),
          eq(messageReceipts.deleteMark, 0),
        ),
      );
    if (own.length !== new Set(ids).size) throw badRequest(InboxMessages.notFound);
    await tx.update(messageReceipts).set({ deleteMark: 1 }).where(inArray(messageReceipts.id, ids));
  }
}
