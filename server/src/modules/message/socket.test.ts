import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type TestServer } from '../../../test/harness.js';

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

  it('refuses the token after Logout', async () => {
    const other = await server.login('admin', 'Admin12345x');
    await server.request('GET', '/api/oauth/Logout', { token: other });
    await expect(firstFrame(socketUrl('/websocket/', other), {})).rejects.toThrow('status 401');
  });
});
