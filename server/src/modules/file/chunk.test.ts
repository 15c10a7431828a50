import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHUNK_SIZE, type ChunkState, type MergeResult } from '@console/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { fileChunkSets, storedFiles } from '../../db/schema/index.js';
import { sweepChunkSets } from './chunk-sets.js';
import { fileStoreFor, S3FileStore } from './file-store.js';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Random bytes behind a PDF header: a type attachments accept (upload.ts ANNEX_TYPES). */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);
/** A file of three chunks, the last one short. */
const CONTENT = pdf(CHUNK_SIZE * 2 + 1000);
const IDENTIFIER = createHash('md5').update(CONTENT).digest('hex');
const chunkOf = (content: Buffer, n: number) => content.subarray((n - 1) * CHUNK_SIZE, n * CHUNK_SIZE);

/** Every file under a folder (chunks and merged files), relative to it. */
const filesUnder = (folder: string): string[] => {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
};

function chunkQuery(params: Record<string, string | number>) {
  return new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
}

function fileParams(content: Buffer, identifier = createHash('md5').update(content).digest('hex')) {
  return {
    identifier,
    totalSize: content.length,
    totalChunks: Math.ceil(content.length / CHUNK_SIZE),
    extension: 'bin',
    fileType: 'application/octet-stream',
  };
}

async function testChunks(server: TestServer, token: string, params: Record<string, string | number>) {
  const answer = await server.request<ChunkState>(
    'GET',
    `/api/file/chunk?${chunkQuery({ chunkNumber: 1, ...params })}`,
    {
      token,
    },
  );
  return answer;
}

async function sendChunk(
  server: TestServer,
  token: string,
  params: Record<string, string | number>,
  chunkNumber: number,
  body: Buffer,
): Promise<Envelope<ChunkState>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), 'blob');
  const response = await fetch(`${server.baseUrl}/api/file/chunk?${chunkQuery({ ...params, chunkNumber })}`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  return (await response.json()) as Envelope<ChunkState>;
}

const merge = (server: TestServer, token: string, body: Record<string, unknown>) =>
  server.request<MergeResult>('POST', '/api/file/merge', { token, json: { type: 'annex', ...body } });

async function download(server: TestServer, url: string) {
  const response = await fetch(`${server.baseUrl}${url}`);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('chunked upload', () => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  const fileDir = mkdtempSync(path.join(tmpdir(), 'console-files-'));
  const fileCount = async () => (await server.services.db.select({ n: count() }).from(storedFiles))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ database, env: { FILE_DIR: fileDir } });
    token = await server.adminToken();
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(fileDir, { recursive: true, force: true });
  });

  it('takes chunks in any order, a resent chunk once, merges them and serves the file', async () => {
    const params = fileParams(CONTENT);
    expect((await testChunks(server, token, params)).data).toEqual({
      uploaded: false,
      merge: false,
      chunkNumbers: [],
    });

    expect((await sendChunk(server, token, params, 2, chunkOf(CONTENT, 2))).data.chunkNumbers).toEqual([2]);
    expect((await sendChunk(server, token, params, 1, chunkOf(CONTENT, 1))).data.chunkNumbers).toEqual([
      1, 2,
    ]);
    // Resent (the answer was lost): still held once.
    const resent = await sendChunk(server, token, params, 1, chunkOf(CONTENT, 1));
    expect(resent.data).toEqual({ uploaded: false, merge: false, chunkNumbers: [1, 2] });
    expect((await testChunks(server, token, params)).data.chunkNumbers).toEqual([1, 2]);

    const last = await sendChunk(server, token, params, 3, chunkOf(CONTENT, 3));
    expect(last.data).toEqual({ uploaded: false, merge: true, chunkNumbers: [1, 2, 3] });

    const merged = await merge(server, token, {
      identifier: IDENTIFIER,
      totalSize: CONTENT.length,
      extension: 'bin',
    });
    expect(merged.code).toBe(200);
    // The extension is the sniffed type's, not the one the client sent.
    expect(merged.data.name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(merged.data.fileSize).toBe(CONTENT.length);
    expect(merged.data.url).toBe(`/api/file/Image/annex/${merged.data.name}`);

    const { response, body } = await download(server, merged.data.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(body.equals(CONTENT)).toBe(true);
    // The chunks are gone; only the merged file is kept.
    expect(filesUnder(fileDir)).toEqual([path.join('files', 'annex', merged.data.name)]);
  });

  it('refuses a wrong chunk number, chunk count, chunk size or identifier with a message, keeping nothing', async () => {
    const content = randomBytes(CHUNK_SIZE + 10);
    const params = fileParams(content);
    const before = filesUnder(fileDir);

    const cases: [Record<string, string | number>, number, Buffer, string][] = [
      [params, 0, chunkOf(content, 1), '分片序号应在1到2之间'],
      [params, 3, chunkOf(content, 1), '分片序号应在1到2之间'],
      [{ ...params, totalChunks: 5 }, 1, chunkOf(content, 1), '分片数量应为2'],
      [params, 1, chunkOf(content, 1).subarray(1), `第1片的大小应为${CHUNK_SIZE}字节`],
      [params, 2, chunkOf(content, 1).subarray(0, 11), '第2片的大小应为10字节'],
      [{ ...params, identifier: '../../etc/passwd' }, 1, chunkOf(content, 1), '文件标识无效，请重新选择文件'],
      [{ ...params, totalSize: -1 }, 1, chunkOf(content, 1), '文件大小无效'],
    ];
    for (const [query, n, body, message] of cases) {
      const answer = await sendChunk(server, token, query, n, body);
      expect(answer.code, message).toBe(400);
      expect(answer.msg).toContain(message);
    }
    const test = await testChunks(server, token, { ...params, chunkNumber: 9 });
    expect(test.code).toBe(400);
    expect(filesUnder(fileDir)).toEqual(before);
  });

  it('refuses a merge with chunks missing, then one whose bytes do not match the identifier, and drops them', async () => {
    const content = randomBytes(CHUNK_SIZE + 10);
    const params = fileParams(content);
    const files = await fileCount();
    const before = filesUnder(fileDir);

    await sendChunk(server, token, params, 2, chunkOf(content, 2));
    const early = await merge(server, token, { ...params });
    expect(early.code).toBe(400);
    expect(early.msg).toBe('还缺少分片：1，请继续上传');

    // Chunk 1 of other bytes: the sizes fit, the hash does not.
    await sendChunk(server, token, params, 1, randomBytes(CHUNK_SIZE));
    const wrong = await merge(server, token, { ...params });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe('文件校验失败（内容与标识不符），请重新上传');
    expect(await fileCount()).toBe(files);
    expect(filesUnder(fileDir)).toEqual(before);
    expect((await testChunks(server, token, params)).data.chunkNumbers).toEqual([]);

    const bad = await merge(server, token, { identifier: 'x', totalSize: 1, extension: 'exe/..' });
    expect(bad.code).toBe(400);
  });

  it('refuses a merge of a type a single upload refuses (an SVG; any file as an avatar but an image), keeping nothing', async () => {
    const files = await fileCount();
    const before = filesUnder(fileDir);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: [Buffer, string, string][] = [
      [svg, 'annex', '不支持的文件类型'],
      [randomBytes(200), 'annex', '不支持的文件类型'],
      [pdf(300), 'userAvatar', '只能上传图片文件（png、jpg、gif、webp、bmp）'],
    ];
    for (const [content, type, message] of cases) {
      const params = fileParams(content);
      await sendChunk(server, token, params, 1, content);
      const answer = await merge(server, token, { ...params, extension: 'png', type });
      expect([answer.code, answer.msg], type).toEqual([400, message]);
      expect((await testChunks(server, token, params)).data.chunkNumbers).toEqual([]);
    }
    expect(await fileCount()).toBe(files);
    expect(filesUnder(fileDir)).toEqual(before);
  });

  it("keeps each user's chunks apart and needs a session", async () => {
    const content = randomBytes(100);
    const params = fileParams(content);
    await sendChunk(server, token, params, 1, content);
    await server.addUser('chunker', 'secret123');
    const other = await server.login('chunker', 'secret123');
    expect((await testChunks(server, other, params)).data.chunkNumbers).toEqual([]);
    expect((await merge(server, other, params)).code).toBe(400);

    const anonymous = await server.request(
      'GET',
      `/api/file/chunk?${chunkQuery({ ...params, chunkNumber: 1 })}`,
    );
    expect([600, 601, 602]).toContain(anonymous.code);
  });
});

describe('chunks against the daily quota, and the sweep of abandoned ones', () => {
  const KB = 1024;
  const TTL_MS = 3_600_000;
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  const fileDir = mkdtempSync(path.join(tmpdir(), 'console-files-'));
  const [a, b, c] = [pdf(800 * KB), randomBytes(800 * KB), randomBytes(800 * KB)];
  const held = (content: Buffer) =>
    filesUnder(fileDir).filter((f) => f.includes(fileParams(content).identifier));

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({
      database,
      env: { FILE_DIR: fileDir, UPLOAD_MB_PER_USER_PER_DAY: '2', UPLOAD_CHUNK_TTL_MS: String(TTL_MS) },
    });
    token = await server.adminToken();
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(fileDir, { recursive: true, force: true });
  });

  it('counts chunks when they arrive (a resent one once, a merged file once) and refuses what goes over', async () => {
    // 2 MB a day: two 800 KB uploads left unfinished leave no room for a third.
    expect((await sendChunk(server, token, fileParams(a), 1, a)).code).toBe(200);
    expect((await sendChunk(server, token, fileParams(b), 1, b)).code).toBe(200);
    const refused = await sendChunk(server, token, fileParams(c), 1, c);
    expect(refused.code).toBe(400);
    expect(refused.msg).toBe('24小时内上传的文件已达上限（2 MB），请稍后再试');
    expect(held(c)).toEqual([]);

    // A chunk resent (its answer was lost) is not counted again; merging counts the file, not twice.
    expect((await sendChunk(server, token, fileParams(a), 1, a)).code).toBe(200);
    expect((await merge(server, token, fileParams(a))).code).toBe(200);
    expect((await sendChunk(server, token, fileParams(c), 1, c)).code).toBe(400);
  });

  it('sweeps chunk sets untouched for UPLOAD_CHUNK_TTL_MS, once, and their bytes still count today', async () => {
    const store = fileStoreFor(server.services.config);
    expect(held(b)).toHaveLength(1);
    // Touched a moment ago: not swept now.
    expect(await sweepChunkSets(server.services, store)).toBe(0);
    expect(held(b)).toHaveLength(1);

    expect(await sweepChunkSets(server.services, store, Date.now() + TTL_MS + 1000)).toBe(1);
    expect(held(b)).toEqual([]);
    expect((await testChunks(server, token, fileParams(b))).data.chunkNumbers).toEqual([]);
    const [set] = await server.services.db
      .select()
      .from(fileChunkSets)
      .where(eq(fileChunkSets.identifier, fileParams(b).identifier));
    expect(set?.closedBy).toBe('swept');
    expect(await sweepChunkSets(server.services, store, Date.now() + TTL_MS + 1000)).toBe(0);

    // Abandoning chunks does not free the quota they used.
    expect((await sendChunk(server, token, fileParams(c), 1, c)).code).toBe(400);
    // Nor may the given-up file be sent again today: its old chunks still count.
    const again = await sendChunk(server, token, fileParams(b), 1, b);
    expect(again.code).toBe(400);

    // A plain upload counts them too: 1.6 MB used, 600 KB more is over 2 MB.
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(600 * KB),
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'c.png');
    const plain = await fetch(`${server.baseUrl}/api/file/Uploader/annex`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    expect(((await plain.json()) as Envelope).msg).toBe('24小时内上传的文件已达上限（2 MB），请稍后再试');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the sweep on two instances', () => {
  let database: TestDatabase;
  let servers: TestServer[];
  const fileDir = mkdtempSync(path.join(tmpdir(), 'console-files-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const redisPrefix = `test:sweep:${Date.now()}:`;
    servers = await Promise.all(
      [1, 2].map(() => startServer({ database, redisPrefix, env: { FILE_DIR: fileDir } })),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database.drop();
    rmSync(fileDir, { recursive: true, force: true });
  });

  it('sweeps each abandoned set once when both instances sweep at the same moment', async () => {
    const [first, second] = servers as [TestServer, TestServer];
    const token = await first.adminToken();
    const contents = Array.from({ length: 12 }, () => randomBytes(1000));
    for (const [i, content] of contents.entries())
      await sendChunk(i % 2 ? first : second, token, fileParams(content), 1, content);
    const later = Date.now() + first.services.config.UPLOAD_CHUNK_TTL_MS + 1000;
    const swept = await Promise.all(
      [first, second].map((server) =>
        sweepChunkSets(server.services, fileStoreFor(server.services.config), later, 5),
      ),
    );
    const rest = await sweepChunkSets(first.services, fileStoreFor(first.services.config), later);
    expect(swept[0]! + swept[1]! + rest).toBe(12);
    expect(filesUnder(fileDir)).toEqual([]);
  });
});

describe('chunked upload across a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-data-'));
  const fileDir = mkdtempSync(path.join(tmpdir(), 'console-files-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(fileDir, { recursive: true, force: true });
  });

  it('resumes from the chunks the stopped server had received', async () => {
    const params = fileParams(CONTENT);
    const first = await startServer({ dataDir, env: { FILE_DIR: fileDir } });
    const token = await first.adminToken();
    await sendChunk(first, token, params, 1, chunkOf(CONTENT, 1));
    await sendChunk(first, token, params, 2, chunkOf(CONTENT, 2));
    await first.close();

    const second = await startServer({ dataDir, env: { FILE_DIR: fileDir } });
    try {
      expect((await testChunks(second, token, params)).data.chunkNumbers).toEqual([1, 2]);
      expect((await sendChunk(second, token, params, 3, chunkOf(CONTENT, 3))).data.merge).toBe(true);
      const merged = await merge(second, token, { ...params });
      expect(merged.code).toBe(200);
      const { body } = await download(second, merged.data.url);
      expect(createHash('md5').update(body).digest('hex')).toBe(IDENTIFIER);
    } finally {
      await second.close();
    }
    // Two starts from an empty data folder can take minutes on the loaded 2-core machine.
  }, 240_000);
});

/** An S3 service in this process (s3rver) with one bucket, and the server settings to use it. */
async function startS3() {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(tmpdir(), 'console-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'console-files', configs: [] }],
  });
  const address = (await s3.run()) as { port: number };
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_BUCKET: 'console-files',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    env,
    store: new S3FileStore({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    }),
    async close() {
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

describe('chunked upload to S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    s3 = await startS3();
    server = await startServer({ env: s3.env });
    token = await server.adminToken();
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('keeps the chunks and the merged file in the bucket and serves the file', async () => {
    const params = fileParams(CONTENT);
    for (const n of [1, 2, 3]) await sendChunk(server, token, params, n, chunkOf(CONTENT, n));
    expect((await s3.store.list('chunks/')).length).toBe(3);
    const merged = await merge(server, token, { ...params });
    expect(merged.code).toBe(200);
    expect(await s3.store.list('')).toEqual([`files/annex/${merged.data.name}`]);
    const { body } = await download(server, merged.data.url);
    expect(body.equals(CONTENT)).toBe(true);
  });

  it('drops the chunks of a file whose bytes do not match its identifier', async () => {
    const content = randomBytes(1000);
    const params = fileParams(content, IDENTIFIER);
    await sendChunk(server, token, { ...params }, 1, content);
    const wrong = await merge(server, token, { ...params });
    expect(wrong.msg).toBe('文件校验失败（内容与标识不符），请重新上传');
    expect(await s3.store.list('chunks/')).toEqual([]);
  });

  it('names what is missing when STORAGE=s3 lacks its settings', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required when STORAGE=s3[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances sharing S3 storage', () => {
  let database: TestDatabase;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3();
    const redisPrefix = `test:s3pair:${Date.now()}:`;
    [a, b] = await Promise.all([
      startServer({ database, redisPrefix, env: s3.env }),
      startServer({ database, redisPrefix, env: s3.env }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
    await s3?.close();
  });

  it('takes chunks on either instance, merges on the other, and both serve the file', async () => {
    const token = await a.adminToken();
    const params = fileParams(CONTENT);
    await sendChunk(a, token, params, 1, chunkOf(CONTENT, 1));
    await sendChunk(b, token, params, 2, chunkOf(CONTENT, 2));
    expect((await testChunks(a, token, params)).data.chunkNumbers).toEqual([1, 2]);
    await sendChunk(a, token, params, 3, chunkOf(CONTENT, 3));
    const merged = await merge(b, token, { ...params });
    expect(merged.code).toBe(200);
    for (const server of [a, b])
      expect((await download(server, merged.data.url)).body.equals(CONTENT)).toBe(true);
  });
});
