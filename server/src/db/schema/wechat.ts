import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * WeChat administration (微信配置, issue #27): the official account (公众号, kind 'mp') and the
 * enterprise WeChat (企业号, kind 'qy') connections. `secret` (AppSecret / corp app Secret),
 * `token` and `encodingAesKey` (the server URL's signature token and message key) are sealed with
 * systemData/secrets.ts and never answered back. `encryptMode` is the official account's message
 * encryption (plain, compat or safe, as set in the WeChat console). `menu` is the official
 * account's menu draft (the menu/create body), published with menu/create.
 */
export const wechatAccounts = pgTable('base_wechat_account', {
  kind: text('kind').primaryKey(),
  appId: text('app_id').notNull().default(''),
  secret: text('secret').notNull().default(''),
  token: text('token').notNull().default(''),
  encodingAesKey: text('encoding_aes_key').notNull().default(''),
  agentId: text('agent_id').notNull().default(''),
  apiBase: text('api_base').notNull().default(''),
  encryptMode: text('encrypt_mode').notNull().default('plain'),
  menu: jsonb('menu'),
  menuPublishTime: epochMs('menu_publish_time'),
  lastModifyUserId: text('last_modify_user_id'),
  lastModifyTime: epochMs('last_modify_time'),
});

/** Followers of the official account, as the last sync from user/get + user/info/batchget left them. */
export const wechatFollowers = pgTable(
  'base_wechat_follower',
  {
    openId: text('open_id').primaryKey(),
    nickname: text('nickname').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /** WeChat tag ids (tagid_list). */
    tagIds: jsonb('tag_ids').$type<number[]>().notNull().default([]),
    subscribeTime: epochMs('subscribe_time'),
    language: text('language').notNull().default(''),
    syncTime: epochMs('sync_time').notNull(),
  },
  (t) => [index('base_wechat_follower_nickname').on(t.nickname)],
);

/** The official account's user tags (tags/get). */
export const wechatTags = pgTable('base_wechat_tag', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  count: integer('count').notNull().default(0),
});

/**
 * Sent messages: official-account mass messages (channel 'mp': to all or a tag, msg_id and the
 * status message/mass/get reports) and enterprise-WeChat application messages (channel 'qy').
 */
export const wechatMessages = pgTable(
  'base_wechat_message',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    /** mp: 'all' or 'tag:<id>'; qy: the touser / toparty / totag it went to. */
    target: jsonb('target').$type<Record<string, unknown>>().notNull(),
    msgType: text('msg_type').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** sending, sent (accepted), failed, or the vendor's mass status (SEND_SUCCESS ...). */
    status: text('status').notNull(),
    msgId: text('msg_id'),
    errmsg: text('errmsg'),
    creatorUserId: text('creator_user_id'),
    creatorTime: epochMs('creator_time').notNull(),
  },
  (t) => [index('base_wechat_message_channel').on(t.channel, t.creatorTime)],
);

/** An administrator's answer to a received message (message/custom/send). */
export interface InboxReply {
  content: string;
  userId: string;
  time: number;
}

/**
 * Messages followers sent to the official account (POSTs to the server URL): text, image and
 * other messages and events, with the automatic reply answered to WeChat and the administrators'
 * replies. `dedupKey` is WeChat's MsgId (an event: FromUserName:CreateTime:Event), so a message
 * WeChat sends again (no answer within 5 s) is kept once.
 */
export const wechatInbox = pgTable(
  'base_wechat_inbox',
  {
    id: text('id').primaryKey(),
    dedupKey: text('dedup_key').notNull().unique(),
    openId: text('open_id').notNull(),
    msgType: text('msg_type').notNull(),
    event: text('event'),
    /** Text: Content; event: EventKey; image: PicUrl; others: MediaId or what describes them. */
    content: text('content').notNull().default(''),
    /** Every field of the message as WeChat sent it. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    /** WeChat's CreateTime (in ms). */
    createTime: epochMs('create_time').notNull(),
    autoReply: text('auto_reply'),
    /** keyword, follow or default: which automatic reply answered. */
    autoReplyKind: text('auto_reply_kind'),
    replies: jsonb('replies').$type<InboxReply[]>().notNull().default([]),
    receiveTime: epochMs('receive_time').notNull(),
  },
  (t) => [index('base_wechat_inbox_time').on(t.receiveTime), index('base_wechat_inbox_open_id').on(t.openId)],
);

/**
 * The official account's automatic replies: `kind` keyword (keyword matched exactly or contained
 * in a text message), follow (on a subscribe event; id 'follow') or default (any other message;
 * id 'default'). Text replies.
 */
export const wechatAutoReplies = pgTable('base_wechat_auto_reply', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  keyword: text('keyword').notNull().default(''),
  matchMode: text('match_mode').notNull().default('exact'),
  content: text('content').notNull(),
  enabledMark: integer('enabled_mark').notNull().default(1),
  ...auditColumns,
});
