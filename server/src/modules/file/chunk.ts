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
import type { DbOrTx, Tx } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import {
  chunkBytesSince,
  chunkFolder,
  closeChunkSet,
  openChunkSet,
  recordChunk,
  startChunkSweep,
  touchChunkSet,
} from './chunk-sets.js';
import { type FileStore, fileStoreFor } from './file-store.js';
import { readUpload, withMultipart } from './multipart.js';
import { bytesUploadedSince, fileUrl } from './storage.js';
import { ALLOWED_UPLOADS, type AllowedTypes, FileMessages, RASTER_MIMES } from './upload.js';

export const ChunkMessages = {
  identifier: '文件标识无效，请重新选择文件',
  totalSize: '文件大小无效',
  totalChunks: (expected: number) => `分片数量应为${expected}`,
  chunkNumber: (total: number) => `分片序号应在1到${total}之间`,
  chunkSize: (n: number, expected: number) => `第${n}片的大小应为${expected}字节`,
  extension: '文件扩展名无效',
  missing: (numbers: number[]) => `还缺少分片：${numbers.join('、')}，请继续上传`,
  hashMismatch: '文件校验失败（内容与标识不符），请重新上传',
  merging: '该文件正在合并，请勿重复提交',
  closed: '该文件的上传已结束（已合并或已过期），请重新上传',
} as const;

/** How long a merge holds its claim at most (a merge that dies frees it then). */
const MERGE_CLAIM_MS = 10 * 60_000;

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
const chunkKey = (userId: string, identifier: string, n: number) => `${chunkFolder(userId, identifier)}${n}`;

async function heldChunks(store: FileStore, userId: string, identifier: string): Promise<number[]> {
  const keys = await store.list(chunkFolder(userId, identifier));
  return keys
    .map((key) => Number(key.slice(key.lastIndexOf('/') + 1)))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
}

/**
 * Refuses a file over what the user may still upload today: files stored plus the chunks of every
 * other upload received in the last 24 hours (abandoned ones too), before any byte of it is kept.
 * Runs under the user's upload lock.
 */
async function checkQuota(services: Services, tx: DbOrTx, userId: string, size: number, setId?: string) {
  const quotaMb = services.config.UPLOAD_MB_PER_USER_PER_DAY;
  const since = Date.now() - DAY_MS;
  const used =
    (await bytesUploadedSince(tx, userId, since)) + (await chunkBytesSince(tx, userId, since, setId));
  if (used + size > quotaMb * 1024 * 1024) throw badRequest(FileMessages.quota(quotaMb));
}

/** One upload of a user at a time, so two at once cannot both fit under the quota. */
const lockUploads = (tx: DbOrTx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${userId}`}))`);

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

/** A file put together from its chunks and kept as a stored file (base_file). */
export interface MergedFile {
  id: string;
  name: string;
  size: number;
  extension: string;
  mime: string;
}

export interface MergeOptions {
  /** The types a single upload of this kind accepts, checked on the bytes; the file takes their extension. */
  accept?: AllowedTypes;
  /** Runs in the transaction that records the file (a feature's own row, or a check that refuses it). */
  inTransaction?: (tx: Tx, file: MergedFile) => Promise<void>;
}

/**
 * Puts a user's uploaded chunks together as one stored file in `folder`: all chunks held, the
 * MD5 over them equal to the identifier, the type accepted, the user's daily quota respected.
 * If anything fails the merged bytes are removed. The chunks are removed once it is kept.
 * One merge of an upload at a time: a second one sent meanwhile is refused, and only the merge
 * that closes the upload's chunk set records a file.
 */
export async function mergeChunks(
  services: Services,
  userId: string,
  body: { identifier: string; totalSize: number; extension: string },
  folder: string,
  options: MergeOptions = {},
): Promise<MergedFile> {
  const claim = `upload:merge:${userId}:${body.identifier}`;
  if ((await services.kv.increment(claim, MERGE_CLAIM_MS)) > 1) throw badRequest(ChunkMessages.merging);
  try {
    return await mergeClaimed(services, userId, body, folder, options);
  } finally {
    await services.kv.del(claim);
  }
}

async function mergeClaimed(
  services: Services,
  userId: string,
  body: { identifier: string; totalSize: number; extension: string },
  folder: string,
  { accept, inTransaction }: MergeOptions,
): Promise<MergedFile> {
  const store = fileStoreFor(services.config);
  // Touched first, so no sweep takes the chunks while they are read.
  const setId = await touchChunkSet(services.db, userId, body.identifier, Date.now());
  const total = chunkCount(body.totalSize);
  const held = new Set(await heldChunks(store, userId, body.identifier));
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !held.has(n));
  if (missing.length) throw badRequest(ChunkMessages.missing(missing));
  if (!setId) throw badRequest(ChunkMessages.closed);
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
  // A wrong or refused file is dropped whole, so nothing is left behind and a new try starts clean.
  const drop = async (message: string) => {
    await store.delete(parts);
    await closeChunkSet(services.db, setId, 'dropped', Date.now());
    return badRequest(message);
  };
  if (hash.digest('hex') !== body.identifier || size !== body.totalSize)
    throw await drop(ChunkMessages.hashMismatch);

  const sniffed = head ? await fileTypeFromBuffer(head) : undefined;
  if (accept && !(sniffed && accept.types.includes(sniffed.ext))) throw await drop(accept.rejected);
  // Only raster images are shown in the page; everything else is served as a download.
  const raster = sniffed && RASTER_MIMES.has(sniffed.mime) ? sniffed : undefined;
  const extension = (accept ? sniffed?.ext : raster?.ext) ?? body.extension;
  const name = `${randomUUID()}.${extension}`;
  const storageKey = `files/${folder}/${name}`;
  const file: MergedFile = {
    id: newId(),
    name,
    size,
    extension,
    mime: raster?.mime ?? 'application/octet-stream',
  };
  await store.concat(storageKey, parts);
  try {
    await services.db.transaction(async (tx) => {
      await lockUploads(tx, userId);
      // This upload's own chunks become the stored file: counted once, as the file.
      await checkQuota(services, tx, userId, size, setId);
      if (!(await closeChunkSet(tx, setId, 'merged', Date.now()))) throw badRequest(ChunkMessages.closed);
      await tx.insert(storedFiles).values({
        id: file.id,
        folder,
        name,
        mime: file.mime,
        size,
        content: Buffer.alloc(0),
        storageKey,
        creatorUserId: userId,
        creatorTime: Date.now(),
      });
      await inTransaction?.(tx, file);
    });
  } catch (error) {
    await store.delete([storageKey]);
    throw error;
  }
  await store.delete(parts);
  return file;
}

/**
 * Chunked upload (widgets.md 4, 7): GET /api/file/chunk says which chunks the server holds
 * (so an upload resumes after a reload or a restart), POST /api/file/chunk stores one chunk
 * (a resent chunk replaces itself), POST /api/file/merge checks the MD5 and keeps the file.
 * Chunks live in the file store, not in memory, so they outlive the process. Each chunk counts
 * against the daily quota when it arrives; chunks of an upload given up are swept (chunk-sets.ts).
 */
export function registerChunkRoutes(app: FastifyInstance, services: Services) {
  const store = fileStoreFor(services.config);
  startChunkSweep(app, services, store);

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/file/chunk',
    access: 'session',
    query: ChunkQuery,
    handler: async ({ query, session }) => {
      checkChunk(query);
      await touchChunkSet(services.db, session.userId, query.identifier, Date.now());
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
        await services.db.transaction(async (tx) => {
          await lockUploads(tx, session.userId);
          const now = Date.now();
          const setId = await openChunkSet(tx, session.userId, query.identifier, query.totalSize, now);
          await checkQuota(services, tx, session.userId, query.totalSize, setId);
          await recordChunk(tx, setId, query.chunkNumber, content.length, now);
        });
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
      const file = await mergeChunks(services, session.userId, body, body.type, {
        accept: ALLOWED_UPLOADS[body.type],
      });
      return {
        name: file.name,
        fileSize: file.size,
        fileExtension: file.extension,
        url: fileUrl(body.type, file.name),
      };
    },
  });
}
