import type { MailSettings } from '@console/shared';
import nodemailer from 'nodemailer';
import { CHANNEL_TIMEOUT_MS, ChannelError, type OutgoingMessage } from './types.js';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Sends one mail over SMTP with the account's server, port, TLS choice and credentials. */
export async function sendMail(settings: MailSettings, mail: Mail): Promise<void> {
  const transport = nodemailer.createTransport({
    host: settings.smtpHost,
    port: settings.smtpPort,
    secure: settings.sslEnabled === 1,
    auth: settings.smtpPassword ? { user: settings.smtpUser, pass: settings.smtpPassword } : undefined,
    connectionTimeout: CHANNEL_TIMEOUT_MS,
    greetingTimeout: CHANNEL_TIMEOUT_MS,
    socketTimeout: CHANNEL_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      from: settings.senderName
        ? { name: settings.senderName, address: settings.smtpUser }
        : settings.smtpUser,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
  } catch (error) {
    throw new ChannelError(`邮件发送失败：${(error as Error).message}`);
  } finally {
    transport.close();
  }
}

/** The mail channel: one mail to every recipient that has an address. */
export async function mailChannel(settings: MailSettings, message: OutgoingMessage): Promise<void> {
  const to = message.recipients.map((r) => r.email).filter((e): e is string => Boolean(e));
  if (to.length === 0) throw new ChannelError('接收人均未填写邮箱');
  await sendMail(settings, { to, subject: message.title, text: message.content });
}
