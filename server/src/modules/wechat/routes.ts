/**
 * /api/wechat/...: WeChat administration (微信配置). Every route needs its page (menus
 * weChat.mp* for the official account, weChat.qy* for the enterprise WeChat), like the other
 * system pages; only the server URL that WeChat calls (verification and messages) is public, and
 * it answers only a request signed with the account's token.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { readUpload, withMultipart } from '../file/multipart.js';
import { accessToken, forgetTokens } from './client.js';
import {
  autoReplies,
  CallbackRefused,
  createKeywordRule,
  deleteKeywordRule,
  InboxMessages,
  listInbox,
  receiveMessage,
  replyToMessage,
  saveFixedReply,
  updateKeywordRule,
} from './inbox.js';
import {
  accountView,
  credentials,
  deleteMaterial,
  listFollowers,
  listMaterial,
  listMessages,
  listTags,
  menuDraft,
  mpToken,
  previewDepartmentPush,
  previewDepartments,
  previewUserPush,
  previewUsers,
  publishMenu,
  pushDepartments,
  pushUsers,
  refreshMassStatus,
  remoteMenu,
  saveAccount,
  saveMenu,
  sendMass,
  sendQyMessage,
  setRemark,
  signatureValid,
  syncDepartments,
  syncFollowers,
  syncUsers,
  tagFollowers,
  uploadMaterial,
  WeChatMessages,
} from './service.js';

export const WeChatPages = {
  mpConfig: 'weChat.mpConfig',
  mpMenu: 'weChat.mpMenu',
  mpUser: 'weChat.mpUser',
  mpMessage: 'weChat.mpMessage',
  mpMaterial: 'weChat.mpMaterial',
  qyConfig: 'weChat.qyhConfig',
  qyDepartment: 'weChat.qyDepartment',
  qyUser: 'weChat.qyUser',
  qyMessage: 'weChat.qyMessage',
} as const;

export const WeChatInputMessages = {
  appId: '请填写AppID（字母和数字，最多64个字符）',
  corpId: '请填写CorpID（字母和数字，最多64个字符）',
  agentId: 'AgentID必须是数字',
  secret: 'Secret最多128个字符',
  token: '令牌（Token）须为3-32位字母或数字',
  aesKey: 'EncodingAESKey须为43位字母或数字',
  apiBase: 'API地址须以 http:// 或 https:// 开头，例如 https://api.weixin.qq.com',
  remark: '备注最多30个字符',
  openIds: '请选择1-50位关注者',
  tagId: '请选择标签',
  msgType: '请选择消息类型',
  content: '请填写消息内容（最多2000个字符）',
  mediaId: '请选择素材（media_id）',
  target: '请选择群发对象：全部关注者或一个标签',
  recipients: '请至少选择一位成员、一个部门或一个标签',
  cardTitle: '卡片消息请填写标题（最多128个字符）',
  cardUrl: '卡片消息的链接须以 http:// 或 https:// 开头',
  materialType: '素材类型只能是 image、voice、video 或 news',
  encryptMode: '消息加解密方式只能是 plain（明文）、compat（兼容）或 safe（安全）',
  keyword: '请填写关键词（最多30个字符）',
  matchMode: '匹配方式只能是 exact（完全匹配）或 contains（包含）',
  replyContent: '请填写回复内容（最多600个字符）',
  fixedReply: '回复内容最多600个字符',
  enabledMark: '启用状态只能是0或1',
  version: '缺少版本号（version），请刷新后重试',
} as const;

const M = WeChatInputMessages;
const apiBase = z
  .string()
  .trim()
  .max(300, M.apiBase)
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v), M.apiBase)
  .optional();
const secret = z.string().max(128, M.secret).optional();

const MpConfigBody = z.object({
  appId: z
    .string({ message: M.appId })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, M.appId),
  appSecret: secret,
  token: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9]{3,32}$/.test(v), M.token)
    .optional(),
  encodingAesKey: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9]{43}$/.test(v), M.aesKey)
    .optional(),
  encryptMode: z.enum(['plain', 'compat', 'safe'], { message: M.encryptMode }).optional(),
  apiBase,
});
const QyConfigBody = z.object({
  corpId: z
    .string({ message: M.corpId })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, M.corpId),
  agentId: z
    .string({ message: M.agentId })
    .trim()
    .regex(/^\d{1,12}$/, M.agentId),
  secret,
  apiBase,
});
const Paging = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});
const FollowerQuery = Paging.extend({
  keyword: z.string().trim().max(100).optional(),
  tagId: z.coerce.number().int().optional(),
});
const OpenIdParams = z.object({ openId: z.string().min(1).max(64) });
const IdParams = z.object({ id: z.string().min(1).max(64) });
const RemarkBody = z.object({ remark: z.string({ message: M.remark }).trim().max(30, M.remark) });
const TaggingBody = z.object({
  tagId: z.number({ message: M.tagId }).int(),
  openIds: z.array(z.string().min(1).max(64), { message: M.openIds }).min(1, M.openIds).max(50, M.openIds),
  untag: z.boolean().optional(),
});
const MassBody = z
  .object({
    toAll: z.boolean({ message: M.target }),
    tagId: z.number().int().optional(),
    msgType: z.enum(['text', 'mpnews', 'image', 'voice', 'mpvideo'], { message: M.msgType }),
    content: z.string().trim().max(2000, M.content).optional(),
    mediaId: z.string().trim().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.toAll && v.tagId === undefined) ctx.addIssue({ code: 'custom', message: M.target });
    if (v.msgType === 'text' && !v.content) ctx.addIssue({ code: 'custom', message: M.content });
    if (v.msgType !== 'text' && !v.mediaId) ctx.addIssue({ code: 'custom', message: M.mediaId });
  });
const MaterialQuery = z.object({
  type: z.enum(['image', 'voice', 'video', 'news'], { message: M.materialType }).default('image'),
  offset: z.coerce.number().int().min(0).default(0),
  count: z.coerce.number().int().min(1).max(20).default(20),
});
const UploadQuery = z.object({
  type: z.enum(['image', 'voice', 'video'], { message: M.materialType }),
  title: z.string().max(64).optional(),
  introduction: z.string().max(200).optional(),
});
const MediaParams = z.object({ mediaId: z.string().min(1).max(200) });
const ids = z.array(z.string().trim().min(1).max(64)).max(1000).default([]);
const QyMessageBody = z
  .object({
    toUser: ids,
    toParty: ids,
    toTag: ids,
    msgType: z.enum(['text', 'textcard', 'markdown'], { message: M.msgType }),
    content: z.string({ message: M.content }).trim().min(1, M.content).max(2000, M.content),
    title: z.string().trim().max(128, M.cardTitle).optional(),
    url: z.string().trim().max(1024).optional(),
    btnTxt: z.string().trim().max(4).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.toUser.length && !v.toParty.length && !v.toTag.length)
      ctx.addIssue({ code: 'custom', message: M.recipients });
    if (v.msgType === 'textcard') {
      if (!v.title) ctx.addIssue({ code: 'custom', message: M.cardTitle });
      if (!v.url || !/^https?:\/\/\S+$/i.test(v.url)) ctx.addIssue({ code: 'custom', message: M.cardUrl });
    }
  });
const VerifyQuery = z.object({
  signature: z.string().default(''),
  timestamp: z.string().default(''),
  nonce: z.string().default(''),
  echostr: z.string().default(''),
  encrypt_type: z.string().optional(),
  msg_signature: z.string().optional(),
});
const InboxQuery = Paging.extend({
  keyword: z.string().trim().max(100).optional(),
  msgType: z.string().trim().max(32).optional(),
});
const ReplyBody = z.object({
  content: z.string({ message: M.replyContent }).trim().min(1, M.replyContent).max(600, M.replyContent),
});
const enabledMark = z
  .number({ message: M.enabledMark })
  .int()
  .refine((v) => v === 0 || v === 1, M.enabledMark)
  .default(1);
const FixedReplyBody = z.object({
  content: z.string({ message: M.fixedReply }).trim().max(600, M.fixedReply),
  enabledMark,
});
const FixedKindParams = z.object({ kind: z.enum(['follow', 'default']) });
const KeywordRuleBody = z.object({
  keyword: z.string({ message: M.keyword }).trim().min(1, M.keyword).max(30, M.keyword),
  matchMode: z.enum(['exact', 'contains'], { message: M.matchMode }),
  content: ReplyBody.shape.content,
  enabledMark,
});
const KeywordRuleUpdate = KeywordRuleBody.extend({ version: z.number({ message: M.version }).int() });

/** The address to paste into the WeChat console's server settings. */
const CALLBACK_PATH = '/api/wechat/mp/callback';

export function registerWeChatRoutes(app: FastifyInstance, services: Services) {
  const db = services.db;
  const P = WeChatPages;

  // ---- official account ----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/config',
    access: { module: P.mpConfig },
    handler: async ({ req }) => ({
      ...(await accountView(db, 'mp')),
      serverUrl: `${req.protocol}://${req.host}${CALLBACK_PATH}`,
    }),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/wechat/mp/config',
    access: { module: P.mpConfig },
    body: MpConfigBody,
    handler: async ({ body, session }) => {
      await saveAccount(
        db,
        'mp',
        {
          appId: body.appId,
          secret: body.appSecret,
          token: body.token,
          encodingAesKey: body.encodingAesKey,
          encryptMode: body.encryptMode,
          apiBase: body.apiBase,
        },
        session.userId,
      );
      return answer(null, WeChatMessages.saved);
    },
  });
  for (const kind of ['mp', 'qy'] as const)
    defineRoute(app, services, {
      method: 'POST',
      url: `/api/wechat/${kind}/config/test`,
      access: { module: kind === 'mp' ? P.mpConfig : P.qyConfig },
      handler: async () => {
        // A fresh token: the test proves the saved credentials, not a cached token.
        forgetTokens(kind);
        await accessToken(await credentials(db, kind));
        return answer(null, WeChatMessages.connected);
      },
    });

  /** WeChat's server verification (GET with echostr); messages (POST) are acknowledged once signed. */
  defineRoute(app, services, {
    method: 'GET',
    url: CALLBACK_PATH,
    access: 'public',
    query: VerifyQuery,
    handler: async ({ query, reply }) => {
      const ok = signatureValid(await mpToken(db), query.timestamp, query.nonce, query.signature);
      return reply
        .code(ok ? 200 : 400)
        .type('text/plain; charset=utf-8')
        .send(ok ? query.echostr : WeChatMessages.badSignature);
    },
  });
  // Messages: WeChat POSTs XML (text/xml); read as text in this scope only, at most 64 KB.
  app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    defineRoute(scope, services, {
      method: 'POST',
      url: CALLBACK_PATH,
      access: 'public',
      query: VerifyQuery,
      handler: async ({ req, query, reply }) => {
        const body = typeof req.body === 'string' ? req.body : '';
        try {
          const answer = await receiveMessage(db, query, body);
          return reply
            .code(200)
            .type(answer === 'success' ? 'text/plain; charset=utf-8' : 'application/xml; charset=utf-8')
            .send(answer);
        } catch (error) {
          if (!(error instanceof CallbackRefused)) throw error;
          return reply.code(400).type('text/plain; charset=utf-8').send(error.message);
        }
      },
    });
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/inbox',
    access: { module: P.mpMessage },
    query: InboxQuery,
    handler: ({ query }) => listInbox(db, query),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/mp/inbox/:id/reply',
    access: { module: P.mpMessage },
    params: IdParams,
    body: ReplyBody,
    handler: async ({ params, body, session }) =>
      answer(await replyToMessage(db, params.id, body.content, session.userId), InboxMessages.replied),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/auto-replies',
    access: { module: P.mpMessage },
    handler: () => autoReplies(db),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/wechat/mp/auto-replies/fixed/:kind',
    access: { module: P.mpMessage },
    params: FixedKindParams,
    body: FixedReplyBody,
    handler: async ({ params, body, session }) => {
      await saveFixedReply(db, params.kind, body, session.userId);
      return answer(null, WeChatMessages.saved);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/mp/auto-replies',
    access: { module: P.mpMessage },
    body: KeywordRuleBody,
    handler: async ({ body, session }) =>
      answer(await createKeywordRule(db, body, session.userId), WeChatMessages.saved),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/wechat/mp/auto-replies/:id',
    access: { module: P.mpMessage },
    params: IdParams,
    body: KeywordRuleUpdate,
    handler: async ({ params, body, session }) => {
      await updateKeywordRule(db, params.id, body, session.userId);
      return answer(null, WeChatMessages.saved);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/wechat/mp/auto-replies/:id',
    access: { module: P.mpMessage },
    params: IdParams,
    handler: async ({ params }) => {
      await deleteKeywordRule(db, params.id);
      return answer(null, WeChatMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/menu',
    access: { module: P.mpMenu },
    handler: () => menuDraft(db),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/wechat/mp/menu',
    access: { module: P.mpMenu },
    handler: async ({ req, session }) =>
      answer(await saveMenu(db, req.body, session.userId), WeChatMessages.saved),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/mp/menu/publish',
    access: { module: P.mpMenu },
    handler: async () => {
      await publishMenu(db);
      return answer(null, WeChatMessages.published);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/menu/remote',
    access: { module: P.mpMenu },
    handler: () => remoteMenu(db),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/mp/followers/sync',
    access: { module: P.mpUser },
    handler: async () => {
      const n = await syncFollowers(db);
      return answer({ count: n }, WeChatMessages.synced(n));
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/followers',
    access: { module: [P.mpUser, P.mpMessage] },
    query: FollowerQuery,
    handler: ({ query }) => listFollowers(db, query),
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/wechat/mp/followers/:openId/remark',
    access: { module: P.mpUser },
    params: OpenIdParams,
    body: RemarkBody,
    handler: async ({ params, body }) => {
      await setRemark(db, params.openId, body.remark);
      return answer(null, WeChatMessages.saved);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/mp/followers/tagging',
    access: { module: P.mpUser },
    body: TaggingBody,
    handler: async ({ body }) => {
      await tagFollowers(db, body.tagId, body.openIds, body.untag ?? false);
      return answer(null, WeChatMessages.saved);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/tags',
    access: { module: [P.mpUser, P.mpMessage] },
    handler: async () => ({ list: await listTags(db) }),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/mp/mass',
    access: { module: P.mpMessage },
    body: MassBody,
    handler: async ({ body, session }) =>
      answer(await sendMass(db, body, session.userId), WeChatMessages.massSent),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/mass',
    access: { module: P.mpMessage },
    query: Paging,
    handler: ({ query }) => listMessages(db, 'mp', query),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/mp/mass/:id/status',
    access: { module: P.mpMessage },
    params: IdParams,
    handler: ({ params }) => refreshMassStatus(db, params.id),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/mp/material',
    access: { module: [P.mpMaterial, P.mpMessage] },
    query: MaterialQuery,
    handler: ({ query }) => listMaterial(db, query.type, query.offset, query.count),
  });
  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/wechat/mp/material',
      access: { module: P.mpMaterial },
      query: UploadQuery,
      handler: async ({ req, query }) => {
        const file = await readUpload(req, { maxBytes: 10 * 1024 * 1024 });
        const video = { title: query.title || file.fileName, introduction: query.introduction ?? '' };
        return answer(await uploadMaterial(db, query.type, file, video), WeChatMessages.uploaded);
      },
    });
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/wechat/mp/material/:mediaId',
    access: { module: P.mpMaterial },
    params: MediaParams,
    handler: async ({ params }) => {
      await deleteMaterial(db, params.mediaId);
      return answer(null, WeChatMessages.deleted);
    },
  });

  // ---- enterprise WeChat ----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/qy/config',
    access: { module: P.qyConfig },
    handler: async () => {
      const view = await accountView(db, 'qy');
      return {
        corpId: view.appId,
        agentId: view.agentId,
        hasSecret: view.hasSecret,
        apiBase: view.apiBase,
        defaultApiBase: view.defaultApiBase,
      };
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/wechat/qy/config',
    access: { module: P.qyConfig },
    body: QyConfigBody,
    handler: async ({ body, session }) => {
      await saveAccount(
        db,
        'qy',
        { appId: body.corpId, agentId: body.agentId, secret: body.secret, apiBase: body.apiBase },
        session.userId,
      );
      return answer(null, WeChatMessages.saved);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/qy/departments/preview',
    access: { module: P.qyDepartment },
    handler: () => previewDepartments(db),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/qy/departments/sync',
    access: { module: P.qyDepartment },
    handler: async ({ session }) => {
      const result = await syncDepartments(db, services.kv, session.userId);
      return answer(result, WeChatMessages.departmentsSynced(result.created, result.updated));
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/qy/users/preview',
    access: { module: P.qyUser },
    handler: () => previewUsers(db),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/qy/users/sync',
    access: { module: P.qyUser },
    handler: async ({ session }) => {
      const result = await syncUsers(db, services.kv, session.userId);
      return answer(result, WeChatMessages.usersSynced(result.created, result.updated));
    },
  });
  // console → enterprise WeChat, with the preview of what changes there
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/qy/departments/push/preview',
    access: { module: P.qyDepartment },
    handler: () => previewDepartmentPush(db),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/qy/departments/push',
    access: { module: P.qyDepartment },
    handler: async () => {
      const result = await pushDepartments(db);
      return answer(result, WeChatMessages.departmentsPushed(result.created, result.updated));
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/qy/users/push/preview',
    access: { module: P.qyUser },
    handler: () => previewUserPush(db),
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/qy/users/push',
    access: { module: P.qyUser },
    handler: async () => {
      const result = await pushUsers(db);
      return answer(result, WeChatMessages.usersPushed(result.created, result.updated));
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/wechat/qy/messages',
    access: { module: P.qyMessage },
    body: QyMessageBody,
    handler: async ({ body, session }) =>
      answer(await sendQyMessage(db, body, session.userId), WeChatMessages.sent),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/wechat/qy/messages',
    access: { module: P.qyMessage },
    query: Paging,
    handler: ({ query }) => listMessages(db, 'qy', query),
  });
}
