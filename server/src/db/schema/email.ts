import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs } from './columns.js';

/**
 * extend/email: one mail account per user. `password` is sealed with SECRETS_KEY
 * (systemData/secrets) and never answered; `lastUid` is the highest IMAP UID of INBOX already
 * fetched under `uidValidity`, so a Receive fetches only what is new.
 */
export const extEmailConfigs = pgTable('ext_email_config', {
  userId: text('user_id').primaryKey(),
  account: text('account').notNull(),
  password: text('password').notNull().default(''),
  senderName: text('sender_name').notNull().default(''),
  imapHost: text('imap_host').notNull(),
  imapPort: integer('imap_port').notNull(),
  smtpHost: text('smtp_host').notNull(),
  smtpPort: integer('smtp_port').notNull(),
  /** 1: TLS from the first byte on both servers; 0: plain, upgraded with STARTTLS when offered. */
  emailSsl: integer('email_ssl').notNull().default(0),
  uidValidity: text('uid_validity').notNull().default(''),
  lastUid: integer('last_uid').notNull().default(0),
  ...auditColumns,
});

/**
 * The mails of a user's mailbox: received (folder inBox), sent and drafts. `bodyText` is
 * sanitised HTML; `attachment` the JSON list of stored files `[{fileId, fullName, fileSize, url}]`.
 */
export const extEmails = pgTable(
  'ext_email',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** inBox, sent or draft. */
    folder: text('folder').notNull(),
    /** IMAP UID of a received mail (with the config's uidValidity); 0 otherwise. */
    uid: integer('uid').notNull().default(0),
    uidValidity: text('uid_validity').notNull().default(''),
    sender: text('sender').notNull().default(''),
    senderName: text('sender_name').notNull().default(''),
    recipient: text('recipient').notNull().default(''),
    cc: text('cc').notNull().default(''),
    bcc: text('bcc').notNull().default(''),
    subject: text('subject').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    attachment: text('attachment').notNull().default('[]'),
    isRead: integer('is_read').notNull().default(0),
    starred: integer('starred').notNull().default(0),
    /** When the mail was sent (its Date header for a received one). */
    fdate: epochMs('fdate').notNull(),
    ...auditColumns,
  },
  (t) => [
    index('ext_email_user_folder').on(t.userId, t.folder, t.fdate),
    // A mail fetched twice (two Receives at once) is stored once.
    uniqueIndex('ext_email_received').on(t.userId, t.uidValidity, t.uid).where(sql`${t.folder} = 'inBox'`),
  ],
);
