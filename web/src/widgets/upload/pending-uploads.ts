/**
 * Chunked uploads not finished when the page went away (reload, closed tab, crash), kept in
 * localStorage so the upload panel can list them after a reload and resume one when the same
 * file is picked again: the server keeps the chunks it holds, so only the missing ones are sent.
 * A browser cannot reopen a file by itself, hence "pick it again".
 */

export interface PendingUpload {
  /** Who and where: the user and the upload field (one list per field of a page). */
  scope: string;
  /** The file's MD5 (the chunk identifier). */
  identifier: string;
  name: string;
  size: number;
  lastModified: number;
  savedAt: number;
}

const STORAGE_KEY = 'console_pending_uploads';
/** The server sweeps chunks untouched for a day by default (UPLOAD_CHUNK_TTL_MS). */
const KEEP_MS = 24 * 3_600_000;
const MAX_ENTRIES = 50;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isPending(item: unknown): item is PendingUpload {
  const entry = item as PendingUpload;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.scope === 'string' &&
    typeof entry.identifier === 'string' &&
    typeof entry.name === 'string' &&
    typeof entry.size === 'number' &&
    typeof entry.lastModified === 'number' &&
    typeof entry.savedAt === 'number'
  );
}

function readAll(now = Date.now()): PendingUpload[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(isPending).filter((entry) => now - entry.savedAt < KEEP_MS)
      : [];
  } catch {
    return [];
  }
}

function writeAll(entries: PendingUpload[]) {
  try {
    const kept = entries.slice(-MAX_ENTRIES);
    if (kept.length) storage()?.setItem(STORAGE_KEY, JSON.stringify(kept));
    else storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused: the upload still works, it just cannot be listed after a reload.
  }
}

/** The unfinished uploads of a field, oldest first. */
export function pendingUploads(scope: string): PendingUpload[] {
  return readAll().filter((entry) => entry.scope === scope);
}

/** Remembers an upload once its identifier is known (replacing an older entry of that file). */
export function rememberUpload(entry: Omit<PendingUpload, 'savedAt'>) {
  const others = readAll().filter(
    (item) => !(item.scope === entry.scope && item.identifier === entry.identifier),
  );
  writeAll([...others, { ...entry, savedAt: Date.now() }]);
}

/** Forgets an upload: merged, removed, or the panel closed. */
export function forgetUpload(scope: string, identifier: string) {
  writeAll(readAll().filter((item) => !(item.scope === scope && item.identifier === identifier)));
}

/** The pending entry a newly picked file continues, matched before its hash is known. */
export const sameFile = (entry: PendingUpload, file: Pick<File, 'name' | 'size' | 'lastModified'>) =>
  entry.name === file.name && entry.size === file.size && entry.lastModified === file.lastModified;
