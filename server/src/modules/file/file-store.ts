import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
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

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Text between <tag> and </tag>, every occurrence (S3 answers are flat enough for this). */
const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1] ?? '');

/**
 * S3-compatible object storage (AWS S3, MinIO, Ceph, OSS/COS in S3 mode), path-style addresses,
 * requests signed with SigV4 by aws4fetch. A merge is a multipart upload with one part per chunk
 * (chunks are 5 MiB, S3's smallest part).
 */
export class S3FileStore implements FileStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      retries: 2,
    });
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  }

  private url(key = '', query = '') {
    const path = key ? `/${key.split('/').map(encodeURIComponent).join('/')}` : '';
    return `${this.base}${path}${query ? `?${query}` : ''}`;
  }

  private async call(
    method: string,
    url: string,
    body?: RequestInit['body'],
    allow404 = false,
  ): Promise<Response> {
    const response = await this.client.fetch(url, { method, body });
    if (response.ok || (allow404 && response.status === 404)) return response;
    throw new Error(
      `object storage ${method} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }

  async put(key: string, body: Buffer) {
    await this.call('PUT', this.url(key), new Uint8Array(body));
  }

  async read(key: string) {
    const response = await this.call('GET', this.url(key), undefined, true);
    if (response.status === 404 || !response.body) {
      await response.body?.cancel();
      return undefined;
    }
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async list(prefix: string) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix });
      if (token) query.set('continuation-token', token);
      const xml = await (await this.call('GET', this.url('', query.toString()))).text();
      keys.push(...xmlValues(xml, 'Key'));
      token =
        xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
    } while (token);
    return keys;
  }

  async concat(key: string, parts: string[]) {
    const started = await (await this.call('POST', this.url(key, 'uploads'))).text();
    const uploadId = xmlValues(started, 'UploadId')[0];
    if (!uploadId) throw new Error('object storage started no multipart upload');
    const upload = new URLSearchParams({ uploadId }).toString();
    try {
      const etags: string[] = [];
      for (const [index, part] of parts.entries()) {
        const bytes = await (await this.call('GET', this.url(part))).arrayBuffer();
        const answer = await this.call('PUT', this.url(key, `partNumber=${index + 1}&${upload}`), bytes);
        etags.push(answer.headers.get('etag') ?? '');
      }
      const list = etags.map(
        (etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`,
      );
      await this.call(
        'POST',
        this.url(key, upload),
        `<CompleteMultipartUpload>${list.join('')}</CompleteMultipartUpload>`,
      );
    } catch (error) {
      await this.call('DELETE', this.url(key, upload), undefined, true).catch(() => undefined);
      throw error;
    }
  }

  async delete(keys: string[]) {
    for (const key of keys) await this.call('DELETE', this.url(key), undefined, true);
  }
}

const stores = new WeakMap<Config, FileStore>();

/** The configured store, one per configuration (so tests with their own folders stay apart). */
export function fileStoreFor(config: Config): FileStore {
  let store = stores.get(config);
  if (!store) {
    store =
      config.STORAGE === 's3'
        ? new S3FileStore({
            endpoint: config.S3_ENDPOINT ?? '',
            bucket: config.S3_BUCKET ?? '',
            region: config.S3_REGION,
            accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
          })
        : new LocalFileStore(config.FILE_DIR ?? path.join(config.DATA_DIR, 'files'));
    stores.set(config, store);
  }
  return store;
}
