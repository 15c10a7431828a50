import { buffer } from 'node:stream/consumers';
import {
  StoredFileName,
  UPLOAD_TYPES,
  type UploadResult,
  type UploadType,
  UploadTypeParams,
} from '@console/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { DAY_MS } from '../../core/calendar.js';
import { badRequest } from '../../core/errors.js';
import { defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { renderPreview } from '../extend/documentPreview/routes.js';
import { DEFAULT_AVATAR_NAME, DEFAULT_AVATAR_SVG } from './avatar.js';
import { chunkBytesSince } from './chunk-sets.js';
import { issueDownload, registerDownload } from './download.js';
import { fileStoreFor } from './file-store.js';
import { readUpload, withMultipart } from './multipart.js';
import { bytesUploadedSince, fileUrl, readFile, saveFile } from './storage.js';

export const FileMessages = {
  imageOnly: '只能上传图片文件（png、jpg、gif、webp、bmp）',
  unsupported: '不支持的文件类型',
  notFound: '文件不存在',
  uploaded: '上传成功',
  quota: (mb: number) => `24小时内上传的文件已达上限（${mb} MB），请稍后再试`,
} as const;

const MAX_BYTES = 5 * 1024 * 1024;

/** Sniffed extensions accepted for images (the client's file name is never trusted). */
const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp', 'bmp'];
/** Attachments: images, PDF, Office files (zip-based and the older compound format), archives, media. */
export const ANNEX_TYPES = [
  ...IMAGE_TYPES,
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'cfb',
  'zip',
  '7z',
  'rar',
  'mp4',
  'mp3',
  'wav',
];

/** Shown in the page; anything else (an SVG can carry script) is only ever downloaded. */
export const RASTER_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** What a file of each upload type may be (sniffed), and the message refusing anything else. */
export interface AllowedTypes {
  types: string[];
  rejected: string;
}

export const ALLOWED_UPLOADS: Record<UploadType, AllowedTypes> = {
  userAvatar: { types: IMAGE_TYPES, rejected: FileMessages.imageOnly },
  signImg: { types: IMAGE_TYPES, rejected: FileMessages.imageOnly },
  annex: { types: ANNEX_TYPES, rejected: FileMessages.unsupported },
  IM: { types: IMAGE_TYPES, rejected: FileMessages.imageOnly },
};

/**
 * POST /api/file/Uploader/{type}: one multipart file, kept in the database.
 * GET /api/file/Image/{type}/{name}: serves it to any instance's clients.
 */
export function registerUploadRoutes(app: FastifyInstance, services: Services) {
  // Multipart bodies are read only by the routes of this scope.
  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/file/Uploader/:type',
      access: 'session',
      params: UploadTypeParams,
      handler: async ({ params, req, session }): Promise<UploadResult> => {
        const { content } = await readUpload(req, { maxBytes: MAX_BYTES });
        const sniffed = await fileTypeFromBuffer(content);
        const allowed = ALLOWED_UPLOADS[params.type];
        if (!sniffed || !allowed.types.includes(sniffed.ext)) throw badRequest(allowed.rejected);
        const quotaMb = services.config.UPLOAD_MB_PER_USER_PER_DAY;
        const stored = await services.db.transaction(async (tx) => {
          // One upload of a user at a time, so two at once cannot both fit under the quota.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${session.userId}`}))`);
          const since = Date.now() - DAY_MS;
          // Chunks of unfinished or given-up chunked uploads count as well.
          const used =
            (await bytesUploadedSince(tx, session.userId, since)) +
            (await chunkBytesSince(tx, session.userId, since));
          if (used + content.length > quotaMb * 1024 * 1024) throw badRequest(FileMessages.quota(quotaMb));
          return saveFile(tx, {
            folder: params.type,
            extension: sniffed.ext,
            mime: sniffed.mime,
            content,
            userId: session.userId,
          });
        });
        return { name: stored.name, url: fileUrl(params.type, stored.name) };
      },
    });
  });

  registerDownload('filePreview', async (s, payload) => {
    const { type, name } = payload as { type: string; name: string };
    const file = await readFile(s.db, type, name);
    if (!file) throw badRequest(FileMessages.notFound);
    const stored = file.storageKey ? await fileStoreFor(s.config).read(file.storageKey) : undefined;
    const body = stored ? await buffer(stored) : file.content;
    return renderPreview(name, name.split('.').pop() ?? '', body);
  });

  /**
   * GET /api/file/Uploader/Preview: the 3.4.7 client's attachment preview. Its url says the
   * upload type (/api/file/Image/{type}/{name}); the answer is a one-use address of the file
   * shown as a page, ending in '?' because the client appends '&token=…'.
   */
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/file/Uploader/Preview',
    access: 'session',
    query: z.object({
      fileName: z.string({ message: FileMessages.notFound }).regex(StoredFileName, FileMessages.notFound),
      fileDownloadUrl: z.string().max(500).optional().default(''),
      fileVersionId: z.string().max(64).optional(),
    }),
    handler: async ({ query, session }) => {
      const segment = query.fileDownloadUrl.split('/').at(-2) ?? '';
      const type = (UPLOAD_TYPES as readonly string[]).includes(segment) ? segment : 'annex';
      if (!(await readFile(services.db, type, query.fileName))) throw badRequest(FileMessages.notFound);
      const link = await issueDownload(services, {
        kind: 'filePreview',
        fileName: `${query.fileName}.html`,
        payload: { type, name: query.fileName },
        userId: session.userId,
      });
      return `${link.url}?`;
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/file/Image/:type/:name',
    // Browsers load images without the Authorization header; the generated name is the key.
    access: 'public',
    params: z.object({
      type: z.enum(UPLOAD_TYPES, FileMessages.notFound),
      name: z
        .string()
        .refine((name) => StoredFileName.test(name) || name === DEFAULT_AVATAR_NAME, FileMessages.notFound),
    }),
    handler: async ({ params, reply }) => {
      if (params.name === DEFAULT_AVATAR_NAME) {
        if (params.type !== 'userAvatar')
          return reply.status(404).send({ code: 404, msg: FileMessages.notFound, data: null });
        return reply
          .header('content-type', 'image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .send(DEFAULT_AVATAR_SVG);
      }
      const file = await readFile(services.db, params.type, params.name);
      const body = file?.storageKey
        ? await fileStoreFor(services.config).read(file.storageKey)
        : file?.content;
      if (!file || !body)
        return reply.status(404).send({ code: 404, msg: FileMessages.notFound, data: null });
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header(
          'content-disposition',
          RASTER_MIMES.has(file.mime) ? 'inline' : `attachment; filename="${file.name}"`,
        )
        .send(body);
    },
  });
}
