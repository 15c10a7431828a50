import { createHash, randomBytes } from 'node:crypto';
import { CHUNK_SIZE } from '@console/shared';
import { login, ORIGIN_HEADERS } from '../lib/http.js';
import type { Scenario, ScenarioOutput } from './types.js';

/** The one-request upload's limit (POST /api/file/Uploader/{type}). */
const SINGLE_MAX = 5 * 1024 * 1024;

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function post<T>(url: string, token: string, body: FormData | string): Promise<Envelope<T>> {
  const headers: Record<string, string> = { ...ORIGIN_HEADERS, authorization: token };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const answer = (await (await fetch(url, { method: 'POST', headers, body })).json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer;
}

const part = (bytes: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'bench.pdf');
  return form;
};

/** A file the upload sniffs as a PDF (the one-request upload takes only known types). */
function pdfLike(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.7\n', 0, 'latin1');
  return bytes;
}

/** Test call, every chunk, merge: the server side of one chunked upload. Answers ms. */
async function chunked(baseUrl: string, token: string, bytes: Buffer): Promise<number> {
  const identifier = createHash('md5').update(bytes).digest('hex');
  const total = Math.ceil(bytes.length / CHUNK_SIZE);
  const query = (n: number) =>
    new URLSearchParams({
      identifier,
      totalSize: String(bytes.length),
      totalChunks: String(total),
      chunkNumber: String(n),
      extension: 'pdf',
    }).toString();
  const started = performance.now();
  const test = await fetch(`${baseUrl}/api/file/chunk?${query(1)}`, {
    headers: { ...ORIGIN_HEADERS, authorization: token },
  });
  if (!test.ok) throw new Error(`chunk test: ${test.status}`);
  for (let n = 1; n <= total; n++)
    await post(
      `${baseUrl}/api/file/chunk?${query(n)}`,
      token,
      part(bytes.subarray((n - 1) * CHUNK_SIZE, n * CHUNK_SIZE)),
    );
  await post(
    `${baseUrl}/api/file/merge`,
    token,
    JSON.stringify({ identifier, totalSize: bytes.length, extension: 'pdf', type: 'annex' }),
  );
  return performance.now() - started;
}

async function single(baseUrl: string, token: string, bytes: Buffer): Promise<number> {
  const started = performance.now();
  await post(`${baseUrl}/api/file/Uploader/annex`, token, part(bytes));
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mbPerS = (bytes: number, ms: number) => Math.round((bytes / 1_048_576 / (ms / 1000)) * 10) / 10;

/**
 * Upload throughput over loopback, one upload at a time, new random bytes each run: a 40 MB file
 * in 5 MiB chunks (test call + 8 chunks + merge, MD5 checked on the server, bytes to the file
 * store) against one POST /api/file/Uploader/annex of 5 MB (its limit; bytes into the database),
 * and the same 5 MB through the chunked path (1 chunk + merge). The client's own MD5 is not timed.
 * Stays under the default 200 MB daily quota of the admin.
 */
export const upload: Scenario = {
  name: 'upload',
  title: 'Upload throughput (chunked vs one request)',
  section: 'upload',
  async run(ctx): Promise<ScenarioOutput> {
    const baseUrl = ctx.server.baseUrl;
    const token = await login(baseUrl, 'admin', ctx.adminPassword);
    const runs = ctx.quick ? 1 : 3;
    const bigSize = ctx.quick ? 12 * 1024 * 1024 : 40 * 1024 * 1024;

    // One uncounted upload of each kind warms the routes up.
    await single(baseUrl, token, pdfLike(1024 * 1024));
    await chunked(baseUrl, token, pdfLike(1024 * 1024));
    const big: number[] = [];
    const small: number[] = [];
    const smallChunked: number[] = [];
    for (let i = 0; i < runs; i++) {
      big.push(await chunked(baseUrl, token, pdfLike(bigSize)));
      small.push(await single(baseUrl, token, pdfLike(SINGLE_MAX)));
      smallChunked.push(await chunked(baseUrl, token, pdfLike(SINGLE_MAX)));
    }
    const all = [...big, ...small, ...smallChunked].sort((a, b) => a - b);
    const mb = (bytes: number) => Math.round(bytes / 1_048_576);
    return {
      connections: 1,
      durationS: Math.round(all.reduce((sum, ms) => sum + ms, 0) / 100) / 10,
      requests: runs * 3,
      requestsPerSec: 0,
      // "Latency" here: ms per whole upload (p50 = the big chunked one).
      latencyMs: {
        p50: Math.round(median(big)),
        p95: Math.round(median(small)),
        p99: Math.round(median(smallChunked)),
        mean: Math.round(all.reduce((sum, ms) => sum + ms, 0) / all.length),
        max: Math.round(all.at(-1) ?? 0),
      },
      non200: {},
      non200Total: 0,
      errors: 0,
      wireBytesPerAnswer: 0,
      notes: [
        `chunked ${mb(bigSize)} MB (${Math.ceil(bigSize / CHUNK_SIZE)} chunks + merge): median ${Math.round(median(big))} ms = ${mbPerS(bigSize, median(big))} MB/s (${runs} runs)`,
        `one request, 5 MB (POST /api/file/Uploader/annex, into the database): median ${Math.round(median(small))} ms = ${mbPerS(SINGLE_MAX, median(small))} MB/s`,
        `chunked, the same 5 MB (1 chunk + merge): median ${Math.round(median(smallChunked))} ms = ${mbPerS(SINGLE_MAX, median(smallChunked))} MB/s`,
        'Table columns for this row: p50 = ms per chunked big upload, p95 = one-request 5 MB, p99 = chunked 5 MB',
      ],
    };
  },
};
