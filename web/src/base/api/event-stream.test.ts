// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventParser, createEventStreamClient, type ServerEvent } from './event-stream';
import { ApiError, TRANSPORT_ERROR } from './http';

describe('event-stream parser', () => {
  it('parses events split anywhere, with CRLF, CR, comments, multi-line data and default names', () => {
    const text =
      ': comment\r\nevent: citations\r\ndata: {"a":1}\r\n\r\nevent: delta\ndata: 第一行\ndata:第二行\n\ndata: plain\r\rid: 7\nevent: done\ndata\n\n';
    const whole = createEventParser();
    const expected: ServerEvent[] = [
      { event: 'citations', data: '{"a":1}' },
      { event: 'delta', data: '第一行\n第二行' },
      { event: 'message', data: 'plain' },
      { event: 'done', data: '' },
    ];
    expect([...whole.push(text), ...whole.end()]).toEqual(expected);
    // Every split point, including between \r and \n, gives the same events.
    for (let at = 1; at < text.length; at++) {
      const parser = createEventParser();
      const got = [...parser.push(text.slice(0, at)), ...parser.push(text.slice(at)), ...parser.end()];
      expect(got, `split at ${at}`).toEqual(expected);
    }
  });

  it('ignores blocks without data and unknown fields; end() dispatches an unterminated event', () => {
    const parser = createEventParser();
    expect(parser.push('event: ping\n\nretry: 10\nfoo: bar\n\nevent: delta\ndata: {"text":"尾"}')).toEqual(
      [],
    );
    expect(parser.end()).toEqual([{ event: 'delta', data: '{"text":"尾"}' }]);
  });
});

/** A real HTTP server: /stream writes events in pieces, /refuse/<code> answers an envelope, /html answers a page. */
let server: Server;
let base: string;
let lastRequest: { headers: IncomingMessage['headers']; body: string } | null = null;
let release: (() => void) | null = null;

function streamPieces(res: ServerResponse, pieces: string[], wait: boolean) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  const [first, ...rest] = pieces;
  res.write(first);
  const finish = () => {
    for (const piece of rest) res.write(piece);
    res.end();
  };
  if (wait) release = finish;
  else finish();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      lastRequest = { headers: req.headers, body };
      const url = new URL(req.url ?? '/', 'http://localhost');
      const [, , kind, value] = url.pathname.split('/');
      if (kind === 'stream' || kind === 'hold') {
        streamPieces(
          res,
          [
            'event: citations\ndata: {"citations":[]}\n\nevent: de',
            'lta\ndata: {"text":"你好"}\n\n',
            'event: done\ndata: {}\n\n',
          ],
          kind === 'hold',
        );
      } else if (kind === 'refuse') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ code: Number(value), msg: value === '400' ? '请输入问题' : '', data: null }),
        );
      } else {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end('<html>bad gateway</html>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function makeClient() {
  const events = { toasts: [] as string[], expired: [] as string[], cleared: 0 };
  const stream = createEventStreamClient({
    baseUrl: base,
    getToken: () => 'Bearer abc',
    clearToken: () => {
      events.cleared += 1;
    },
    notifyError: (message) => events.toasts.push(message),
    onSessionExpired: (message) => events.expired.push(message),
    defaultErrorMessage: () => '请求出错，请重试',
  });
  return { stream, events };
}

describe('event-stream client', () => {
  it('POSTs the JSON body with the token and hands over each event in order', async () => {
    const { stream, events } = makeClient();
    const seen: ServerEvent[] = [];
    await stream('/stream', { data: { question: '办事指南' }, onEvent: (event) => seen.push(event) });
    expect(seen.map((event) => event.event)).toEqual(['citations', 'delta', 'done']);
    expect(JSON.parse(seen[1]?.data ?? '')).toEqual({ text: '你好' });
    expect(lastRequest?.headers.authorization).toBe('Bearer abc');
    expect(lastRequest?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(lastRequest?.body ?? '')).toEqual({ question: '办事指南' });
    expect(events.toasts).toEqual([]);
  });

  it('rejects an envelope answer with its message and a toast, like the HTTP client', async () => {
    const { stream, events } = makeClient();
    const error = await stream('/refuse/400', { onEvent: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(400);
    expect(events.toasts).toEqual(['请输入问题']);
  });

  it('ends the session on a session code without a toast', async () => {
    const { stream, events } = makeClient();
    const error = await stream('/refuse/600', { onEvent: () => undefined }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(600);
    expect(events.cleared).toBe(1);
    expect(events.expired).toEqual(['请求出错，请重试']);
    expect(events.toasts).toEqual([]);
  });

  it('rejects a non-envelope answer as a transport error', async () => {
    const { stream, events } = makeClient();
    const error = await stream('/html', { onEvent: () => undefined }).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe(TRANSPORT_ERROR);
    expect(events.toasts).toEqual(['请求出错，请重试']);
  });

  it('stops reading when aborted mid-stream, without a toast', async () => {
    const { stream, events } = makeClient();
    const controller = new AbortController();
    const seen: string[] = [];
    const done = stream('/hold', {
      signal: controller.signal,
      onEvent: (event) => {
        seen.push(event.event);
        controller.abort();
      },
    });
    const error = await done.catch((e: unknown) => e);
    release?.();
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toEqual(['citations']);
    expect(events.toasts).toEqual([]);
  });
});
