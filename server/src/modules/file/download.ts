import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../core/errors.js';
import { defineRoute } from '../../core/route.js';
import { users } from '../../db/schema/index.js';
import type { Services } from '../../services.js';

/**
 * Short-lived, one-use download addresses (api-contract.md: "the export call answers
 * data: { name, url }"). An export keeps a random ticket in the shared store saying what to
 * produce and for whom; GET /api/file/Download/{type}/{name} takes the ticket (so it works
 * once, on any instance) and produces the content at that moment.
 *
 * Features add their exports with registerDownload(kind, producer).
 */

export const DOWNLOAD_TTL_MS = 5 * 60_000;
const TICKET_KEY = (ticket: string) => `download:${ticket}`;

export const DownloadMessages = {
  expired: '下载链接已失效，请重新导出',
  unknownKind: '不支持的下载类型',
} as const;

export interface DownloadRequest {
  /** Which producer makes the content (registered with registerDownload). */
  kind: string;
  /** The file name the person sees, e.g. '业务分类.bdd'. */
  fileName: string;
  /** What the producer needs (JSON). */
  payload: unknown;
  /** Who asked. */
  userId: string;
}

export interface DownloadContent {
  /** A stream is sent as it is read (large archives). */
  body: string | Buffer | Readable;
  contentType: string;
}

export type DownloadProducer = (
  services: Services,
  payload: unknown,
  userId: string,
) => Promise<DownloadContent>;

const producers = new Map<string, DownloadProducer>();

/** Registers (or replaces) the producer of one kind of download. */
export function registerDownload(kind: string, producer: DownloadProducer): void {
  producers.set(kind, producer);
}

/** The `{type}` segment of the address: the file's extension, or 'Export'. */
const typeOf = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1] ?? 'Export';

/** Issues a download address; answer its result as the export call's data. */
export async function issueDownload(
  services: Services,
  request: DownloadRequest,
): Promise<{ name: string; url: string }> {
  if (!producers.has(request.kind)) throw new Error(`no download producer for ${request.kind}`);
  const ticket = randomBytes(24).toString('base64url');
  await services.kv.set(TICKET_KEY(ticket), JSON.stringify(request), DOWNLOAD_TTL_MS);
  const type = typeOf(request.fileName);
  return { name: request.fileName, url: `/api/file/Download/${type}/${ticket}.${type}` };
}

/** RFC 6266 attachment header with a UTF-8 file name and an ASCII fallback. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerDownloadRoute(app: FastifyInstance, services: Services) {
  defineRoute(app, services, {
    method: 'GET',
    url: '/api/file/Download/:type/:name',
    // The ticket in the name is the permission: it was issued to a signed-in user who could export.
    access: 'public',
    params: z.object({ type: z.string().max(20), name: z.string().max(200) }),
    handler: async ({ params, reply }) => {
      const ticket = params.name.replace(/\.[A-Za-z0-9]{1,10}$/, '');
      if (!/^[A-Za-z0-9_-]{32}$/.test(ticket)) throw badRequest(DownloadMessages.expired);
      const stored = await services.kv.take(TICKET_KEY(ticket));
      if (!stored) throw badRequest(DownloadMessages.expired);
      const request = JSON.parse(stored) as DownloadRequest;
      // The content is produced as its user: not for one disabled or deleted since the export.
      const [owner] = await services.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, request.userId), eq(users.enabledMark, 1), eq(users.deleteMark, 0)))
        .limit(1);
      if (!owner) throw badRequest(DownloadMessages.expired);
      const producer = producers.get(request.kind);
      if (!producer) throw badRequest(DownloadMessages.unknownKind);
      const content = await producer(services, request.payload, request.userId);
      return reply
        .header('content-type', content.contentType)
        .header('content-disposition', attachment(request.fileName))
        .header('cache-control', 'no-store')
        .send(content.body);
    },
  });
}
