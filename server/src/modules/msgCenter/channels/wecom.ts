import { VENDOR_BASE_URLS, type WeComSettings } from '@console/shared';
import { weComToken } from '../../system/sysConfig/thirdParty.js';
import { expectErrcodeZero, type OutgoingMessage, postJson, requireSecret } from './types.js';

/** WeCom application message (cgi-bin/message/send); recipients by their account as WeCom userid. */
export async function weComChannel(settings: WeComSettings, message: OutgoingMessage): Promise<void> {
  requireSecret(settings.appSecret, '应用Secret');
  const base = settings.baseUrl || VENDOR_BASE_URLS.wecom;
  const token = await weComToken(base, settings.corpId, settings.appSecret);
  const answer = await postJson(`${base}/cgi-bin/message/send?access_token=${encodeURIComponent(token)}`, {
    touser: message.recipients.map((r) => r.account).join('|'),
    msgtype: 'text',
    agentid: Number(settings.agentId),
    text: { content: message.title ? `${message.title}\n${message.content}` : message.content },
  });
  expectErrcodeZero(answer, '企业微信消息发送');
}
