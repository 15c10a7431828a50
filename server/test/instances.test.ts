import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestDatabase,
  type Instances,
  md5,
  startInstances,
  startServer,
  type TestServer,
} from './harness.js';

// Several instances share one PostgreSQL (and Redis when given); PGlite is single-process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let pair: Instances;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    // Started together: migrations and seeding must not collide.
    pair = await startInstances(2);
    [a, b] = pair.servers as [TestServer, TestServer];
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('serves a token issued by one instance on the other, and Logout on one kills it on both', async () => {
    const token = await a.adminToken();
    expect((await b.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    expect((await b.request('GET', '/api/oauth/Logout', { token })).code).toBe(200);
    expect((await a.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(602);
    expect((await b.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(602);
  });

  it('accepts an image code issued by the other instance', async () => {
    const token = await a.login('admin', `${ADMIN_PASSWORD}x`);
    const { timestamp, code } = await b.imageCode();
    const changed = await a.request('POST', '/api/oauth/updatePasswordMessage', {
      token,
      json: { oldPassword: md5(`${ADMIN_PASSWORD}x`), password: md5(`${ADMIN_PASSWORD}y`), code, timestamp },
    });
    // Without Redis each instance keeps its own codes, so this needs the shared store.
    expect(changed.code).toBe(process.env.TEST_REDIS_URL ? 200 : 400);
  });

  it('applies a settings change made through one instance on the other', async () => {
    const { sysConfig, db } = a.services;
    await sysConfig.write(db, { sysName: '测试平台' }, null);
    await sysConfig.invalidate();
    const token = await b.login(
      'admin',
      process.env.TEST_REDIS_URL ? `${ADMIN_PASSWORD}y` : `${ADMIN_PASSWORD}x`,
    );
    const me = await b.request<{ sysConfigInfo: { sysName: string } }>('GET', '/api/oauth/CurrentUser', {
      token,
    });
    expect(me.data.sysConfigInfo.sysName).toBe(process.env.TEST_REDIS_URL ? '测试平台' : '智能问答管理平台');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL restart', () => {
  it('does not end the server: idle connections that the database ends are replaced', async () => {
    const database = await createTestDatabase();
    const server = await startServer({ database });
    try {
      const token = await server.adminToken();
      // End every idle connection of this server, as a database restart would.
      const url = new URL(database.url!);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [url.pathname.slice(1)],
      );
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    } finally {
      await server.close();
      await database.drop();
    }
  });
});
