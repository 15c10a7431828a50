import { randomUUID } from 'node:crypto';
import type { UploadType } from '@console/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import { newId } from '../../core/ids.js';
import type { DbOrTx } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';

export interface StoredFileMeta {
  id: string;
  folder: string;
  name: string;
  mime: string;
  size: number;
  creatorUserId: string | null;
  creatorTime: number;
}

/** The address a stored file is served from. */
export const fileUrl = (folder: UploadType | string, name: string) => `/api/file/Image/${folder}/${name}`;

/**
 * Uploaded files live in the database, so every instance can serve what any instance
 * received. Names are random (122 bits); the extension comes from the sniffed content.
 */
export async function saveFile(
  db: DbOrTx,
  file: { folder: string; extension: string; mime: string; content: Buffer; userId: string },
): Promise<StoredFileMeta> {
  const id = newId();
  const row = {
    id,
    folder: file.folder,
    // Served without a session: the name must not follow from any id (uuidv7s of one millisecond share a counter).
    name: `${randomUUID()}.${file.extension}`,
    mime: file.mime,
    size: file.content.length,
    content: file.content,
    creatorUserId: file.userId,
    creatorTime: Date.now(),
  };
  await db.insert(storedFiles).values(row);
  const { content: _content, ...meta } = row;
  return meta;
}

/** Bytes the user has stored since a moment (for the upload quota). */
export async function bytesUploadedSince(db: DbOrTx, userId: string, since: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${storedFiles.size})` })
    .from(storedFiles)
    .where(and(eq(storedFiles.creatorUserId, userId), gte(storedFiles.creatorTime, since)));
  return Number(row?.bytes ?? 0);
}

/** A stored file with its bytes, or undefined. */
export async function readFile(db: DbOrTx, folder: string, name: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.folder, folder), eq(storedFiles.name, name)))
    .limit(1);
  return row;
}

/** The file's description when `userId` uploaded it to `folder`; otherwise undefined. */
export async function findOwnFile(
  db: DbOrTx,
  folder: string,
  name: string,
  userId: string,
): Promise<StoredFileMeta | undefined> {
  const [row] = await db
    .select({
      id: storedFiles.id,
      folder: storedFiles.folder,
      name: storedFiles.name,
      mime: storedFiles.mime,
      size: storedFiles.size,
      creatorUserId: storedFiles.creatorUserId,
      creatorTime: storedFiles.creatorTime,
    })
    .from(storedFiles)
    .where(
      and(eq(storedFiles.folder, folder), eq(storedFiles.name, name), eq(storedFiles.creatorUserId, userId)),
    )
    .limit(1);
  return row;
}
