import {
  DocumentFolderBody,
  DocumentListQuery,
  DocumentMergeBody,
  DocumentRenameBody,
  DocumentShareBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { answer, defineRoute } from '../../../core/route.js';
import { assertFixedOrder } from '../../../db/query.js';
import type { Services } from '../../../services.js';
import { mergeChunks } from '../../file/chunk.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { fileStoreFor } from '../../file/file-store.js';
import { DOCUMENT_FOLDER, DocumentMessages, DocumentService, extensionOf } from './service.js';

const MODULE = 'extend.document';
const id = z.string().trim().min(1, DocumentMessages.notFound).max(64, DocumentMessages.notFound);
const IdParams = z.object({ id });
const KeywordQuery = z.object({
  keyword: z.string().trim().max(100, '关键词最多为100个字符').optional().default(''),
});

/** What a downloaded or previewed file is served as; anything not listed is only ever saved. */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  csv: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  json: 'text/plain; charset=utf-8',
};

/**
 * extend/document (knowledge.md 3): a user's folders and files, sharing with other users, the
 * recycle bin, download. Every call works on the caller's own documents; shared files are
 * read (listed, downloaded) by the users they are shared with.
 */
export function registerDocumentRoutes(app: FastifyInstance, services: Services) {
  const documents = new DocumentService(services.db, fileStoreFor(services.config));
  registerDownload('extendDocument', async (s, payload, userId) => {
    const file = await new DocumentService(s.db, fileStoreFor(s.config)).content(userId, String(payload));
    return { body: file.body, contentType: CONTENT_TYPES[file.extension] ?? 'application/octet-stream' };
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Document',
    access: { module: MODULE },
    query: DocumentListQuery,
    handler: ({ query, session }) => {
      assertFixedOrder(query.sidx);
      return documents.list(session.userId, query);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Document',
    access: { module: MODULE, button: 'btn_add' },
    body: DocumentFolderBody,
    handler: async ({ body, session }) =>
      answer({ id: await documents.createFolder(session.userId, body) }, DocumentMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: ['/api/extend/Document/FolderTree/', '/api/extend/Document/FolderTree/:id'],
    access: { module: MODULE },
    params: z.object({ id: id.optional() }),
    handler: ({ params, session }) => documents.folderTree(session.userId, params.id ?? '0'),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Document/Share',
    access: { module: MODULE },
    query: KeywordQuery,
    handler: ({ query, session }) => documents.myShares(session.userId, query.keyword),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Document/ShareTome',
    access: { module: MODULE },
    query: KeywordQuery,
    handler: ({ query, session }) => documents.sharedToMe(session.userId, query.keyword),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Document/ShareUser/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params, session }) => documents.shareUsers(session.userId, params.id),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Document/Trash',
    access: { module: MODULE },
    query: KeywordQuery,
    handler: ({ query, session }) => documents.trash(session.userId, query.keyword),
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/Document/Trash/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await documents.destroy(session.userId, params.id);
      return answer(null, DocumentMessages.destroyed);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Document/Trash/:id/Actions/Recovery',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await documents.recover(session.userId, params.id);
      return answer(null, DocumentMessages.recovered);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Document/Download/:id',
    access: { module: MODULE, button: 'btn_download' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const file = await documents.readable(session.userId, params.id);
      return issueDownload(services, {
        kind: 'extendDocument',
        fileName: file.fullName,
        payload: file.id,
        userId: session.userId,
      });
    },
  });

  /** A file sent in chunks through /api/file/chunk becomes a document of the folder. */
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Document/merge',
    access: { module: MODULE, button: 'btn_upload' },
    body: DocumentMergeBody,
    handler: async ({ body, session }) => {
      const extension = body.extension || extensionOf(body.fileName);
      let documentId = '';
      await mergeChunks(
        services,
        session.userId,
        { identifier: body.identifier, totalSize: body.totalSize, extension: extension || 'bin' },
        DOCUMENT_FOLDER,
        {
          inTransaction: async (tx, file) => {
            documentId = await documents.addFile(tx, session.userId, {
              fileId: file.id,
              fullName: body.fileName,
              size: file.size,
              extension,
              parentId: body.parentId,
            });
          },
        },
      );
      return answer({ id: documentId }, DocumentMessages.uploaded);
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/Document/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params, session }) => documents.info(session.userId, params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/Document/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: DocumentRenameBody,
    handler: async ({ params, body, session }) => {
      await documents.rename(session.userId, params.id, body);
      return answer(null, DocumentMessages.renamed);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/Document/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await documents.remove(session.userId, params.id);
      return answer(null, DocumentMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/extend/Document/:id/Actions/MoveTo/:toId',
    access: { module: MODULE, button: 'btn_edit' },
    params: z.object({ id, toId: id }),
    handler: async ({ params, session }) => {
      await documents.moveTo(session.userId, params.id, params.toId);
      return answer(null, DocumentMessages.moved);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/extend/Document/:id/Actions/Share',
    access: { module: MODULE, button: 'btn_share' },
    params: IdParams,
    body: DocumentShareBody,
    handler: async ({ params, body, session }) => {
      await documents.share(session.userId, params.id, body.userId);
      return answer(null, DocumentMessages.shared);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/extend/Document/:id/Actions/Share',
    access: { module: MODULE, button: 'btn_share' },
    params: IdParams,
    handler: async ({ params, session }) => {
      await documents.cancelShare(session.userId, params.id);
      return answer(null, DocumentMessages.shareCancelled);
    },
  });
}
