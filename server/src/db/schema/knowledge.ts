import type { KbAnswerSettings, KbChunkSettings, KbCitation } from '@console/shared';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

/** A knowledge base (issue #14) with the settings its chunking and answers follow. */
export const kbBases = pgTable('kb_base', {
  id: text('id').primaryKey(),
  fullName: text('full_name').notNull(),
  description: text('description'),
  enabledMark: integer('enabled_mark').notNull().default(1),
  sortCode: integer('sort_code').notNull().default(0),
  chunkSettings: jsonb('chunk_settings').$type<KbChunkSettings>().notNull(),
  answerSettings: jsonb('answer_settings').$type<KbAnswerSettings>().notNull(),
  ...auditColumns,
  ...softDeleteColumns,
});

/** Who may manage or use a base: a role, position, organisation or user. */
export const kbGrants = pgTable(
  'kb_grant',
  {
    baseId: text('base_id').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** 'manage' (implies use) or 'use'. */
    level: text('level').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.baseId, t.objectType, t.objectId] }),
    index('kb_grant_object').on(t.objectType, t.objectId),
  ],
);

/**
 * A document of a base; its bytes are a stored file (folder 'knowledge'), never served
 * publicly. status: 0 queued, 1 indexing, 2 ready, 3 failed.
 */
export const kbDocuments = pgTable(
  'kb_document',
  {
    id: text('id').primaryKey(),
    baseId: text('base_id').notNull(),
    fileId: text('file_id').notNull(),
    fullName: text('full_name').notNull(),
    fileExtension: text('file_extension').notNull(),
    fileSize: integer('file_size').notNull(),
    status: integer('status').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    chunkCount: integer('chunk_count').notNull().default(0),
    ...auditColumns,
  },
  (t) => [index('kb_document_base').on(t.baseId, t.creatorTime)],
);

/** One chunk of a document's extracted text, [start, end) in that text. */
export const kbChunks = pgTable(
  'kb_chunk',
  {
    id: text('id').primaryKey(),
    baseId: text('base_id').notNull(),
    documentId: text('document_id').notNull(),
    seq: integer('seq').notNull(),
    content: text('content').notNull(),
    start: integer('start_offset').notNull(),
    end: integer('end_offset').notNull(),
    enabledMark: integer('enabled_mark').notNull().default(1),
    /** From the embeddings endpoint when one is configured; null otherwise. */
    embedding: jsonb('embedding').$type<number[]>(),
    ...auditColumns,
  },
  (t) => [index('kb_chunk_document').on(t.documentId, t.seq), index('kb_chunk_base').on(t.baseId)],
);

/**
 * The indexing queue: one row per document waiting or being indexed. A worker claims a row
 * (FOR UPDATE SKIP LOCKED) by writing its token and a lease; a lease that runs out (the
 * instance died) lets another worker take the job again.
 */
export const kbJobs = pgTable(
  'kb_job',
  {
    documentId: text('document_id').primaryKey(),
    /** Set by the claiming worker; a re-index request clears it, so stale results are dropped. */
    token: text('token'),
    leaseUntil: epochMs('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    creatorTime: epochMs('creator_time').notNull(),
  },
  (t) => [index('kb_job_due').on(t.leaseUntil, t.creatorTime)],
);

/** A curated question and answer that is answered directly when a question matches it. */
export const kbQaPairs = pgTable(
  'kb_qa',
  {
    id: text('id').primaryKey(),
    baseId: text('base_id').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    enabledMark: integer('enabled_mark').notNull().default(1),
    ...auditColumns,
  },
  (t) => [index('kb_qa_base').on(t.baseId)],
);

/** A user's chat conversation; only its owner sees it. */
export const kbConversations = pgTable(
  'kb_conversation',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    title: text('title').notNull(),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('kb_conversation_user').on(t.userId, t.deleteMark, t.creatorTime)],
);

export const kbMessages = pgTable(
  'kb_message',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id').notNull(),
    /** 'user' or 'assistant'. */
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** Assistant messages: the question they answer (for a correction). */
    question: text('question'),
    citations: jsonb('citations').$type<KbCitation[]>().notNull().default([]),
    source: text('source'),
    /** 1 useful, 0 not useful, null none. */
    feedback: integer('feedback'),
    feedbackComment: text('feedback_comment'),
    creatorTime: epochMs('creator_time').notNull(),
  },
  (t) => [index('kb_message_conversation').on(t.conversationId, t.creatorTime)],
);

/** Word lists: 'dictionary' (jieba user words) and 'sensitive'. */
export const kbWordLists = pgTable('kb_word_list', {
  kind: text('kind').primaryKey(),
  words: jsonb('words').$type<string[]>().notNull(),
  lastModifyUserId: text('last_modify_user_id'),
  lastModifyTime: epochMs('last_modify_time'),
});

/**
 * The OpenAI-compatible endpoints (one row, id 'default'). Keys are kept like the vendor
 * secrets of system settings: stored, used, never answered.
 */
export const kbModelSettings = pgTable('kb_model_settings', {
  id: text('id').primaryKey(),
  chatBaseUrl: text('chat_base_url').notNull().default(''),
  chatModel: text('chat_model').notNull().default(''),
  chatApiKey: text('chat_api_key').notNull().default(''),
  embeddingBaseUrl: text('embedding_base_url').notNull().default(''),
  embeddingModel: text('embedding_model').notNull().default(''),
  embeddingApiKey: text('embedding_api_key').notNull().default(''),
  lastModifyUserId: text('last_modify_user_id'),
  lastModifyTime: epochMs('last_modify_time'),
});
