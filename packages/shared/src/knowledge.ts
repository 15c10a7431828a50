/**
 * Knowledge base and intelligent Q&A (issue #14): bases, their grants, documents, chunks,
 * curated Q&A pairs, chat, conversations, word lists and model endpoints.
 */
import { z } from 'zod';
import { FormFields, PageQuery } from './system.js';

const { sortCode, flag, version } = FormFields;

/** Document indexing status: 0 queued, 1 indexing, 2 ready, 3 failed. */
export const KbDocStatus = { Queued: 0, Indexing: 1, Ready: 2, Failed: 3 } as const;
export type KbDocStatus = (typeof KbDocStatus)[keyof typeof KbDocStatus];

export const KB_OBJECT_TYPES = ['Role', 'Position', 'Organize', 'User'] as const;
export type KbObjectType = (typeof KB_OBJECT_TYPES)[number];
export const KB_GRANT_LEVELS = ['manage', 'use'] as const;
export type KbGrantLevel = (typeof KB_GRANT_LEVELS)[number];

/** File types a base accepts (lower-case extensions). */
export const KB_FILE_EXTENSIONS = ['txt', 'md', 'html', 'htm', 'docx', 'pdf', 'xlsx'] as const;
export const KB_MAX_FILE_MB = 20;

export const KB_DEFAULT_NO_ANSWER = '抱歉，知识库中没有找到相关内容。';
/**
 * Default minimum relative score: the best chunk's score divided by the score the question
 * would get against itself. Under it the base's noAnswerText is answered.
 */
export const KB_DEFAULT_MIN_SCORE = 0.2;

/** Where an answer came from. */
export const KB_ANSWER_SOURCES = ['qa', 'llm', 'extractive', 'none'] as const;
export type KbAnswerSource = (typeof KB_ANSWER_SOURCES)[number];

const bool = (message: string) => z.boolean({ message });
const unit = (message: string) => z.coerce.number({ message }).min(0, message).max(1, message);
const intRange = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int(message).min(min, message).max(max, message);

export const KbChunkSettings = z.object({
  maxChars: intRange(50, 2000, '分段长度范围为50-2000个字符').default(500),
  splitOnHeadings: bool('按标题分段只能为是或否').default(true),
});
export type KbChunkSettings = z.infer<typeof KbChunkSettings>;

export const KbAnswerSettings = z.object({
  topK: intRange(1, 20, '检索条数范围为1-20').default(5),
  minScore: unit('最低相关度范围为0-1').default(KB_DEFAULT_MIN_SCORE),
  noAnswerText: z
    .string({ message: '请输入无答案时的回复' })
    .trim()
    .min(1, '请输入无答案时的回复')
    .max(500, '无答案时的回复最多为500个字符')
    .default(KB_DEFAULT_NO_ANSWER),
  qaThreshold: unit('问答对匹配阈值范围为0-1').default(0.9),
  useLlm: bool('使用大模型只能为是或否').default(true),
});
export type KbAnswerSettings = z.infer<typeof KbAnswerSettings>;

export const KbGrant = z.object({
  objectType: z.enum(KB_OBJECT_TYPES, { message: '授权对象类型只能为角色、岗位、组织或用户' }),
  objectId: z.string({ message: '请选择授权对象' }).trim().min(1, '请选择授权对象').max(64),
  level: z.enum(KB_GRANT_LEVELS, { message: '权限只能为管理或使用' }),
});
export type KbGrant = z.infer<typeof KbGrant>;

/** POST /api/knowledge/Base */
export const KbBaseBody = z.object({
  fullName: z
    .string({ message: '请输入知识库名称' })
    .trim()
    .min(1, '请输入知识库名称')
    .max(50, '知识库名称最多为50个字符'),
  description: z.string().trim().max(500, '说明最多为500个字符').nullish(),
  enabledMark: flag('状态只能为0或1').default(1),
  sortCode,
  chunkSettings: KbChunkSettings.default({ maxChars: 500, splitOnHeadings: true }),
  answerSettings: KbAnswerSettings.default({
    topK: 5,
    minScore: KB_DEFAULT_MIN_SCORE,
    noAnswerText: KB_DEFAULT_NO_ANSWER,
    qaThreshold: 0.9,
    useLlm: true,
  }),
  grants: z.array(KbGrant).max(500, '授权对象最多为500个').default([]),
});
export type KbBaseBody = z.infer<typeof KbBaseBody>;
/** PUT /api/knowledge/Base/{id} */
export const KbBaseUpdateBody = KbBaseBody.extend({ version });
export type KbBaseUpdateBody = z.infer<typeof KbBaseUpdateBody>;

export const KbListQuery = PageQuery;
export type KbListQuery = z.infer<typeof KbListQuery>;

export interface KbGrantRow extends KbGrant {
  objectName: string;
}

export interface KbBaseRow {
  id: string;
  fullName: string;
  description: string | null;
  enabledMark: number;
  sortCode: number;
  docCount: number;
  chunkCount: number;
  creatorUserName: string;
  creatorTime: number;
  version: number;
  /** The caller may edit the base, its documents, chunks and Q&A pairs. */
  canManage: boolean;
  chunkSettings: KbChunkSettings;
  answerSettings: KbAnswerSettings;
  grants: KbGrantRow[];
}

export interface KbDocumentRow {
  id: string;
  fullName: string;
  fileExtension: string;
  fileSize: number;
  status: KbDocStatus;
  /** 0..100 */
  progress: number;
  error: string | null;
  chunkCount: number;
  creatorUserName: string;
  creatorTime: number;
}

export interface KbChunkRow {
  id: string;
  seq: number;
  content: string;
  /** Offsets in the document's extracted text. */
  start: number;
  end: number;
  enabledMark: number;
  version: number;
}

/** PUT /api/knowledge/Base/{id}/Chunk/{chunkId} */
export const KbChunkBody = z.object({
  content: z
    .string({ message: '请输入分段内容' })
    .trim()
    .min(1, '请输入分段内容')
    .max(10_000, '分段内容最多为10000个字符'),
  enabledMark: flag('状态只能为0或1').default(1),
  version,
});
export type KbChunkBody = z.infer<typeof KbChunkBody>;

/** GET /api/knowledge/Chunk/{chunkId}: the citation view. */
export interface KbChunkView {
  id: string;
  baseId: string;
  baseName: string;
  documentId: string;
  documentName: string;
  content: string;
  seq: number;
}

/** POST /api/knowledge/Base/{id}/QA */
export const KbQaBody = z.object({
  question: z.string({ message: '请输入问题' }).trim().min(1, '请输入问题').max(500, '问题最多为500个字符'),
  answer: z.string({ message: '请输入答案' }).trim().min(1, '请输入答案').max(5000, '答案最多为5000个字符'),
  enabledMark: flag('状态只能为0或1').default(1),
});
export type KbQaBody = z.infer<typeof KbQaBody>;
export const KbQaUpdateBody = KbQaBody.extend({ version });
export type KbQaUpdateBody = z.infer<typeof KbQaUpdateBody>;

export interface KbQaRow {
  id: string;
  question: string;
  answer: string;
  enabledMark: number;
  creatorTime: number;
  version: number;
}

/** POST /api/knowledge/Base/{id}/HitTest */
export const KbHitTestBody = z.object({
  question: z.string({ message: '请输入问题' }).trim().min(1, '请输入问题').max(500, '问题最多为500个字符'),
  topK: intRange(1, 20, '检索条数范围为1-20').default(5),
});
export type KbHitTestBody = z.infer<typeof KbHitTestBody>;

export interface KbHit {
  chunkId: string;
  documentId: string;
  documentName: string;
  content: string;
  score: number;
}

/** POST /api/knowledge/Chat and /api/knowledge/Chat/Stream */
export const KbChatBody = z.object({
  question: z.string({ message: '请输入问题' }).trim().min(1, '请输入问题').max(500, '问题最多为500个字符'),
  /** Narrow to these bases; bases the caller may not use are never searched. */
  baseIds: z.array(z.string().trim().min(1).max(64)).max(100, '知识库最多选择100个').optional(),
  conversationId: z.string().trim().min(1).max(64).optional(),
});
export type KbChatBody = z.infer<typeof KbChatBody>;

export interface KbCitation {
  /** The [n] used in the answer. */
  index: number;
  chunkId: string;
  documentName: string;
  content: string;
}

export interface KbChatAnswer {
  answer: string;
  citations: KbCitation[];
  conversationId: string;
  messageId: string;
  source: KbAnswerSource;
}

/** Server-sent events of POST /api/knowledge/Chat/Stream, by event name. */
export interface KbStreamEvents {
  citations: { citations: KbCitation[] };
  delta: { text: string };
  done: { conversationId: string; messageId: string; answer: string; source: KbAnswerSource };
  error: { msg: string };
}

export interface KbConversationRow {
  id: string;
  title: string;
  creatorTime: number;
  lastModifyTime: number | null;
}

export interface KbMessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: KbCitation[];
  source: KbAnswerSource | null;
  /** 1 useful, 0 not useful, null no feedback. */
  feedback: number | null;
  creatorTime: number;
}

export interface KbConversationDetail {
  id: string;
  title: string;
  messages: KbMessageRow[];
}

/** POST /api/knowledge/Message/{id}/Feedback */
export const KbFeedbackBody = z.object({
  useful: z.boolean({ message: '请选择有用或没用' }),
  comment: z.string().trim().max(500, '意见最多为500个字符').optional(),
});
export type KbFeedbackBody = z.infer<typeof KbFeedbackBody>;

/** POST /api/knowledge/Message/{id}/Correction */
export const KbCorrectionBody = z.object({
  baseId: z.string({ message: '请选择知识库' }).trim().min(1, '请选择知识库').max(64),
  answer: z
    .string({ message: '请输入正确答案' })
    .trim()
    .min(1, '请输入正确答案')
    .max(5000, '答案最多为5000个字符'),
});
export type KbCorrectionBody = z.infer<typeof KbCorrectionBody>;

/** GET/PUT /api/knowledge/Dictionary and /api/knowledge/SensitiveWord */
export const KbWordListBody = z.object({
  words: z
    .array(z.string().trim().min(1, '词语不能为空').max(50, '每个词语最多为50个字符'), {
      message: '请输入词语列表',
    })
    .max(10_000, '词语最多为10000个'),
});
export type KbWordListBody = z.infer<typeof KbWordListBody>;

const endpointUrl = z
  .string()
  .trim()
  .max(500, '地址最多为500个字符')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), '地址必须以 http:// 或 https:// 开头')
  .default('');
const modelName = z.string().trim().max(100, '模型名称最多为100个字符').default('');
const apiKey = z.string().trim().max(500, '密钥最多为500个字符').default('');

/** PUT /api/knowledge/ModelSettings: an empty key keeps the stored one. */
export const KbModelSettingsBody = z.object({
  chatBaseUrl: endpointUrl,
  chatModel: modelName,
  chatApiKey: apiKey,
  embeddingBaseUrl: endpointUrl,
  embeddingModel: modelName,
  embeddingApiKey: apiKey,
});
export type KbModelSettingsBody = z.infer<typeof KbModelSettingsBody>;

/** GET /api/knowledge/ModelSettings: keys are never answered. */
export interface KbModelSettings {
  chatBaseUrl: string;
  chatModel: string;
  hasChatApiKey: boolean;
  embeddingBaseUrl: string;
  embeddingModel: string;
  hasEmbeddingApiKey: boolean;
}
