import { Readable } from 'node:stream';
import { StoredFileName, UPLOAD_TYPES } from '@console/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Zip, ZipPassThrough } from 'fflate';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { defineRoute } from '../../core/route.js';
import { storedFiles } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { issueDownload, registerDownload } from './download.js';
import { fileStoreFor } from './file-store.js';

export const PackMessages = {
  type: '不支持的文件类型',
  fileId: '文件标识无效',
  empty: '请选择要下载的文件',
  tooMany: (n: number) => `一次最多打包下载${n}个文件`,
  missing: (name: string) => `文件不存在：${name}`,
  tooLarge: (mb: number) => `打包下载的文件合计不能超过${mb}MB`,
} as const;

/** Files in one archive at most. */
export const PACK_MAX_FILES = 200;
const KIND = 'filePack';

const PackBody = z
  .array(
    z.object({
      fileId: z.string().regex(StoredFileName, PackMessages.fileId),
      fileName: z.string().max(200).optional(),
    }),
    PackMessages.empty,
  )
  .min(1, PackMessages.empty)
  .max(PACK_MAX_FILES, PackMessages.tooMany(PACK_MAX_FILES));

interface PackEntry {
  folder: string;
  name: string;
  /** The name inside the archive. */
  entry: string;
}

/** A name fit for an archive entry: no folders, no control characters, not empty. */
function entryName(fileName: string | undefined, stored: string): string {
  const cleaned = (fileName ?? '')
    .replaceAll('#', '')
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^\.+/, '')
    .trim();
  return cleaned || stored;
}

/** The second "a.pdf" becomes "a (2).pdf". */
function unique(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const key = name.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

/**
 * The archive as a stream: each file read one piece at a time from the database row or the file
 * store and stored (not compressed: attachments are mostly compressed already), so memory holds
 * a piece, not the archive.
 */
function zipStream(services: Services, entries: PackEntry[]): Readable {
  async function* pieces(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else ready.push(chunk);
    });
    const drain = function* () {
      if (failure) throw failure;
      while (ready.length) yield ready.shift() as Uint8Array;
    };
    const store = fileStoreFor(services.config);
    for (const item of entries) {
      const [row] = await services.db
        .select({ content: storedFiles.content, storageKey: storedFiles.storageKey })
        .from(storedFiles)
        .where(and(eq(storedFiles.folder, item.folder), eq(storedFiles.name, item.name)))
        .limit(1);
      if (!row) continue;
      const file = new ZipPassThrough(item.entry);
      zip.add(file);
      if (row.storageKey) {
        const stream = await store.read(row.storageKey);
        for await (const piece of (stream ?? []) as AsyncIterable<Buffer>) {
          file.push(piece);
          yield* drain();
        }
      } else file.push(row.content);
      file.push(new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(pieces());
}

/**
 * Batch download (widgets.md 7): POST /api/file/PackDownload/{type} with a list of
 * { fileId, fileName } answers { downloadVo: { name, url }, downloadName }; the one-use address
 * streams a zip of the files. A file is readable by whoever knows its generated name (as
 * GET /api/file/Image serves it); files of other folders are never packed. The total size is
 * capped by PACK_DOWNLOAD_MAX_MB, checked before the address is issued.
 */
export function registerPackRoutes(app: FastifyInstance, services: Services) {
  registerDownload(KIND, async (_services, payload) => ({
    body: zipStream(services, payload as PackEntry[]),
    contentType: 'application/zip',
  }));

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/file/PackDownload/:type',
    access: 'session',
    params: z.object({ type: z.enum(UPLOAD_TYPES, PackMessages.type) }),
    body: PackBody,
    handler: async ({ params, body, session }) => {
      const names = [...new Set(body.map((item) => item.fileId))];
      const rows = await services.db
        .select({ name: storedFiles.name, size: storedFiles.size })
        .from(storedFiles)
        .where(and(eq(storedFiles.folder, params.type), inArray(storedFiles.name, names)));
      const sizes = new Map(rows.map((row) => [row.name, row.size]));
      const absent = body.find((item) => !sizes.has(item.fileId));
      if (absent) throw badRequest(PackMessages.missing(absent.fileName || absent.fileId));
      const capMb = services.config.PACK_DOWNLOAD_MAX_MB;
      const total = body.reduce((sum, item) => sum + (sizes.get(item.fileId) ?? 0), 0);
      if (total > capMb * 1024 * 1024) throw badRequest(PackMessages.tooLarge(capMb));
      const entries = unique(body.map((item) => entryName(item.fileName, item.fileId))).map(
        (entry, i): PackEntry => ({ folder: params.type, name: body[i]?.fileId ?? '', entry }),
      );
      const downloadName = `打包下载_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}.zip`;
      const downloadVo = await issueDownload(services, {
        kind: KIND,
        fileName: downloadName,
        payload: entries,
        userId: session.userId,
      });
      return { downloadVo, downloadName };
    },
  });
}
