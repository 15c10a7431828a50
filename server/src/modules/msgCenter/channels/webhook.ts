import type { WebhookSettings } from '@console/shared';
import { expectErrcodeZero, type OutgoingMessage, postJson } from './types.js';

/**
 * POSTs the rendered message to the account's address: DingTalk and WeCom robots get their
 * text shape, a custom address gets { title, content, params, receivers }.
 */
export async function webhookChannel(settings: WebhookSettings, message: OutgoingMessage): Promise<void> {
  const headers: Record<string, string> = {};
  if (settings.authType === 1)
    headers.authorization = `Basic ${Buffer.from(`${settings.authUser}:${settings.authSecret}`).toString('base64')}`;
  if (settings.authType === 2) headers.authorization = `Bearer ${settings.authSecret}`;
  const text = message.title ? `${message.title}\n${message.content}` : message.content;
  const body =
    settings.kind === 'custom'
      ? {
          title: message.title,
          content: message.content,
          params: message.params,
          receivers: message.recipients.map((r) => r.account),
        }
      : { msgtype: 'text', text: { content: text } };
  const answer = await postJson(settings.url, body, headers);
  // Robots answer HTTP 200 with an errcode when they refuse.
  if (settings.kind !== 'custom') expectErrcodeZero(answer, '机器人推送');
}
