import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { call, login, md5 } from './http.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'server/dist/main.js');

/** The initial password given through ADMIN_PASSWORD, and the one the bench replaces it with. */
export const INITIAL_PASSWORD = 'Bench12345';
export const BENCH_PASSWORD = 'Bench12345x';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** Extra environment: DATABASE_URL, REDIS_URL, REDIS_PREFIX for the PostgreSQL run. */
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof for a profile. */
  nodeArgs?: string[];
}

/** The built server running as a child process on 127.0.0.1. */
export class BenchServer {
  private readonly codes = new Map<string, string>();
  private readonly waiters = new Map<string, (code: string) => void>();
  private stderr = '';

  private constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
    private readonly dataDir: string,
  ) {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      // CAPTCHA_ECHO=1 prints `captcha <timestamp> <code>` for each image code.
      const match = /^captcha (\d+) (\S+)$/.exec(line.trim());
      if (!match) return;
      const [, timestamp, code] = match as unknown as [string, string, string];
      const waiter = this.waiters.get(timestamp);
      if (waiter) waiter(code);
      else this.codes.set(timestamp, code);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
  }

  static async start(options: ServerOptions = {}): Promise<BenchServer> {
    if (!existsSync(SERVER_ENTRY)) {
      throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` at the repository root first`);
    }
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-bench-'));
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_ENTRY], {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: INITIAL_PASSWORD,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        CAPTCHA_ECHO: '1',
        REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:`,
        // messagePush on PGlite opens its 1,000 sockets as one user's tabs.
        SOCKETS_PER_USER: '2000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new BenchServer(child, `http://127.0.0.1:${port}`, dataDir);
    await server.waitReady();
    return server;
  }

  /** Polls GET /api/oauth/getConfig/admin until it answers (migrations and seed run first). */
  private async waitReady(timeoutMs = 300_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) {
        throw new Error(`server exited with ${this.child.exitCode} before answering:\n${this.stderr}`);
      }
      try {
        const answer = await call(this.baseUrl, 'GET', '/api/oauth/getConfig/admin');
        if (answer.code === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server did not answer within ${timeoutMs} ms:\n${this.stderr}`);
  }

  /** Asks for an image code and reads it from the server's echo line, not from the image. */
  async imageCode(): Promise<{ timestamp: string; code: string }> {
    const timestamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const echoed = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no captcha echo line (CAPTCHA_ECHO=1?)')), 5000);
      this.waiters.set(timestamp, (code) => {
        clearTimeout(timer);
        resolve(code);
      });
      const early = this.codes.get(timestamp);
      if (early) this.waiters.get(timestamp)!(early);
    });
    const image = await call(this.baseUrl, 'GET', `/api/file/ImageCode/${timestamp}`);
    if (image.status !== 200) throw new Error(`image code not served: ${image.status}`);
    const code = await echoed;
    this.waiters.delete(timestamp);
    return { timestamp, code };
  }

  /**
   * First sign-in as an operator does it: sign in with ADMIN_PASSWORD, then replace it, so
   * the measured paths are those of a user who no longer has to change the password.
   */
  async prepareAdmin(): Promise<void> {
    const token = await login(this.baseUrl, 'admin', INITIAL_PASSWORD);
    const { timestamp, code } = await this.imageCode();
    const changed = await call(this.baseUrl, 'POST', '/api/oauth/updatePasswordMessage', {
      token,
      json: { oldPassword: md5(INITIAL_PASSWORD), password: md5(BENCH_PASSWORD), code, timestamp },
    });
    if (changed.code !== 200) throw new Error(`password change failed: ${changed.code} ${changed.msg}`);
    const me = await call<{ userInfo: { changePasswordDate: number | null } }>(
      this.baseUrl,
      'GET',
      '/api/oauth/CurrentUser',
      { token: await login(this.baseUrl, 'admin', BENCH_PASSWORD) },
    );
    if (me.code !== 200 || me.data.userInfo.changePasswordDate === null) {
      throw new Error('the password change did not take effect');
    }
  }

  /** SIGTERM (graceful shutdown), SIGKILL after 15 s; removes the PGlite folder. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
