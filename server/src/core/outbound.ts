/**
 * The one way the server calls out over HTTP or opens a socket to an address a person typed
 * (vendor APIs, webhooks, SMTP, model endpoints). It resolves the name itself, refuses
 * loopback, private, link-local (cloud metadata), multicast and reserved addresses unless
 * OUTBOUND_ALLOW names them, connects to the address it checked (so DNS rebinding cannot
 * switch it), checks every redirect again, and reports each cause of a failure (refused by the
 * allow-list, unknown name, no connection, no answer in time) with its own text that never
 * repeats what the target answered.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/** A refusal or failure safe to show a person: never the target's answer. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    message: string,
    /** What really happened (error code, refused address), for the operator's log only. */
    readonly reason: string,
  ) {
    super(message);
  }
}

export const OutboundMessages = {
  /** Not public and not in the allow-list: names the setting an administrator can change. */
  refused: (origin: string) =>
    `无法连接 ${origin}：该地址不在允许访问的地址内（不是公网地址）；如确需访问，请由管理员将它加入服务器设置 OUTBOUND_ALLOW`,
  unresolved: (origin: string) => `无法连接 ${origin}：域名无法解析，请检查地址`,
  timeout: (origin: string) => `无法连接 ${origin}：对方未在规定时间内应答`,
  /** Closed port, connection reset, network unreachable, not an HTTP server. */
  unreachable: (origin: string) => `无法连接 ${origin}：连接被拒绝、端口未开放或网络不可达`,
  badUrl: '地址格式不正确，请填写以 http:// 或 https:// 开头的完整地址',
  tooManyRedirects: (origin: string) => `${origin} 重定向次数过多`,
  tooLarge: (origin: string, maxBytes: number) =>
    `${origin} 的应答超过${Math.round(maxBytes / 1024)}KB，已拒绝`,
} as const;

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Until the answer's headers arrive, and then the longest silence while its body streams. */
  timeoutMs?: number;
  /** Redirects followed (each one checked again); one more is an error. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 3;

const subnets = (list: BlockList, cidrs: string[], type: 'ipv4' | 'ipv6') => {
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    list.addSubnet(net!, Number(bits), type);
  }
  return list;
};

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const nonPublicV4 = subnets(
  new BlockList(),
  [
    '0.0.0.0/8',
    '10.0.0.0/8',
    '100.64.0.0/10',
    '127.0.0.0/8',
    '169.254.0.0/16',
    '172.16.0.0/12',
    '192.0.0.0/24',
    '192.0.2.0/24',
    '192.88.99.0/24',
    '192.168.0.0/16',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '224.0.0.0/4',
    '240.0.0.0/4',
  ],
  'ipv4',
);
/** IPv6: only global unicast is public; ::1, ::, fc00::/7, fe80::/10, ff00::/8, NAT64 lie outside. */
const globalV6 = subnets(new BlockList(), ['2000::/3'], 'ipv6');
/** Inside global unicast: protocol assignments (Teredo…), documentation, 6to4 (tunnels to any IPv4). */
const nonPublicV6 = subnets(
  new BlockList(),
  ['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20'],
  'ipv6',
);
const mappedV4 = subnets(new BlockList(), ['::ffff:0:0/96'], 'ipv6');

/** Whether an address is on the public internet (an IPv4-mapped IPv6 address counts as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublicV4.check(address, 'ipv4');
  if (family !== 6) return false;
  if (mappedV4.check(address, 'ipv6')) return !nonPublicV4.check(address, 'ipv6');
  return globalV6.check(address, 'ipv6') && !nonPublicV6.check(address, 'ipv6');
}

/** One OUTBOUND_ALLOW entry: a host name or an address range, on one port or any. */
export interface OutboundAllowRule {
  name?: string;
  range?: BlockList;
  port?: number;
}

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** Lower case, no brackets round IPv6, no trailing dot: the form rules and requests compare in. */
const bareHost = (host: string) =>
  host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

function parseRule(entry: string): OutboundAllowRule {
  const bad = (why: string) => new Error(`"${entry}": ${why}`);
  let host = entry;
  let port: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (bracketed)
    [host, port] = [bracketed[1]!, bracketed[2] === undefined ? undefined : Number(bracketed[2])];
  else if (withPort) [host, port] = [withPort[1]!, Number(withPort[2])];
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65_535))
    throw bad('port must be 1 to 65535');
  const [address, bits, ...rest] = host.split('/');
  const family = isIP(address!);
  if (family) {
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (rest.length || !/^\d+$/.test(bits ?? String(max)) || prefix > max)
      throw bad(`prefix length must be 0 to ${max}`);
    const range = new BlockList();
    range.addSubnet(address!, prefix, family === 4 ? 'ipv4' : 'ipv6');
    return { range, port };
  }
  const name = bareHost(host);
  if (bits !== undefined || !HOST_NAME.test(name))
    throw bad('expected a host name, an IP address or a CIDR range, optionally with :port');
  return { name, port };
}

/**
 * Parses OUTBOUND_ALLOW: a comma list of host names, IPs and CIDR ranges, each optionally with
 * :port (IPv6 in brackets for a port: [fd00::1]:8080). Throws naming the first bad entry.
 */
export function parseOutboundAllow(text: string): OutboundAllowRule[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(parseRule);
}

/** Process-wide, like the environment it comes from; set when the services are built. */
let allowRules: OutboundAllowRule[] = [];

export function setOutboundAllow(rules: OutboundAllowRule[]) {
  allowRules = rules;
}

const portMatches = (rule: OutboundAllowRule, port: number) => rule.port === undefined || rule.port === port;

function addressAllowed(address: string, port: number) {
  const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  return allowRules.some((rule) => rule.range?.check(address, type) && portMatches(rule, port));
}

export interface VettedAddress {
  address: string;
  family: 4 | 6;
}

async function resolve(host: string): Promise<VettedAddress[]> {
  const family = isIP(host);
  if (family) return [{ address: host, family: family as 4 | 6 }];
  return (await lookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
}

/**
 * Resolves a host and answers the addresses to connect to, or refuses (OutboundError) when any
 * address it resolves to is not public and not allowed. `origin` is what the message names.
 */
async function vet(host: string, port: number, origin: string): Promise<VettedAddress[]> {
  const name = bareHost(host);
  const unresolved = (reason: string) => new OutboundError(OutboundMessages.unresolved(origin), reason);
  let addresses: VettedAddress[];
  try {
    addresses = await resolve(name);
  } catch (error) {
    throw unresolved(`${name}: ${(error as NodeJS.ErrnoException).code ?? 'lookup failed'}`);
  }
  if (addresses.length === 0) throw unresolved(`${name}: no address`);
  const nameAllowed = allowRules.some((rule) => rule.name === name && portMatches(rule, port));
  if (!nameAllowed) {
    const refused = addresses.find((a) => !isPublicAddress(a.address) && !addressAllowed(a.address, port));
    if (refused)
      throw new OutboundError(
        OutboundMessages.refused(origin),
        `${name} → ${refused.address}:${port} is not public and not in OUTBOUND_ALLOW`,
      );
  }
  return addresses;
}

/**
 * For clients that open their own sockets (SMTP): the address to connect to for `host`, or an
 * OutboundError. Connect to `address` and give `servername` (absent for an IP) to TLS so the
 * certificate is checked against the name; `origin` is how messages name the target.
 */
export async function checkOutboundHost(
  host: string,
  port: number,
): Promise<VettedAddress & { servername?: string; origin: string }> {
  let name: string;
  try {
    name = new URL(`http://${isIP(host) === 6 ? `[${host}]` : host}`).hostname;
  } catch {
    throw new OutboundError(OutboundMessages.unresolved(`${host}:${port}`), `bad host ${host}`);
  }
  const origin = `${name}:${port}`;
  const [vetted] = await vet(name, port, origin);
  return { ...vetted!, servername: isIP(bareHost(name)) ? undefined : bareHost(name), origin };
}

/** Always answers the vetted addresses, whatever name the socket asks for. */
const pinnedLookup =
  (vetted: VettedAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: VettedAddress[]) => void)(null, vetted);
    else callback(null, vetted[0]!.address, vetted[0]!.family);
  };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One request to vetted addresses; resolves when the answer's headers arrive. */
function send(
  url: URL,
  vetted: VettedAddress[],
  init: OutboundInit & { timeoutMs: number },
  fail: (reason: string) => OutboundError,
): Promise<http.IncomingMessage> {
  return new Promise((resolvePromise, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const request = client.request(url, {
      method: init.method ?? 'GET',
      headers,
      agent: false,
      lookup: pinnedLookup(vetted),
      signal: init.signal,
    });
    const timer = setTimeout(() => request.destroy(fail('timeout')), init.timeoutMs);
    request.on('response', (response) => {
      clearTimeout(timer);
      response.setTimeout(init.timeoutMs, () => response.destroy(fail('body timeout')));
      resolvePromise(response);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error instanceof OutboundError) reject(error);
      else if (init.signal?.aborted) reject(init.signal.reason);
      else reject(fail(error.code ?? error.message));
    });
    request.end(init.body);
  });
}

function toResponse(message: http.IncomingMessage, method: string): Response {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const status = message.statusCode ?? 0;
  const empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
  if (empty) message.resume();
  const body = empty ? null : (Readable.toWeb(message) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}

/**
 * fetch() for addresses that come from settings or people: the answer is a standard Response
 * (its body streams), any HTTP status included. Refusals, unreachable targets and timeouts
 * throw OutboundError; the caller's own abort rejects with the signal's reason.
 */
export async function outboundFetch(url: string | URL, init: OutboundInit = {}): Promise<Response> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new OutboundError(OutboundMessages.badUrl, 'unparsable URL');
  }
  if (current.protocol !== 'http:' && current.protocol !== 'https:')
    throw new OutboundError(OutboundMessages.badUrl, `protocol ${current.protocol}`);
  const origin = current.origin;
  const fail = (reason: string) =>
    new OutboundError(
      (/timeout|ETIMEDOUT/i.test(reason) ? OutboundMessages.timeout : OutboundMessages.unreachable)(origin),
      reason,
    );
  const timeoutMs = init.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = init.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  let headers = { ...init.headers };

  for (let hop = 0; ; hop++) {
    const port = Number(current.port) || (current.protocol === 'https:' ? 443 : 80);
    const vetted = await vet(current.hostname, port, origin);
    const answer = await send(current, vetted, { ...init, method, body, headers, timeoutMs }, fail);
    const status = answer.statusCode ?? 0;
    const location = answer.headers.location;
    if (!REDIRECTS.has(status) || !location) {
      // A standard Response takes 200–599 only; a target answering otherwise is not an HTTP server.
      if (status >= 200 && status <= 599) return toResponse(answer, method);
      answer.destroy();
      throw fail(`HTTP status ${status}`);
    }
    answer.resume();
    if (hop >= maxRedirects) throw new OutboundError(OutboundMessages.tooManyRedirects(origin), 'redirects');
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw fail(`bad redirect location`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') throw fail(`redirect to ${next.protocol}`);
    // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
    if (status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST') {
      method = 'GET';
      body = undefined;
      headers = withoutHeaders(headers, ['content-type', 'content-length']);
    }
    if (next.origin !== current.origin) headers = withoutHeaders(headers, ['authorization', 'cookie']);
    current = next;
  }
}

const withoutHeaders = (headers: Record<string, string>, names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([key]) => !names.includes(key.toLowerCase())));

/**
 * The answer's body as text, at most `maxBytes` (default 1 MiB): a vendor answer larger than
 * that is refused rather than held in memory. Failures are OutboundErrors naming the origin.
 */
export async function readText(response: Response, origin: string, maxBytes = 1024 * 1024): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      // Leaving the loop cancels the stream, which closes the connection.
      if (size > maxBytes)
        throw new OutboundError(OutboundMessages.tooLarge(origin, maxBytes), `answer over ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError(OutboundMessages.unreachable(origin), (error as Error).message);
  }
  return Buffer.concat(chunks).toString('utf8');
}
