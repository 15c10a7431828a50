import { type DingTalkSettings, VENDOR_BASE_URLS } from '@console/shared';
import { dingTalkToken } from '../../system/sysConfig/thirdParty.js';
import { expectErrcodeZero, type OutgoingMessage, postJson, requireSecret } from './types.js';

/** DingTalk work notice (corpconversation/asyncsend_v2); recipients by their account as DingTalk userid. */
export async function dingTalkChannel(settings: DingTalkSettings, message: OutgoingMessage): Promise<void> {
  requireSecret(settings.appSecret, 'AppSecret');
  const base = settings.baseUrl || VENDOR_BASE_URLS.dingtalk;
  const token = await dingTalkToken(base, settings.appKey, settings.appSecret);
  const answer = await postJson(
    `${base}/topapi/message/corpconversation/asyncsend_v2?access_token=${encodeURIComponent(token)}`,
    {
      agent_id: Number(settings.agentId),
      userid_list: message.recipients.map((r) => r.account).join(','),
      msg: {
        msgtype: 'text',
        text: { content: message.title ? `${message.title}\n${message.content}` : message.content },
      },
    },
  );
  expectErrcodeZero(answer, '钉钉工作通知发送');
}
