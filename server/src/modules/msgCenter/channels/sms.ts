import { createHash, createHmac, randomUUID } from 'node:crypto';
import { type SmsSettings, VENDOR_BASE_URLS } from '@console/shared';
import { ChannelError, callJson, type OutgoingMessage, postJson, requireSecret } from './types.js';

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it. */
const percent = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** One Alibaba Cloud SMS RPC call (API 2017-05-25, signature v1 HMAC-SHA1); answers the JSON. */
async function aliyunCall(settings: SmsSettings, action: string, extra: Record<string, string>) {
  const params: Record<string, string> = {
    AccessKeyId: settings.accessKeyId,
    Action: action,
    Format: 'JSON',
    RegionId: settings.region || 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
    ...extra,
  };
  const query = Object.keys(params)
    .sort()
    .map((key) => `${percent(key)}=${percent(params[key]!)}`)
    .join('&');
  const signature = createHmac('sha1', `${settings.accessKeySecret}&`)
    .update(`GET&${percent('/')}&${percent(query)}`)
    .digest('base64');
  const base = settings.baseUrl || VENDOR_BASE_URLS.aliyun;
  const answer = await callJson(`${base}/?Signature=${percent(signature)}&${query}`);
  if (answer?.Code !== 'OK')
    throw new ChannelError(
      `${ALIYUN_FAILURE[action] ?? '短信服务调用失败'}：${String(answer?.Message ?? '')}（${String(answer?.Code ?? '无应答')}）`,
    );
  return answer;
}

const ALIYUN_FAILURE: Record<string, string> = {
  SendSms: '短信发送失败',
  QuerySmsTemplate: '查询短信模板失败',
};

/** Alibaba Cloud SendSms. */
async function aliyun(settings: SmsSettings, phones: string[], message: OutgoingMessage) {
  await aliyunCall(settings, 'SendSms', {
    PhoneNumbers: phones.join(','),
    SignName: settings.signName,
    TemplateCode: message.templateCode,
    TemplateParam: JSON.stringify(message.params),
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

type TencentResponse = Record<string, unknown> & { Error?: { Code: string; Message: string } };

/** One Tencent Cloud SMS call (API 2021-01-11, signature TC3-HMAC-SHA256); answers its Response. */
async function tencentCall(
  settings: SmsSettings,
  action: string,
  body: Record<string, unknown>,
  failure: string,
): Promise<TencentResponse> {
  const base = settings.baseUrl || VENDOR_BASE_URLS.tencent;
  const host = new URL(base).host;
  const payload = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const canonical = `POST\n/\n\ncontent-type:${contentType}\nhost:${host}\n\ncontent-type;host\n${sha256(payload)}`;
  const scope = `${date}/sms/tc3_request`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${settings.accessKeySecret}`, date), 'sms'), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const answer = await postJson(`${base}/`, JSON.parse(payload), {
    'content-type': contentType,
    authorization: `TC3-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`,
    'x-tc-action': action,
    'x-tc-version': '2021-01-11',
    'x-tc-timestamp': String(timestamp),
    'x-tc-region': settings.region || 'ap-guangzhou',
  });
  const response = answer?.Response as TencentResponse | undefined;
  if (response?.Error)
    throw new ChannelError(`${failure}：${response.Error.Message}（${response.Error.Code}）`);
  if (!response) throw new ChannelError(`${failure}：应答缺少发送结果`);
  return response;
}

/** Tencent Cloud SendSms. */
async function tencent(settings: SmsSettings, phones: string[], message: OutgoingMessage) {
  const response = (await tencentCall(
    settings,
    'SendSms',
    {
      PhoneNumberSet: phones.map((p) => (p.startsWith('+') ? p : `+86${p}`)),
      SmsSdkAppId: settings.sdkAppId,
      SignName: settings.signName,
      TemplateId: message.templateCode,
      TemplateParamSet: Object.values(message.params),
    },
    '短信发送失败',
  )) as { SendStatusSet?: { Code: string; Message: string }[] };
  const failed = response.SendStatusSet?.find((s) => s.Code !== 'Ok');
  if (failed) throw new ChannelError(`短信发送失败：${failed.Message}`);
}

/** A template as the vendor holds it: its name and text. */
export interface VendorSmsTemplate {
  fullName: string;
  content: string;
}

/**
 * Asks the vendor for one of its templates (Alibaba QuerySmsTemplate, Tencent
 * DescribeSmsTemplateList); a template it does not know is a ChannelError.
 */
export async function querySmsTemplate(
  settings: SmsSettings,
  templateCode: string,
): Promise<VendorSmsTemplate> {
  requireSecret(settings.accessKeySecret, '密钥');
  if (settings.vendor === 'tencent') {
    const id = Number(templateCode);
    if (!Number.isSafeInteger(id)) throw new ChannelError('腾讯云的模板编号是数字');
    const response = (await tencentCall(
      settings,
      'DescribeSmsTemplateList',
      { TemplateIdSet: [id], International: 0 },
      '查询短信模板失败',
    )) as { DescribeTemplateStatusSet?: { TemplateName?: string; TemplateContent?: string }[] };
    const found = response.DescribeTemplateStatusSet?.[0];
    if (!found?.TemplateContent) throw new ChannelError('查询短信模板失败：服务商没有该模板');
    return { fullName: found.TemplateName ?? '', content: found.TemplateContent };
  }
  const answer = await aliyunCall(settings, 'QuerySmsTemplate', { TemplateCode: templateCode });
  if (typeof answer?.TemplateContent !== 'string')
    throw new ChannelError('查询短信模板失败：服务商没有该模板');
  return { fullName: String(answer.TemplateName ?? ''), content: answer.TemplateContent };
}

/** The SMS channel: the vendor's template (templateCode) filled with the params, to every mobile. */
export async function smsChannel(settings: SmsSettings, message: OutgoingMessage): Promise<void> {
  requireSecret(settings.accessKeySecret, '密钥');
  if (!message.templateCode) throw new ChannelError('消息模板未填写短信模板编号');
  const phones = message.recipients.map((r) => r.mobilePhone).filter((p): p is string => Boolean(p));
  if (phones.length === 0) throw new ChannelError('接收人均未填写手机号');
  await (settings.vendor === 'tencent' ? tencent : aliyun)(settings, phones, message);
}
