import { CHUNK_RETRIES, type ChunkState, type MergeResult, type UploadType } from '@console/shared';
import { ApiError, http } from '../../base/api';
import { TRANSPORT_ERROR } from '../../base/api/http';
import { chunkCount, chunkRange, extensionOf, heldBytes, missingChunks } from './files';
import { hashFile } from './hash';

/**
 * A merge other than /api/file/merge: the path (under /api) and the fields sent with the file's.
 * Its answer is kept as `result` whatever its shape, so its reader knows what the path answers.
 */
export interface ChunkMerge {
  path: string;
  fields?: Record<string, unknown>;
}

/** widgets.md 4: checking (hashing) → waiting → uploading ⇄ paused → success, or error. */
export type UploadStatus = 'checking' | 'waiting' | 'uploading' | 'paused' | 'success' | 'error';

/** The merge is asked for this long after the last chunk (widgets.md 9). */
const MERGE_DELAY_MS = 300;
const RETRY_DELAY_MS = 1000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/**
 * One file sent in CHUNK_SIZE chunks to /api/file/chunk and merged by /api/file/merge.
 * The server keeps the chunks it holds, so a paused, failed or reloaded upload of the same
 * file (same MD5) sends only the chunks still missing. A chunk is tried CHUNK_RETRIES times
 * when the connection fails; an answer of the server refusing it fails the file at once.
 */
export class ChunkUpload {
  private static count = 0;
  /** Tells uploads of one list apart (two may carry the same file). */
  readonly id = ++ChunkUpload.count;
  status: UploadStatus = 'checking';
  identifier = '';
  /** Bytes the server holds. */
  sent = 0;
  error = '';
  result?: MergeResult;
  /**
   * Chunks the server already held when this file was first sent (an upload interrupted by a
   * reload, a closed tab or a restart, picked again): they are skipped, and the panel says so.
   */
  resumedChunks = 0;
  private firstRun = true;
  private controller = new AbortController();

  constructor(
    readonly file: File,
    private readonly options: {
      type?: UploadType;
      /** A feature's own merge call (e.g. '/extend/Document/merge') and the fields it adds. */
      merge?: ChunkMerge;
      onChange: (upload: ChunkUpload) => void;
    },
  ) {}

  private set(
    patch: Partial<
      Pick<ChunkUpload, 'status' | 'sent' | 'error' | 'result' | 'identifier' | 'resumedChunks'>
    >,
  ) {
    Object.assign(this, patch);
    this.options.onChange(this);
  }

  /** Hashes the file, then uploads. Resolves when it stops (done, paused or failed). */
  async start(): Promise<void> {
    try {
      const identifier = await hashFile(this.file, this.controller.signal);
      this.set({ identifier, status: 'waiting' });
    } catch (error) {
      if (this.controller.signal.aborted) return;
      this.set({ status: 'error', error: String((error as Error).message ?? error) });
      return;
    }
    await this.run();
  }

  pause() {
    if (this.status !== 'waiting' && this.status !== 'uploading') return;
    this.controller.abort();
    this.set({ status: 'paused' });
  }

  resume(): Promise<void> {
    return this.status === 'paused' ? this.run() : Promise.resolve();
  }

  retry(): Promise<void> {
    return this.status === 'error' && this.identifier ? this.run() : Promise.resolve();
  }

  /** Stops whatever runs (removing a file, closing the panel). */
  cancel() {
    this.controller.abort();
  }

  private query(chunkNumber: number) {
    return {
      identifier: this.identifier,
      totalSize: this.file.size,
      totalChunks: chunkCount(this.file.size),
      chunkNumber,
      extension: extensionOf(this.file.name),
      fileType: this.file.type,
    };
  }

  private async run(): Promise<void> {
    this.controller = new AbortController();
    const { signal } = this.controller;
    this.set({ status: 'uploading', error: '' });
    try {
      let state = await this.withRetries(() =>
        http.get<ChunkState>('/file/chunk', this.query(1), { silent: true, signal }),
      );
      if (this.firstRun) {
        this.firstRun = false;
        this.resumedChunks = state.chunkNumbers.length;
      }
      this.set({ sent: heldBytes(this.file.size, state.chunkNumbers) });
      for (const n of missingChunks(this.file.size, state.chunkNumbers)) {
        const { start, end } = chunkRange(n, this.file.size);
        state = await this.withRetries(() => {
          const body = new FormData();
          body.append('file', this.file.slice(start, end), 'blob');
          return http.request<ChunkState>('/file/chunk', {
            method: 'POST',
            params: this.query(n),
            data: body,
            silent: true,
            signal,
          });
        });
        this.set({ sent: heldBytes(this.file.size, state.chunkNumbers) });
      }
      if (!state.merge) throw new Error('upload incomplete');
      await sleep(MERGE_DELAY_MS, signal);
      const result = await http.post<MergeResult>(
        this.options.merge?.path ?? '/file/merge',
        {
          identifier: this.identifier,
          totalSize: this.file.size,
          extension: extensionOf(this.file.name),
          fileName: this.file.name,
          type: this.options.type ?? 'annex',
          ...this.options.merge?.fields,
        },
        { silent: true, signal },
      );
      this.set({ status: 'success', result, sent: this.file.size });
    } catch (error) {
      if (signal.aborted) return;
      this.set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Tries a call again after a failed connection (not after the server refused it). */
  private async withRetries<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const transport = error instanceof ApiError && error.code === TRANSPORT_ERROR;
        if (!transport || attempt >= CHUNK_RETRIES || this.controller.signal.aborted) throw error;
        await sleep(RETRY_DELAY_MS * attempt, this.controller.signal);
      }
    }
  }
}
