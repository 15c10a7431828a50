import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  checkOutboundHost,
  isPublicAddress,
  OutboundError,
  OutboundMessages,
  outboundFetch,
  parseOutboundAllow,
  readText,
  setOutboundAllow,
} from './outbound.js';

const SECRET = 'internal-secret-body';

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** The stand-in the allow-list names: echoes requests, redirects on /to?url=…, streams on /sse. */
let standIn: { server: Server; port: number };
/** Another loopback service, never allowed: what an attacker would like to read. */
let internal: { server: Server; port: number };
let internalHits = 0;
let sseGate: () => void = () => undefined;
/** A port nothing listens on. */
let closedPort: number;

beforeAll(async () => {
  internal = await listen((_req, res) => {
    internalHits++;
    res.writeHead(500).end(SECRET);
  });
  standIn = await listen(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    if (url.pathname === '/to') {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), {
        location: url.searchParams.get('url')!,
      });
      res.end(SECRET);
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (url.pathname === '/sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      // The second event only goes out once the test has read the first: a buffered answer hangs.
      sseGate = () => res.end('data: second\n\n');
    } else if (url.pathname === '/odd') {
      res.writeHead(999).end(SECRET);
    } else if (url.pathname === '/big') {
      res.writeHead(200).end('x'.repeat(4096));
    } else if (url.pathname === '/silent') {
      // never answers
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ method: req.method, path: url.pathname, body, auth: req.headers.authorization }),
      );
    }
  });
  const closed = await listen(() => undefined);
  closedPort = closed.port;
  await new Promise((resolve) => closed.server.close(resolve));
});

afterAll(async () => {
  setOutboundAllow([]);
  for (const s of [standIn.server, internal.server]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

afterEach(() => setOutboundAllow(parseOutboundAllow(`127.0.0.1:${standIn.port}`)));

/** The error outboundFetch throws (fails the test when it answers instead). */
async function refusal(url: string, init = {}): Promise<OutboundError> {
  const error = await outboundFetch(url, init).then(
    (response) => new Error(`answered HTTP ${response.status}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  expect((error as Error).message).not.toContain(SECRET);
  return error as OutboundError;
}

describe('outboundFetch', () => {
  beforeAll(() => setOutboundAllow(parseOutboundAllow(`127.0.0.1:${standIn.port}`)));

  it('reaches an allowed stand-in and answers a standard Response', async () => {
    const response = await outboundFetch(`http://127.0.0.1:${standIn.port}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":"中文"}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'POST', path: '/echo', body: '{"a":"中文"}' });
  });

  it.each([
    ['loopback', (p: number) => `http://127.0.0.1:${p}/`],
    ['localhost', (p: number) => `http://localhost:${p}/`],
    ['hex', (p: number) => `http://0x7f000001:${p}/`],
    ['decimal', (p: number) => `http://2130706433:${p}/`],
    ['short', (p: number) => `http://127.1:${p}/`],
    ['IPv6 loopback', (p: number) => `http://[::1]:${p}/`],
    ['IPv4-mapped IPv6', (p: number) => `http://[::ffff:127.0.0.1]:${p}/`],
    ['unspecified', (p: number) => `http://0.0.0.0:${p}/`],
  ])('refuses %s addresses of a service not in the allow-list', async (_what, url) => {
    const hits = internalHits;
    const error = await refusal(url(internal.port));
    expect(error.message).toBe(OutboundMessages.refused(new URL(url(internal.port)).origin));
    expect(internalHits).toBe(hits);
  });

  it('refuses the cloud metadata address and private ranges without connecting', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ]) {
      const error = await refusal(url);
      expect(error.reason).toContain('not in OUTBOUND_ALLOW');
    }
  });

  it('checks every redirect: an allowed stand-in cannot send the call to another loopback port', async () => {
    const hits = internalHits;
    const start = `http://127.0.0.1:${standIn.port}/to?url=${encodeURIComponent(`http://127.0.0.1:${internal.port}/`)}`;
    const error = await refusal(start);
    expect(error.message).toBe(OutboundMessages.refused(`http://127.0.0.1:${standIn.port}`));
    expect(internalHits).toBe(hits);
  });

  it('follows allowed redirects as fetch does: a 303 continues as GET, a 307 keeps the POST', async () => {
    const to = (status: number) =>
      `http://127.0.0.1:${standIn.port}/to?status=${status}&url=${encodeURIComponent('/landed')}`;
    const post = { method: 'POST', body: 'x=1', headers: { authorization: 'secret-token' } };
    expect(await (await outboundFetch(to(303), post)).json()).toMatchObject({
      method: 'GET',
      path: '/landed',
      body: '',
      auth: 'secret-token',
    });
    expect(await (await outboundFetch(to(307), post)).json()).toMatchObject({ method: 'POST', body: 'x=1' });
    const error = await refusal(`http://127.0.0.1:${standIn.port}/loop`);
    expect(error.message).toBe(OutboundMessages.tooManyRedirects(`http://127.0.0.1:${standIn.port}`));
    const none = await refusal(to(302), { maxRedirects: 0 });
    expect(none.message).toBe(OutboundMessages.tooManyRedirects(`http://127.0.0.1:${standIn.port}`));
  });

  it('says which cause it was: a refused address, an unknown name, a closed port, a target that does not answer', async () => {
    const url = `http://127.0.0.1:${closedPort}/`;
    const origin = `http://127.0.0.1:${closedPort}`;
    const refused = await refusal(url);
    expect(refused.message).toBe(OutboundMessages.refused(origin));
    expect(refused.message).toContain('OUTBOUND_ALLOW');
    const unknown = await refusal('http://no-such-host.invalid/');
    expect(unknown.message).toBe(OutboundMessages.unresolved('http://no-such-host.invalid'));
    setOutboundAllow(parseOutboundAllow(`127.0.0.1:${closedPort}`));
    const closed = await refusal(url);
    expect(closed.reason).toBe('ECONNREFUSED');
    expect(closed.message).toBe(OutboundMessages.unreachable(origin));

    setOutboundAllow(parseOutboundAllow(`127.0.0.1:${standIn.port}`));
    const odd = await refusal(`http://127.0.0.1:${standIn.port}/odd`);
    expect(odd.message).toBe(OutboundMessages.unreachable(`http://127.0.0.1:${standIn.port}`));
    const silent = await refusal(`http://127.0.0.1:${standIn.port}/silent`, { timeoutMs: 200 });
    expect(silent.message).toBe(OutboundMessages.timeout(`http://127.0.0.1:${standIn.port}`));
    const messages = [refused, unknown, closed, silent].map((e) => e.message.replace(/http:\/\/\S+?：/, ''));
    expect(new Set(messages).size).toBe(4);
  });

  it('allows by host name, by range and by any port, as the allow-list says', async () => {
    setOutboundAllow(parseOutboundAllow(`localhost:${internal.port}`));
    expect((await outboundFetch(`http://localhost:${internal.port}/`)).status).toBe(500);
    await refusal(`http://127.0.0.1:${internal.port}/`);
    setOutboundAllow(parseOutboundAllow('127.0.0.0/8'));
    expect((await outboundFetch(`http://127.1:${internal.port}/`)).status).toBe(500);
  });

  it('streams the answer as it arrives', async () => {
    const response = await outboundFetch(`http://127.0.0.1:${standIn.port}/sse`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('data: first\n\n');
    sseGate();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += decoder.decode(chunk.value);
    expect(rest).toBe('data: second\n\n');
  });

  it('reads an answer up to a size and refuses a larger one', async () => {
    const origin = `http://127.0.0.1:${standIn.port}`;
    expect(await readText(await outboundFetch(`${origin}/big`), origin, 4096)).toHaveLength(4096);
    await expect(readText(await outboundFetch(`${origin}/big`), origin, 1024)).rejects.toThrow(
      OutboundMessages.tooLarge(origin, 1024),
    );
  });

  it("rejects with the caller's abort reason", async () => {
    const controller = new AbortController();
    const pending = outboundFetch(`http://127.0.0.1:${standIn.port}/silent`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses other protocols and malformed addresses', async () => {
    expect((await refusal('file:///etc/passwd')).message).toBe(OutboundMessages.badUrl);
    expect((await refusal('gopher://127.0.0.1/')).message).toBe(OutboundMessages.badUrl);
    expect((await refusal('not a url')).message).toBe(OutboundMessages.badUrl);
  });
});

describe('checkOutboundHost (SMTP)', () => {
  it('answers the address to connect to, or refuses like outboundFetch', async () => {
    setOutboundAllow(parseOutboundAllow('localhost:2525'));
    expect(await checkOutboundHost('localhost', 2525)).toMatchObject({ servername: 'localhost' });
    await expect(checkOutboundHost('localhost', 25)).rejects.toBeInstanceOf(OutboundError);
    await expect(checkOutboundHost('0x7f000001', 2525)).rejects.toBeInstanceOf(OutboundError);
    await expect(checkOutboundHost('::1', 2525)).rejects.toBeInstanceOf(OutboundError);
  });
});

describe('addresses', () => {
  it.each([
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['2404:6800:4008::200e', true],
    ['::ffff:8.8.8.8', true],
    ['0.1.2.3', false],
    ['10.255.0.1', false],
    ['100.127.255.254', false],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['172.31.255.255', false],
    ['192.168.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['64:ff9b::a00:1', false],
    ['2001:db8::1', false],
    ['2002:7f00:1::', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('OUTBOUND_ALLOW', () => {
  it('takes host names, IPs and CIDR ranges with or without a port', () => {
    const rules = parseOutboundAllow(
      ' wecom.corp.local , smtp.corp.local:25, 10.1.2.3, 10.0.0.0/8:443, [fd00::1]:8080, fd00::/8 ,',
    );
    expect(rules).toHaveLength(6);
    expect(rules[0]).toEqual({ name: 'wecom.corp.local', port: undefined });
    expect(rules[1]).toEqual({ name: 'smtp.corp.local', port: 25 });
    expect(rules[3]!.port).toBe(443);
    expect(rules[3]!.range!.check('10.9.9.9', 'ipv4')).toBe(true);
    expect(rules[4]!.range!.check('fd00::1', 'ipv6')).toBe(true);
    expect(rules[5]!.range!.check('fdff::1', 'ipv6')).toBe(true);
    expect(parseOutboundAllow('')).toEqual([]);
  });

  it('stops the server at start naming a bad entry', () => {
    for (const [value, named] of [
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['host:99999', 'host:99999'],
      ['http://host', 'http://host'],
      ['bad host', 'bad host'],
    ]) {
      expect(() => loadConfig({ OUTBOUND_ALLOW: value })).toThrow(/OUTBOUND_ALLOW/);
      expect(() => loadConfig({ OUTBOUND_ALLOW: value })).toThrow(named);
    }
  });
});
