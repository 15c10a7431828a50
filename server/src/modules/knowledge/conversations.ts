import type {
  KbAnswerSource,
  KbConversationDetail,
  KbConversationRow,
  KbCorrectionBody,
  KbFeedbackBody,
  KbListQuery,
  PagedList,
} from '@console/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import type { Session } from '../../core/sessions.js';
import type { DbOrTx } from '../../db/client.js';
import { assertFixedOrder, keywordMatch, selectPage } from '../../db/query.js';
import { kbConversations, kbMessages } from '../../db/schema/index.js';
import { requireBase } from './access.js';
import { ChatMessages, ownConversation } from './chat.js';
import { createQa } from './qa.js';

export const ConversationMessages = {
  messageNotFound: '消息不存在或已删除',
  notAnswer: '只能对回答进行反馈或纠正',
} as const;

export async function listConversations(
  db: DbOrTx,
  userId: string,
  query: KbListQuery,
): Promise<PagedList<KbConversationRow>> {
  assertFixedOrder(query.sidx);
  const page = await selectPage(
    db,
    kbConversations,
    and(
      eq(kbConversations.userId, userId),
      eq(kbConversations.deleteMark, 0),
      keywordMatch(query.keyword, kbConversations.title),
    ),
    [desc(kbConversations.creatorTime), desc(kbConversations.id)],
    query,
  );
  return {
    list: page.rows.map((r) => ({
      id: r.id,
      title: r.title,
      creatorTime: r.creatorTime,
      lastModifyTime: r.lastModifyTime,
    })),
    pagination: page.pagination,
  };
}

export async function conversationDetail(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<KbConversationDetail> {
  const [conversation] = await db
    .select({ id: kbConversations.id, title: kbConversations.title })
    .from(kbConversations)
    .where(
      and(eq(kbConversations.id, id), eq(kbConversations.userId, userId), eq(kbConversations.deleteMark, 0)),
    );
  if (!conversation) throw badRequest(ChatMessages.conversationNotFound);
  const messages = await db
    .select()
    .from(kbMessages)
    .where(eq(kbMessages.conversationId, id))
    .orderBy(asc(kbMessages.creatorTime), asc(kbMessages.id));
  return {
    ...conversation,
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role as 'user' | 'assistant',
      content: m.content,
      citations: m.citations,
      source: m.source as KbAnswerSource | null,
      feedback: m.feedback,
      creatorTime: m.creatorTime,
    })),
  };
}

export async function deleteConversation(db: DbOrTx, session: Session, id: string) {
  await ownConversation(db, session.userId, id);
  await db
    .update(kbConversations)
    .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: session.userId })
    .where(eq(kbConversations.id, id));
}

/** An answer in one of the caller's own conversations. */
async function ownAnswer(db: DbOrTx, userId: string, messageId: string) {
  const [row] = await db
    .select({ id: kbMessages.id, role: kbMessages.role, question: kbMessages.question })
    .from(kbMessages)
    .innerJoin(kbConversations, eq(kbConversations.id, kbMessages.conversationId))
    .where(
      and(
        eq(kbMessages.id, messageId),
        eq(kbConversations.userId, userId),
        eq(kbConversations.deleteMark, 0),
      ),
    );
  if (!row) throw badRequest(ConversationMessages.messageNotFound);
  if (row.role !== 'assistant' || !row.question) throw badRequest(ConversationMessages.notAnswer);
  return row as typeof row & { question: string };
}

export async function giveFeedback(db: DbOrTx, session: Session, messageId: string, body: KbFeedbackBody) {
  await ownAnswer(db, session.userId, messageId);
  await db
    .update(kbMessages)
    .set({ feedback: body.useful ? 1 : 0, feedbackComment: body.comment ?? null })
    .where(eq(kbMessages.id, messageId));
}

/** Turns a bad answer into a curated pair of the base (the caller must manage it): the question and the corrected answer. */
export async function correctAnswer(db: DbOrTx, session: Session, messageId: string, body: KbCorrectionBody) {
  const message = await ownAnswer(db, session.userId, messageId);
  await requireBase(db, session, body.baseId, 'manage');
  const id = await createQa(
    db,
    body.baseId,
    { question: message.question.slice(0, 500), answer: body.answer, enabledMark: 1 },
    session.userId,
  );
  await db.update(kbMessages).set({ feedback: 0 }).where(eq(kbMessages.id, messageId));
  return id;
}
