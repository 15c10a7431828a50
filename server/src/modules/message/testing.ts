/** Test support for the message tests: many users with live sessions, and a socket client. */
import WebSocket from 'ws';
import type { TestServer } from '../../../test/harness.js';
import { newId } from '../../core/ids.js';
import { users } from '../../db/schema/index.js';

export interface Frame {
  method: string;
  [key: string]: unknown;
}

export interface TestUser {
  id: string;
  account: string;
  token: string;
}

const CLIENT = {
  ip: '127.0.0.1',
  ipAddressName: '本地',
  browser: 'test',
  platForm: 'test',
  origin: 'pc',
} as const;

/**
 * Users written straight to the database, each with a started session (as a sign-in would
 * leave it); no password, so nothing slow runs per user.
 */
export async function addUsersWithSessions(
  server: TestServer,
  count: number,
  prefix: string,
): Promise<TestUser[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    account: `${prefix}${i}`,
    realName: `${prefix}用户${i}`,
    changePasswordDate: Date.now(),
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await server.services.db.insert(users).values(rows.slice(i, i + 1000));
  const tokens: string[] = [];
  for (const row of rows)
    tokens.push(
      await server.services.sessions.create(server.services.db, row.id, CLIENT, { singleLogin: false }),
    );
  return rows.map((row, i) => ({ id: row.id, account: row.account, token: tokens[i]! }));
}

export const socketUrl = (server: TestServer, token: string, path = '/api/message/websocket/') =>
  `${server.baseUrl.replace('http', 'ws')}${path}${encodeURIComponent(token)}`;

/** A connected live socket that keeps every frame it receives. */
export class LiveSocket {
  readonly frames: Frame[] = [];
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  /** Connects, sends OnConnection and waits for initMessage. */
  static async open(server: TestServer, token: string): Promise<LiveSocket> {
    const socket = new WebSocket(socketUrl(server, token));
    const live = new LiveSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const init = live.next('initMessage');
    live.send({ method: 'OnConnection', token, mobileDevice: false });
    await init;
    return live;
  }

  send(frame: Frame) {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) with this method that `test` accepts. */
  next(method: string, test: (f: Frame) => boolean = () => true, timeoutMs = 10_000): Promise<Frame> {
    const match = (f: Frame) => f.method === method && test(f);
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${method} frame within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        test: match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  count(method: string, test: (f: Frame) => boolean = () => true) {
    return this.frames.filter((f) => f.method === method && test(f)).length;
  }

  close() {
    this.socket.close();
    return this.closed;
  }
}
