import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from '../../../test/harness.js';
import { users } from '../../db/schema/index.js';
import { attachment, issueDownload, registerDownload } from './download.js';

let database: TestDatabase;
let server: TestServer;
let u1: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ database });
  u1 = await server.addUser('download1', 'Passw0rd1');
  registerDownload('test-echo', async (_services, payload, userId) => ({
    body: `${String(payload)} for ${userId} at ${Date.now()}`,
    contentType: 'text/plain; charset=utf-8',
  }));
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('one-use download addresses', () => {
  it('produces the content at download time, once, as an attachment', async () => {
    const issued = await issueDownload(server.services, {
      kind: 'test-echo',
      fileName: '报表 "一".txt',
      payload: 'hello',
      userId: u1,
    });
    expect(issued.name).toBe('报表 "一".txt');
    expect(issued.url).toMatch(/^\/api\/file\/Download\/txt\/[A-Za-z0-9_-]{32}\.txt$/);
    const response = await fetch(`${server.baseUrl}${issued.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(attachment('报表 "一".txt'));
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('报表 "一".txt')}`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toMatch(new RegExp(`^hello for ${u1} at \\d+$`));

    const again = await server.request('GET', issued.url);
    expect(again.code).toBe(400);
    expect(again.msg).toBe('下载链接已失效，请重新导出');
  });

  it('serves a ticket once even to simultaneous requests, with the content of the user it was issued to', async () => {
    const issued = await issueDownload(server.services, {
      kind: 'test-echo',
      fileName: 'a.txt',
      payload: 'race',
      userId: u1,
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${server.baseUrl}${issued.url}`, { headers: { authorization: 'x' } }),
      ),
    );
    const bodies = await Promise.all(answers.map((a) => a.text()));
    const served = bodies.filter((b) => b.startsWith(`race for ${u1}`));
    expect(served).toHaveLength(1);
  });

  it('dies with its user: a ticket of a user disabled or deleted since is not served', async () => {
    for (const change of [{ enabledMark: 0 }, { deleteMark: 1 }]) {
      const owner = await server.addUser(`download-${Object.keys(change)[0]}`, 'Passw0rd1');
      const issued = await issueDownload(server.services, {
        kind: 'test-echo',
        fileName: 'a.txt',
        payload: 'secret',
        userId: owner,
      });
      await server.services.db.update(users).set(change).where(eq(users.id, owner));
      const refused = await server.request('GET', issued.url);
      expect([refused.code, refused.msg]).toEqual([400, '下载链接已失效，请重新导出']);
    }
  });

  it('refuses made-up, malformed and expired tickets', async () => {
    expect((await server.request('GET', `/api/file/Download/bdd/${'a'.repeat(32)}.bdd`)).msg).toBe(
      '下载链接已失效，请重新导出',
    );
    expect((await server.request('GET', '/api/file/Download/bdd/..%2F..%2Fetc%2Fpasswd')).msg).toBe(
      '下载链接已失效，请重新导出',
    );
    const issued = await issueDownload(server.services, {
      kind: 'test-echo',
      fileName: 'a.txt',
      payload: 1,
      userId: u1,
    });
    const ticket = issued.url.split('/').pop()!.replace('.txt', '');
    // What the 5-minute lifetime does: the ticket leaves the store.
    await server.services.kv.del(`download:${ticket}`);
    expect((await server.request('GET', issued.url)).msg).toBe('下载链接已失效，请重新导出');
  });
});

describe('download tickets in the request log (issue #22)', () => {
  it('are masked in the path form as in the query form', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk) => chunks.push(String(chunk)));
    const logged = await startServer({ logStream: stream });
    try {
      const issued = await issueDownload(logged.services, {
        kind: 'test-echo',
        fileName: 'a.xlsx',
        payload: 'x',
        userId: u1,
      });
      const ticket = issued.url
        .split('/')
        .pop()!
        .replace(/\.xlsx$/, '');
      expect((await fetch(`${logged.baseUrl}${issued.url}`)).status).toBe(200);
      await fetch(`${logged.baseUrl}/api/file/Download?ticket=${ticket}`);
      const text = chunks.join('');
      expect(text).toContain('/api/file/Download/xlsx/***');
      expect(text).not.toContain(ticket);
    } finally {
      await logged.close();
    }
  });
});
