import {
  CHAT_TEXT_MAX,
  ChatImage,
  type ImUserQuery,
  type MessageListFrame,
  type SendMessageFrame,
} from '@console/shared';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import type { Db } from '../../../db/client.js';
import { assertFixedOrder } from '../../../db/query.js';
import { imContents, imReplies, organizes, users } from '../../../db/schema/index.js';
import { avatarOf } from '../../file/avatar.js';
import { fileUrl, findOwnFile } from '../../file/storage.js';
import { contains } from '../inbox/service.js';

export const ChatMessages = {
  emptyText: '不能发送空消息',
  textTooLong: `消息最多为${CHAT_TEXT_MAX}个字符`,
  imageMissing: '图片不存在，请重新上传',
  receiverMissing: '接收人不存在或已停用',
  self: '不能给自己发消息',
  removed: '移除成功',
  noConversation: '会话不存在',
  cleared: '清空成功',
} as const;

export interface ChatUser {
  id: string;
  account: string;
  realName: string;
  headIcon: string | null;
}

/** A stored chat message as both sides are told about it. */
export interface SentChat {
  id: string;
  sendUserId: string;
  receiveUserId: string;
  contentType: 'text' | 'image';
  /** Text as typed, or for images the JSON text {path, width, height}. */
  content: string;
  sendTime: number;
  sender: ChatUser;
  receiver: ChatUser;
}

const chatUser = { id: users.id, account: users.account, realName: users.realName, headIcon: users.headIcon };
const active = and(inArray(users.enabledMark, [1, 2]), eq(users.deleteMark, 0));

/** Messages between a and b that a has not cleared. */
const conversation = (a: string, b: string) =>
  or(
    and(eq(imContents.sendUserId, a), eq(imContents.receiveUserId, b), eq(imContents.sendDeleteMark, 0)),
    and(eq(imContents.sendUserId, b), eq(imContents.receiveUserId, a), eq(imContents.receiveDeleteMark, 0)),
  );

export class ChatService {
  constructor(private readonly db: Db) {}

  private async user(id: string): Promise<ChatUser | undefined> {
    const [row] = await this.db
      .select(chatUser)
      .from(users)
      .where(and(eq(users.id, id), active))
      .limit(1);
    return row;
  }

  private async content(userId: string, frame: z.output<typeof SendMessageFrame>): Promise<string> {
    if (frame.messageType === 'text') {
      const text = typeof frame.messageContent === 'string' ? frame.messageContent.trim() : '';
      if (!text) throw badRequest(ChatMessages.emptyText);
      if (text.length > CHAT_TEXT_MAX) throw badRequest(ChatMessages.textTooLong);
      return text;
    }
    let raw = frame.messageContent;
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw);
      } catch {
        throw badRequest(ChatMessages.imageMissing);
      }
    }
    const image = ChatImage.safeParse(raw);
    // Only an image the sender uploaded to the chat folder can be sent.
    if (!image.success || !(await findOwnFile(this.db, 'IM', image.data.name, userId)))
      throw badRequest(ChatMessages.imageMissing);
    const { name, width, height } = image.data;
    return JSON.stringify({ path: fileUrl('IM', name), width, height });
  }

  /** Stores a message and puts the conversation at the top of both sides' recent lists. */
  async send(senderId: string, frame: z.output<typeof SendMessageFrame>): Promise<SentChat> {
    if (frame.toUserId === senderId) throw badRequest(ChatMessages.self);
    const [sender, receiver] = await Promise.all([this.user(senderId), this.user(frame.toUserId)]);
    if (!sender) throw badRequest(ChatMessages.receiverMissing);
    if (!receiver) throw badRequest(ChatMessages.receiverMissing);
    const content = await this.content(senderId, frame);
    const sent: SentChat = {
      id: newId(),
      sendUserId: senderId,
      receiveUserId: receiver.id,
      contentType: frame.messageType,
      content,
      sendTime: Date.now(),
      sender,
      receiver,
    };
    await this.db.transaction(async (tx) => {
      await tx.insert(imContents).values({
        id: sent.id,
        sendUserId: sent.sendUserId,
        receiveUserId: sent.receiveUserId,
        contentType: sent.contentType,
        content,
        sendTime: sent.sendTime,
      });
      await tx
        .insert(imReplies)
        .values([
          { id: newId(), userId: senderId, receiveUserId: receiver.id, latestTime: sent.sendTime },
          { id: newId(), userId: receiver.id, receiveUserId: senderId, latestTime: sent.sendTime },
        ])
        .onConflictDoUpdate({
          target: [imReplies.userId, imReplies.receiveUserId],
          set: { latestTime: sent.sendTime, deleteMark: 0 },
        });
    });
    return sent;
  }

  /** A page of the conversation between the user and another, newest first unless sord=asc. */
  async history(userId: string, frame: z.output<typeof MessageListFrame>) {
    const filters: SQL[] = [conversation(userId, frame.toUserId)!];
    if (frame.keyword)
      filters.push(eq(imContents.contentType, 'text'), contains(imContents.content, frame.keyword));
    const where = and(...filters);
    const order = frame.sord === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: imContents.id,
          sendUserId: imContents.sendUserId,
          receiveUserId: imContents.receiveUserId,
          content: imContents.content,
          contentType: imContents.contentType,
          sendTime: imContents.sendTime,
        })
        .from(imContents)
        .where(where)
        .orderBy(order(imContents.sendTime), order(imContents.id))
        .limit(frame.pageSize)
        .offset((frame.currentPage - 1) * frame.pageSize),
      this.db.select({ n: count() }).from(imContents).where(where),
    ]);
    return {
      list: rows,
      pagination: { currentPage: frame.currentPage, pageSize: frame.pageSize, total: total?.n ?? 0 },
    };
  }

  /** Marks what another user sent to this one as read. */
  async markRead(userId: string, fromUserId: string) {
    await this.db
      .update(imContents)
      .set({ state: 1, receiveTime: Date.now() })
      .where(
        and(
          eq(imContents.receiveUserId, userId),
          eq(imContents.sendUserId, fromUserId),
          eq(imContents.state, 0),
        ),
      );
  }

  /** Unread chat messages per sender. */
  async unreadNums(userId: string): Promise<{ sendUserId: string; unreadNum: number }[]> {
    return this.db
      .select({ sendUserId: imContents.sendUserId, unreadNum: count() })
      .from(imContents)
      .where(
        and(
          eq(imContents.receiveUserId, userId),
          eq(imContents.state, 0),
          eq(imContents.receiveDeleteMark, 0),
        ),
      )
      .groupBy(imContents.sendUserId);
  }

  /** Recent conversations with their unread count and latest message. */
  async replies(userId: string) {
    const rows = await this.db
      .select({ ...chatUser, latestDate: imReplies.latestTime })
      .from(imReplies)
      .innerJoin(users, eq(users.id, imReplies.receiveUserId))
      .where(and(eq(imReplies.userId, userId), eq(imReplies.deleteMark, 0), eq(users.deleteMark, 0)))
      .orderBy(desc(imReplies.latestTime))
      .limit(200);
    const unread = new Map((await this.unreadNums(userId)).map((u) => [u.sendUserId, u.unreadNum]));
    const latest = await Promise.all(
      rows.map(async (row) => {
        const [last] = await this.db
          .select({ content: imContents.content, contentType: imContents.contentType })
          .from(imContents)
          .where(conversation(userId, row.id))
          .orderBy(desc(imContents.sendTime), desc(imContents.id))
          .limit(1);
        return last;
      }),
    );
    return {
      list: rows.map((row, i) => ({
        ...row,
        headIcon: avatarOf(row.headIcon),
        unreadMessage: unread.get(row.id) ?? 0,
        latestMessage: latest[i]?.content ?? '',
        messageType: latest[i]?.contentType ?? 'text',
      })),
    };
  }

  /** Removes a conversation from the user's recent list (the history stays). */
  async relocate(userId: string, otherId: string) {
    const removed = await this.db
      .update(imReplies)
      .set({ deleteMark: 1 })
      .where(
        and(eq(imReplies.userId, userId), eq(imReplies.receiveUserId, otherId), eq(imReplies.deleteMark, 0)),
      )
      .returning({ id: imReplies.id });
    if (removed.length === 0) throw badRequest(ChatMessages.noConversation);
  }

  /** Clears the user's side of the history with another user; the other side keeps theirs. */
  async clearHistory(userId: string, otherId: string) {
    const [conversation] = await this.db
      .select({ id: imReplies.id })
      .from(imReplies)
      .where(and(eq(imReplies.userId, userId), eq(imReplies.receiveUserId, otherId)))
      .limit(1);
    if (!conversation) throw badRequest(ChatMessages.noConversation);
    await this.db.transaction(async (tx) => {
      await tx
        .update(imContents)
        .set({ sendDeleteMark: 1 })
        .where(and(eq(imContents.sendUserId, userId), eq(imContents.receiveUserId, otherId)));
      await tx
        .update(imContents)
        .set({ receiveDeleteMark: 1, state: 1 })
        .where(and(eq(imContents.sendUserId, otherId), eq(imContents.receiveUserId, userId)));
    });
  }

  /** Colleagues to chat with: active users other than the caller, optionally of one organisation. */
  async contacts(userId: string, query: ImUserQuery, organizeId?: string) {
    assertFixedOrder(query.sidx);
    const filters: SQL[] = [active!, ne(users.id, userId)];
    if (organizeId && organizeId !== '0') filters.push(eq(users.organizeId, organizeId));
    if (query.keyword)
      filters.push(
        or(
          contains(users.realName, query.keyword),
          contains(users.account, query.keyword),
          contains(sql`coalesce(${users.quickQuery}, '')`, query.keyword),
        )!,
      );
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...chatUser, department: organizes.fullName })
        .from(users)
        .leftJoin(organizes, eq(organizes.id, users.organizeId))
        .where(where)
        .orderBy(asc(users.account), asc(users.id))
        .limit(query.pageSize)
        .offset((query.currentPage - 1) * query.pageSize),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return {
      list: rows.map((row) => ({ ...row, headIcon: avatarOf(row.headIcon) })),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: total?.n ?? 0 },
    };
  }
}
