import autocannon, { type Options } from 'autocannon';
import { ORIGIN_HEADERS } from './http.js';

export interface Measurement {
  connections: number;
  durationS: number;
  requests: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; mean: number; max: number };
  /** Answers whose envelope code was not 200, by code (HTTP status when there was no envelope). */
  non200: Record<string, number>;
  non200Total: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Bytes on the wire per answer, headers included (no compression is asked for). */
  wireBytesPerAnswer: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Runs autocannon and checks every answer's envelope: a 200 status with `code` other than 200
 * is an error answer, counted and reported (a benchmark of errors is worthless).
 */
export async function load(options: LoadOptions): Promise<Measurement> {
  const non200: Record<string, number> = {};
  const latencies: number[] = [];
  const verifyBody = (body: string) => {
    // The envelope is serialised with `code` first; parse only when the fast check fails.
    if (body.startsWith('{"code":200,')) return true;
    let code = 'no envelope';
    try {
      const parsed = JSON.parse(body) as { code?: unknown };
      if (parsed.code === 200) return true;
      code = String(parsed.code);
    } catch {
      // not JSON
    }
    non200[code] = (non200[code] ?? 0) + 1;
    return false;
  };
  const opts: Options = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: { ...ORIGIN_HEADERS, ...options.headers },
    connections: options.connections,
    duration: options.durationS,
    timeout: 30,
    verifyBody,
  };
  if (options.body !== undefined) opts.body = options.body;
  const instance = autocannon(opts);
  // verifyBody sees every answer (any HTTP status), so non-200 answers are counted there.
  instance.on('response', (_client, _statusCode, _bytes, ms) => {
    latencies.push(ms);
  });
  const result = await instance;
  const sorted = Float64Array.from(latencies).sort();
  const total = sorted.reduce((sum, value) => sum + value, 0);
  const answered = result.requests.total;
  return {
    connections: options.connections,
    durationS: round(result.duration, 1),
    requests: answered,
    requestsPerSec: round(answered / result.duration, 1),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      mean: round(total / Math.max(1, sorted.length)),
      max: round(sorted.at(-1) ?? Number.NaN),
    },
    non200,
    non200Total: Object.values(non200).reduce((sum, n) => sum + n, 0),
    errors: result.errors + result.timeouts,
    wireBytesPerAnswer: answered > 0 ? Math.round(result.throughput.total / answered) : 0,
  };
}
