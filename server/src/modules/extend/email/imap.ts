import type { EmailConfigBody } from '@console/shared';
import { ImapFlow } from 'imapflow';
import { type AddressObject, simpleParser } from 'mailparser';
import { badRequest } from '../../../core/errors.js';
import { checkOutboundHost, OutboundError } from '../../../core/outbound.js';
import { CHANNEL_TIMEOUT_MS } from '../../msgCenter/channels/types.js';

/** A mail account with its password in the clear (only in memory, while it is used). */
export type ImapAccount = Omit<EmailConfigBody, 'version'> & { password: string };

export interface FetchedMail {
  uid: number;
  sender: string;
  senderName: string;
  recipient: string;
  cc: string;
  subject: string;
  /** Not yet sanitised. */
  html: string;
  date: number;
  attachments: { filename: string; content: Buffer }[];
}

/** Mails fetched by one Receive at most; the rest come with the next one. */
export const RECEIVE_BATCH = 50;

const addressText = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ''))
    .filter(Boolean)
    .join(',');

/**
 * Signs in to the account's IMAP server through the outbound rules (the address is checked and
 * connected to as checked). Failures name the server, never what it answered.
 */
async function connect(account: ImapAccount): Promise<ImapFlow> {
  const unreachable = (origin: string) =>
    badRequest(`收信失败：无法连接 ${origin}，请检查收信服务器、端口与SSL设置`);
  let target: Awaited<ReturnType<typeof checkOutboundHost>>;
  try {
    target = await checkOutboundHost(account.pop3Host, account.pop3Port);
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(`收信失败：${error.message}`);
    throw error;
  }
  const client = new ImapFlow({
    host: target.address,
    servername: target.servername,
    port: account.pop3Port,
    secure: account.emailSsl === 1,
    auth: { user: account.account, pass: account.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: CHANNEL_TIMEOUT_MS,
    greetingTimeout: CHANNEL_TIMEOUT_MS,
    socketTimeout: CHANNEL_TIMEOUT_MS,
  });
  // A dropped connection is reported by the call in flight; the event itself must not crash the process.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    if ((error as { authenticationFailed?: boolean }).authenticationFailed)
      throw badRequest('收信失败：收信服务器拒绝了账号或密码');
    throw unreachable(target.origin);
  }
  return client;
}

export async function checkImap(account: ImapAccount): Promise<void> {
  const client = await connect(account);
  await client.logout();
}

/**
 * The INBOX mails after `lastUid` (all of them when the mailbox's UIDVALIDITY changed), oldest
 * first, at most RECEIVE_BATCH, parsed.
 */
export async function fetchInbox(
  account: ImapAccount,
  seen: { uidValidity: string; lastUid: number },
): Promise<{ uidValidity: string; mails: FetchedMail[] }> {
  const client = await connect(account);
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const mailbox = client.mailbox;
      const uidValidity = mailbox ? String(mailbox.uidValidity) : '';
      const after = uidValidity === seen.uidValidity ? seen.lastUid : 0;
      const sources: { uid: number; source: Buffer }[] = [];
      if (mailbox && mailbox.exists > 0) {
        // `n:*` always answers the last mail, even when its UID is below n.
        for await (const message of client.fetch(
          `${after + 1}:*`,
          { uid: true, source: true },
          { uid: true },
        )) {
          if (message.uid > after && message.source && sources.length < RECEIVE_BATCH)
            sources.push({ uid: message.uid, source: message.source });
        }
      }
      const mails: FetchedMail[] = [];
      for (const { uid, source } of sources.sort((a, b) => a.uid - b.uid)) {
        const parsed = await simpleParser(source);
        mails.push({
          uid,
          sender: parsed.from?.value[0]?.address ?? '',
          senderName: parsed.from?.value[0]?.name ?? '',
          recipient: addressText(parsed.to),
          cc: addressText(parsed.cc),
          subject: parsed.subject ?? '',
          html: parsed.html || parsed.textAsHtml || '',
          date: parsed.date?.getTime() ?? Date.now(),
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? 'attachment',
            content: a.content,
          })),
        });
      }
      return { uidValidity, mails };
    } finally {
      lock.release();
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'BizError') throw error;
    throw badRequest('收信失败：读取收件箱时连接中断，请稍后重试');
  } finally {
    await client.logout().catch(() => undefined);
  }
}
