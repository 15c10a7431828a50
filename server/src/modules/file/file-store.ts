import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';

/**
 * Where chunks and chunk-uploaded files are kept: a local folder (one instance, or a folder
 * all instances mount) or S3-compatible object storage (several instances).
 * Keys are '/'-separated paths made by the server only (never from user text).
 */
export interface FileStore {
  put(key: string, body: Buffer): Promise<void>;
  /** The bytes as a stream, or undefined when the key does not exist. */
  read(key: string): Promise<Readable | undefined>;
  /** Keys directly or indirectly under a prefix ending in '/'. */
  list(prefix: string): Promise<string[]>;
  /** Writes the parts one after another as one object, reading one part at a time. */
  concat(key: string, parts: string[]): Promise<void>;
  delete(keys: string[]): Promise<void>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer) {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a chunk cut short by a crash is never counted as held.
    const partial = `${file}.partial`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async read(key: string) {
    const stream = createReadStream(this.file(key));
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async list(prefix: string) {
    const folder = this.file(prefix);
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
        .map(
          (entry) =>
            prefix + path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async concat(key: string, parts: string[]) {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    const out = createWriteStream(partial);
    try {
      for (const part of parts) await pipeline(createReadStream(this.file(part)), out, { end: false });
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    } catch (error) {
      out.destroy();
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, file);
  }

  async delete(keys: string[]) {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }
}

const stores = new WeakMap<Config, FileStore>();

/** The configured store, one per configuration (so tests with their own folders stay apart). */
export function fileStoreFor(config: Config): FileStore {
  let store = stores.get(config);
  if (!store) {
    store = new LocalFileStore(config.FILE_DIR ?? path.join(config.DATA_DIR, 'files'));
    stores.set(config, store);
  }
  return store;
}
