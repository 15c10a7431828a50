/** Requests of messages, notices and internal chat (console.md 2.5, 3, 7; api-contract.md Live socket). */
import { z } from 'zod';
import { StoredFileName } from './current.js';
import { MessageType } from './enums.js';
import { PageQuery } from './system.js';

const MESSAGE_TYPES = Object.values(MessageType);

/** An optional filter sent as '' when unset. */
const optionalInt = (allowed: readonly number[], message: string) =>
  z
    .union([z.literal(''), z.null(), z.coerce.number({ message })])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? undefined : value))
    .refine((value) => value === undefined || allowed.includes(value), message);

const messageType = optionalInt(MESSAGE_TYPES, '消息类型只能为1（公告）、2（流程）、3（系统）或4（日程）');

/** GET /api/message: the signed-in user's messages. */
export const InboxQuery = PageQuery.extend({
  type: messageType,
  isRead: optionalInt([0, 1], '已读状态只能为0或1'),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

/** A filter of one value or a multiple select's list; '', null and [] mean not given. */
const filterList = <T extends z.ZodType>(item: T) =>
  z
    .union([z.literal(''), z.null(), item, z.array(item).max(100)])
    .optional()
    .transform((value): z.output<T>[] | undefined => {
      if (value === '' || value === null || value === undefined) return undefined;
      const list = (Array.isArray(value) ? value : [value]) as z.output<T>[];
      return list.length ? list : undefined;
    });

const NOTICE_STATE = '状态只能为0（存草稿）、1（已发送）或2（已过期）';

/**
 * POST /api/message/Notice: the notice administration list (paging in the body). type: notice
 * categories (NoticeType codes); enabledMark: 0 draft, 1 released, 2 expired.
 */
export const NoticeListBody = PageQuery.extend({
  type: filterList(
    z
      .union([z.string().trim().max(50, '类型编码最多为50个字符'), z.number()], {
        message: '类型应为公告类型编码',
      })
      .transform(String),
  ),
  enabledMark: filterList(
    z.coerce.number({ message: NOTICE_STATE }).refine((state) => [0, 1, 2].includes(state), NOTICE_STATE),
  ),
});
export type NoticeListBody = z.infer<typeof NoticeListBody>;

/** Addresses a notice may link to: the web, or a path of this site (not `//host`). */
const SAFE_ADDRESS = /^(https?:\/\/|\/(?![/\\]))/i;

/** One attachment of a notice, as the upload answered it. */
export const NoticeFile = z.object({
  name: z.string().trim().min(1, '附件名称不能为空').max(200, '附件名称最多为200个字符'),
  fileId: z.string().max(200).optional(),
  // Rendered as a link in every recipient's inbox: web addresses or paths of this site (no javascript:, data:).
  url: z
    .string()
    .trim()
    .max(500, '附件地址无效')
    .refine((url) => url === '' || SAFE_ADDRESS.test(url), '附件地址无效')
    .optional(),
  fileSize: z.coerce.number().int().min(0).optional(),
  fileExtension: z.string().max(20).optional(),
});

const idList = z
  .union([z.array(z.string().trim().min(1).max(64)), z.string(), z.null()])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const ids = (typeof value === 'string' ? value.split(',') : value).map((id) => id.trim()).filter(Boolean);
    return ids.length ? [...new Set(ids)] : null;
  })
  .refine((ids) => ids === null || ids.length <= 50_000, '发送范围最多50000人，超过请选择全部人员');

/** POST /api/message: a notice draft. toUserIds null or empty = everyone. */
export const NoticeBody = z.object({
  title: z.string({ message: '请输入标题' }).trim().min(1, '请输入标题').max(100, '标题最多为100个字符'),
  bodyText: z.string().max(500_000, '内容过长').nullish(),
  excerpt: z.string().trim().max(500, '摘要最多为500个字符').nullish(),
  category: z.string().trim().max(50, '分类最多为50个字符').nullish(),
  coverImage: z
    .string()
    .trim()
    .max(500, '封面地址过长')
    .refine((url) => url === '' || /^(https?:\/\/|\/api\/file\/)/i.test(url), '封面图片地址无效')
    .nullish(),
  // A list, or the list as JSON text (the 3.4.7 client sends JSON.stringify(files)).
  files: z
    .preprocess(
      (files) => {
        if (typeof files !== 'string') return files;
        if (!files.trim()) return [];
        try {
          return JSON.parse(files);
        } catch {
          return files;
        }
      },
      z.union([z.array(NoticeFile).max(20, '附件最多20个'), z.null()], {
        message: '附件格式错误，应为附件列表',
      }),
    )
    .optional()
    .transform((files) => files ?? []),
  expirationTime: z.coerce.number({ message: '过期时间格式错误' }).int().min(0).nullish(),
  toUserIds: idList,
});
export type NoticeBody = z.infer<typeof NoticeBody>;
export const NoticeUpdateBody = NoticeBody.extend({
  version: z.coerce.number({ message: '缺少版本号' }).int().min(0),
});
export type NoticeUpdateBody = z.infer<typeof NoticeUpdateBody>;

/** POST /api/message/Actions/ReadAll: every unread message, or those of one type. */
export const ReadAllBody = z.object({ type: messageType }).default({ type: undefined });

/** DELETE /api/message/Record: ids as a list or comma-joined. */
export const RecordDeleteBody = z.object({
  ids: z
    .union([z.array(z.string()), z.string()], { message: '请选择要删除的消息' })
    .transform((value) =>
      (typeof value === 'string' ? value.split(',') : value).map((id) => id.trim()).filter(Boolean),
    )
    .refine((ids) => ids.length > 0, '请选择要删除的消息')
    .refine((ids) => ids.length <= 1000, '一次最多删除1000条消息'),
});

/** GET /api/permission/Users/ImUser and POST .../ImUser/Selector/{organizeId}. */
export const ImUserQuery = PageQuery;
export type ImUserQuery = z.infer<typeof ImUserQuery>;

// ----- Live socket frames from the client -----

export const CHAT_TEXT_MAX = 2000;

/** The image a chat message carries after its upload to folder IM. */
export const ChatImage = z.object({
  name: z.string().regex(StoredFileName, '图片不存在，请重新上传'),
  width: z.coerce.number().int().min(0).max(100_000).default(0),
  height: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const SendMessageFrame = z.object({
  toUserId: z.string({ message: '请选择接收人' }).trim().min(1, '请选择接收人').max(64),
  messageType: z.enum(['text', 'image'], '只能发送文字或图片'),
  messageContent: z.unknown(),
});

export const MessageListFrame = z.object({
  toUserId: z.string({ message: '请选择联系人' }).trim().min(1, '请选择联系人').max(64),
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
  sord: z.enum(['asc', 'desc']).default('desc'),
  keyword: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => value ?? ''),
});

export const UpdateReadFrame = z.object({
  formUserId: z.string({ message: '请选择联系人' }).trim().min(1, '请选择联系人').max(64),
});
