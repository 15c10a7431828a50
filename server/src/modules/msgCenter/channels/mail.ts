import type { MailSettings } from '@console/shared';
import nodemailer, { type Transporter } from 'nodemailer';
import { checkOutboundHost, OutboundMessages } from '../../../core/outbound.js';
import { CHANNEL_TIMEOUT_MS, ChannelError, type OutgoingMessage } from './types.js';

export interface Mail {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text: string;
  /** Sanitised HTML body; `text` is then its plain alternative. */
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What a person reads when the SMTP server refuses something, by nodemailer's error code. */
const SMTP_REFUSALS: Record<string, string> = {
  EAUTH: 'SMTP服务器拒绝了账号或密码',
  ENOAUTH: 'SMTP服务器要求登录，请填写账号和密码',
  EENVELOPE: 'SMTP服务器拒绝了发件人或收件人地址',
  EMESSAGE: 'SMTP服务器拒绝了这封邮件',
  ETLS: '与SMTP服务器的TLS握手失败，请检查SSL设置与端口是否对应',
};

/**
 * Opens an SMTP transport to the account's server, port, TLS choice and credentials and hands it
 * to `use`. The server's address is checked like every outbound call (core/outbound) and
 * connected to as checked; what the server answered is never quoted, only its reply code.
 */
async function withSmtp(settings: MailSettings, use: (transport: Transporter) => Promise<unknown>) {
  let target: Awaited<ReturnType<typeof checkOutboundHost>>;
  try {
    target = await checkOutboundHost(settings.smtpHost, settings.smtpPort);
  } catch (error) {
    throw new ChannelError(`邮件发送失败：${(error as Error).message}`);
  }
  const transport = nodemailer.createTransport({
    host: target.address,
    servername: target.servername,
    port: settings.smtpPort,
    secure: settings.sslEnabled === 1,
    auth: settings.smtpPassword ? { user: settings.smtpUser, pass: settings.smtpPassword } : undefined,
    connectionTimeout: CHANNEL_TIMEOUT_MS,
    greetingTimeout: CHANNEL_TIMEOUT_MS,
    socketTimeout: CHANNEL_TIMEOUT_MS,
  });
  try {
    await use(transport);
  } catch (error) {
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    const refusal = code ? SMTP_REFUSALS[code] : undefined;
    const reason = refusal
      ? `${refusal}${responseCode ? `（${responseCode}）` : ''}`
      : OutboundMessages.unreachable(target.origin);
    throw new ChannelError(`邮件发送失败：${reason}`);
  } finally {
    transport.close();
  }
}

/** Sends one mail over SMTP (see withSmtp). */
export function sendMail(settings: MailSettings, mail: Mail): Promise<void> {
  return withSmtp(settings, (transport) =>
    transport.sendMail({
      from: settings.senderName
        ? { name: settings.senderName, address: settings.smtpUser }
        : settings.smtpUser,
      to: mail.to,
      cc: mail.cc,
      bcc: mail.bcc,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
    }),
  );
}

/** Connects and signs in to the SMTP server without sending anything. */
export function verifySmtp(settings: MailSettings): Promise<void> {
  return withSmtp(settings, (transport) => transport.verify());
}

/** The mail channel: one mail to every recipient that has an address. */
export async function mailChannel(settings: MailSettings, message: OutgoingMessage): Promise<void> {
  const to = message.recipients.map((r) => r.email).filter((e): e is string => Boolean(e));
  if (to.length === 0) throw new ChannelError('接收人均未填写邮箱');
  await sendMail(settings, { to, subject: message.title, text: message.content });
}
