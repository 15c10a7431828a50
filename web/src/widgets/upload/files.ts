import { CHUNK_SIZE } from '@console/shared';

/** Constants and checks of file uploads (widgets.md 5, 9). */

export const SIZE_UNITS = { KB: 1024, MB: 1_048_576, GB: 1_073_741_824 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;

/** Extensions of each category an `accept` may name (widgets.md 9). */
export const FILE_CATEGORIES: Record<string, readonly string[]> = {
  image: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
  video: ['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  audio: ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  excel: ['xls', 'xlsx', 'csv'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  txt: ['txt'],
};

/** Shown in an image viewer rather than as a download (widgets.md 9). */
export const PREVIEW_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif'];

/** A stored file as a form value keeps it (widgets.md 3 "File entry"). */
export interface FileEntry {
  name: string;
  fileId: string;
  url: string;
  fileSize?: number;
  fileExtension?: string;
}

export const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
/** '#' is stripped from file names (widgets.md 5). */
export const cleanName = (name: string) => name.replaceAll('#', '');
export const isPreviewImage = (name: string) => PREVIEW_IMAGE_EXTENSIONS.includes(extensionOf(name));

export const chunkCount = (size: number) => Math.max(1, Math.ceil(size / CHUNK_SIZE));
/** The byte range of chunk n (1-based). */
export const chunkRange = (n: number, size: number) => ({
  start: (n - 1) * CHUNK_SIZE,
  end: Math.min(n * CHUNK_SIZE, size),
});
/** The chunks still to send, in order. */
export function missingChunks(size: number, held: readonly number[]): number[] {
  const have = new Set(held);
  return Array.from({ length: chunkCount(size) }, (_, i) => i + 1).filter((n) => !have.has(n));
}

/** Bytes in the chunks the server holds. */
export const heldBytes = (size: number, held: readonly number[]) =>
  held.reduce((sum, n) => {
    const { start, end } = chunkRange(n, size);
    return sum + Math.max(0, end - start);
  }, 0);

/** Shown progress: capped at 99 % until the file is merged (widgets.md 4). */
export const shownPercent = (sent: number, size: number, done: boolean) =>
  done ? 100 : size === 0 ? 0 : Math.min(99, Math.floor((sent / size) * 100));

export interface UploadLimits {
  /** '' or undefined: any; else 'image/*', '.pdf,.docx', or category names 'image,pdf'. */
  accept?: string | null;
  fileSize?: number | null;
  sizeUnit?: string | null;
  /** 0 or undefined: unlimited. */
  limit?: number | null;
}

export type Refusal =
  | { key: 'limit'; n: number }
  | { key: 'size'; size: number; unit: string }
  | { key: 'type'; types: string };

/** The extensions an accept string allows, or undefined for any. */
export function acceptedExtensions(accept: string | null | undefined): string[] | undefined {
  const parts = (accept ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (!parts.length || parts.includes('*') || parts.includes('*/*')) return undefined;
  return parts.flatMap((part) => {
    if (part.startsWith('.')) return [part.slice(1)];
    const category = part.endsWith('/*') ? part.slice(0, -2) : part;
    return FILE_CATEGORIES[category] ?? [part];
  });
}

/**
 * Why a file may not be added next to `held` files already in the field, or undefined.
 * Count first, then type, then size (the order the messages of widgets.md 5 are checked).
 */
export function refuseFile(
  file: { name: string; size: number },
  held: number,
  limits: UploadLimits,
): Refusal | undefined {
  if (limits.limit && held >= limits.limit) return { key: 'limit', n: limits.limit };
  const extensions = acceptedExtensions(limits.accept);
  if (extensions && !extensions.includes(extensionOf(file.name)))
    return { key: 'type', types: limits.accept ?? '' };
  const unit = (limits.sizeUnit && limits.sizeUnit in SIZE_UNITS ? limits.sizeUnit : 'MB') as SizeUnit;
  if (limits.fileSize && file.size > limits.fileSize * SIZE_UNITS[unit])
    return { key: 'size', size: limits.fileSize, unit };
  return undefined;
}

/** Reads a form value (an array of entries, or the JSON string some stored forms hold). */
export function toEntries(value: unknown): FileEntry[] {
  let list = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  return Array.isArray(list)
    ? list.filter(
        (item): item is FileEntry =>
          typeof item === 'object' &&
          item !== null &&
          typeof item.url === 'string' &&
          typeof item.name === 'string',
      )
    : [];
}
