import { createHash, randomUUID } from 'node:crypto';
import { CHUNK_SIZE, type ChunkState, type MergeResult, UPLOAD_TYPES } from '@console/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { DAY_MS } from '../../core/calendar.js';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { defineRoute } from '../../core/route.js';
import { storedFiles } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { type FileStore, fileStoreFor } from './file-store.js';
import { readUpload, withMultipart } from './multipart.js';
import { bytesUploadedSince, fileUrl } from './storage.js';
import { FileMessages, RASTER_MIMES } from './upload.js';

export const ChunkMessages = {
  identifier: '文件标识无效，请重新选择文件',
  totalSize: '文件大小无效',
  totalChunks: (expected: number) => `分片数量应为${expected}`,
  chunkNumber: (total: number) => `分片序号应在1到${total}之间`,
  chunkSize: (n: number, expected: number) => `第${n}片的大小应为${expected}字节`,
  extension: '文件扩展名无效',
  missing: (numbers: number[]) => `还缺少分片：${numbers.join('、')}，请继续上传`,
  hashMismatch: '文件校验失败（内容与标识不符），请重新上传',
} as const;

const Identifier = z.string().regex(/^[0-9a-f]{32}$/, ChunkMessages.identifier);
const Extension = z
  .string()
  .transform((value) => value.trim().toLowerCase().replace(/^\./, ''))
  .pipe(z.string().regex(/^[a-z0-9]{1,8}$/, ChunkMessages.extension));
const FileShape = {
  identifier: Identifier,
  totalSize: z.coerce
    .number(ChunkMessages.totalSize)
    .int(ChunkMessages.totalSize)
    .min(1, ChunkMessages.totalSize),
};
const ChunkQuery = z.object({
  ...FileShape,
  totalChunks: z.coerce.number().int().min(1),
  chunkNumber: z.coerce.number().int(),
  extension: Extension.optional(),
  fileType: z.string().optional(),
});
const MergeBody = z.object({
  ...FileShape,
  extension: Extension,
  type: z.enum(UPLOAD_TYPES, '不支持的上传类型').default('annex'),
  fileName: z.string().optional(),
});

const chunkCount = (totalSize: number) => Math.ceil(totalSize / CHUNK_SIZE);
const expectedSize = (n: number, totalSize: number) =>
  n < chunkCount(totalSize) ? CHUNK_SIZE : totalSize - CHUNK_SIZE * (chunkCount(totalSize) - 1);
/** Chunks of one user's file: another user's upload of the same content never mixes with it. */
const chunkFolder = (userId: string, identifier: string) => `chunks/${userId}/${identifier}/`;
const chunkKey = (userId: string, identifier: string, n: number) => `${chunkFolder(userId, identifier)}${n}`;

async function heldChunks(store: FileStore, userId: string, identifier: string): Promise<number[]> {
  const keys = await store.list(chunkFolder(userId, identifier));
  return keys
    .map((key) => Number(key.slice(key.lastIndexOf('/') + 1)))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
}

/** Refuses a file over what the user may still upload today, before any byte is kept. */
async function checkQuota(services: Services, userId: string, totalSize: number) {
  const quotaMb = services.config.UPLOAD_MB_PER_USER_PER_DAY;
  const used = await bytesUploadedSince(services.db, userId, Date.now() - DAY_MS);
  if (used + totalSize > quotaMb * 1024 * 1024) throw badRequest(FileMessages.quota(quotaMb));
}

function checkChunk(query: z.output<typeof ChunkQuery>) {
  const total = chunkCount(query.totalSize);
  if (query.totalChunks !== total) throw badRequest(ChunkMessages.totalChunks(total));
  if (query.chunkNumber < 1 || query.chunkNumber > total) throw badRequest(ChunkMessages.chunkNumber(total));
}

async function state(
  store: FileStore,
  userId: string,
  identifier: string,
  totalSize: number,
): Promise<ChunkState> {
  const chunkNumbers = await heldChunks(store, userId, identifier);
  return { uploaded: false, merge: chunkNumbers.length === chunkCount(totalSize), chunkNumbers };
}

/**
 * Chunked upload (widgets.md 4, 7): GET /api/file/chunk says which chunks the server holds
 * (so an upload resumes after a reload or a restart), POST /api/file/chunk stores one chunk
 * (a resent chunk replaces itself), POST /api/file/merge checks the MD5 and keeps the file.
 * Chunks live in the file store, not in memory, so they outlive the process.
 */
export function registerChunkRoutes(app: FastifyInstance, services: Services) {
  const store = fileStoreFor(services.config);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/file/chunk',
    access: 'session',
    query: ChunkQuery,
    handler: async ({ query, session }) => {
      checkChunk(query);
      return state(store, session.userId, query.identifier, query.totalSize);
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/file/chunk',
      access: 'session',
      query: ChunkQuery,
      handler: async ({ query, req, session }) => {
        checkChunk(query);
        const size = expectedSize(query.chunkNumber, query.totalSize);
        const { content } = await readUpload(req, { maxBytes: CHUNK_SIZE });
        if (content.length !== size) throw badRequest(ChunkMessages.chunkSize(query.chunkNumber, size));
        await checkQuota(services, session.userId, query.totalSize);
        await store.put(chunkKey(session.userId, query.identifier, query.chunkNumber), content);
        return state(store, session.userId, query.identifier, query.totalSize);
      },
    });
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/file/merge',
    access: 'session',
    body: MergeBody,
    handler: async ({ body, session }): Promise<MergeResult> => {
      const { userId } = session;
      const total = chunkCount(body.totalSize);
      const held = new Set(await heldChunks(store, userId, body.identifier));
      const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !held.has(n));
      if (missing.length) throw badRequest(ChunkMessages.missing(missing));
      const parts = Array.from({ length: total }, (_, i) => chunkKey(userId, body.identifier, i + 1));

      // One chunk in memory at a time: the hash over all of them, and the head for the type.
      const hash = createHash('md5');
      let head: Buffer | undefined;
      let size = 0;
      for (const part of parts) {
        const stream = await store.read(part);
        if (!stream) throw badRequest(ChunkMessages.missing([Number(part.slice(part.lastIndexOf('/') + 1))]));
        for await (const piece of stream as AsyncIterable<Buffer>) {
          hash.update(piece);
          size += piece.length;
          head ??= piece;
        }
      }
      if (hash.digest('hex') !== body.identifier || size !== body.totalSize) {
        // A wrong file is dropped whole, so nothing is left behind and a new try starts clean.
        await store.delete(parts);
        throw badRequest(ChunkMessages.hashMismatch);
      }

      // Only raster images are shown in the page; everything else is served as a download.
      const sniffed = head ? await fileTypeFromBuffer(head) : undefined;
      const raster = sniffed && RASTER_MIMES.has(sniffed.mime) ? sniffed : undefined;
      const extension = raster?.ext ?? body.extension;
      const name = `${randomUUID()}.${extension}`;
      const storageKey = `files/${body.type}/${name}`;
      await store.concat(storageKey, parts);
      try {
        await services.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${userId}`}))`);
          const quotaMb = services.config.UPLOAD_MB_PER_USER_PER_DAY;
          const used = await bytesUploadedSince(tx, userId, Date.now() - DAY_MS);
          if (used + size > quotaMb * 1024 * 1024) throw badRequest(FileMessages.quota(quotaMb));
          await tx.insert(storedFiles).values({
            id: newId(),
            folder: body.type,
            name,
            mime: raster?.mime ?? 'application/octet-stream',
            size,
            content: Buffer.alloc(0),
            storageKey,
            creatorUserId: userId,
            creatorTime: Date.now(),
          });
        });
      } catch (error) {
        await store.delete([storageKey]);
        throw error;
      }
      await store.delete(parts);
      return {
        name,
        fileSize: size,
        fileExtension: extension,
        url: fileUrl(body.type, name),
      };
    },
  });
}
