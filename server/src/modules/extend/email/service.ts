import type {
  EmailAttachment,
  EmailConfigBody,
  EmailConfigInfo,
  EmailInfo,
  EmailListItem,
  EmailListQuery,
  EmailSendBody,
  MailSettings,
  Pagination,
} from '@console/shared';
import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { assertFixedOrder, keywordMatch, selectPage } from '../../../db/query.js';
import { extEmailConfigs, extEmails, storedFiles } from '../../../db/schema/index.js';
import { fileUrl, findOwnFile, readFile, saveFile } from '../../file/storage.js';
import { ANNEX_TYPES } from '../../file/upload.js';
import { sanitizeNoticeHtml } from '../../message/notice/sanitize.js';
import { sendMail, verifySmtp } from '../../msgCenter/channels/mail.js';
import { ChannelError } from '../../msgCenter/channels/types.js';
import { openSecret, sealSecret } from '../../systemData/secrets.js';
import { checkImap, type FetchedMail, fetchInbox, type ImapAccount } from './imap.js';

export const EmailMessages = {
  saved: '保存成功',
  sent: '发送成功',
  draftSaved: '草稿已保存',
  deleted: '删除成功',
  checked: '收信与发信服务器均连接成功',
  received: (n: number) => (n ? `收到${n}封新邮件` : '没有新邮件'),
  notFound: '邮件不存在',
  noConfig: '请先在“邮箱配置”中填写邮箱账号',
  noPassword: '请输入邮箱密码',
  noRecipient: '请输入收件人',
  badAttachment: '附件无效，请重新上传',
  notDraft: '只能编辑草稿',
} as const;

/** Attachments are stored like uploads: folder annex, generated names, types sniffed from the bytes. */
const ATTACHMENT_FOLDER = 'annex';

type ConfigRow = typeof extEmailConfigs.$inferSelect;
type EmailRow = typeof extEmails.$inferSelect;

const joinAddresses = (list: string[]) => list.join(',');
const plainText = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .trim();

export class EmailService {
  constructor(private readonly db: Db) {}

  /** `db` is the caller's transaction when there is one: the embedded database has one connection. */
  private async configRow(userId: string, db: DbOrTx = this.db): Promise<ConfigRow | undefined> {
    const [row] = await db.select().from(extEmailConfigs).where(eq(extEmailConfigs.userId, userId));
    return row;
  }

  async config(userId: string): Promise<EmailConfigInfo | null> {
    const row = await this.configRow(userId);
    if (!row) return null;
    return {
      account: row.account,
      senderName: row.senderName,
      pop3Host: row.imapHost,
      pop3Port: row.imapPort,
      smtpHost: row.smtpHost,
      smtpPort: row.smtpPort,
      emailSsl: row.emailSsl as 0 | 1,
      hasPassword: row.password !== '',
      version: row.version,
    };
  }

  /** The account as typed, with the stored password when none was typed. */
  private async account(userId: string, body: EmailConfigBody): Promise<ImapAccount> {
    const stored = body.password ? undefined : await this.configRow(userId);
    const password = body.password || (stored ? openSecret(stored.password) : '');
    if (!password) throw badRequest(EmailMessages.noPassword);
    return { ...body, password };
  }

  async saveConfig(userId: string, body: EmailConfigBody): Promise<void> {
    const account = await this.account(userId, body);
    const values = {
      account: body.account,
      password: sealSecret(account.password),
      senderName: body.senderName,
      imapHost: body.pop3Host,
      imapPort: body.pop3Port,
      smtpHost: body.smtpHost,
      smtpPort: body.smtpPort,
      emailSsl: body.emailSsl,
    };
    await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          version: extEmailConfigs.version,
          imapHost: extEmailConfigs.imapHost,
          account: extEmailConfigs.account,
        })
        .from(extEmailConfigs)
        .where(eq(extEmailConfigs.userId, userId))
        .for('update');
      if (!current) {
        await tx.insert(extEmailConfigs).values({ userId, ...values, creatorUserId: userId });
        return;
      }
      if (body.version !== undefined && body.version !== current.version)
        throw badRequest(STALE_VERSION_MESSAGE);
      // Another mailbox starts from its first mail.
      const sameMailbox = current.imapHost === body.pop3Host && current.account === body.account;
      await tx
        .update(extEmailConfigs)
        .set({
          ...values,
          ...(sameMailbox ? {} : { uidValidity: '', lastUid: 0 }),
          lastModifyTime: Date.now(),
          lastModifyUserId: userId,
          version: sql`${extEmailConfigs.version} + 1`,
        })
        .where(eq(extEmailConfigs.userId, userId));
    });
  }

  /** Signs in to both servers with what was typed; sends nothing. */
  async checkMail(userId: string, body: EmailConfigBody): Promise<void> {
    const account = await this.account(userId, body);
    await checkImap(account);
    await verifySmtp(this.mailSettings(account)).catch((error: unknown) => {
      throw error instanceof ChannelError ? badRequest(error.message) : error;
    });
  }

  private async storedAccount(userId: string): Promise<{ row: ConfigRow; account: ImapAccount }> {
    const row = await this.configRow(userId);
    if (!row) throw badRequest(EmailMessages.noConfig);
    return {
      row,
      account: {
        account: row.account,
        password: openSecret(row.password),
        senderName: row.senderName,
        pop3Host: row.imapHost,
        pop3Port: row.imapPort,
        smtpHost: row.smtpHost,
        smtpPort: row.smtpPort,
        emailSsl: row.emailSsl as 0 | 1,
      },
    };
  }

  private mailSettings(account: ImapAccount): MailSettings {
    return {
      smtpHost: account.smtpHost,
      smtpPort: account.smtpPort,
      sslEnabled: account.emailSsl,
      smtpUser: account.account,
      smtpPassword: account.password,
      senderName: account.senderName,
    };
  }

  /**
   * Fetches the INBOX mails newer than the last one stored and stores them with their
   * attachments in one transaction; two Receives at once store each mail once.
   */
  async receive(userId: string): Promise<number> {
    const { row, account } = await this.storedAccount(userId);
    const fetched = await fetchInbox(account, { uidValidity: row.uidValidity, lastUid: row.lastUid });
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email:${userId}`}))`);
      const [current] = await tx.select().from(extEmailConfigs).where(eq(extEmailConfigs.userId, userId));
      if (!current) throw badRequest(EmailMessages.noConfig);
      const after = current.uidValidity === fetched.uidValidity ? current.lastUid : 0;
      const fresh = fetched.mails.filter((m) => m.uid > after);
      for (const mail of fresh) await this.storeReceived(tx, userId, fetched.uidValidity, mail);
      await tx
        .update(extEmailConfigs)
        .set({
          uidValidity: fetched.uidValidity,
          lastUid: Math.max(after, ...fetched.mails.map((m) => m.uid)),
        })
        .where(eq(extEmailConfigs.userId, userId));
      return fresh.length;
    });
  }

  private async storeReceived(tx: Tx, userId: string, uidValidity: string, mail: FetchedMail) {
    const attachment: (EmailAttachment & { url?: string })[] = [];
    for (const file of mail.attachments) {
      const sniffed = await fileTypeFromBuffer(file.content);
      // Kinds uploads refuse are listed by name only, never stored or served.
      if (!sniffed || !ANNEX_TYPES.includes(sniffed.ext)) {
        attachment.push({ fileId: '', fullName: file.filename, fileSize: file.content.length });
        continue;
      }
      const stored = await saveFile(tx, {
        folder: ATTACHMENT_FOLDER,
        extension: sniffed.ext,
        mime: sniffed.mime,
        content: file.content,
        userId,
      });
      attachment.push({
        fileId: stored.name,
        fullName: file.filename,
        fileSize: stored.size,
        url: fileUrl(ATTACHMENT_FOLDER, stored.name),
      });
    }
    await tx.insert(extEmails).values({
      id: newId(),
      userId,
      folder: 'inBox',
      uid: mail.uid,
      uidValidity,
      sender: mail.sender,
      senderName: mail.senderName,
      recipient: mail.recipient,
      cc: mail.cc,
      subject: mail.subject,
      bodyText: sanitizeNoticeHtml(mail.html),
      attachment: JSON.stringify(attachment),
      fdate: mail.date,
      creatorUserId: userId,
    });
  }

  async list(
    userId: string,
    query: EmailListQuery,
  ): Promise<{ list: EmailListItem[]; pagination: Pagination }> {
    assertFixedOrder(query.sidx);
    const conditions: (SQL | undefined)[] = [
      eq(extEmails.userId, userId),
      query.type === 'star' ? eq(extEmails.starred, 1) : eq(extEmails.folder, query.type),
      keywordMatch(
        query.keyword,
        extEmails.subject,
        extEmails.sender,
        extEmails.senderName,
        extEmails.recipient,
      ),
      query.startTime === undefined ? undefined : gte(extEmails.fdate, query.startTime),
      query.endTime === undefined ? undefined : lte(extEmails.fdate, query.endTime),
    ];
    const { rows, pagination } = await selectPage(
      this.db,
      extEmails,
      and(...conditions),
      [desc(extEmails.fdate), desc(extEmails.id)],
      query,
    );
    return { list: rows.map(listItem), pagination };
  }

  /** The user's unread received mails, newest first (the portal's email widget, GET /Dashboard/Email). */
  async unread(userId: string, limit: number): Promise<EmailListItem[]> {
    const rows = await this.db
      .select()
      .from(extEmails)
      .where(and(eq(extEmails.userId, userId), eq(extEmails.folder, 'inBox'), eq(extEmails.isRead, 0)))
      .orderBy(desc(extEmails.fdate), desc(extEmails.id))
      .limit(limit);
    return rows.map(listItem);
  }

  private async own(userId: string, id: string): Promise<EmailRow> {
    const [row] = await this.db
      .select()
      .from(extEmails)
      .where(and(eq(extEmails.id, id), eq(extEmails.userId, userId)));
    if (!row) throw badRequest(EmailMessages.notFound);
    return row;
  }

  /** Reading a received mail marks it read. */
  async info(userId: string, id: string): Promise<EmailInfo> {
    const row = await this.own(userId, id);
    if (row.isRead === 0 && row.folder === 'inBox') await this.mark(userId, id, { isRead: 1 });
    return {
      ...listItem(row),
      isRead: row.folder === 'inBox' ? 1 : row.isRead,
      cc: row.cc,
      bcc: row.bcc,
      bodyText: row.bodyText,
      attachment: JSON.parse(row.attachment) as EmailAttachment[],
      version: row.version,
    };
  }

  async mark(userId: string, id: string, values: { isRead?: number; starred?: number }): Promise<void> {
    const updated = await this.db
      .update(extEmails)
      .set(values)
      .where(and(eq(extEmails.id, id), eq(extEmails.userId, userId)))
      .returning({ id: extEmails.id });
    if (updated.length === 0) throw badRequest(EmailMessages.notFound);
  }

  /** Deletes the mail; a received mail's stored attachments go with it. */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.own(userId, id);
    const names =
      row.folder === 'inBox'
        ? (JSON.parse(row.attachment) as EmailAttachment[]).map((a) => a.fileId).filter(Boolean)
        : [];
    await this.db.transaction(async (tx) => {
      await tx.delete(extEmails).where(eq(extEmails.id, id));
      if (names.length)
        await tx
          .delete(storedFiles)
          .where(
            and(
              eq(storedFiles.folder, ATTACHMENT_FOLDER),
              eq(storedFiles.creatorUserId, userId),
              inArray(storedFiles.name, names),
            ),
          );
    });
  }

  /** The attachments named, each an upload of this user; their bytes when `withContent`. */
  private async attachments(userId: string, body: EmailSendBody) {
    const files: { name: string; meta: EmailAttachment & { url: string } }[] = [];
    for (const a of body.attachment) {
      const meta = await findOwnFile(this.db, ATTACHMENT_FOLDER, a.fileId, userId);
      if (!meta) throw badRequest(`${EmailMessages.badAttachment}：${a.fullName}`);
      files.push({
        name: a.fullName,
        meta: {
          fileId: a.fileId,
          fullName: a.fullName,
          fileSize: meta.size,
          url: fileUrl(ATTACHMENT_FOLDER, a.fileId),
        },
      });
    }
    return files;
  }

  private draftValues(body: EmailSendBody, attachment: EmailAttachment[]) {
    return {
      recipient: joinAddresses(body.recipient),
      cc: joinAddresses(body.cc),
      bcc: joinAddresses(body.bcc),
      subject: body.subject,
      bodyText: sanitizeNoticeHtml(body.bodyText),
      attachment: JSON.stringify(attachment),
      fdate: Date.now(),
    };
  }

  /** Writes a draft or a sent mail: a new row, or the draft `body.id` at its version. */
  private async write(tx: Tx, userId: string, folder: 'draft' | 'sent', body: EmailSendBody, values: object) {
    const sender = await this.configRow(userId, tx);
    const row = { ...values, folder, sender: sender?.account ?? '', senderName: sender?.senderName ?? '' };
    if (!body.id) {
      const id = newId();
      await tx
        .insert(extEmails)
        .values({ id, userId, isRead: 1, creatorUserId: userId, ...row } as typeof extEmails.$inferInsert);
      return id;
    }
    const [draft] = await tx
      .select({ folder: extEmails.folder })
      .from(extEmails)
      .where(and(eq(extEmails.id, body.id), eq(extEmails.userId, userId)));
    if (!draft) throw badRequest(EmailMessages.notFound);
    if (draft.folder !== 'draft') throw badRequest(EmailMessages.notDraft);
    if (body.version === undefined) throw badRequest('缺少版本号');
    await updateVersioned(tx, extEmails, { id: body.id, version: body.version, userId }, row);
    return body.id;
  }

  async saveDraft(userId: string, body: EmailSendBody): Promise<string> {
    const files = await this.attachments(userId, body);
    const values = this.draftValues(
      body,
      files.map((f) => f.meta),
    );
    return this.db.transaction((tx) => this.write(tx, userId, 'draft', body, values));
  }

  /** Sends over the user's SMTP account, then records it as sent (the draft it came from becomes it). */
  async send(userId: string, body: EmailSendBody): Promise<string> {
    if (body.recipient.length === 0) throw badRequest(EmailMessages.noRecipient);
    const { account } = await this.storedAccount(userId);
    const files = await this.attachments(userId, body);
    if (body.id) await this.checkDraft(userId, body);
    const values = this.draftValues(
      body,
      files.map((f) => f.meta),
    );
    const contents = await Promise.all(
      files.map(async (f) => {
        const stored = await readFile(this.db, ATTACHMENT_FOLDER, f.meta.fileId);
        return { filename: f.name, content: Buffer.from(stored!.content), contentType: stored!.mime };
      }),
    );
    try {
      await sendMail(this.mailSettings(account), {
        to: body.recipient,
        cc: body.cc,
        bcc: body.bcc,
        subject: body.subject,
        html: values.bodyText,
        text: plainText(values.bodyText),
        attachments: contents,
      });
    } catch (error) {
      throw error instanceof ChannelError ? badRequest(error.message) : error;
    }
    return this.db.transaction((tx) => this.write(tx, userId, 'sent', body, values));
  }

  /** Refuses sending a draft that is not one, or was edited since it was read, before anything goes out. */
  private async checkDraft(userId: string, body: EmailSendBody) {
    const row = await this.own(userId, body.id!);
    if (row.folder !== 'draft') throw badRequest(EmailMessages.notDraft);
    if (body.version === undefined) throw badRequest('缺少版本号');
    if (row.version !== body.version) throw badRequest(STALE_VERSION_MESSAGE);
  }
}

function listItem(row: EmailRow): EmailListItem {
  return {
    id: row.id,
    subject: row.subject,
    sender: row.sender,
    senderName: row.senderName,
    recipient: row.recipient,
    isRead: row.isRead,
    starred: row.starred,
    hasAttachment: row.attachment !== '[]',
    fdate: row.fdate,
    folder: row.folder as EmailListItem['folder'],
  };
}
