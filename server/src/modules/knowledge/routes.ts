import {
  KbBaseBody,
  KbBaseUpdateBody,
  KbChatBody,
  KbChunkBody,
  KbCorrectionBody,
  KbFeedbackBody,
  KbHitTestBody,
  KbListQuery,
  KbModelSettingsBody,
  KbQaBody,
  KbQaUpdateBody,
  KbWordListBody,
} from '@console/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { answer, defineRoute } from '../../core/route.js';
import type { Session } from '../../core/sessions.js';
import { kbDocuments } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { readUpload, withMultipart } from '../file/multipart.js';
import {
  AccessMessages,
  accessibleBases,
  CHAT_PAGE,
  KB_PAGE,
  requireAnyPage,
  requireBase,
} from './access.js';
import { createBase, deleteBase, listBases, readBase, updateBase } from './bases.js';
import {
  answerPieces,
  answerQuestion,
  hitTest,
  modelFailure,
  prepareAnswer,
  StreamMasker,
  saveExchange,
} from './chat.js';
import { ChunkMessages, chunkView, listChunks, updateChunk } from './chunks.js';
import {
  conversationDetail,
  correctAnswer,
  deleteConversation,
  giveFeedback,
  listConversations,
} from './conversations.js';
import {
  addDocument,
  deleteDocument,
  documentFile,
  documentOf,
  KB_MAX_FILE_BYTES,
  listDocuments,
} from './documents.js';
import { enqueueDocuments, IndexingWorker } from './jobs.js';
import { createQa, deleteQa, listQa, updateQa } from './qa.js';
import { KnowledgeIndex } from './searchIndex.js';
import {
  modelEndpoints,
  readWords,
  saveModelSettings,
  shownModelSettings,
  type WordListKind,
  writeWords,
} from './settings.js';

export const KnowledgeMessages = {
  created: '新建成功',
  updated: '更新成功',
  deleted: '删除成功',
  uploaded: '上传成功，正在后台索引',
  reindexing: '已加入索引队列',
  saved: '保存成功',
  rechunking: '保存成功，分段设置已变更，文档将重新索引',
  feedback: '感谢您的反馈',
  corrected: '已将纠正后的答案加入问答对',
} as const;

const id = z.string({ message: '缺少编号' }).trim().min(1, '缺少编号').max(64, '编号格式不正确');
const BaseParams = z.object({ id });
const DocParams = z.object({ id, docId: id });
const ChunkParams = z.object({ id, chunkId: id });
const QaParams = z.object({ id, qaId: id });
const IdParams = z.object({ id });
const ChunkIdParams = z.object({ chunkId: id });

const page = (button?: string) => ({ module: KB_PAGE, button });
const PAGES = [KB_PAGE, CHAT_PAGE];

/** The knowledge base and intelligent Q&A (issue #14). */
export function registerKnowledgeRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const index = new KnowledgeIndex(db, services.bus);
  const worker = new IndexingWorker(
    db,
    index,
    app.log,
    services.config.KB_EXTRACT_TIMEOUT_MS,
    services.metrics,
  );
  app.addHook('onReady', async () => {
    await index.start();
    worker.start();
    // Loaded in the background when there are chunks, so the first question does not wait for it.
    index
      .preload()
      .catch((error) => app.log.error({ err: error }, 'knowledge index not loaded; retried on first use'));
  });
  app.addHook('preClose', () => worker.stop());

  const manage = (session: Session, baseId: string) => requireBase(db, session, baseId, 'manage');

  // ----- Bases -----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Base',
    access: 'session',
    query: KbListQuery,
    handler: async ({ session, query }) => {
      await requireAnyPage(db, session, PAGES);
      return listBases(db, session, query);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Base',
    access: page('btn_add'),
    body: KbBaseBody,
    handler: async ({ session, body }) =>
      answer({ id: await db.transaction((tx) => createBase(tx, session, body)) }, KnowledgeMessages.created),
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Base/:id',
    access: 'session',
    params: BaseParams,
    handler: async ({ session, params }) => {
      await requireAnyPage(db, session, PAGES);
      return readBase(db, session, params.id);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/knowledge/Base/:id',
    access: page('btn_edit'),
    params: BaseParams,
    body: KbBaseUpdateBody,
    handler: async ({ session, params, body }) => {
      await manage(session, params.id);
      const rechunk = await db.transaction((tx) => updateBase(tx, session, params.id, body));
      if (rechunk) worker.kick();
      return answer(null, rechunk ? KnowledgeMessages.rechunking : KnowledgeMessages.updated);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/knowledge/Base/:id',
    access: page('btn_remove'),
    params: BaseParams,
    handler: async ({ session, params }) => {
      await manage(session, params.id);
      await db.transaction((tx) => deleteBase(tx, session, params.id));
      await index.changed({ op: 'base', id: params.id });
      return answer(null, KnowledgeMessages.deleted);
    },
  });

  // ----- Documents -----
  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/knowledge/Base/:id/Document',
      access: page('btn_upload'),
      params: BaseParams,
      handler: async ({ session, params, req }) => {
        await manage(session, params.id);
        const upload = await readUpload(req, { maxBytes: KB_MAX_FILE_BYTES });
        const docId = await addDocument(
          db,
          session,
          params.id,
          upload,
          services.config.UPLOAD_MB_PER_USER_PER_DAY,
        );
        worker.kick();
        return answer({ id: docId }, KnowledgeMessages.uploaded);
      },
    });
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Base/:id/Document',
    access: page(),
    params: BaseParams,
    query: KbListQuery,
    handler: async ({ session, params, query }) => {
      await manage(session, params.id);
      return listDocuments(db, params.id, query);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/knowledge/Base/:id/Document/:docId',
    access: page('btn_remove'),
    params: DocParams,
    handler: async ({ session, params }) => {
      await manage(session, params.id);
      await db.transaction((tx) => deleteDocument(tx, params.id, params.docId));
      await index.changed({ op: 'document', id: params.docId });
      return answer(null, KnowledgeMessages.deleted);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Base/:id/Document/:docId/Reindex',
    access: page('btn_reindex'),
    params: DocParams,
    handler: async ({ session, params }) => {
      await manage(session, params.id);
      await db.transaction(async (tx) => {
        await documentOf(tx, params.id, params.docId);
        await enqueueDocuments(tx, [params.docId]);
      });
      worker.kick();
      return answer(null, KnowledgeMessages.reindexing);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Base/:id/Reindex',
    access: page('btn_reindex'),
    params: BaseParams,
    handler: async ({ session, params }) => {
      await manage(session, params.id);
      await db.transaction(async (tx) => {
        const docs = await tx
          .select({ id: kbDocuments.id })
          .from(kbDocuments)
          .where(eq(kbDocuments.baseId, params.id));
        await enqueueDocuments(
          tx,
          docs.map((d) => d.id),
        );
      });
      worker.kick();
      return answer(null, KnowledgeMessages.reindexing);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Base/:id/Document/:docId/Download',
    access: page('btn_download'),
    params: DocParams,
    handler: async ({ session, params, reply }) => {
      // The original is what a 'use' holder is cited from: btn_download is enough, manage is not needed.
      await requireBase(db, session, params.id, 'use');
      const file = await documentFile(db, params.id, params.docId);
      return reply
        .header('content-type', file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .send(file.content);
    },
  });

  // ----- Chunks -----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Base/:id/Document/:docId/Chunk',
    access: page(),
    params: DocParams,
    query: KbListQuery,
    handler: async ({ session, params, query }) => {
      await manage(session, params.id);
      await documentOf(db, params.id, params.docId);
      return listChunks(db, params.docId, query);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/knowledge/Base/:id/Chunk/:chunkId',
    access: page('btn_edit'),
    params: ChunkParams,
    body: KbChunkBody,
    handler: async ({ session, params, body }) => {
      await manage(session, params.id);
      const { embedding } = await modelEndpoints(db);
      await updateChunk(db, params.id, params.chunkId, body, session.userId, embedding);
      await index.changed({ op: 'chunks', ids: [params.chunkId] });
      return answer(null, KnowledgeMessages.updated);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Chunk/:chunkId',
    access: 'session',
    params: ChunkIdParams,
    handler: async ({ session, params }) => {
      await requireAnyPage(db, session, PAGES);
      const view = await chunkView(db, params.chunkId);
      if (!view || !(await accessibleBases(db, session)).has(view.baseId))
        throw badRequest(ChunkMessages.notFound);
      return view;
    },
  });

  // ----- Curated Q&A pairs -----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Base/:id/QA',
    access: page(),
    params: BaseParams,
    query: KbListQuery,
    handler: async ({ session, params, query }) => {
      await manage(session, params.id);
      return listQa(db, params.id, query);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Base/:id/QA',
    access: page('btn_add'),
    params: BaseParams,
    body: KbQaBody,
    handler: async ({ session, params, body }) => {
      await manage(session, params.id);
      return answer({ id: await createQa(db, params.id, body, session.userId) }, KnowledgeMessages.created);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/knowledge/Base/:id/QA/:qaId',
    access: page('btn_edit'),
    params: QaParams,
    body: KbQaUpdateBody,
    handler: async ({ session, params, body }) => {
      await manage(session, params.id);
      await updateQa(db, params.id, params.qaId, body, session.userId);
      return answer(null, KnowledgeMessages.updated);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/knowledge/Base/:id/QA/:qaId',
    access: page('btn_remove'),
    params: QaParams,
    handler: async ({ session, params }) => {
      await manage(session, params.id);
      await deleteQa(db, params.id, params.qaId);
      return answer(null, KnowledgeMessages.deleted);
    },
  });

  // ----- Hit test and chat -----
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Base/:id/HitTest',
    access: page(),
    params: BaseParams,
    body: KbHitTestBody,
    handler: async ({ session, params, body, req }) => {
      await requireBase(db, session, params.id, 'use');
      return { list: await hitTest(db, index, params.id, body.question, body.topK, req.log) };
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Chat',
    access: 'session',
    body: KbChatBody,
    handler: async ({ session, body, req }) => {
      await requireAnyPage(db, session, PAGES);
      return answerQuestion(db, index, session, body, req.log);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Chat/Stream',
    access: 'session',
    body: KbChatBody,
    handler: async ({ session, body, req, reply }) => {
      await requireAnyPage(db, session, PAGES);
      // Refusals (sensitive words, a foreign conversation) still answer as JSON: nothing has been sent yet.
      const prepared = await prepareAnswer(db, index, session, body, req.log);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) =>
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const abort = new AbortController();
      raw.on('close', () => {
        if (!raw.writableFinished) abort.abort();
      });
      send('citations', { citations: prepared.citations });
      const masker = new StreamMasker(prepared.sensitive);
      try {
        for await (const piece of answerPieces(prepared, abort.signal)) {
          const text = masker.push(piece);
          if (text) send('delta', { text });
        }
        const rest = masker.end();
        if (rest) send('delta', { text: rest });
        const saved = await saveExchange(db, session, prepared, masker.answer);
        send('done', { ...saved, answer: masker.answer, source: prepared.source });
      } catch (error) {
        if (!abort.signal.aborted) {
          req.log.warn({ err: error }, 'knowledge chat stream failed');
          send('error', { msg: modelFailure(error) });
        }
      } finally {
        raw.end();
      }
      return reply;
    },
  });

  // ----- Conversations, feedback, correction -----
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Conversation',
    access: 'session',
    query: KbListQuery,
    handler: async ({ session, query }) => {
      await requireAnyPage(db, session, PAGES);
      return listConversations(db, session.userId, query);
    },
  });
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/Conversation/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ session, params }) => {
      await requireAnyPage(db, session, PAGES);
      return conversationDetail(db, session.userId, params.id);
    },
  });
  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/knowledge/Conversation/:id',
    access: 'session',
    params: IdParams,
    handler: async ({ session, params }) => {
      await requireAnyPage(db, session, PAGES);
      await deleteConversation(db, session, params.id);
      return answer(null, KnowledgeMessages.deleted);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Message/:id/Feedback',
    access: 'session',
    params: IdParams,
    body: KbFeedbackBody,
    handler: async ({ session, params, body }) => {
      await requireAnyPage(db, session, PAGES);
      await giveFeedback(db, session, params.id, body);
      return answer(null, KnowledgeMessages.feedback);
    },
  });
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/knowledge/Message/:id/Correction',
    access: 'session',
    params: IdParams,
    body: KbCorrectionBody,
    handler: async ({ session, params, body }) => {
      await requireAnyPage(db, session, PAGES);
      const qaId = await db.transaction((tx) => correctAnswer(tx, session, params.id, body));
      return answer({ id: qaId }, KnowledgeMessages.corrected);
    },
  });

  // ----- Word lists and model endpoints -----
  const wordList = (url: string, kind: WordListKind) => {
    defineRoute(app, services, {
      method: 'GET',
      url,
      access: page('btn_edit'),
      handler: async () => ({ words: await readWords(db, kind) }),
    });
    defineRoute(app, services, {
      method: 'PUT',
      url,
      access: page('btn_edit'),
      body: KbWordListBody,
      handler: async ({ session, body }) => {
        const words = await writeWords(db, kind, body.words, session.userId);
        if (kind === 'dictionary') await index.changed({ op: 'words' });
        return answer({ words }, KnowledgeMessages.saved);
      },
    });
  };
  wordList('/api/knowledge/Dictionary', 'dictionary');
  wordList('/api/knowledge/SensitiveWord', 'sensitive');

  const adminOnly = (session: Session) => {
    if (!session.isAdministrator) throw badRequest(AccessMessages.adminOnly);
  };
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/knowledge/ModelSettings',
    access: 'session',
    handler: async ({ session }) => {
      adminOnly(session);
      return shownModelSettings(db);
    },
  });
  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/knowledge/ModelSettings',
    access: 'session',
    body: KbModelSettingsBody,
    handler: async ({ session, body }) => {
      adminOnly(session);
      await db.transaction((tx) => saveModelSettings(tx, body, session.userId));
      return answer(await shownModelSettings(db), KnowledgeMessages.saved);
    },
  });
}
