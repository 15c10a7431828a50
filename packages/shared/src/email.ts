/**
 * extend/email (other.md 1): a user's mailbox over their own IMAP and SMTP account. The receive
 * server keeps the client's field names pop3Host/pop3Port; it is spoken to over IMAP.
 */
import { z } from 'zod';
import { Patterns } from './patterns.js';
import { PageQuery } from './system.js';

export const EMAIL_FOLDERS = ['inBox', 'star', 'draft', 'sent'] as const;
export type EmailFolder = (typeof EMAIL_FOLDERS)[number];

const port = (missing: string, bad: string) =>
  z.coerce.number({ message: missing }).int(bad).min(1, bad).max(65_535, bad);
const host = (missing: string, tooLong: string) =>
  z
    .string({ message: missing })
    .trim()
    .min(1, missing)
    .max(200, tooLong)
    .regex(/^[A-Za-z0-9.:[\]_-]+$/, `${missing.replace('请输入', '')}只能是域名或IP地址`);

/** PUT /api/extend/Email/Config and CheckMail: an empty password keeps the stored one. */
export const EmailConfigBody = z.object({
  /** The stored configuration's version; absent for the first save. */
  version: z.coerce.number({ message: '缺少版本号' }).int().min(0).optional(),
  account: z
    .string({ message: '请输入邮箱账号' })
    .trim()
    .min(1, '请输入邮箱账号')
    .max(200, '邮箱账号最多为200个字符')
    .regex(Patterns.email, '邮箱账号格式不正确'),
  password: z.string().max(200, '密码最多为200个字符').optional().default(''),
  senderName: z.string().trim().max(50, '发件人昵称最多为50个字符').optional().default(''),
  pop3Host: host('请输入收信服务器', '收信服务器最多为200个字符'),
  pop3Port: port('请输入收信端口', '收信端口必须是1-65535的整数'),
  smtpHost: host('请输入发信服务器', '发信服务器最多为200个字符'),
  smtpPort: port('请输入发信端口', '发信端口必须是1-65535的整数'),
  emailSsl: z.coerce
    .number({ message: 'SSL只能为0或1' })
    .int('SSL只能为0或1')
    .refine((v) => v === 0 || v === 1, 'SSL只能为0或1')
    .default(0),
});
export type EmailConfigBody = z.infer<typeof EmailConfigBody>;

/** GET /api/extend/Email/Config: never the password, only whether one is stored. */
export interface EmailConfigInfo extends Omit<EmailConfigBody, 'password' | 'version'> {
  hasPassword: boolean;
  version: number;
}

const epoch = z.coerce.number({ message: '时间格式错误' }).int('时间格式错误').min(0, '时间格式错误');

/** GET /api/extend/Email */
export const EmailListQuery = PageQuery.extend({
  type: z.enum(EMAIL_FOLDERS, { message: '邮箱类型只能是inBox、star、draft或sent' }).default('inBox'),
  startTime: epoch.optional(),
  endTime: epoch.optional(),
});
export type EmailListQuery = z.infer<typeof EmailListQuery>;

/** An attachment of a mail: a stored file (folder annex) named by its generated name. */
export const EmailAttachment = z.object({
  fileId: z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}\.[a-z0-9]{1,10}$/, '附件无效，请重新上传'),
  fullName: z.string().trim().min(1, '附件缺少文件名').max(200, '附件文件名最多为200个字符'),
  fileSize: z.coerce.number().int().min(0).optional().default(0),
});
export type EmailAttachment = z.infer<typeof EmailAttachment> & { url?: string };

const addresses = (label: string) =>
  z
    .string()
    .optional()
    .default('')
    .transform((text) =>
      text
        .split(/[,;，；\s]+/)
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => Patterns.email.test(a)), `${label}中有格式不正确的邮箱地址`)
    .refine((list) => list.length <= 50, `${label}最多50个地址`);

/** POST /api/extend/Email (send) and /Actions/SaveDraft; `id` names the draft being sent or saved. */
export const EmailSendBody = z.object({
  id: z.string().trim().max(64).optional(),
  /** The draft's version when `id` names one. */
  version: z.coerce.number({ message: '缺少版本号' }).int().min(0).optional(),
  recipient: addresses('收件人'),
  cc: addresses('抄送'),
  bcc: addresses('密送'),
  subject: z.string().trim().max(200, '主题最多为200个字符').optional().default(''),
  bodyText: z.string().max(500_000, '正文过长').optional().default(''),
  attachment: z
    .union([z.array(EmailAttachment).max(10, '附件最多10个'), z.null()])
    .optional()
    .transform((files) => files ?? []),
});
export type EmailSendBody = z.infer<typeof EmailSendBody>;

/** A row of the mail list. */
export interface EmailListItem {
  id: string;
  subject: string;
  sender: string;
  senderName: string;
  recipient: string;
  isRead: number;
  starred: number;
  hasAttachment: boolean;
  fdate: number;
  folder: 'inBox' | 'sent' | 'draft';
}

/** GET /api/extend/Email/{id}: bodyText is sanitised HTML. */
export interface EmailInfo extends EmailListItem {
  version: number;
  cc: string;
  bcc: string;
  bodyText: string;
  attachment: EmailAttachment[];
}

/** POST /api/extend/Email/Receive */
export interface EmailReceiveResult {
  received: number;
}
