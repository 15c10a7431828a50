import {
  StoredFileName,
  UPLOAD_TYPES,
  type UploadResult,
  type UploadType,
  UploadTypeParams,
} from '@console/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { defineRoute } from '../../core/route.js';
import type { Services } from '../../services.js';
import { fileUrl, readFile, saveFile } from './storage.js';

export const FileMessages = {
  noFile: '请选择要上传的文件',
  tooLarge: (mb: number) => `文件大小不能超过${mb}MB`,
  imageOnly: '只能上传图片文件（png、jpg、gif、webp、bmp）',
  unsupported: '不支持的文件类型',
  notFound: '文件不存在',
  uploaded: '上传成功',
} as const;

const MAX_BYTES = 5 * 1024 * 1024;

/** Sniffed extensions accepted for images (the client's file name is never trusted). */
const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp', 'bmp'];
/** Attachments: images, PDF, Office files (zip-based and the older compound format), archives, media. */
const ANNEX_TYPES = [
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

const ALLOWED: Record<UploadType, { types: string[]; rejected: string }> = {
  userAvatar: { types: IMAGE_TYPES, rejected: FileMessages.imageOnly },
  signImg: { types: IMAGE_TYPES, rejected: FileMessages.imageOnly },
  annex: { types: ANNEX_TYPES, rejected: FileMessages.unsupported },
};

/** Reads the one uploaded file of a multipart request, at most maxBytes. */
async function readUploadedFile(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest(FileMessages.noFile);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw badRequest(FileMessages.noFile);
  }
  if (!part) throw badRequest(FileMessages.noFile);
  try {
    const content = await part.toBuffer();
    if (content.length === 0) throw badRequest(FileMessages.noFile);
    return content;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(FileMessages.tooLarge(maxBytes / 1024 / 1024));
    }
    throw error instanceof Error && error.name === 'BizError' ? error : badRequest(FileMessages.noFile);
  }
}

/**
 * POST /api/file/Uploader/{type}: one multipart file, kept in the database.
 * GET /api/file/Image/{type}/{name}: serves it to any instance's clients.
 */
export function registerUploadRoutes(app: FastifyInstance, services: Services) {
  // Multipart bodies are read only by the routes of this scope.
  app.register(async (scope) => {
    const { default: multipart } = await import('@fastify/multipart');
    await scope.register(multipart, { limits: { files: 1, fileSize: MAX_BYTES, fields: 10, parts: 12 } });

    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/file/Uploader/:type',
      access: 'session',
      params: UploadTypeParams,
      handler: async ({ params, req, session }): Promise<UploadResult> => {
        const content = await readUploadedFile(req, MAX_BYTES);
        const sniffed = await fileTypeFromBuffer(content);
        const allowed = ALLOWED[params.type];
        if (!sniffed || !allowed.types.includes(sniffed.ext)) throw badRequest(allowed.rejected);
        const stored = await saveFile(services.db, {
          folder: params.type,
          extension: sniffed.ext,
          mime: sniffed.mime,
          content,
          userId: session.userId,
        });
        return { name: stored.name, url: fileUrl(params.type, stored.name) };
      },
    });
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/file/Image/:type/:name',
    // Browsers load images without the Authorization header; the generated name is the key.
    access: 'public',
    params: z.object({
      type: z.enum(UPLOAD_TYPES, FileMessages.notFound),
      name: z.string().regex(StoredFileName, FileMessages.notFound),
    }),
    handler: async ({ params, reply }) => {
      const file = await readFile(services.db, params.type, params.name);
      if (!file) return reply.status(404).send({ code: 404, msg: FileMessages.notFound, data: null });
      const image = file.mime.startsWith('image/');
      return reply
        .header('content-type', file.mime)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', image ? 'inline' : `attachment; filename="${file.name}"`)
        .send(file.content);
    },
  });
}
