/** Chunked upload (widgets.md 4, 7, 9): the constants and answers both sides use. */

/** Every chunk but the last is exactly this long (5 MiB). */
export const CHUNK_SIZE = 5_242_880;
/** The file's MD5 is computed over slices of this many bytes, so a large file never sits in memory whole. */
export const HASH_SLICE_SIZE = 10_240_000;
/** Tries per chunk before the file is marked failed. */
export const CHUNK_RETRIES = 5;

/** GET and POST /api/file/chunk: which chunks the server holds (1-based). */
export interface ChunkState {
  uploaded: boolean;
  /** Every chunk is held: the client asks for the merge. */
  merge: boolean;
  chunkNumbers: number[];
}

/** POST /api/file/merge. */
export interface MergeResult {
  name: string;
  fileSize: number;
  fileExtension: string;
  /** /api/file/Image/{type}/{name} */
  url: string;
}
