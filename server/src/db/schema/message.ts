import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

/**
 * Notices written by people (type 1) and the source record of other released messages.
 * enabledMark: 0 draft, 1 released (the notice list answers 2 once expired). toUserIds null = everyone.
 */
export const messages = pgTable(
  'base_message',
  {
    id: text('id').primaryKey(),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML for notices; JSON for flow and schedule messages. */
    bodyText: text('body_text'),
    excerpt: text('excerpt'),
    category: text('category'),
    coverImage: text('cover_image'),
    files: jsonb('files'),
    toUserIds: jsonb('to_user_ids'),
    expirationTime: epochMs('expiration_time'),
    enabledMark: integer('enabled_mark').notNull().default(0),
    releaseTime: epochMs('release_time'),
    releaseUserId: text('release_user_id'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('base_message_type').on(t.type, t.enabledMark)],
);

/**
 * One row per message per recipient: the inbox. messageId is null for messages that have
 * no source record (system, flow, schedule reminders); (messageId, userId) is unique so a
 * notice reaches each recipient exactly once however often release is retried.
 */
export const messageReceipts = pgTable(
  'base_message_receive',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id'),
    userId: text('user_id').notNull(),
    /** 1 notice, 2 flow, 3 system, 4 schedule. */
    type: integer('type').notNull(),
    flowType: integer('flow_type'),
    title: text('title').notNull(),
    bodyText: text('body_text'),
    /** 0 unread, 1 read. */
    isRead: integer('is_read').notNull().default(0),
    readTime: epochMs('read_time'),
    readCount: integer('read_count').notNull().default(0),
    releaseTime: epochMs('release_time').notNull(),
    releaseUserId: text('release_user_id'),
    deleteMark: integer('delete_mark').notNull().default(0),
  },
  (t) => [
    uniqueIndex('base_message_receive_once').on(t.messageId, t.userId),
    index('base_message_receive_inbox').on(t.userId, t.deleteMark, t.releaseTime),
    index('base_message_receive_unread').on(t.userId, t.isRead, t.type),
  ],
);

/** Internal chat messages. Each side can clear its own history (send/receiveDeleteMark). */
export const imContents = pgTable(
  'base_im_content',
  {
    id: text('id').primaryKey(),
    sendUserId: text('send_user_id').notNull(),
    receiveUserId: text('receive_user_id').notNull(),
    /** text | image | voice | video; image and voice hold a JSON object. */
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
    sendTime: epochMs('send_time').notNull(),
    /** 0 unread, 1 read by the receiver. */
    state: integer('state').notNull().default(0),
    receiveTime: epochMs('receive_time'),
    sendDeleteMark: integer('send_delete_mark').notNull().default(0),
    receiveDeleteMark: integer('receive_delete_mark').notNull().default(0),
  },
  (t) => [
    index('base_im_content_pair').on(t.sendUserId, t.receiveUserId, t.sendTime),
    index('base_im_content_unread').on(t.receiveUserId, t.state),
  ],
);

/** Recent conversations of a user (the chat drawer's 'messages' tab). */
export const imReplies = pgTable(
  'base_im_reply',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    receiveUserId: text('receive_user_id').notNull(),
    latestTime: epochMs('latest_time').notNull(),
    deleteMark: integer('delete_mark').notNull().default(0),
  },
  (t) => [uniqueIndex('base_im_reply_pair').on(t.userId, t.receiveUserId)],
);

/**
 * Sending accounts of the message centre. category: mail | sms | wecom | dingtalk |
 * webhook | mp; settings holds that channel's fields (SMTP host, webhook address, keys).
 */
export const messageAccounts = pgTable(
  'base_message_account_config',
  {
    id: text('id').primaryKey(),
    category: text('category').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    settings: jsonb('settings').notNull().default({}),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_message_account_config_code').on(t.category, t.enCode)],
);

/** Message templates: the text of a message per channel, with {param} placeholders. */
export const messageTemplates = pgTable(
  'base_message_template_config',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** 0 system (seeded, read-only), 1 custom. */
    templateType: integer('template_type').notNull().default(1),
    /** 1 notice, 2 flow, 3 system, 4 schedule. */
    messageSource: integer('message_source').notNull(),
    /** site | mail | sms | wecom | dingtalk | webhook | mp. */
    messageType: text('message_type').notNull(),
    title: text('title'),
    content: text('content'),
    templateCode: text('template_code'),
    /** [{ field, fieldName }] */
    params: jsonb('params').notNull().default([]),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_message_template_config_code').on(t.enCode)],
);

/** Send configurations: which templates (and accounts) a message source goes out through. */
export const sendConfigs = pgTable(
  'base_message_send',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    templateType: integer('template_type').notNull().default(1),
    messageSource: integer('message_source').notNull(),
    /** [{ messageType, templateId, accountConfigId, enabledMark }] */
    templates: jsonb('templates').notNull().default([]),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_message_send_code').on(t.enCode)],
);

/** The send monitor: one row per message handed to a channel, with its outcome. */
export const messageMonitors = pgTable(
  'base_message_monitor',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id'),
    accountName: text('account_name'),
    accountCode: text('account_code'),
    messageType: text('message_type').notNull(),
    messageSource: integer('message_source'),
    templateId: text('template_id'),
    title: text('title'),
    content: text('content'),
    receiveUser: text('receive_user'),
    /** 1 sent, 0 failed. */
    state: integer('state').notNull(),
    error: text('error'),
    sendTime: epochMs('send_time').notNull(),
  },
  (t) => [index('base_message_monitor_time').on(t.sendTime)],
);

/**
 * Schedules. A repeating schedule is stored as one row per occurrence sharing groupId,
 * so 'this one', 'this and later' and 'all' are plain row sets. repetition: 1 none,
 * 2 daily, 3 weekly, 4 monthly, 5 yearly; repeatTime ends the series.
 */
export const schedules = pgTable(
  'base_schedule',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id').notNull(),
    type: text('type'),
    /** 1 normal, 2 important, 3 urgent. */
    urgent: integer('urgent').notNull().default(1),
    title: text('title').notNull(),
    content: text('content'),
    color: text('color'),
    allDay: integer('all_day').notNull().default(0),
    startDay: epochMs('start_day').notNull(),
    endDay: epochMs('end_day').notNull(),
    repetition: integer('repetition').notNull().default(1),
    repeatTime: epochMs('repeat_time'),
    /** Minutes before the start to remind; null = no reminder. */
    reminderTime: integer('reminder_time'),
    /** When the reminder is due, and when it was sent (null = not yet). */
    pushTime: epochMs('push_time'),
    pushedTime: epochMs('pushed_time'),
    files: jsonb('files'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    index('base_schedule_group').on(t.groupId, t.startDay),
    index('base_schedule_start').on(t.startDay),
    index('base_schedule_push').on(t.pushTime),
  ],
);

/** Participants of a schedule occurrence (the creator is one too). */
export const scheduleUsers = pgTable(
  'base_schedule_user',
  {
    id: text('id').primaryKey(),
    scheduleId: text('schedule_id').notNull(),
    toUserId: text('to_user_id').notNull(),
  },
  (t) => [
    uniqueIndex('base_schedule_user_unique').on(t.scheduleId, t.toUserId),
    index('base_schedule_user_user').on(t.toUserId),
  ],
);
