import { type DocumentPreviewRow, escapeHtml, PREVIEW_TYPES } from '@console/shared';
import { asc, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { defineRoute } from '../../../core/route.js';
import type { Db } from '../../../db/client.js';
import { extDocumentPreviews, storedFiles } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { saveFile } from '../../file/storage.js';
import { sanitizeNoticeHtml } from '../../message/notice/sanitize.js';
import { SAMPLES } from './samples.js';

const MODULE = 'extend.documentPreview';
const FOLDER = 'documentPreview';

export const DocumentPreviewMessages = {
  notFound: '文件不存在，请刷新列表后重试',
  badType: `previewType 只能是 ${PREVIEW_TYPES.join('、')}（不填时由文件类型决定）`,
  unreadable: '文件内容无法解析，不能预览',
} as const;

const Params = z.object({
  id: z.string().trim().min(1, DocumentPreviewMessages.notFound).max(64, DocumentPreviewMessages.notFound),
});
const PreviewQuery = z.object({
  previewType: z
    .union([z.literal(''), z.enum(PREVIEW_TYPES)], { message: DocumentPreviewMessages.badType })
    .optional()
    .default(''),
});

/** Writes the samples not yet stored (fixed ids: a second instance listing at once skips them). */
async function ensureSamples(db: Db, userId: string) {
  const [stored] = await db.select({ n: count() }).from(extDocumentPreviews);
  if ((stored?.n ?? 0) >= SAMPLES.length) return;
  await db.transaction(async (tx) => {
    for (const [i, sample] of SAMPLES.entries()) {
      const fresh = await tx
        .insert(extDocumentPreviews)
        .values({ id: sample.id, fullName: sample.fullName, fileExtension: sample.extension, sortCode: i })
        .onConflictDoNothing()
        .returning({ id: extDocumentPreviews.id });
      if (fresh.length === 0) continue;
      const content = await sample.make();
      const file = await saveFile(tx, {
        folder: FOLDER,
        extension: sample.extension,
        mime: sample.mime,
        content,
        userId,
      });
      await tx
        .update(extDocumentPreviews)
        .set({ fileId: file.id, fileSize: content.length })
        .where(eq(extDocumentPreviews.id, sample.id));
    }
  });
}

/** A whole HTML page around rendered (already safe) content. */
const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:24px;color:#262626;line-height:1.6}
table{border-collapse:collapse;margin:12px 0}td,th{border:1px solid #d9d9d9;padding:4px 10px;text-align:left}
h2.sheet{font-size:16px;margin:20px 0 4px}
</style></head><body>${body}</body></html>`;

async function xlsxHtml(content: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook.worksheets
    .map((sheet) => {
      const rows: string[] = [];
      sheet.eachRow((row) => {
        const cells: string[] = [];
        for (let c = 1; c <= sheet.columnCount; c++)
          cells.push(`<td>${escapeHtml(row.getCell(c).text ?? '')}</td>`);
        rows.push(`<tr>${cells.join('')}</tr>`);
      });
      return `<h2 class="sheet">${escapeHtml(sheet.name)}</h2><table>${rows.join('')}</table>`;
    })
    .join('');
}

const MIMES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/**
 * What the preview of a file shows: Word and Excel files rendered here to sanitised HTML (mammoth
 * for .docx, a table per sheet for .xlsx); PDF, text and images as they are.
 */
export async function renderPreview(title: string, extension: string, content: Buffer, previewType = '') {
  const asHtml = previewType !== 'file' && ['docx', 'xlsx'].includes(extension);
  if (!asHtml) return { body: content, contentType: MIMES[extension] ?? 'application/octet-stream' };
  try {
    let html: string;
    if (extension === 'docx') {
      const mammoth = await import('mammoth');
      html = sanitizeNoticeHtml((await mammoth.default.convertToHtml({ buffer: content })).value);
    } else html = await xlsxHtml(content);
    return { body: page(title, html), contentType: 'text/html; charset=utf-8' };
  } catch {
    throw badRequest(DocumentPreviewMessages.unreadable);
  }
}

async function render(db: Db, id: string, previewType: string) {
  const [row] = await db
    .select({ doc: extDocumentPreviews, file: storedFiles })
    .from(extDocumentPreviews)
    .innerJoin(storedFiles, eq(storedFiles.id, extDocumentPreviews.fileId))
    .where(eq(extDocumentPreviews.id, id));
  if (!row) throw badRequest(DocumentPreviewMessages.notFound);
  return renderPreview(row.doc.fullName, row.doc.fileExtension, row.file.content, previewType);
}

/**
 * extend/documentPreview (other.md 1): sample office files and their previews. No outside preview
 * service exists here: the server renders the preview itself and answers a short-lived address of
 * it (the one-use download addresses of the file module), which the page shows sandboxed.
 */
export function registerDocumentPreviewRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  registerDownload('documentPreview', async (s, payload) => {
    const { id, previewType } = payload as { id: string; previewType: string };
    return render(s.db, id, previewType);
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/DocumentPreview',
    access: { module: MODULE },
    handler: async ({ session }): Promise<DocumentPreviewRow[]> => {
      await ensureSamples(db, session.userId);
      const rows = await db.select().from(extDocumentPreviews).orderBy(asc(extDocumentPreviews.sortCode));
      return rows.map((r) => ({
        id: r.id,
        fileName: r.fullName,
        fileExtension: r.fileExtension,
        fileSize: r.fileSize,
        fileTime: r.creatorTime,
      }));
    },
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/extend/DocumentPreview/:id/Preview',
    access: { module: MODULE },
    params: Params,
    query: PreviewQuery,
    handler: async ({ params, query, session }) => {
      const [row] = await db.select().from(extDocumentPreviews).where(eq(extDocumentPreviews.id, params.id));
      if (!row?.fileId) throw badRequest(DocumentPreviewMessages.notFound);
      const html = query.previewType !== 'file' && ['docx', 'xlsx'].includes(row.fileExtension);
      const link = await issueDownload(services, {
        kind: 'documentPreview',
        fileName: html ? `${row.fullName}.html` : row.fullName,
        payload: { id: row.id, previewType: query.previewType },
        userId: session.userId,
      });
      return link.url;
    },
  });
}
