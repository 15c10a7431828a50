import { type MpSettings, VENDOR_BASE_URLS } from '@console/shared';
import {
  ChannelError,
  callJson,
  expectErrcodeZero,
  type OutgoingMessage,
  postJson,
  requireSecret,
} from './types.js';

/**
 * Official-account template message (cgi-bin/message/template/send), one per recipient, with
 * the template's params as its data; the recipient's account stands for the OpenID.
 */
export async function mpChannel(settings: MpSettings, message: OutgoingMessage): Promise<void> {
  requireSecret(settings.appSecret, 'AppSecret');
  if (!message.templateCode) throw new ChannelError('消息模板未填写公众号模板ID');
  const base = settings.baseUrl || VENDOR_BASE_URLS.mp;
  const tokenAnswer = await callJson(
    `${base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(settings.appId)}&secret=${encodeURIComponent(settings.appSecret)}`,
  );
  expectErrcodeZero(tokenAnswer, '获取公众号access_token');
  const token = tokenAnswer?.access_token;
  if (typeof token !== 'string') throw new ChannelError('获取公众号access_token失败：应答缺少access_token');
  const data = Object.fromEntries(Object.entries(message.params).map(([key, value]) => [key, { value }]));
  for (const recipient of message.recipients) {
    const answer = await postJson(
      `${base}/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`,
      {
        touser: recipient.account,
        template_id: message.templateCode,
        data,
      },
    );
    expectErrcodeZero(answer, `公众号消息发送给${recipient.realName}`);
  }
}
