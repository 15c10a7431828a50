import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServer, type TestDatabase, type TestServer } from '../../test/harness.js';
import { storedFiles } from './schema/index.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

// Terminating backends is a PostgreSQL matter; PGlite runs in the process.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL backends terminated mid-transaction', () => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer({ database });
    token = await server.adminToken();
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await server?.close();
    await database?.drop();
  });

  async function upload() {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const response = await fetch(`${server.baseUrl}/api/file/Uploader/annex`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    });
    return {
      status: response.status,
      ...((await response.json()) as { code: number; msg: string; data: { requestId?: string } | null }),
    };
  }

  const files = async () => (await server.services.db.select({ n: count() }).from(storedFiles))[0]!.n;

  /** Backends of the server waiting for an advisory lock, i.e. inside an upload's transaction. */
  async function waitingUploads(): Promise<number> {
    const { rows } = await admin.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event = 'advisory'`,
    );
    return rows[0].n;
  }

  it('answers 500 with a request id, writes nothing, stays up and serves the next requests', async () => {
    const [me] = await server.services.db
      .execute<{ id: string }>("select id from base_user where account = 'admin'")
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    const before = await files();

    // The upload transaction starts by taking this user's advisory lock; holding it here keeps
    // every upload's transaction open, so the backends are ended mid-transaction.
    await admin.query('select pg_advisory_lock(hashtext($1))', [`upload:${me!.id}`]);
    const uploads = Array.from({ length: 4 }, () => upload());
    while ((await waitingUploads()) < uploads.length) await new Promise((r) => setTimeout(r, 20));
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const answers = await Promise.all(uploads);
    await admin.query('select pg_advisory_unlock_all()');

    for (const answer of answers) {
      expect(answer.status).toBe(500);
      expect(answer.code).toBe(500);
      expect(answer.data?.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.msg).toContain(answer.data!.requestId);
    }
    expect(await files()).toBe(before);

    // The pool replaced the ended connections: concurrent writes and reads succeed again.
    const again = await Promise.all(Array.from({ length: 4 }, () => upload()));
    expect(again.map((a) => a.code)).toEqual([200, 200, 200, 200]);
    expect(await files()).toBe(before + 4);
    expect((await server.request('GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
  });
});
