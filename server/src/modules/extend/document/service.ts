import {
  DOCUMENT_PREVIEW_EXTENSIONS,
  type DocumentFolderBody,
  type DocumentFolderNode,
  type DocumentListQuery,
  type DocumentRenameBody,
  type DocumentRow,
  type DocumentShareUser,
  DocumentType,
} from '@console/shared';
import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { badRequest } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { keywordMatch } from '../../../db/query.js';
import { extDocumentShares, extDocuments, storedFiles, users } from '../../../db/schema/index.js';
import type { FileStore } from '../../file/file-store.js';

export const DocumentMessages = {
  notFound: '文档不存在或已删除',
  folderNotFound: '文件夹不存在或已删除',
  notInTrash: '回收站中没有该文档',
  folderExists: '该位置已有同名文件夹',
  moveIntoItself: '不能移动到自身或其下级文件夹中',
  onlyFiles: '只能共享文件，不能共享文件夹',
  folderNoDownload: '文件夹不能下载，请选择文件',
  shareSelf: '不能共享给自己',
  shareUsers: '共享人员中有不存在或已停用的用户',
  created: '新建成功',
  renamed: '重命名成功',
  moved: '移动成功',
  deleted: '已放入回收站',
  shared: '共享成功',
  shareCancelled: '已取消共享',
  recovered: '还原成功',
  destroyed: '已彻底删除',
  uploaded: '上传成功',
} as const;

/** Where a document's bytes live: base_file folder, never served by the public file route. */
export const DOCUMENT_FOLDER = 'document';
export const ROOT_ID = '0';
export const ROOT_NAME = '全部文档';

type Row = typeof extDocuments.$inferSelect;

const PREVIEW = new Set(DOCUMENT_PREVIEW_EXTENSIONS);

export const rowOf = (r: Row): DocumentRow => ({
  id: r.id,
  fullName: r.fullName,
  type: r.type === DocumentType.Folder ? 0 : 1,
  parentId: r.parentId,
  fileSize: r.fileSize,
  fileExtension: r.fileExtension,
  isShare: r.isShare,
  isPreview: r.type === DocumentType.File && PREVIEW.has(r.fileExtension.toLowerCase()) ? 1 : 0,
  creatorTime: r.creatorTime,
  lastModifyTime: r.lastModifyTime,
  version: r.version,
  deleteTime: r.deleteTime,
});

/** The extension of a file name ('' without one), lower case. */
export const extensionOf = (fileName: string) => {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match?.[1]?.toLowerCase() ?? '';
};

const mine = (userId: string) => eq(extDocuments.creatorUserId, userId);
const alive = eq(extDocuments.deleteMark, 0);

/** Folders first, then by name. */
const ORDER = [asc(extDocuments.type), asc(extDocuments.fullName), asc(extDocuments.id)];

/** One of the user's documents that is not in the recycle bin, or a 400. */
export async function ownDocument(db: DbOrTx, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(extDocuments)
    .where(and(eq(extDocuments.id, id), mine(userId), alive));
  if (!row) throw badRequest(DocumentMessages.notFound);
  return row;
}

/** Checks that `parentId` is the top or one of the user's folders outside the recycle bin. */
async function checkFolder(db: DbOrTx, userId: string, parentId: string) {
  if (parentId === ROOT_ID) return;
  const [row] = await db
    .select({ id: extDocuments.id })
    .from(extDocuments)
    .where(
      and(eq(extDocuments.id, parentId), mine(userId), alive, eq(extDocuments.type, DocumentType.Folder)),
    );
  if (!row) throw badRequest(DocumentMessages.folderNotFound);
}

async function checkFolderName(tx: DbOrTx, userId: string, parentId: string, name: string, selfId?: string) {
  const filters: SQL[] = [
    mine(userId),
    alive,
    eq(extDocuments.parentId, parentId),
    eq(extDocuments.type, DocumentType.Folder),
    eq(extDocuments.fullName, name),
  ];
  if (selfId) filters.push(ne(extDocuments.id, selfId));
  const [other] = await tx
    .select({ id: extDocuments.id })
    .from(extDocuments)
    .where(and(...filters))
    .limit(1);
  if (other) throw badRequest(DocumentMessages.folderExists);
}

/**
 * The ids of a document and everything under it, breadth first; with `skipTrashed`, without
 * what was put in the recycle bin on its own (it stays there as its own entry).
 */
async function subtreeIds(db: DbOrTx, rootId: string, skipTrashed = false): Promise<string[]> {
  const ids = [rootId];
  let level = [rootId];
  while (level.length) {
    const children = await db
      .select({ id: extDocuments.id })
      .from(extDocuments)
      .where(and(inArray(extDocuments.parentId, level), skipTrashed ? alive : undefined));
    level = children.map((c) => c.id);
    ids.push(...level);
  }
  return ids;
}

/** Ends every share of the files among `ids`. */
async function unshare(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(extDocumentShares).where(inArray(extDocumentShares.documentId, ids));
  await tx
    .update(extDocuments)
    .set({ isShare: 0 })
    .where(and(inArray(extDocuments.id, ids), eq(extDocuments.isShare, 1)));
}

const nameOf = (u: { realName: string; account: string }) => `${u.realName}/${u.account}`;

export class DocumentService {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
  ) {}

  /** The user's documents in one folder (keyword: by name, in that folder). */
  async list(userId: string, query: DocumentListQuery): Promise<{ list: DocumentRow[] }> {
    await checkFolder(this.db, userId, query.parentId);
    const rows = await this.db
      .select()
      .from(extDocuments)
      .where(
        and(
          mine(userId),
          alive,
          eq(extDocuments.parentId, query.parentId),
          keywordMatch(query.keyword, extDocuments.fullName),
        ),
      )
      .orderBy(...ORDER);
    return { list: rows.map(rowOf) };
  }

  async info(userId: string, id: string): Promise<DocumentRow> {
    return rowOf(await ownDocument(this.db, userId, id));
  }

  async createFolder(userId: string, body: DocumentFolderBody): Promise<string> {
    return this.db.transaction(async (tx) => {
      await checkFolder(tx, userId, body.parentId);
      await checkFolderName(tx, userId, body.parentId, body.fullName);
      const id = newId();
      await tx.insert(extDocuments).values({
        id,
        parentId: body.parentId,
        type: DocumentType.Folder,
        fullName: body.fullName,
        creatorUserId: userId,
      });
      return id;
    });
  }

  /** Records a merged upload as a file of `parentId` (runs in the merge's transaction). */
  async addFile(
    tx: Tx,
    userId: string,
    file: { fileId: string; fullName: string; size: number; extension: string; parentId: string },
  ): Promise<string> {
    await checkFolder(tx, userId, file.parentId);
    const id = newId();
    await tx.insert(extDocuments).values({
      id,
      parentId: file.parentId,
      type: DocumentType.File,
      fullName: file.fullName,
      fileId: file.fileId,
      fileSize: file.size,
      fileExtension: file.extension,
      creatorUserId: userId,
    });
    return id;
  }

  async rename(userId: string, id: string, body: DocumentRenameBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await ownDocument(tx, userId, id);
      if (row.type === DocumentType.Folder)
        await checkFolderName(tx, userId, row.parentId, body.fullName, id);
      await updateVersioned(
        tx,
        extDocuments,
        { id, version: body.version ?? row.version, userId },
        { fullName: body.fullName },
      );
    });
  }

  async moveTo(userId: string, id: string, toId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await ownDocument(tx, userId, id);
      await checkFolder(tx, userId, toId);
      if (toId !== ROOT_ID && row.type === DocumentType.Folder) {
        // Walk up from the target: meeting the moved folder means it would hold itself.
        let current: string = toId;
        while (current !== ROOT_ID) {
          if (current === id) throw badRequest(DocumentMessages.moveIntoItself);
          const [parent] = await tx
            .select({ parentId: extDocuments.parentId })
            .from(extDocuments)
            .where(eq(extDocuments.id, current));
          current = parent?.parentId ?? ROOT_ID;
        }
      }
      if (row.type === DocumentType.Folder) await checkFolderName(tx, userId, toId, row.fullName, id);
      await updateVersioned(tx, extDocuments, { id, version: row.version, userId }, { parentId: toId });
    });
  }

  /** Puts a document (a folder with its contents) in the recycle bin; its shares end. */
  async remove(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await ownDocument(tx, userId, id);
      await unshare(tx, await subtreeIds(tx, id));
      await tx
        .update(extDocuments)
        .set({ deleteMark: 1, deleteTime: Date.now(), deleteUserId: userId })
        .where(eq(extDocuments.id, row.id));
    });
  }

  /** The user's folders as a tree under the top, without `excludeId` and what it holds. */
  async folderTree(userId: string, excludeId: string): Promise<DocumentFolderNode[]> {
    const rows = await this.db
      .select({ id: extDocuments.id, fullName: extDocuments.fullName, parentId: extDocuments.parentId })
      .from(extDocuments)
      .where(and(mine(userId), alive, eq(extDocuments.type, DocumentType.Folder)))
      .orderBy(asc(extDocuments.fullName), asc(extDocuments.id));
    const children = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = children.get(row.parentId) ?? [];
      list.push(row);
      children.set(row.parentId, list);
    }
    const build = (parentId: string): DocumentFolderNode[] =>
      (children.get(parentId) ?? [])
        .filter((r) => r.id !== excludeId)
        .map((r) => ({ id: r.id, fullName: r.fullName, parentId: r.parentId, children: build(r.id) }));
    return [{ id: ROOT_ID, fullName: ROOT_NAME, parentId: '-1', children: build(ROOT_ID) }];
  }

  /** Shares a file with exactly these users (replacing the previous set). */
  async share(userId: string, id: string, userIds: string[]): Promise<void> {
    if (userIds.includes(userId)) throw badRequest(DocumentMessages.shareSelf);
    await this.db.transaction(async (tx) => {
      const row = await ownDocument(tx, userId, id);
      if (row.type !== DocumentType.File) throw badRequest(DocumentMessages.onlyFiles);
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.enabledMark, 1), eq(users.deleteMark, 0)));
      if (found.length !== userIds.length) throw badRequest(DocumentMessages.shareUsers);
      const now = Date.now();
      await tx.delete(extDocumentShares).where(eq(extDocumentShares.documentId, id));
      await tx
        .insert(extDocumentShares)
        .values(userIds.map((shareUserId) => ({ id: newId(), documentId: id, shareUserId, shareTime: now })));
      await tx.update(extDocuments).set({ isShare: 1 }).where(eq(extDocuments.id, id));
    });
  }

  async cancelShare(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await ownDocument(tx, userId, id);
      await unshare(tx, [id]);
    });
  }

  async shareUsers(userId: string, id: string): Promise<{ list: DocumentShareUser[] }> {
    await ownDocument(this.db, userId, id);
    const rows = await this.db
      .select({
        shareUserId: extDocumentShares.shareUserId,
        realName: users.realName,
        account: users.account,
        shareTime: extDocumentShares.shareTime,
      })
      .from(extDocumentShares)
      .innerJoin(users, eq(users.id, extDocumentShares.shareUserId))
      .where(eq(extDocumentShares.documentId, id))
      .orderBy(asc(extDocumentShares.shareTime), asc(users.account));
    return { list: rows };
  }

  /** The user's files that are shared. */
  async myShares(userId: string, keyword: string): Promise<{ list: DocumentRow[] }> {
    const rows = await this.db
      .select()
      .from(extDocuments)
      .where(
        and(mine(userId), alive, eq(extDocuments.isShare, 1), keywordMatch(keyword, extDocuments.fullName)),
      )
      .orderBy(desc(extDocuments.creatorTime), desc(extDocuments.id));
    return { list: rows.map(rowOf) };
  }

  /** Files others shared with the user, with who shared them and when. */
  async sharedToMe(userId: string, keyword: string): Promise<{ list: DocumentRow[] }> {
    const rows = await this.db
      .select({
        doc: extDocuments,
        shareTime: extDocumentShares.shareTime,
        realName: users.realName,
        account: users.account,
      })
      .from(extDocumentShares)
      .innerJoin(extDocuments, eq(extDocuments.id, extDocumentShares.documentId))
      .leftJoin(users, eq(users.id, extDocuments.creatorUserId))
      .where(
        and(eq(extDocumentShares.shareUserId, userId), alive, keywordMatch(keyword, extDocuments.fullName)),
      )
      .orderBy(desc(extDocumentShares.shareTime), desc(extDocuments.id));
    return {
      list: rows.map((r) => ({
        ...rowOf(r.doc),
        creatorUserName: r.realName && r.account ? nameOf({ realName: r.realName, account: r.account }) : '',
        shareTime: r.shareTime,
      })),
    };
  }

  async trash(userId: string, keyword: string): Promise<{ list: DocumentRow[] }> {
    const rows = await this.db
      .select()
      .from(extDocuments)
      .where(and(mine(userId), eq(extDocuments.deleteMark, 1), keywordMatch(keyword, extDocuments.fullName)))
      .orderBy(desc(extDocuments.deleteTime), desc(extDocuments.id));
    return { list: rows.map(rowOf) };
  }

  private async trashed(db: DbOrTx, userId: string, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(extDocuments)
      .where(and(eq(extDocuments.id, id), mine(userId), eq(extDocuments.deleteMark, 1)));
    if (!row) throw badRequest(DocumentMessages.notInTrash);
    return row;
  }

  /** Takes a document out of the recycle bin: to its folder, or to the top when that is gone. */
  async recover(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.trashed(tx, userId, id);
      let parentId = row.parentId;
      if (parentId !== ROOT_ID) {
        const [parent] = await tx
          .select({ id: extDocuments.id })
          .from(extDocuments)
          .where(and(eq(extDocuments.id, parentId), mine(userId), alive));
        if (!parent) parentId = ROOT_ID;
      }
      const name = row.type === DocumentType.Folder ? row.fullName : undefined;
      if (name) await checkFolderName(tx, userId, parentId, name, id);
      await tx
        .update(extDocuments)
        .set({ deleteMark: 0, deleteTime: null, deleteUserId: null, parentId })
        .where(eq(extDocuments.id, id));
    });
  }

  /** Deletes a document of the recycle bin for good, with everything under it and its bytes. */
  async destroy(userId: string, id: string): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      await this.trashed(tx, userId, id);
      const ids = await subtreeIds(tx, id, true);
      const fileIds = (
        await tx
          .select({ fileId: extDocuments.fileId })
          .from(extDocuments)
          .where(inArray(extDocuments.id, ids))
      ).flatMap((r) => (r.fileId ? [r.fileId] : []));
      await tx.delete(extDocumentShares).where(inArray(extDocumentShares.documentId, ids));
      await tx.delete(extDocuments).where(inArray(extDocuments.id, ids));
      if (fileIds.length === 0) return [];
      const files = await tx
        .delete(storedFiles)
        .where(inArray(storedFiles.id, fileIds))
        .returning({ storageKey: storedFiles.storageKey });
      return files.flatMap((f) => (f.storageKey ? [f.storageKey] : []));
    });
    // The bytes go once the rows are gone; a failure here leaves only unreachable bytes.
    if (keys.length) await this.store.delete(keys);
  }

  /** A file the user may download: its own, or shared with it; neither in the recycle bin. */
  async readable(userId: string, id: string): Promise<Row> {
    const [own] = await this.db
      .select()
      .from(extDocuments)
      .where(and(eq(extDocuments.id, id), mine(userId), alive));
    const row =
      own ??
      (
        await this.db
          .select({ doc: extDocuments })
          .from(extDocuments)
          .innerJoin(
            extDocumentShares,
            and(eq(extDocumentShares.documentId, extDocuments.id), eq(extDocumentShares.shareUserId, userId)),
          )
          .where(and(eq(extDocuments.id, id), alive))
      )[0]?.doc;
    if (!row) throw badRequest(DocumentMessages.notFound);
    if (row.type !== DocumentType.File) throw badRequest(DocumentMessages.folderNoDownload);
    return row;
  }

  /** The bytes of a readable file. */
  async content(userId: string, id: string): Promise<{ name: string; extension: string; body: Buffer }> {
    const row = await this.readable(userId, id);
    const [file] = row.fileId
      ? await this.db.select().from(storedFiles).where(eq(storedFiles.id, row.fileId))
      : [];
    if (!file) throw badRequest(DocumentMessages.notFound);
    let body = file.content;
    if (file.storageKey) {
      const stream = await this.store.read(file.storageKey);
      if (!stream) throw badRequest(DocumentMessages.notFound);
      const pieces: Buffer[] = [];
      for await (const piece of stream as AsyncIterable<Buffer>) pieces.push(piece);
      body = Buffer.concat(pieces);
    }
    return { name: row.fullName, extension: row.fileExtension, body };
  }
}
