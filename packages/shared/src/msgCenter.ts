/**
 * Message centre (console.md 2.6 MsgCenter): sending accounts, message templates, send
 * configurations and the send monitor.
 */
import { z } from 'zod';
import { Patterns } from './patterns.js';
import { FormFields, PageQuery } from './system.js';

const { sortCode, flag, description, version, nameField, codeField } = FormFields;

/** Kinds of sending account (the tabs of the account page). */
export const ACCOUNT_CATEGORIES = ['mail', 'sms', 'wecom', 'dingtalk', 'webhook', 'mp'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

/** Channels a template is written for: in-app ('site') plus every account kind. */
export const MESSAGE_CHANNELS = ['site', ...ACCOUNT_CATEGORIES] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Where a message comes from; the same numbers as the inbox's message types. */
export const MESSAGE_SOURCES = [1, 2, 3, 4] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

export const SMS_VENDORS = ['aliyun', 'tencent'] as const;
/** Robot payload shapes a webhook account posts. */
export const WEBHOOK_KINDS = ['custom', 'dingtalk', 'wecom'] as const;
/** 0 none, 1 HTTP basic, 2 bearer token. */
export const WEBHOOK_AUTH = [0, 1, 2] as const;

/** Default base addresses of the vendors' HTTP APIs (an account may point elsewhere). */
export const VENDOR_BASE_URLS = {
  aliyun: 'https://dysmsapi.aliyuncs.com',
  tencent: 'https://sms.tencentcloudapi.com',
  wecom: 'https://qyapi.weixin.qq.com',
  dingtalk: 'https://oapi.dingtalk.com',
  mp: 'https://api.weixin.qq.com',
} as const;

/** Settings fields that hold credentials: answered masked, and a masked value on save keeps the stored one. */
export const ACCOUNT_SECRET_FIELDS = ['smtpPassword', 'accessKeySecret', 'appSecret', 'authSecret'] as const;

const text = (max: number, message: string) => z.string().trim().max(max, message);
const required = (max: number, missing: string, tooLong: string) =>
  z.string({ message: missing }).trim().min(1, missing).max(max, tooLong);
const httpUrl = (missing: string) =>
  required(500, missing, '地址最多为500个字符').refine(
    (v) => /^https?:\/\/[^\s]+$/i.test(v),
    '地址必须以 http:// 或 https:// 开头',
  );
const optionalUrl = z
  .string()
  .trim()
  .max(500, '地址最多为500个字符')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), '地址必须以 http:// 或 https:// 开头')
  .optional()
  .default('');

export const MailSettings = z.object({
  smtpHost: required(200, '请输入SMTP服务器', 'SMTP服务器最多为200个字符'),
  smtpPort: z.coerce
    .number({ message: '请输入SMTP端口' })
    .int('SMTP端口必须是1-65535的整数')
    .min(1, 'SMTP端口必须是1-65535的整数')
    .max(65_535, 'SMTP端口必须是1-65535的整数'),
  /** 1: TLS from the start (port 465); 0: plain, upgraded with STARTTLS when offered. */
  sslEnabled: flag('SSL只能为0或1').default(0),
  smtpUser: required(200, '请输入发件人邮箱', '发件人邮箱最多为200个字符').regex(
    Patterns.email,
    '发件人邮箱格式不正确',
  ),
  smtpPassword: text(200, '密码最多为200个字符').default(''),
  senderName: text(50, '发件人昵称最多为50个字符').default(''),
});
export type MailSettings = z.infer<typeof MailSettings>;

export const SmsSettings = z.object({
  vendor: z.enum(SMS_VENDORS, { message: '请选择短信服务商' }),
  accessKeyId: required(200, '请输入AccessKey/SecretId', 'AccessKey/SecretId最多为200个字符'),
  accessKeySecret: text(200, '密钥最多为200个字符').default(''),
  signName: required(50, '请输入短信签名', '短信签名最多为50个字符'),
  /** Tencent only: the SMS application id. */
  sdkAppId: text(50, 'SdkAppId最多为50个字符').default(''),
  region: text(50, '地域最多为50个字符').default(''),
  baseUrl: optionalUrl,
});
export type SmsSettings = z.infer<typeof SmsSettings>;

export const WeComSettings = z.object({
  corpId: required(100, '请输入企业ID', '企业ID最多为100个字符'),
  agentId: required(50, '请输入应用AgentId', 'AgentId最多为50个字符'),
  appSecret: text(200, '应用Secret最多为200个字符').default(''),
  baseUrl: optionalUrl,
});
export type WeComSettings = z.infer<typeof WeComSettings>;

export const DingTalkSettings = z.object({
  agentId: required(50, '请输入应用AgentId', 'AgentId最多为50个字符'),
  appKey: required(100, '请输入AppKey', 'AppKey最多为100个字符'),
  appSecret: text(200, 'AppSecret最多为200个字符').default(''),
  baseUrl: optionalUrl,
});
export type DingTalkSettings = z.infer<typeof DingTalkSettings>;

export const WebhookSettings = z.object({
  url: httpUrl('请输入Webhook地址'),
  kind: z.enum(WEBHOOK_KINDS, { message: '请选择Webhook类型' }).default('custom'),
  authType: z.coerce
    .number({ message: '认证方式只能为0、1或2' })
    .int()
    .refine((v) => v === 0 || v === 1 || v === 2, '认证方式只能为0、1或2')
    .default(0),
  /** Basic auth user name. */
  authUser: text(100, '用户名最多为100个字符').default(''),
  /** Basic auth password or the bearer token. */
  authSecret: text(500, '认证密钥最多为500个字符').default(''),
});
export type WebhookSettings = z.infer<typeof WebhookSettings>;

export const MpSettings = z.object({
  appId: required(100, '请输入公众号AppId', 'AppId最多为100个字符'),
  appSecret: text(200, 'AppSecret最多为200个字符').default(''),
  baseUrl: optionalUrl,
});
export type MpSettings = z.infer<typeof MpSettings>;

export const ACCOUNT_SETTINGS = {
  mail: MailSettings,
  sms: SmsSettings,
  wecom: WeComSettings,
  dingtalk: DingTalkSettings,
  webhook: WebhookSettings,
  mp: MpSettings,
} as const;

/** POST /api/message/AccountConfig; settings are checked against the category's schema on the server. */
export const AccountConfigBody = z.object({
  category: z.enum(ACCOUNT_CATEGORIES, { message: '请选择账号类型' }),
  fullName: nameField('请输入名称', '名称最多为50个字符！'),
  enCode: codeField('请输入编码', '编码最多为50个字符！'),
  settings: z.record(z.string(), z.unknown(), { message: '请填写账号配置' }),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type AccountConfigBody = z.infer<typeof AccountConfigBody>;
export const AccountConfigUpdateBody = AccountConfigBody.extend({ version });
export type AccountConfigUpdateBody = z.infer<typeof AccountConfigUpdateBody>;

export const AccountConfigListQuery = PageQuery.extend({
  type: z.enum(ACCOUNT_CATEGORIES, { message: '账号类型不正确' }).optional(),
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
});

export interface AccountConfigItem {
  id: string;
  category: AccountCategory;
  fullName: string;
  enCode: string;
  /** Credentials masked. */
  settings: Record<string, unknown>;
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** POST /api/message/MessageTemplateConfig/testSendMail: the mail form's settings and a receiver. */
export const TestSendMailBody = MailSettings.extend({
  /** The saved account whose stored password a masked one stands for. */
  id: z.string().trim().max(64).optional(),
  testSendEmail: z
    .string({ message: '请输入收件人邮箱' })
    .trim()
    .min(1, '请输入收件人邮箱')
    .regex(Patterns.email, '收件人邮箱格式不正确'),
});

/**
 * POST /api/message/AccountConfig/testSendMail: the 3.4.7 client's mail account form with its test
 * dialog (its own field names; testSendEmail a list).
 */
export const ClientTestMailBody = z.object({
  id: z.string().trim().max(64).optional(),
  smtpServer: MailSettings.shape.smtpHost,
  smtpPort: MailSettings.shape.smtpPort,
  sslLink: MailSettings.shape.sslEnabled,
  smtpUser: MailSettings.shape.smtpUser,
  smtpPassword: MailSettings.shape.smtpPassword,
  addressorName: MailSettings.shape.senderName,
  testSendEmail: z
    .union([z.string(), z.array(z.string())], { message: '请输入收件人邮箱' })
    .transform((value) =>
      (Array.isArray(value) ? value : [value]).map((email) => email.trim()).filter(Boolean),
    )
    .refine((emails) => emails.length > 0, '请输入收件人邮箱')
    .refine((emails) => emails.length <= 20, '收件人最多20个')
    .refine((emails) => emails.every((email) => Patterns.email.test(email)), '收件人邮箱格式不正确'),
  testEmailTitle: text(100, '邮件标题最多为100个字符').default(''),
  testEmailContent: text(5000, '邮件内容最多为5000个字符').default(''),
});

/** POST /api/system/SysConfig/Email/Test: signs in to an SMTP server given with the mail form's names. */
export const ClientSmtpCheckBody = ClientTestMailBody.pick({
  id: true,
  smtpServer: true,
  smtpPort: true,
  sslLink: true,
  smtpUser: true,
  smtpPassword: true,
});

/** POST /api/message/AccountConfig/testDingTalkConnect: the 3.4.7 client's DingTalk account form. */
export const ClientTestDingTalkBody = z.object({
  id: z.string().trim().max(64).optional(),
  appId: required(100, '请输入AppKey', 'AppKey最多为100个字符'),
  appSecret: text(200, 'AppSecret最多为200个字符').default(''),
});

/** POST /api/message/AccountConfig/testQyWebChatConnect: the 3.4.7 client's enterprise WeChat account form. */
export const ClientTestWeComBody = z.object({
  id: z.string().trim().max(64).optional(),
  enterpriseId: required(100, '请输入企业ID', '企业ID最多为100个字符'),
  appSecret: text(200, '应用Secret最多为200个字符').default(''),
});

export const TemplateParam = z.object({
  field: z
    .string({ message: '请输入参数名' })
    .trim()
    .min(1, '请输入参数名')
    .max(50, '参数名最多为50个字符')
    .regex(Patterns.fieldName, '参数名只能包含字母、数字和下划线，且以字母开头'),
  fieldName: required(50, '请输入参数说明', '参数说明最多为50个字符'),
});
export type TemplateParam = z.infer<typeof TemplateParam>;

export const MessageTemplateBody = z.object({
  fullName: nameField('请输入模板名称', '模板名称最多为50个字符！'),
  enCode: codeField('请输入模板编码', '模板编码最多为50个字符！'),
  messageSource: z.coerce
    .number({ message: '请选择消息来源' })
    .int()
    .refine((v) => (MESSAGE_SOURCES as readonly number[]).includes(v), '请选择消息来源'),
  messageType: z.enum(MESSAGE_CHANNELS, { message: '请选择消息类型' }),
  title: text(200, '消息标题最多为200个字符').default(''),
  content: text(5000, '消息内容最多为5000个字符').default(''),
  /** SMS vendor template code, or the official account's template id. */
  templateCode: text(100, '模板编号最多为100个字符').default(''),
  params: z.array(TemplateParam, { message: '参数格式不正确' }).max(50, '参数最多50个').default([]),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type MessageTemplateBody = z.infer<typeof MessageTemplateBody>;
export const MessageTemplateUpdateBody = MessageTemplateBody.extend({ version });
export type MessageTemplateUpdateBody = z.infer<typeof MessageTemplateUpdateBody>;

export const MessageTemplateListQuery = PageQuery.extend({
  messageType: z.enum(MESSAGE_CHANNELS, { message: '消息类型不正确' }).optional(),
  messageSource: z.coerce.number().int().optional(),
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
});

export interface MessageTemplateItem {
  id: string;
  fullName: string;
  enCode: string;
  templateType: number;
  messageSource: number;
  messageType: MessageChannel;
  title: string | null;
  content: string | null;
  templateCode: string | null;
  params: TemplateParam[];
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

export const SendTemplateEntry = z.object({
  messageType: z.enum(MESSAGE_CHANNELS, { message: '请选择消息类型' }),
  templateId: required(64, '请选择消息模板', '消息模板不正确'),
  /** Required for every channel but 'site'. */
  accountConfigId: z.string().trim().max(64).nullish(),
  enabledMark: flag('状态只能为0或1').default(1),
});
export type SendTemplateEntry = z.infer<typeof SendTemplateEntry>;

export const SendConfigBody = z.object({
  fullName: nameField('请输入配置名称', '配置名称最多为50个字符！'),
  enCode: codeField('请输入配置编码', '配置编码最多为50个字符！'),
  messageSource: z.coerce
    .number({ message: '请选择消息来源' })
    .int()
    .refine((v) => (MESSAGE_SOURCES as readonly number[]).includes(v), '请选择消息来源'),
  templates: z
    .array(SendTemplateEntry, { message: '请添加发送模板' })
    .min(1, '请至少添加一个发送模板')
    .max(20, '发送模板最多20个'),
  sortCode,
  enabledMark: flag('状态只能为0或1').default(1),
  description,
});
export type SendConfigBody = z.infer<typeof SendConfigBody>;
export const SendConfigUpdateBody = SendConfigBody.extend({ version });
export type SendConfigUpdateBody = z.infer<typeof SendConfigUpdateBody>;

export const SendConfigListQuery = PageQuery.extend({
  messageSource: z.coerce.number().int().optional(),
  enabledMark: z.coerce.number().int().min(0).max(1).optional(),
});

export interface SendConfigTemplateItem extends SendTemplateEntry {
  templateName: string | null;
  templateCode: string | null;
  accountName: string | null;
  accountCode: string | null;
}

export interface SendConfigItem {
  id: string;
  fullName: string;
  enCode: string;
  templateType: number;
  messageSource: number;
  templates: SendConfigTemplateItem[];
  sortCode: number;
  enabledMark: number;
  description: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** One channel of POST /SendMessageConfig/getTestConfig/{id}: what the test dialog asks for. */
export interface SendTestChannel {
  templateId: string;
  messageType: MessageChannel;
  templateName: string;
  accountName: string | null;
  params: TemplateParam[];
}

/** POST /api/message/SendMessageConfig/testSendConfig */
export const TestSendConfigBody = z.object({
  id: required(64, '请选择发送配置', '发送配置不正确'),
  userIds: z
    .array(z.string().trim().min(1).max(64), { message: '请选择接收人' })
    .min(1, '请选择接收人')
    .max(100, '接收人最多100个'),
  params: z.record(z.string(), z.coerce.string()).default({}),
});
export type TestSendConfigBody = z.infer<typeof TestSendConfigBody>;

/** What one channel of a send did. */
export interface SendResult {
  messageType: MessageChannel;
  templateId: string;
  accountName: string | null;
  /** 1 sent, 0 failed. */
  state: 0 | 1;
  error: string | null;
}

export const MessageMonitorQuery = PageQuery.extend({
  messageType: z.enum(MESSAGE_CHANNELS, { message: '消息类型不正确' }).optional(),
  messageSource: z.coerce.number().int().optional(),
  state: z.coerce.number().int().min(0).max(1).optional(),
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
});

export const MonitorBatchRemoveBody = z.object({
  ids: z
    .array(z.string().trim().min(1).max(64), { message: '请选择要删除的记录' })
    .min(1, '请选择要删除的记录')
    .max(1000, '一次最多删除1000条'),
});

export interface MessageMonitorItem {
  id: string;
  accountId: string | null;
  accountName: string | null;
  accountCode: string | null;
  messageType: MessageChannel;
  messageSource: number | null;
  templateId: string | null;
  title: string | null;
  content: string | null;
  receiveUser: string | null;
  state: number;
  error: string | null;
  sendTime: number;
}

/** GET /api/message/MessageDataType/getTypeList/{id}: the fixed lists. */
export const MESSAGE_DATA_TYPE_LISTS = {
  /** 1: message types (channels). */
  1: [
    { enCode: 'site', fullName: '站内信' },
    { enCode: 'mail', fullName: '邮件' },
    { enCode: 'sms', fullName: '短信' },
    { enCode: 'wecom', fullName: '企业微信' },
    { enCode: 'dingtalk', fullName: '钉钉' },
    { enCode: 'webhook', fullName: 'webhook' },
    { enCode: 'mp', fullName: '微信公众号' },
  ],
  /** 2: message sources. */
  2: [
    { enCode: '1', fullName: '公告' },
    { enCode: '2', fullName: '流程' },
    { enCode: '3', fullName: '系统' },
    { enCode: '4', fullName: '日程' },
  ],
  /** 3: SMS vendors. */
  3: [
    { enCode: 'aliyun', fullName: '阿里云' },
    { enCode: 'tencent', fullName: '腾讯云' },
  ],
  /** 4: webhook kinds. */
  4: [
    { enCode: 'custom', fullName: '自定义' },
    { enCode: 'dingtalk', fullName: '钉钉机器人' },
    { enCode: 'wecom', fullName: '企业微信机器人' },
  ],
  /** 5: webhook authentication. */
  5: [
    { enCode: '0', fullName: '无' },
    { enCode: '1', fullName: 'Basic认证' },
    { enCode: '2', fullName: 'Bearer令牌' },
  ],
} as const;

/** The {name} placeholders a template text uses, in order of first use. */
export function templatePlaceholders(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts)
    for (const match of (text ?? '').matchAll(/\{([A-Za-z][A-Za-z0-9_]*)\}/g)) names.add(match[1]!);
  return [...names];
}

/** Replaces {name} placeholders; names without a value are left as they are. */
export function renderTemplate(text: string, params: Record<string, string>): string {
  return text.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? params[name]! : whole,
  );
}
