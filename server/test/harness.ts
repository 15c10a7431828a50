import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { newId } from '../src/core/ids.js';
import { openKeyValueStore } from '../src/core/kv/index.js';
import { hashPassword } from '../src/core/passwords.js';
import { openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/db/seed/index.js';
import { createServices, type Services } from '../src/services.js';

import { ADMIN_PASSWORD } from './admin-password.js';

export { ADMIN_PASSWORD };
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Where a test file's data lives: its own in-memory PGlite, or, with TEST_DATABASE_URL set,
 * its own freshly created PostgreSQL database (dropped at the end).
 */
export interface TestDatabase {
  url?: string;
  /**
   * Before a server first opens it, makes the still-empty PostgreSQL database a copy of the
   * run's migrated and seeded template (global-setup.ts), as PGlite servers load a dump; once
   * opened, it is left as it is (a restarted server finds its data).
   */
  prepare(template: 'plain' | 'demo'): Promise<void>;
  drop(): Promise<void>;
}

async function onPostgres(base: string, statement: string) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { prepare: async () => undefined, drop: async () => undefined };
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  await onPostgres(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let prepared: Promise<void> | undefined;
  return {
    url: url.toString(),
    prepare(template) {
      const templates = inject('postgresTemplates');
      prepared ??= templates
        ? (async () => {
            await onPostgres(base, `DROP DATABASE ${name}`);
            await onPostgres(base, `CREATE DATABASE ${name} TEMPLATE ${templates[template]}`);
          })()
        : Promise.resolve();
      return prepared;
    },
    drop: () => onPostgres(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

/** A running server on loopback, spoken to over real HTTP. */
export class TestServer {
  constructor(
    readonly app: FastifyInstance,
    readonly services: Services,
    readonly baseUrl: string,
    /** Speak as the 3.4.7 client: without the header by which our web client says who it is. */
    readonly client347 = false,
  ) {}

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    // Requests are our web client's (x-console-client) unless the server speaks as 3.4.7 or a
    // test sends the header empty.
    const headers: Record<string, string> = {
      'jnpf-origin': 'pc',
      ...(this.client347 ? {} : { 'x-console-client': 'console-web' }),
      ...options.headers,
    };
    if (headers['x-console-client'] === '') delete headers['x-console-client'];
    if (options.token) headers.authorization = options.token;
    let body: string | Uint8Array | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const separator = path.includes('?') ? '&' : '?';
    const response = await fetch(`${this.baseUrl}${path}${separator}n=${Math.floor(Date.now() / 1000)}`, {
      method,
      headers,
      body,
    });
    const text = await response.text();
    const parsed = text.startsWith('{') ? JSON.parse(text) : { code: undefined, msg: undefined, data: text };
    return {
      status: response.status,
      code: parsed.code,
      msg: parsed.msg,
      data: parsed.data,
      headers: response.headers,
    };
  }

  /** Signs in and returns the Authorization value. */
  async login(account: string, password: string, extra: Record<string, string> = {}): Promise<string> {
    const answer = await this.loginAnswer(account, password, extra);
    if (answer.code !== 200) throw new Error(`login ${account} failed: ${answer.code} ${answer.msg}`);
    return answer.data.token;
  }

  loginAnswer(
    account: string,
    password: string,
    extra: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) {
    return this.request<{ token: string; theme: string }>('POST', '/api/oauth/Login', {
      form: {
        account,
        password: md5(password),
        code: '',
        timestamp: '',
        origin: 'password',
        grant_type: 'password',
        ...extra,
      },
      headers,
    });
  }

  /** Asks for an image code and reads it from the shared store, as a person reads the image. */
  async imageCode(): Promise<{ timestamp: string; code: string }> {
    const timestamp = String(Date.now()) + String(Math.floor(Math.random() * 1000));
    const image = await this.request('GET', `/api/file/ImageCode/${timestamp}`);
    if (image.status !== 200) throw new Error('image code not served');
    const code = await this.services.kv.get(`captcha:${timestamp}`);
    if (!code) throw new Error('image code not stored');
    return { timestamp, code };
  }

  /** Signs in as admin and replaces the initial password, as the first sign-in requires. */
  async adminToken(): Promise<string> {
    const token = await this.login('admin', ADMIN_PASSWORD).catch(() =>
      this.login('admin', `${ADMIN_PASSWORD}x`),
    );
    const me = await this.request<{ userInfo: { changePasswordDate: number | null } }>(
      'GET',
      '/api/oauth/CurrentUser',
      {
        token,
      },
    );
    if (me.data.userInfo.changePasswordDate !== null) return token;
    const { timestamp, code } = await this.imageCode();
    const changed = await this.request('POST', '/api/oauth/updatePasswordMessage', {
      token,
      json: { oldPassword: md5(ADMIN_PASSWORD), password: md5(`${ADMIN_PASSWORD}x`), code, timestamp },
    });
    if (changed.code !== 200) throw new Error(`password change failed: ${changed.msg}`);
    return token;
  }

  /**
   * Test setup: a user who can sign in at once with `password` (no forced change), written
   * straight to the database so a test does not depend on the user-admin API. Returns its id.
   */
  async addUser(account: string, password: string, fields: Partial<typeof users.$inferInsert> = {}) {
    const id = newId();
    await this.services.db.insert(users).values({
      id,
      account,
      realName: `用户${account}`,
      passwordHash: await hashPassword(md5(password)),
      changePasswordDate: Date.now(),
      ...fields,
    });
    return id;
  }

  async close() {
    await this.app.close();
    await this.services.kv.close();
    await this.services.database.close();
  }
}

export interface StartOptions {
  database?: TestDatabase;
  env?: Record<string, string>;
  /** Shared store prefix; instances that must share state pass the same one. */
  redisPrefix?: string;
  demo?: boolean;
  /** A PGlite folder that outlives the instance (default: in memory). */
  dataDir?: string;
  logStream?: NodeJS.WritableStream;
  /** Requests go out as the 3.4.7 client sends them (without our web client's header). */
  client347?: boolean;
}

/** Starts one server instance on 127.0.0.1 with a random port. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const config: Config = loadConfig({
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    NODE_ENV: 'test',
    ADMIN_PASSWORD,
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    REDIS_PREFIX: options.redisPrefix ?? `test:${randomBytes(4).toString('hex')}:`,
    ...options.env,
  });
  const templates = inject('pgliteTemplates');
  const template = templates && !options.dataDir ? templates[options.demo ? 'demo' : 'plain'] : undefined;
  await options.database?.prepare(options.demo ? 'demo' : 'plain');
  const database = await openDatabase({
    databaseUrl: options.database?.url,
    dataDir: options.dataDir ?? 'memory://',
    poolSize: 5,
    pgliteDump: template ? new Blob([readFileSync(template)]) : undefined,
  });
  const kv = openKeyValueStore({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  const services = createServices(config, database, kv);
  await seedDatabase(database.db, { adminPassword: ADMIN_PASSWORD, demo: options.demo ?? false });
  const app = await buildApp(services, { logStream: options.logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return new TestServer(app, services, `http://127.0.0.1:${address.port}`, options.client347 ?? false);
}

export interface SuiteServer {
  readonly server: TestServer;
  /** The administrator's token. */
  readonly admin: string;
  /** A JSON call, as the administrator unless another token is given. */
  send<T = unknown>(method: string, path: string, json?: unknown, token?: string): Promise<Answer<T>>;
}

/**
 * The one server of a test file, on a fresh database of its own: started (and the administrator
 * signed in) before the file's tests, closed and the database dropped after them. Call it at the
 * top of the file; hooks the file adds after it run once the server is up.
 */
export function suiteServer(options: Omit<StartOptions, 'database'> = {}): SuiteServer {
  let database: TestDatabase | undefined;
  let server: TestServer | undefined;
  let admin = '';
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ ...options, database });
    admin = await server.adminToken();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });
  const suite: SuiteServer = {
    get server() {
      if (!server) throw new Error('the suite server starts in beforeAll');
      return server;
    },
    get admin() {
      return admin;
    },
    send: (method, path, json, token = admin) => suite.server.request(method, path, { token, json }),
  };
  return suite;
}

export interface Instances {
  database: TestDatabase;
  servers: TestServer[];
  close(): Promise<void>;
}

/**
 * `count` instances started together on one fresh PostgreSQL database and one shared store prefix,
 * as a multi-instance installation runs them (PGlite is one process, so callers skip without
 * TEST_DATABASE_URL).
 */
export async function startInstances(
  count: number,
  options: Omit<StartOptions, 'database'> = {},
): Promise<Instances> {
  const database = await createTestDatabase();
  const redisPrefix = options.redisPrefix ?? `test:instances:${randomBytes(4).toString('hex')}:`;
  const servers = await Promise.all(
    Array.from({ length: count }, () => startServer({ ...options, database, redisPrefix })),
  );
  return {
    database,
    servers,
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      await database.drop();
    },
  };
}
