// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createHttpClient, TRANSPORT_ERROR } from './http';

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A tiny real HTTP server: /reply/<code> answers that envelope, /raw/<status> answers non-JSON. */
let server: Server;
let base: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      seen.push({ method: req.method ?? '', url, headers: req.headers, body });
      const [, , kind, value] = url.pathname.split('/');
      if (kind === 'raw') {
        res.writeHead(Number(value), { 'Content-Type': 'text/html' });
        res.end('<html>bad gateway</html>');
        return;
      }
      const code = Number(value ?? 200);
      const msg = url.searchParams.get('msg') ?? '';
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code, msg, data: code === 200 ? { ok: true, echo: body || null } : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function makeClient(token: string | null = 'Bearer abc') {
  const events = { toasts: [] as string[], expired: [] as string[], cleared: 0 };
  let stored = token;
  const client = createHttpClient({
    baseUrl: base,
    getToken: () => stored,
    clearToken: () => {
      stored = null;
      events.cleared += 1;
    },
    notifyError: (message) => events.toasts.push(message),
    onSessionExpired: (message) => events.expired.push(message),
    defaultErrorMessage: () => '请求出错，请重试',
    now: () => 1_700_000_000,
  });
  return { client, events, token: () => stored };
}

beforeEach(() => {
  seen = [];
});

describe('HTTP client', () => {
  it('resolves code 200 with data and sends the common headers and n', async () => {
    const { client, events } = makeClient();
    await expect(client.get('/reply/200', { keyword: '张三', page: 2, empty: null })).resolves.toEqual({
      ok: true,
      echo: null,
    });
    const [request] = seen;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/api/reply/200');
    expect(request?.url.searchParams.get('keyword')).toBe('张三');
    expect(request?.url.searchParams.get('page')).toBe('2');
    expect(request?.url.searchParams.has('empty')).toBe(false);
    expect(request?.url.searchParams.get('n')).toBe('1700000000');
    expect(request?.headers['jnpf-origin']).toBe('pc');
    // The server offers the 3.4.7 client's pages only to a client that does not say this.
    expect(request?.headers['x-console-client']).toBe('console-web');
    expect(request?.headers.authorization).toBe('Bearer abc');
    expect(events.toasts).toEqual([]);
  });

  it('omits Authorization without a token', async () => {
    const { client } = makeClient(null);
    await client.get('/reply/200');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('sends GET data as query parameters, JSON bodies otherwise, and forms when asked', async () => {
    const { client } = makeClient();
    await client.request('/reply/200', { data: { a: 1 } });
    expect(seen[0]?.url.searchParams.get('a')).toBe('1');
    expect(seen[0]?.body).toBe('');

    await client.post('/reply/200', { name: '字典', sort: 1 });
    expect(seen[1]?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ name: '字典', sort: 1 });
    expect(seen[1]?.url.searchParams.get('n')).toBe('1700000000');

    await client.post('/reply/200', { account: 'admin', password: 'x y' }, { form: true });
    expect(seen[2]?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen[2]?.body).get('password')).toBe('x y');
  });

  it('sends a FormData body as multipart with the token (uploads)', async () => {
    const { client } = makeClient();
    const form = new FormData();
    form.append('file', new Blob(['{"list":[]}'], { type: 'application/json' }), 'types.bdd');
    await client.post('/reply/200', form);
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.headers.authorization).toBe('Bearer abc');
    expect(seen[0]?.body).toContain('filename="types.bdd"');
    expect(seen[0]?.body).toContain('{"list":[]}');
  });

  it('rejects other codes with the server message as a toast', async () => {
    const { client, events } = makeClient();
    const error = await client.get('/reply/400', { msg: '名称不能为空' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(400);
    expect((error as ApiError).response?.msg).toBe('名称不能为空');
    expect(events.toasts).toEqual(['名称不能为空']);
    expect(events.cleared).toBe(0);
  });

  it('uses the default message when the server gives none', async () => {
    const { client, events } = makeClient();
    await expect(client.get('/reply/500')).rejects.toMatchObject({ code: 500, msg: '请求出错，请重试' });
    expect(events.toasts).toEqual(['请求出错，请重试']);
  });

  it('stays quiet when silent', async () => {
    const { client, events } = makeClient();
    await expect(client.get('/reply/400', { msg: 'x' }, { silent: true })).rejects.toMatchObject({
      code: 400,
    });
    expect(events.toasts).toEqual([]);
  });

  it.each([600, 601, 602])('clears the token and signs out on code %i', async (code) => {
    const { client, events, token } = makeClient();
    await expect(client.get(`/reply/${code}`, { msg: '登录过期,请重新登录' })).rejects.toMatchObject({
      code,
    });
    expect(token()).toBeNull();
    expect(events.cleared).toBe(1);
    expect(events.expired).toEqual(['登录过期,请重新登录']);
    expect(events.toasts).toEqual([]);
  });

  it('does not sign out on session codes of the Login and LockScreen calls', async () => {
    const { events } = makeClient();
    // Point the base at /reply/601 so that .../oauth/Login answers code 601.
    const login = createHttpClient({
      baseUrl: `${base}/reply/601`,
      getToken: () => 'Bearer abc',
      clearToken: () => {
        events.cleared += 1;
      },
      notifyError: (message) => events.toasts.push(message),
      onSessionExpired: (message) => events.expired.push(message),
      defaultErrorMessage: () => '请求出错，请重试',
    });
    await expect(login.post('/oauth/Login', { account: 'a' }, { form: true })).rejects.toMatchObject({
      code: 601,
    });
    await expect(login.post('/oauth/LockScreen', { account: 'a' })).rejects.toMatchObject({ code: 601 });
    expect(events.cleared).toBe(0);
    expect(events.expired).toEqual([]);
    expect(events.toasts).toEqual(['请求出错，请重试', '请求出错，请重试']);
  });

  it('treats a non-JSON answer as a transport failure', async () => {
    const { client, events } = makeClient();
    await expect(client.get('/raw/502')).rejects.toMatchObject({
      code: TRANSPORT_ERROR,
      msg: '请求出错，请重试',
    });
    expect(events.toasts).toEqual(['请求出错，请重试']);
  });

  it('reports a refused connection with the default message', async () => {
    const { events } = makeClient();
    const offline = createHttpClient({
      baseUrl: 'http://127.0.0.1:9/api',
      getToken: () => null,
      clearToken: () => {},
      notifyError: (message) => events.toasts.push(message),
      onSessionExpired: () => {},
      defaultErrorMessage: () => '请求出错，请重试',
    });
    await expect(offline.get('/anything')).rejects.toMatchObject({ code: TRANSPORT_ERROR });
    expect(events.toasts).toEqual(['请求出错，请重试']);
  });

  it('exposes the whole envelope through send', async () => {
    const { client } = makeClient();
    await expect(
      client.send('/reply/200', { method: 'POST', data: {}, params: { msg: '修改成功' } }),
    ).resolves.toMatchObject({ code: 200, msg: '修改成功' });
  });
});
