import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, md5, type TestDatabase } from '../test/harness.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts src/main.ts as an operator would, with its output piped (not a terminal, like a log
 * file or a service manager), on a port of its choosing, until it listens.
 */
async function startProcess(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env };
  delete childEnv.ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: serverRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (listening) resolve(Number(listening[1]));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, port: await port, output: () => output };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

describe('the generated administrator password, output not a terminal', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'console-first-start-'));
  let database: TestDatabase | undefined;
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await database?.drop();
  });

  async function firstStart(env: Record<string, string>, dataDir: string) {
    const started = await startProcess({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const file = path.join(dataDir, 'initial-admin-password');
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password).toMatch(/^\S{12}$/);
      // Never printed, so it lands in no log; one line says where it is.
      expect(started.output()).not.toContain(password);
      expect(started.output()).toContain(file);
      const login = await fetch(`http://127.0.0.1:${started.port}/api/oauth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: 'admin', password: md5(password) }).toString(),
      });
      expect(((await login.json()) as { code: number }).code).toBe(200);
    } finally {
      await stop(started.child);
    }
  }

  // A first start of a process (compile, migrate, seed) takes a while on a loaded machine.
  const FIRST_START_MS = 240_000;

  it(
    'is written once to DATA_DIR/initial-admin-password (mode 0600), not printed',
    async () => {
      await firstStart({ DATABASE_URL: '' }, path.join(work, 'embedded'));
    },
    FIRST_START_MS,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'goes to DATA_DIR, created for it, when the database is PostgreSQL',
    async () => {
      database = await createTestDatabase();
      await firstStart({ DATABASE_URL: database.url!, REDIS_URL: '' }, path.join(work, 'not-yet', 'there'));
    },
    FIRST_START_MS,
  );
});

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-drain-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes /readyz answer 503 at once while requests are still served for SHUTDOWN_DRAIN_MS, then exits 0', async () => {
    const started = await startProcess({ DATA_DIR: dataDir, DATABASE_URL: '', SHUTDOWN_DRAIN_MS: '3000' });
    const base = `http://127.0.0.1:${started.port}`;
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => started.child.once('exit', resolve));
      started.child.kill('SIGTERM');
      let ready = await fetch(`${base}/readyz`);
      for (let i = 0; i < 20 && ready.status === 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        ready = await fetch(`${base}/readyz`);
      }
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/api/oauth/getConfig/admin`)).status).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      started.child.kill('SIGKILL');
    }
  }, 240_000); // A first start (compile, migrate, seed) takes a while on a loaded machine.
});
