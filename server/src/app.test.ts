import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, md5, startServer } from '../test/harness.js';
import { logs } from './db/schema/index.js';

describe('logs', () => {
  it('never hold passwords, tokens or image codes', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk) => chunks.push(String(chunk)));
    const server = await startServer({ logStream: stream });
    try {
      const token = await server.login('admin', ADMIN_PASSWORD);
      await server.loginAnswer('admin', 'wrong-password');
      const { timestamp, code } = await server.imageCode();
      await server.request('POST', '/api/oauth/updatePasswordMessage', {
        token,
        json: { oldPassword: md5(ADMIN_PASSWORD), password: md5('Other12345'), code, timestamp },
      });
      await server.request('GET', `/api/message/websocket/${encodeURIComponent(token)}`);
      await server.request('GET', `/api/oauth/CurrentUser?token=${encodeURIComponent(token)}`, { token });
      const text = chunks.join('');
      expect(text).toContain('/api/oauth/CurrentUser');
      // Routes that send their own answer (images, cached JSON) must not send twice.
      expect(text).not.toContain('Reply was already sent');
      for (const secret of [
        token.slice(7),
        md5(ADMIN_PASSWORD),
        md5('wrong-password'),
        md5('Other12345'),
        code,
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await server.close();
    }
  });
});

describe('unexpected errors', () => {
  it('answer code 500 with a request id and no stack', async () => {
    const server = await startServer();
    const token = await server.adminToken();
    // Closing the database makes the next query fail for real.
    await server.services.database.close();
    const answer = await server.request<{ requestId: string }>('GET', '/api/oauth/CurrentUser', { token });
    expect(answer.status).toBe(500);
    expect(answer.code).toBe(500);
    expect(answer.msg).toContain(answer.data.requestId);
    expect(JSON.stringify(answer)).not.toMatch(/at .*\.(ts|js):\d+/);
    expectSecurityHeaders(answer.headers);
    await server.app.close();
    await server.services.kv.close();
  });
});

describe('embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data and sessions across a restart', async () => {
    const first = await startServer({ dataDir });
    const token = await first.adminToken();
    await first.close();
    const second = await startServer({ dataDir });
    try {
      const me = await second.request('GET', '/api/oauth/CurrentUser', { token });
      expect(me.code).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('the web app', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'console-web-'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('serves its files, index.html for page addresses, 404 for missing files, and files added later', async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    const server = await startServer({ env: { WEB_DIST: webDist } });
    try {
      const text = async (url: string) => {
        const response = await fetch(`${server.baseUrl}${url}`);
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          body: await response.text(),
        };
      };
      expect(await text('/')).toMatchObject({ status: 200, body: expect.stringContaining('<title>console') });
      expect(await text('/some/page')).toMatchObject({
        status: 200,
        body: expect.stringContaining('<title>'),
      });
      expect(await text('/assets/app-1.js')).toMatchObject({ status: 200, body: 'console.log(1)' });
      // A missing script must not be answered with the page (the browser would run HTML as script).
      expect((await text('/assets/app-2.js')).status).toBe(404);
      // A rebuild while running: the new file is served at once.
      writeFileSync(path.join(webDist, 'assets', 'app-2.js'), 'console.log(2)');
      expect(await text('/assets/app-2.js')).toMatchObject({ status: 200, body: 'console.log(2)' });
      expect(await text('/api/nothing')).toMatchObject({
        status: 404,
        body: expect.stringContaining('"code":404'),
      });
    } finally {
      await server.close();
    }
  });
});

describe('the mobile web app', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'console-web-'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('answers /m/ and its page addresses with m/index.html, the rest as before', async () => {
    mkdirSync(path.join(webDist, 'assets'));
    mkdirSync(path.join(webDist, 'm'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(webDist, 'm', 'index.html'), '<!doctype html><title>mobile</title>');
    writeFileSync(path.join(webDist, 'm', 'manifest.webmanifest'), '{"name":"m"}');
    const server = await startServer({ env: { WEB_DIST: webDist } });
    try {
      const get = async (url: string) => {
        const response = await fetch(`${server.baseUrl}${url}`);
        return {
          status: response.status,
          cache: response.headers.get('cache-control'),
          body: await response.text(),
        };
      };
      for (const page of ['/m', '/m/', '/m/flows/todo', '/m/flow/todo/123?operator=9', '/m/login']) {
        expect(await get(page), page).toMatchObject({
          status: 200,
          cache: 'no-cache',
          body: expect.stringContaining('<title>mobile'),
        });
      }
      expect(await get('/m/manifest.webmanifest')).toMatchObject({ status: 200, body: '{"name":"m"}' });
      // A missing file under /m/ stays a 404; desktop addresses still get the desktop page.
      expect((await get('/m/missing.js')).status).toBe(404);
      expect(await get('/mobile-like/page')).toMatchObject({
        body: expect.stringContaining('<title>console'),
      });
      expect(await get('/some/page')).toMatchObject({ body: expect.stringContaining('<title>console') });
      expect((await get('/api/m/nothing')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('client addresses behind proxies', () => {
  /** Signs in with the X-Forwarded-For header given and reads back the address the sign-in log holds. */
  async function signInAddress(trustProxy: string, forwardedFor: string): Promise<string> {
    const server = await startServer({ env: { TRUST_PROXY: trustProxy } });
    try {
      const answer = await server.loginAnswer(
        'admin',
        ADMIN_PASSWORD,
        {},
        { 'x-forwarded-for': forwardedFor },
      );
      expect(answer.code).toBe(200);
      const [signIn] = await server.services.db
        .select({ ipAddress: logs.ipAddress })
        .from(logs)
        .where(eq(logs.category, 1))
        .orderBy(desc(logs.creatorTime))
        .limit(1);
      return signIn!.ipAddress!;
    } finally {
      await server.close();
    }
  }

  it('take the hop the configured number of proxies away, never a spoofed leftmost one', async () => {
    // The client wrote 203.0.113.9; the one proxy in front appended the address it saw.
    expect(await signInAddress('1', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await signInAddress('2', '203.0.113.9, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });

  it('take the first hop not in the list of proxy addresses', async () => {
    expect(await signInAddress('127.0.0.1', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await signInAddress('127.0.0.0/8, 10.0.0.0/8', '203.0.113.9, 198.51.100.7, 10.0.0.2')).toBe(
      '198.51.100.7',
    );
  });

  it('ignore the header when no proxy is trusted', async () => {
    expect(await signInAddress('0', '203.0.113.9')).toBe('127.0.0.1');
  });
});

describe('security headers', () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'console-web-'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('are on every answer: API, web files, page addresses, errors and 404s', async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    const server = await startServer({ env: { WEB_DIST: webDist } });
    try {
      const answers = await Promise.all([
        fetch(`${server.baseUrl}/`),
        fetch(`${server.baseUrl}/some/page`),
        fetch(`${server.baseUrl}/assets/app-1.js`),
        fetch(`${server.baseUrl}/assets/app-2.js`),
        fetch(`${server.baseUrl}/api/nothing`),
        fetch(`${server.baseUrl}/api/oauth/getConfig/admin`),
        fetch(`${server.baseUrl}/api/oauth/Login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"account":',
        }),
        fetch(`${server.baseUrl}/api/oauth/Login`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml' },
          body: '<a/>',
        }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404, 404, 200, 400, 415]);
      for (const answer of answers) expectSecurityHeaders(answer.headers);
    } finally {
      await server.close();
    }
  });
});

/** What every answer carries: a CSP without inline script, no framing, no referrer, no sniffing. */
function expectSecurityHeaders(headers: Headers) {
  const policy = Object.fromEntries(
    (headers.get('content-security-policy') ?? '').split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  expect(policy).toMatchObject({
    'default-src': "'self'",
    'script-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'frame-ancestors': "'none'",
  });
  // antd writes its styles at run time; the socket is same-origin.
  expect(policy['style-src']).toBe("'self' 'unsafe-inline'");
  expect(policy['connect-src']).toBe("'self'");
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
}
