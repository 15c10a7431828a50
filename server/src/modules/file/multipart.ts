import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors.js';

export const MultipartMessages = {
  noFile: '请选择要上传的文件',
  tooLarge: (bytes: number) => `文件大小不能超过${Math.round(bytes / 1024 / 1024)}MB`,
  wrongType: (ext: string) => `请选择${ext}格式的文件`,
} as const;

/** Runs `register` in a scope that reads multipart bodies; other routes keep refusing them. */
export function withMultipart(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  app.register(async (scope) => {
    const { default: multipart } = await import('@fastify/multipart');
    await scope.register(multipart, { limits: { files: 1, fields: 10, parts: 12 } });
    register(scope);
  });
}

/**
 * Reads the one uploaded file of a multipart request: at most maxBytes (a larger one is refused,
 * never cut short), not empty, and with the given extension when one is required.
 */
export async function readUpload(
  req: FastifyRequest,
  options: { maxBytes: number; extension?: string },
): Promise<{ fileName: string; content: Buffer }> {
  if (!req.isMultipart()) throw badRequest(MultipartMessages.noFile);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: options.maxBytes, files: 1 } });
  } catch {
    throw badRequest(MultipartMessages.noFile);
  }
  if (!part) throw badRequest(MultipartMessages.noFile);
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(MultipartMessages.tooLarge(options.maxBytes));
    }
    throw badRequest(MultipartMessages.noFile);
  }
  // The stream may end at the limit without the error, depending on timing: check both ways.
  if (part.file.truncated || content.length > options.maxBytes) {
    throw badRequest(MultipartMessages.tooLarge(options.maxBytes));
  }
  if (content.length === 0) throw badRequest(MultipartMessages.noFile);
  if (options.extension && !part.filename.toLowerCase().endsWith(`.${options.extension}`)) {
    throw badRequest(MultipartMessages.wrongType(`.${options.extension}`));
  }
  return { fileName: part.filename, content };
}
