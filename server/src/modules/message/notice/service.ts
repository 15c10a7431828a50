import { MessageType, type NoticeBody, type NoticeListBody, type NoticeUpdateBody } from '@console/shared';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { DbOrTx } from '../../../db/client.js';
import { assertFixedOrder } from '../../../db/query.js';
import { messages, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { pickedUsersFilter } from '../../permission/user/pickers.js';
import { type MessagesDelivered, pushReceipts, writeReceipts } from '../delivery.js';
import { contains } from '../inbox/service.js';
import { sanitizeNoticeHtml } from './sanitize.js';

export const NoticeMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  released: '发布成功',
  notFound: '公告不存在或已被删除',
  releasedReadOnly: '公告已发布，不能修改',
  expired: '公告已过期，不能发布',
  expiryPast: '过期时间必须晚于当前时间',
  unknownUsers: (n: number) => `发送范围中有${n}个用户不存在或已停用`,
} as const;

const NOTICE = MessageType.Notice;
const releaser = alias(users, 'releaser');
const creator = alias(users, 'creator');
const nameOf = (table: typeof releaser | typeof creator) =>
  sql<
    string | null
  >`case when ${table.id} is null then null else ${table.realName} || '/' || ${table.account} end`;

/** Users who may receive messages: enabled (or locked) and not deleted. */
const receivable = and(inArray(users.enabledMark, [1, 2]), eq(users.deleteMark, 0));

export class NoticeService {
  constructor(private readonly services: Services) {}

  private get db() {
    return this.services.db;
  }

  async list(body: NoticeListBody) {
    assertFixedOrder(body.sidx);
    // An expired notice is answered and filtered as state 2, as the 3.4.7 client shows it (已过期).
    const state = sql<number>`case when ${messages.expirationTime} <= ${Date.now()} then 2 else ${messages.enabledMark} end`;
    const filters: SQL[] = [eq(messages.type, NOTICE), eq(messages.deleteMark, 0)];
    if (body.type) filters.push(inArray(messages.category, body.type));
    if (body.enabledMark) filters.push(inArray(state, body.enabledMark));
    if (body.keyword) filters.push(contains(messages.title, body.keyword));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: messages.id,
          title: messages.title,
          type: messages.type,
          category: messages.category,
          excerpt: messages.excerpt,
          enabledMark: state,
          expirationTime: messages.expirationTime,
          releaseTime: messages.releaseTime,
          releaseUser: nameOf(releaser),
          creatorTime: messages.creatorTime,
          creatorUser: nameOf(creator),
          lastModifyTime: messages.lastModifyTime,
        })
        .from(messages)
        .leftJoin(releaser, eq(releaser.id, messages.releaseUserId))
        .leftJoin(creator, eq(creator.id, messages.creatorUserId))
        .where(where)
        .orderBy(desc(messages.creatorTime), desc(messages.id))
        .limit(body.pageSize)
        .offset((body.currentPage - 1) * body.pageSize),
      this.db.select({ n: count() }).from(messages).where(where),
    ]);
    return {
      list: rows,
      pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: total?.n ?? 0 },
    };
  }

  private async row(tx: DbOrTx, id: string, lock = false) {
    const query = tx
      .select()
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.deleteMark, 0)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw badRequest(NoticeMessages.notFound);
    return row;
  }

  async info(id: string) {
    const row = await this.row(this.db, id);
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      bodyText: row.bodyText,
      excerpt: row.excerpt,
      category: row.category,
      coverImage: row.coverImage,
      // As the 3.4.7 client's form reads them: JSON text of the list, ids comma-joined ('' = everyone).
      files: JSON.stringify(row.files ?? []),
      toUserIds: ((row.toUserIds as string[] | null) ?? []).join(','),
      expirationTime: row.expirationTime,
      enabledMark: row.enabledMark,
      releaseTime: row.releaseTime,
      version: row.version,
    };
  }

  /** Every id must name a user who can receive messages. */
  private async checkRecipients(tx: DbOrTx, picked: string[] | null) {
    if (!picked) return;
    // The 3.4.7 client's picker sends "id--user" (and units, roles, positions, groups as
    // "id--company" …, which stand for their members at release).
    const ids = picked.flatMap((raw) => {
      const [id, type = 'user'] = raw.split('--');
      return type === 'user' && id ? [id] : [];
    });
    if (!ids.length) return;
    const [found] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(inArray(users.id, ids), receivable));
    const missing = ids.length - (found?.n ?? 0);
    if (missing > 0) throw badRequest(NoticeMessages.unknownUsers(missing));
  }

  private values(body: NoticeBody) {
    if (body.expirationTime && body.expirationTime <= Date.now()) throw badRequest(NoticeMessages.expiryPast);
    return {
      title: body.title,
      bodyText: sanitizeNoticeHtml(body.bodyText),
      excerpt: body.excerpt ?? null,
      category: body.category ?? null,
      coverImage: body.coverImage ?? null,
      files: body.files,
      expirationTime: body.expirationTime ?? null,
      toUserIds: body.toUserIds,
    };
  }

  async create(body: NoticeBody, userId: string): Promise<string> {
    const values = this.values(body);
    const id = newId();
    await this.db.transaction(async (tx) => {
      await this.checkRecipients(tx, body.toUserIds);
      await tx
        .insert(messages)
        .values({ id, type: NOTICE, enabledMark: 0, creatorUserId: userId, ...values });
    });
    return id;
  }

  async update(id: string, body: NoticeUpdateBody, userId: string) {
    const values = this.values(body);
    await this.db.transaction(async (tx) => {
      const row = await this.row(tx, id, true);
      if (row.enabledMark !== 0) throw badRequest(NoticeMessages.releasedReadOnly);
      await this.checkRecipients(tx, body.toUserIds);
      await updateVersioned(tx, messages, { id, version: body.version, userId }, values);
    });
  }

  /** Soft delete; its receipts leave the inboxes with it. */
  async remove(id: string, userId: string) {
    await this.db.transaction(async (tx) => {
      await this.row(tx, id, true);
      await tx
        .update(messages)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: userId })
        .where(eq(messages.id, id));
    });
  }

  /**
   * Releases the notice: one receipt per recipient in the same transaction, pushed after the
   * commit. Releasing again reaches only recipients who do not have it yet.
   */
  async release(id: string, userId: string): Promise<number> {
    const delivered: MessagesDelivered = await this.db.transaction(async (tx) => {
      const row = await this.row(tx, id, true);
      const now = Date.now();
      if (row.expirationTime !== null && row.expirationTime <= now) throw badRequest(NoticeMessages.expired);
      const toUserIds = row.toUserIds as string[] | null;
      const recipients = await tx
        .select({ id: users.id })
        .from(users)
        .where(toUserIds?.length ? and(await pickedUsersFilter(tx, toUserIds), receivable) : receivable);
      const releaseTime = row.releaseTime ?? now;
      await tx
        .update(messages)
        .set({ enabledMark: 1, releaseTime, releaseUserId: row.releaseUserId ?? userId })
        .where(eq(messages.id, id));
      return writeReceipts(
        tx,
        {
          userIds: recipients.map((r) => r.id),
          type: NOTICE,
          title: row.title,
          messageId: id,
          releaseUserId: row.releaseUserId ?? userId,
        },
        releaseTime,
      );
    });
    await pushReceipts(this.services, delivered);
    return delivered.receipts.length;
  }
}
