// @vitest-environment node
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  backoffDelay,
  createSocketClient,
  LOGOUT_DEFAULT_TEXT,
  LOGOUT_RELOAD_MS,
  type SocketClient,
  type SocketClientDeps,
  type SocketFrame,
} from './socket-client';

/** A real socket server that records connections and the frames each one sent. */
function startServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const connections: { url: string; socket: WebSocket; frames: SocketFrame[]; at: number }[] = [];
  const waiters: (() => void)[] = [];
  server.on('connection', (socket, req) => {
    const entry = { url: req.url ?? '', socket, frames: [] as SocketFrame[], at: Date.now() };
    connections.push(entry);
    socket.on('message', (raw) => {
      entry.frames.push(JSON.parse(String(raw)) as SocketFrame);
      for (const wake of waiters.splice(0)) wake();
    });
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (check: () => boolean, ms = 4000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  };
  const port = () => (server.address() as AddressInfo).port;
  return { server, connections, until, port };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live socket client', () => {
  let srv: ReturnType<typeof startServer>;
  let client: SocketClient | null;
  let token: string | null;
  let events: string[];
  let frames: SocketFrame[];

  beforeEach(async () => {
    srv = startServer();
    await new Promise((resolve) => srv.server.once('listening', resolve));
    token = 'Bearer abc/def';
    events = [];
    frames = [];
    client = null;
  });

  afterEach(async () => {
    client?.close();
    await new Promise((resolve) => srv.server.close(resolve));
  });

  const make = (extra: Partial<SocketClientDeps> = {}) => {
    client = createSocketClient({
      url: (value) => `ws://127.0.0.1:${srv.port()}/api/message/websocket/${encodeURIComponent(value)}`,
      getToken: () => token,
      onFrame: (frame) => frames.push(frame),
      showLogout: (text) => events.push(`show:${text}`),
      resetToken: () => {
        events.push('reset');
        token = null;
      },
      reload: () => events.push('reload'),
      refresh: () => events.push('refresh'),
      backoff: { initialMs: 50, maxMs: 200 },
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      ...extra,
    });
    return client;
  };

  it('connects with the encoded token and sends OnConnection, then hands frames over', async () => {
    make().start();
    await srv.until(() => srv.connections[0]?.frames.length === 1);
    const [first] = srv.connections;
    expect(first?.url).toBe(`/api/message/websocket/${encodeURIComponent('Bearer abc/def')}`);
    expect(first?.frames[0]).toEqual({
      method: 'OnConnection',
      token: 'Bearer abc/def',
      mobileDevice: false,
    });
    first?.socket.send(JSON.stringify({ method: 'initMessage', unreadTotalCount: 3 }));
    first?.socket.send('not json');
    await srv.until(() => frames.length === 1);
    expect(frames[0]).toMatchObject({ method: 'initMessage', unreadTotalCount: 3 });
  });

  it('reconnects after a drop with growing delays capped at the maximum', async () => {
    make().start();
    // Refuse the next connections at once, so that each retry waits a longer backoff.
    for (let round = 1; round <= 5; round++) {
      await srv.until(() => srv.connections.length === round, 3000);
      srv.connections[round - 1]?.socket.terminate();
    }
    await srv.until(() => srv.connections.length === 6, 3000);
    const gaps = srv.connections.slice(1).map((entry, i) => entry.at - (srv.connections[i]?.at ?? 0));
    // 50, 100, 200, 200, 200 ms (+ connection time): never below the backoff, never far above the cap.
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
    for (const gap of gaps) expect(gap).toBeLessThan(600);
    // The new connection announces itself again.
    await srv.until(() => srv.connections[5]?.frames[0]?.method === 'OnConnection');
  });

  it('starts the backoff over once the server accepted the session (initMessage)', async () => {
    make({ backoff: { initialMs: 100, maxMs: 1000 } }).start();
    const accept = async (index: number) => {
      await srv.until(() => srv.connections[index]?.frames.length === 1);
      srv.connections[index]?.socket.send(JSON.stringify({ method: 'initMessage' }));
      await srv.until(() => frames.length === index + 1);
      srv.connections[index]?.socket.terminate();
    };
    await accept(0);
    await accept(1);
    const gap = (srv.connections[1]?.at ?? 0) - (srv.connections[0]?.at ?? 0);
    await srv.until(() => srv.connections.length === 3);
    const second = (srv.connections[2]?.at ?? 0) - (srv.connections[1]?.at ?? 0);
    // Both 100 ms (+ connection time); without the reset the second would wait 200 ms.
    expect(gap).toBeLessThan(190);
    expect(second).toBeLessThan(190);
  });

  it('does not reconnect after close()', async () => {
    const live = make();
    live.start();
    await srv.until(() => srv.connections[0]?.frames.length === 1);
    live.close();
    await sleep(400);
    expect(srv.connections).toHaveLength(1);
    expect(live.connected).toBe(false);
    expect(live.send({ method: 'SendMessage' })).toBe(false);
  });

  it('on a logout push closes, shows the message, resets the token and reloads after 1000 ms', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    make({
      setTimeout: (fn, ms) => {
        if (ms === LOGOUT_RELOAD_MS) timers.push({ fn, ms });
        else setTimeout(fn, ms);
        return 0;
      },
    }).start();
    await srv.until(() => srv.connections[0]?.frames.length === 1);
    const closed = new Promise((resolve) => srv.connections[0]?.socket.once('close', resolve));
    srv.connections[0]?.socket.send(JSON.stringify({ method: 'logout', token: 'abc/def', msg: '' }));
    await closed;
    expect(events).toEqual([`show:${LOGOUT_DEFAULT_TEXT}`, 'reset']);
    expect(timers.map((timer) => timer.ms)).toEqual([LOGOUT_RELOAD_MS]);
    timers[0]?.fn();
    expect(events).toEqual([`show:${LOGOUT_DEFAULT_TEXT}`, 'reset', 'reload']);
    await sleep(300);
    expect(srv.connections).toHaveLength(1);
  });

  it('shows the server text of a logout push', async () => {
    make().start();
    await srv.until(() => srv.connections[0]?.frames.length === 1);
    srv.connections[0]?.socket.send(JSON.stringify({ method: 'logout', msg: '您已被强制下线' }));
    await srv.until(() => events.length === 2);
    expect(events).toEqual(['show:您已被强制下线', 'reset']);
  });

  it('only reloads when the logout push carries another token', async () => {
    make().start();
    await srv.until(() => srv.connections[0]?.frames.length === 1);
    srv.connections[0]?.socket.send(JSON.stringify({ method: 'logout', token: 'Bearer other', msg: 'x' }));
    await srv.until(() => events.length === 1);
    await sleep(200);
    expect(events).toEqual(['reload']);
    expect(token).toBe('Bearer abc/def');
    expect(srv.connections).toHaveLength(1);
  });

  it('closeSocket closes without reconnecting; refresh asks the shell to reload', async () => {
    make().start();
    await srv.until(() => srv.connections[0]?.frames.length === 1);
    srv.connections[0]?.socket.send(JSON.stringify({ method: 'refresh' }));
    await srv.until(() => events.includes('refresh'));
    const closed = new Promise((resolve) => srv.connections[0]?.socket.once('close', resolve));
    srv.connections[0]?.socket.send(JSON.stringify({ method: 'closeSocket' }));
    await closed;
    await sleep(300);
    expect(srv.connections).toHaveLength(1);
  });

  it('does not connect without a token', async () => {
    token = null;
    make().start();
    await sleep(200);
    expect(srv.connections).toHaveLength(0);
  });
});

describe('backoffDelay', () => {
  it('doubles from the first delay up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map((n) => backoffDelay(n, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
