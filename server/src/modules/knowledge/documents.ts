import { KB_MAX_FILE_MB, type KbDocumentRow, type KbListQuery, type PagedList } from '@console/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS } from '../../core/calendar.js';
import { badRequest } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Session } from '../../core/sessions.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { assertFixedOrder, keywordMatch, selectPage } from '../../db/query.js';
import { kbChunks, kbDocuments, kbJobs, storedFiles, users } from '../../db/schema/index.js';
import { bytesUploadedSince, saveFile } from '../file/storage.js';
import { FileMessages } from '../file/upload.js';
import { checkDocx, checkXlsx } from '../file/xlsx.js';
import { sniffDocument } from './extract.js';
import { enqueueDocuments } from './jobs.js';

export const KB_MAX_FILE_BYTES = KB_MAX_FILE_MB * 1024 * 1024;
/** What a spreadsheet may cost the indexing job, which loads it whole. */
const KB_SHEET_LIMITS = { maxBytes: 64 * 1024 * 1024, maxRows: 50_000, maxCells: 500_000 };
/** Stored files of documents: a folder the public file route does not serve. */
const FOLDER = 'knowledge';
const MIME: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const DocumentMessages = {
  notFound: '文档不存在或已删除',
} as const;

/** A document name shown to people: the upload's base name, without path or control characters. */
function cleanName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, 200) || '未命名文档';
}

/**
 * Stores an uploaded document and queues it for indexing, in one transaction, under the
 * same per-user daily upload quota as other uploads.
 */
export async function addDocument(
  db: Db,
  session: Session,
  baseId: string,
  upload: { fileName: string; content: Buffer },
  quotaMb: number,
): Promise<string> {
  const type = await sniffDocument(upload.fileName, upload.content);
  if (type === 'xlsx') await checkXlsx(upload.content, KB_SHEET_LIMITS);
  if (type === 'docx') await checkDocx(upload.content, KB_SHEET_LIMITS.maxBytes);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${session.userId}`}))`);
    const used = await bytesUploadedSince(tx, session.userId, Date.now() - DAY_MS);
    if (used + upload.content.length > quotaMb * 1024 * 1024) throw badRequest(FileMessages.quota(quotaMb));
    const file = await saveFile(tx, {
      folder: FOLDER,
      extension: type,
      mime: MIME[type]!,
      content: upload.content,
      userId: session.userId,
    });
    const id = newId();
    await tx.insert(kbDocuments).values({
      id,
      baseId,
      fileId: file.id,
      fullName: cleanName(upload.fileName),
      fileExtension: type,
      fileSize: upload.content.length,
      creatorUserId: session.userId,
    });
    await enqueueDocuments(tx, [id]);
    return id;
  });
}

export async function listDocuments(
  db: DbOrTx,
  baseId: string,
  query: KbListQuery,
): Promise<PagedList<KbDocumentRow>> {
  assertFixedOrder(query.sidx);
  const page = await selectPage(
    db,
    kbDocuments,
    and(eq(kbDocuments.baseId, baseId), keywordMatch(query.keyword, kbDocuments.fullName)),
    [desc(kbDocuments.creatorTime), desc(kbDocuments.id)],
    query,
  );
  const creatorIds = [...new Set(page.rows.flatMap((r) => (r.creatorUserId ? [r.creatorUserId] : [])))];
  const creators = creatorIds.length
    ? await db
        .select({ id: users.id, realName: users.realName, account: users.account })
        .from(users)
        .where(inArray(users.id, creatorIds))
    : [];
  const nameOf = new Map(creators.map((u) => [u.id, `${u.realName}/${u.account}`]));
  return {
    list: page.rows.map((r) => ({
      id: r.id,
      fullName: r.fullName,
      fileExtension: r.fileExtension,
      fileSize: r.fileSize,
      status: r.status as KbDocumentRow['status'],
      progress: r.progress,
      error: r.error,
      chunkCount: r.chunkCount,
      creatorUserName: (r.creatorUserId && nameOf.get(r.creatorUserId)) || '',
      creatorTime: r.creatorTime,
    })),
    pagination: page.pagination,
  };
}

/** A document of the base, or a 400. */
export async function documentOf(db: DbOrTx, baseId: string, documentId: string) {
  const [doc] = await db
    .select()
    .from(kbDocuments)
    .where(and(eq(kbDocuments.id, documentId), eq(kbDocuments.baseId, baseId)));
  if (!doc) throw badRequest(DocumentMessages.notFound);
  return doc;
}

/** Deletes a document with its chunks, job and stored file. */
export async function deleteDocument(db: DbOrTx, baseId: string, documentId: string) {
  const doc = await documentOf(db, baseId, documentId);
  await db.delete(kbJobs).where(eq(kbJobs.documentId, doc.id));
  await db.delete(kbChunks).where(eq(kbChunks.documentId, doc.id));
  await db.delete(kbDocuments).where(eq(kbDocuments.id, doc.id));
  await db.delete(storedFiles).where(eq(storedFiles.id, doc.fileId));
}

/** The stored bytes of a document, for download. */
export async function documentFile(db: DbOrTx, baseId: string, documentId: string) {
  const doc = await documentOf(db, baseId, documentId);
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, doc.fileId));
  if (!file) throw badRequest(DocumentMessages.notFound);
  return { name: doc.fullName, mime: file.mime, content: file.content };
}
