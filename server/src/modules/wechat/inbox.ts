/**
 * The official account's messages (消息管理): what followers send to the server URL (signed like
 * the server verification; in safe mode encrypted, see crypto.ts), kept and listed, answered
 * with an automatic reply (keyword, on follow, default) as the passive reply XML, and replied to
 * by an administrator with a custom message (message/custom/send).
 */
import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { updateVersioned } from '../../core/versioned.js';
import type { Db } from '../../db/client.js';
import { wechatAutoReplies, wechatFollowers, wechatInbox } from '../../db/schema/index.js';
import { openSecret } from '../systemData/secrets.js';
import { weChatCall } from './client.js';
import {
  buildWeChatXml,
  decryptMessage,
  encryptMessage,
  parseWeChatXml,
  sameSignature,
  sha1Signature,
} from './crypto.js';
import { credentials, type EncryptMode, row, signatureValid } from './service.js';

export const InboxMessages = {
  badSignature: 'signature check failed',
  badMsgSignature: 'msg_signature check failed',
  notEncrypted: 'the account is in safe mode: the message must be encrypted (Encrypt)',
  noAesKey: 'the message is encrypted but no EncodingAESKey is configured',
  missingField: (name: string) => `the message has no ${name}`,
  keywordTaken: (keyword: string) => `关键词「${keyword}」已有同样匹配方式的回复规则`,
  tooManyRules: '关键词回复最多200条，请先删除不用的规则',
  ruleMissing: '回复规则不存在，请刷新后重试',
  messageMissing: '消息不存在，请刷新后重试',
  replyWindow: '已超过48小时，微信不允许再向该关注者发送客服消息',
  replied: '回复已发送',
} as const;

/** WeChat lets an account send a custom message within 48 hours of the follower's message. */
export const REPLY_WINDOW_MS = 48 * 3600_000;
export const MAX_KEYWORD_RULES = 200;

/** A refusal at the server URL (answered as HTTP 400 text; nothing is written). */
export class CallbackRefused extends Error {}

export interface CallbackQuery {
  signature: string;
  timestamp: string;
  nonce: string;
  encrypt_type?: string;
  msg_signature?: string;
}

type Fields = Record<string, string>;

/** The automatic reply to a message: a keyword rule (exact before contains), follow, or default. */
export async function autoReplyFor(
  db: Db,
  fields: Fields,
): Promise<{ kind: string; content: string } | null> {
  const rules = await db
    .select()
    .from(wechatAutoReplies)
    .where(eq(wechatAutoReplies.enabledMark, 1))
    .orderBy(asc(wechatAutoReplies.creatorTime), asc(wechatAutoReplies.id));
  const fixed = (kind: string) => {
    const rule = rules.find((r) => r.kind === kind);
    return rule ? { kind, content: rule.content } : null;
  };
  if (fields.MsgType === 'event') return fields.Event === 'subscribe' ? fixed('follow') : null;
  if (fields.MsgType === 'text') {
    const text = (fields.Content ?? '').trim().toLowerCase();
    const keywords = rules.filter((r) => r.kind === 'keyword');
    const exact = keywords.find((r) => r.matchMode === 'exact' && r.keyword.toLowerCase() === text);
    const contained = keywords
      .filter((r) => r.matchMode === 'contains' && text.includes(r.keyword.toLowerCase()))
      .sort((a, b) => b.keyword.length - a.keyword.length)[0];
    const hit = exact ?? contained;
    if (hit) return { kind: 'keyword', content: hit.content };
  }
  return fixed('default');
}

/** What the list shows of a message (its text, the event's key, the picture's address, ...). */
function summary(fields: Fields): string {
  switch (fields.MsgType) {
    case 'text':
      return fields.Content ?? '';
    case 'image':
      return fields.PicUrl ?? fields.MediaId ?? '';
    case 'event':
      return fields.EventKey ?? '';
    case 'location':
      return `${fields.Label ?? ''} (${fields.Location_X ?? ''}, ${fields.Location_Y ?? ''})`.trim();
    case 'link':
      return fields.Url ?? fields.Title ?? '';
    default:
      return fields.Recognition || fields.MediaId || '';
  }
}

/**
 * Handles one POST to the server URL: checks the signature (and msg_signature when encrypted),
 * decrypts, keeps the message once, and answers the passive reply XML (encrypted in safe mode),
 * or 'success' when nothing is to be said.
 */
export async function receiveMessage(db: Db, query: CallbackQuery, body: string): Promise<string> {
  const account = await row(db, 'mp');
  const token = openSecret(account?.token ?? '');
  if (!signatureValid(token, query.timestamp, query.nonce, query.signature))
    throw new CallbackRefused(InboxMessages.badSignature);
  const mode = (account?.encryptMode as EncryptMode | undefined) ?? 'plain';
  const appId = account?.appId ?? '';
  const aesKey = openSecret(account?.encodingAesKey ?? '');
  let fields: Fields;
  try {
    fields = parseWeChatXml(body);
  } catch (error) {
    throw new CallbackRefused((error as Error).message);
  }
  if (fields.Encrypt !== undefined) {
    if (!aesKey) throw new CallbackRefused(InboxMessages.noAesKey);
    const expected = sha1Signature([token, query.timestamp, query.nonce, fields.Encrypt]);
    if (!query.msg_signature || !sameSignature(query.msg_signature, expected))
      throw new CallbackRefused(InboxMessages.badMsgSignature);
    try {
      fields = parseWeChatXml(decryptMessage(fields.Encrypt, aesKey, appId));
    } catch (error) {
      throw new CallbackRefused((error as Error).message);
    }
  } else if (mode === 'safe') throw new CallbackRefused(InboxMessages.notEncrypted);
  for (const name of ['ToUserName', 'FromUserName', 'CreateTime', 'MsgType'])
    if (!fields[name]) throw new CallbackRefused(InboxMessages.missingField(name));

  const reply = await autoReplyFor(db, fields);
  const createTime = Number(fields.CreateTime);
  const dedupKey = fields.MsgId
    ? `msg:${fields.MsgId}`
    : `${fields.FromUserName}:${fields.CreateTime}:${fields.MsgType}:${fields.Event ?? ''}`;
  await db
    .insert(wechatInbox)
    .values({
      id: newId(),
      dedupKey: dedupKey.slice(0, 300),
      openId: fields.FromUserName!.slice(0, 64),
      msgType: fields.MsgType!.slice(0, 32),
      event: fields.Event?.slice(0, 64) ?? null,
      content: summary(fields).slice(0, 4000),
      fields,
      createTime: Number.isFinite(createTime) ? createTime * 1000 : Date.now(),
      autoReply: reply?.content ?? null,
      autoReplyKind: reply?.kind ?? null,
      receiveTime: Date.now(),
    })
    .onConflictDoNothing({ target: wechatInbox.dedupKey });

  if (!reply) return 'success';
  const xml = buildWeChatXml([
    ['ToUserName', fields.FromUserName!],
    ['FromUserName', fields.ToUserName!],
    ['CreateTime', Math.floor(Date.now() / 1000)],
    ['MsgType', 'text'],
    ['Content', reply.content],
  ]);
  if (mode !== 'safe') return xml;
  const encrypted = encryptMessage(xml, aesKey, appId);
  const timestamp = query.timestamp || String(Math.floor(Date.now() / 1000));
  return buildWeChatXml([
    ['Encrypt', encrypted],
    ['MsgSignature', sha1Signature([token, timestamp, query.nonce, encrypted])],
    ['TimeStamp', Number(timestamp)],
    ['Nonce', query.nonce],
  ]);
}

// ---- received messages ----

export async function listInbox(
  db: Db,
  q: { keyword?: string; msgType?: string; currentPage: number; pageSize: number },
) {
  const conditions = [];
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(
      or(
        ilike(wechatInbox.content, like),
        ilike(wechatFollowers.nickname, like),
        ilike(wechatFollowers.remark, like),
        eq(wechatInbox.openId, q.keyword),
      ),
    );
  }
  if (q.msgType) conditions.push(eq(wechatInbox.msgType, q.msgType));
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(wechatInbox)
    .leftJoin(wechatFollowers, eq(wechatFollowers.openId, wechatInbox.openId))
    .where(where);
  const list = await db
    .select({
      id: wechatInbox.id,
      openId: wechatInbox.openId,
      nickname: sql<string | null>`${wechatFollowers.nickname}`,
      remark: sql<string | null>`${wechatFollowers.remark}`,
      msgType: wechatInbox.msgType,
      event: wechatInbox.event,
      content: wechatInbox.content,
      createTime: wechatInbox.createTime,
      receiveTime: wechatInbox.receiveTime,
      autoReply: wechatInbox.autoReply,
      autoReplyKind: wechatInbox.autoReplyKind,
      replies: wechatInbox.replies,
    })
    .from(wechatInbox)
    .leftJoin(wechatFollowers, eq(wechatFollowers.openId, wechatInbox.openId))
    .where(where)
    .orderBy(desc(wechatInbox.receiveTime), desc(wechatInbox.id))
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize);
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total?.n ?? 0 } };
}

/** Replies to a received message with a custom text message (message/custom/send), within 48 hours. */
export async function replyToMessage(db: Db, id: string, content: string, userId: string, now = Date.now()) {
  const [message] = await db.select().from(wechatInbox).where(eq(wechatInbox.id, id));
  if (!message) throw badRequest(InboxMessages.messageMissing);
  if (now - message.receiveTime > REPLY_WINDOW_MS) throw badRequest(InboxMessages.replyWindow);
  const c = await credentials(db, 'mp');
  await weChatCall(c, '回复消息', '/cgi-bin/message/custom/send', {
    json: { touser: message.openId, msgtype: 'text', text: { content } },
  });
  const reply = { content, userId, time: now };
  await db
    .update(wechatInbox)
    .set({ replies: sql`${wechatInbox.replies} || ${JSON.stringify([reply])}::jsonb` })
    .where(eq(wechatInbox.id, id));
  return reply;
}

// ---- automatic replies ----

export type FixedKind = 'follow' | 'default';

export async function autoReplies(db: Db) {
  const rules = await db
    .select()
    .from(wechatAutoReplies)
    .orderBy(asc(wechatAutoReplies.creatorTime), asc(wechatAutoReplies.id));
  const fixed = (kind: FixedKind) => {
    const r = rules.find((x) => x.kind === kind);
    return { content: r?.content ?? '', enabledMark: r?.enabledMark ?? 0 };
  };
  return {
    follow: fixed('follow'),
    default: fixed('default'),
    keywords: rules.filter((r) => r.kind === 'keyword'),
  };
}

/** The follow or default reply; an empty content removes it (no reply). */
export async function saveFixedReply(
  db: Db,
  kind: FixedKind,
  input: { content: string; enabledMark: number },
  userId: string,
) {
  if (!input.content) {
    await db.delete(wechatAutoReplies).where(eq(wechatAutoReplies.id, kind));
    return;
  }
  const values = {
    content: input.content,
    enabledMark: input.enabledMark,
    lastModifyUserId: userId,
    lastModifyTime: Date.now(),
  };
  await db
    .insert(wechatAutoReplies)
    .values({ id: kind, kind, ...values, creatorUserId: userId })
    .onConflictDoUpdate({
      target: wechatAutoReplies.id,
      set: { ...values, version: sql`${wechatAutoReplies.version} + 1` },
    });
}

export interface KeywordRuleInput {
  keyword: string;
  matchMode: 'exact' | 'contains';
  content: string;
  enabledMark: number;
}

async function keywordTaken(db: Db, input: KeywordRuleInput, exceptId?: string) {
  const [taken] = await db
    .select({ id: wechatAutoReplies.id })
    .from(wechatAutoReplies)
    .where(
      and(
        eq(wechatAutoReplies.kind, 'keyword'),
        eq(wechatAutoReplies.matchMode, input.matchMode),
        sql`lower(${wechatAutoReplies.keyword}) = ${input.keyword.toLowerCase()}`,
        exceptId ? ne(wechatAutoReplies.id, exceptId) : undefined,
      ),
    );
  if (taken) throw badRequest(InboxMessages.keywordTaken(input.keyword));
}

export async function createKeywordRule(db: Db, input: KeywordRuleInput, userId: string) {
  await keywordTaken(db, input);
  const [n] = await db
    .select({ n: count() })
    .from(wechatAutoReplies)
    .where(eq(wechatAutoReplies.kind, 'keyword'));
  if ((n?.n ?? 0) >= MAX_KEYWORD_RULES) throw badRequest(InboxMessages.tooManyRules);
  const id = newId();
  await db.insert(wechatAutoReplies).values({ id, kind: 'keyword', ...input, creatorUserId: userId });
  return { id };
}

export async function updateKeywordRule(
  db: Db,
  id: string,
  input: KeywordRuleInput & { version: number },
  userId: string,
) {
  const [rule] = await db
    .select({ id: wechatAutoReplies.id })
    .from(wechatAutoReplies)
    .where(and(eq(wechatAutoReplies.id, id), eq(wechatAutoReplies.kind, 'keyword')));
  if (!rule) throw badRequest(InboxMessages.ruleMissing);
  await keywordTaken(db, input, id);
  const { version, ...values } = input;
  await updateVersioned(db, wechatAutoReplies, { id, version, userId }, values);
}

export async function deleteKeywordRule(db: Db, id: string) {
  const gone = await db
    .delete(wechatAutoReplies)
    .where(and(eq(wechatAutoReplies.id, id), eq(wechatAutoReplies.kind, 'keyword')))
    .returning({ id: wechatAutoReplies.id });
  if (!gone.length) throw badRequest(InboxMessages.ruleMissing);
}
