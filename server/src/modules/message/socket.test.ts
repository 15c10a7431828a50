import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startServer, type TestServer } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { imContents, userSessions, users } from '../../db/schema/index.js';
import { addUsersWithSessions, LiveSocket } from './testing.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = await server.adminToken();
});
afterAll(() => server.close());

const socketUrl = (path: string, value: string) =>
  `${server.baseUrl.replace('http', 'ws')}${path}${encodeURIComponent(value)}`;

/** Opens a socket and resolves with the first frame, or rejects with the handshake's status. */
function firstFrame(url: string, send: object, headers: Record<string, string> = {}) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => socket.send(JSON.stringify(send)));
    socket.on('message', (data) => {
      resolve(JSON.parse(String(data)));
      socket.close();
    });
    socket.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

describe('live socket', () => {
  it('answers OnConnection with initMessage at both paths', async () => {
    for (const path of ['/api/message/websocket/', '/websocket/']) {
      const frame = await firstFrame(socketUrl(path, token), {
        method: 'OnConnection',
        token,
        mobileDevice: false,
      });
      expect(frame).toMatchObject({ method: 'initMessage', unreadTotalCount: 0 });
      expect(frame.onlineUsers).toEqual([frame.userId]);
    }
  });

  it('refuses a forged token and a foreign page before the upgrade', async () => {
    await expect(firstFrame(socketUrl('/websocket/', `Bearer ${'x'.repeat(43)}`), {})).rejects.toThrow(
      'status 401',
    );
    await expect(
      firstFrame(socketUrl('/websocket/', token), {}, { origin: 'https://evil.example' }),
    ).rejects.toThrow('status 403');
  });

  it('sends logout when OnConnection carries another token', async () => {
    const frame = await firstFrame(socketUrl('/websocket/', token), {
      method: 'OnConnection',
      token: 'Bearer other',
    });
    expect(frame.method).toBe('logout');
  });

  it('sends the oldest socket closeSocket when a user opens more than SOCKETS_PER_USER', async () => {
    const limited = await startServer({ env: { SOCKETS_PER_USER: '2' } });
    try {
      const admin = await limited.adminToken();
      const first = await LiveSocket.open(limited, admin);
      const second = await LiveSocket.open(limited, admin);
      expect(first.count('closeSocket')).toBe(0);
      const third = await LiveSocket.open(limited, admin);
      await expect(first.next('closeSocket')).resolves.toMatchObject({ msg: expect.any(String) });
      await expect(first.closed).resolves.toBe(4008);
      // The two newest stay and answer.
      for (const live of [second, third]) {
        live.send({ method: 'OnConnection', token: admin, mobileDevice: false });
        await vi.waitFor(() => expect(live.count('initMessage')).toBe(2));
        expect(live.count('closeSocket')).toBe(0);
        await live.close();
      }
    } finally {
      await limited.close();
    }
  });

  it('refuses the token after Logout', async () => {
    const other = await server.login('admin', 'Admin12345x');
    await server.request('GET', '/api/oauth/Logout', { token: other });
    await expect(firstFrame(socketUrl('/websocket/', other), {})).rejects.toThrow('status 401');
  });

  it('drops a flood of frames without working on them', async () => {
    const [flooder, target] = await addUsersWithSessions(server, 2, 'flood');
    const live = await LiveSocket.open(server, flooder!.token);
    for (let i = 0; i < 200; i++)
      live.send({
        method: 'SendMessage',
        toUserId: target!.id,
        messageType: 'text',
        messageContent: `m${i}`,
      });
    const refused = await live.next('error', (f) => f.request === 'SendMessage');
    expect(refused.msg).toBe('发送过于频繁，请稍后再试');
    const stored = async () =>
      (
        await server.services.db
          .select({ n: count() })
          .from(imContents)
          .where(eq(imContents.sendUserId, flooder!.id))
      )[0]!.n;
    // Let the accepted frames finish their writes (slow on a loaded machine) before counting.
    let flooded = -1;
    for (let n = await stored(); n !== flooded; n = await stored()) {
      flooded = n;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(flooded).toBeGreaterThan(0);
    // 30 a second: the burst may straddle two seconds on a slow machine.
    expect(flooded).toBeLessThanOrEqual(60);
    // The socket still works once the burst is over. A frame that a loaded machine delivers late may
    // still fall in a full second, so up to three tries, a fresh second apart.
    let echoed = false;
    for (let attempt = 0; attempt < 3 && !echoed; attempt++) {
      const echo = live.next('sendMessage', (f) => f.toMessage === 'after the flood', 10_000);
      live.send({
        method: 'SendMessage',
        toUserId: target!.id,
        messageType: 'text',
        messageContent: 'after the flood',
      });
      echoed = await echo.then(
        () => true,
        () => false,
      );
    }
    expect(echoed).toBe(true);
    await live.close();
  });

  it('checks the session again on every frame: an expired one is logged out, one owing a new password is refused', async () => {
    const [idle, owing, other] = await addUsersWithSessions(server, 3, 'recheck');
    const stored = async (userId: string) =>
      (
        await server.services.db
          .select({ n: count() })
          .from(imContents)
          .where(eq(imContents.sendUserId, userId))
      )[0]!.n;

    const idleSocket = await LiveSocket.open(server, idle!.token);
    // Idle past the timeout since the handshake (nothing the socket did counted as activity).
    await server.services.db
      .update(userSessions)
      .set({ lastActiveTime: 0 })
      .where(eq(userSessions.userId, idle!.id));
    idleSocket.send({ method: 'MessageList', toUserId: other!.id });
    idleSocket.send({
      method: 'SendMessage',
      toUserId: other!.id,
      messageType: 'text',
      messageContent: '过期',
    });
    expect((await idleSocket.next('logout')).msg).toBe('登录过期,请重新登录');
    expect(await idleSocket.closed).toBe(4001);
    expect(idleSocket.count('messageList')).toBe(0);
    expect(await stored(idle!.id)).toBe(0);

    const owingSocket = await LiveSocket.open(server, owing!.token);
    await server.services.db.update(users).set({ mustChangePassword: 1 }).where(eq(users.id, owing!.id));
    owingSocket.send({
      method: 'SendMessage',
      toUserId: other!.id,
      messageType: 'text',
      messageContent: '未改密码',
    });
    expect((await owingSocket.next('error')).msg).toBe('请先修改初始密码');
    expect(await stored(owing!.id)).toBe(0);
    await owingSocket.close();
  });
});

// The 3.4.7 client's own dev proxy rewrites Host to the console's address but leaves the page's
// Origin (issue #20, item 15): origins listed in SOCKET_ALLOWED_ORIGINS are let through.
describe('socket origins allowed by configuration', () => {
  const PAGE = 'http://localhost:8080';
  const hello = (target: TestServer, origin: string, value: string) =>
    firstFrame(
      `${target.baseUrl.replace('http', 'ws')}/websocket/${encodeURIComponent(value)}`,
      { method: 'OnConnection', token: value, mobileDevice: false },
      { origin },
    );

  it('refuses a page of another host unless its origin is configured', async () => {
    await expect(hello(server, PAGE, token)).rejects.toThrow('status 403');
    const proxied = await startServer({
      env: { SOCKET_ALLOWED_ORIGINS: `${PAGE}, https://console.example.gov` },
    });
    try {
      const admin = await proxied.adminToken();
      expect(await hello(proxied, PAGE, admin)).toMatchObject({ method: 'initMessage' });
      expect(await hello(proxied, 'https://console.example.gov', admin)).toMatchObject({
        method: 'initMessage',
      });
      await expect(hello(proxied, 'https://evil.example', admin)).rejects.toThrow('status 403');
    } finally {
      await proxied.close();
    }
  });

  it('refuses a setting that is not a list of origins', () => {
    expect(() => loadConfig({ SOCKET_ALLOWED_ORIGINS: 'localhost:8080' })).toThrow('SOCKET_ALLOWED_ORIGINS');
    expect(() => loadConfig({ SOCKET_ALLOWED_ORIGINS: 'http://a.example/path' })).toThrow(
      'SOCKET_ALLOWED_ORIGINS',
    );
  });
});
