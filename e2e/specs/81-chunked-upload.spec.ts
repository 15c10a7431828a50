import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, settled } from '../support/browser';

/*
 * e2e 81 (#11 F4): a 12 MB attachment uploaded through an uploadFz field in /previewModel, the
 * server restarted after the first chunk; the upload continues from the chunks the server kept
 * (chunk 1 is not sent again) and the stored file has the original's MD5.
 * The spec runs its own server (own port and data folder), since it restarts it.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'Upload81x';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The built server on its own port and data folder; start() again after stop() is a restart. */
class OwnServer {
  private child: ChildProcess | null = null;
  output = '';
  constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly webDist: string,
  ) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      NODE_ENV: 'test',
      CAPTCHA_ECHO: '1',
      ADMIN_PASSWORD: PASSWORD,
      WEB_DIST: this.webDist,
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'FILE_DIR', 'STORAGE']) delete env[name];
    const child = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], {
      env,
      stdio: 'pipe',
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.output += chunk.toString('utf8');
    });
    const deadline = Date.now() + 110_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${this.output.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`server not ready:\n${this.output.slice(-3000)}`);
      try {
        const answer = await fetch(`${this.baseUrl}/api/oauth/getConfig/admin`);
        if (answer.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  async api<T>(method: string, path: string, token: string | null, body?: Record<string, string>) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'jnpf-origin': 'pc',
        ...(token ? { authorization: token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await response.json()) as { code: number; msg: string; data: T };
  }

  /** Signs the administrator in and replaces the initial password (the image code from the echo). */
  async adminToken(): Promise<string> {
    const login = await fetch(`${this.baseUrl}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'jnpf-origin': 'pc' },
      body: new URLSearchParams({
        account: 'admin',
        password: md5(PASSWORD),
        code: '',
        timestamp: '',
        origin: 'password',
        grant_type: 'password',
      }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const timestamp = `${Date.now()}123`;
    await fetch(`${this.baseUrl}/api/file/ImageCode/${timestamp}`);
    const code = new RegExp(`^captcha ${timestamp} (\\S+)$`, 'm').exec(this.output)?.[1] ?? '';
    const changed = await this.api('POST', '/api/oauth/updatePasswordMessage', token, {
      oldPassword: md5(PASSWORD),
      password: md5(`${PASSWORD}1`),
      code,
      timestamp,
    });
    if (changed.code !== 200) throw new Error(`password change: ${changed.msg}`);
    return token;
  }
}

/** A form with one attachment field (no size or count limit). */
const UPLOAD_FORM = {
  formRef: 'elForm',
  formModel: 'dataForm',
  size: 'small',
  labelPosition: 'right',
  labelWidth: 100,
  formRules: 'rules',
  gutter: 15,
  disabled: false,
  span: 24,
  formBtns: false,
  idGlobal: 1,
  fields: [
    {
      __config__: {
        jnpfKey: 'uploadFz',
        label: '附件',
        showLabel: true,
        tag: 'JNPF-UploadFz',
        span: 24,
        required: false,
        regList: [],
        formId: 1,
        renderKey: 1,
        defaultValue: [],
      },
      __vModel__: 'attachments',
      accept: '',
      fileSize: 100,
      sizeUnit: 'MB',
      buttonText: '点击上传',
      limit: 0,
      pathType: 'defaultPath',
      isAccount: 0,
    },
  ],
};

describe('chunked upload across a server restart (#11)', () => {
  const work = mkdtempSync(join(tmpdir(), 'console-e2e81-'));
  let server: OwnServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const webDist = join(work, 'web-dist');
    cpSync(join(repoRoot, 'web', 'dist'), webDist, { recursive: true });
    server = new OwnServer(await freePort(), join(work, 'data'), webDist);
    await server.start();
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('resumes a 12 MB upload from the chunks the restarted server kept; the stored file has the same MD5', async () => {
    const content = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < content.length; i += 4) content.writeUInt32LE((i * 2654435761) >>> 0, i);
    const identifier = md5(content);

    const token = await server.adminToken();
    await page.goto(`${server.baseUrl}/#/login`);
    await page.evaluate((value) => localStorage.setItem('console_token', value), token);
    await page.goto(`${server.baseUrl}/#/previewModel`);
    await page.getByRole('textbox', { name: '表单 JSON' }).fill(JSON.stringify(UPLOAD_FORM));
    await page.getByRole('button', { name: /渲\s?染/ }).click();
    const input = page.getByTestId('upload-input');
    await input.waitFor({ state: 'attached' });
    await settled(page);

    // Chunk 2 waits here until the server has been stopped, so the restart falls mid-upload.
    const sent: number[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname === '/api/file/chunk')
        sent.push(Number(url.searchParams.get('chunkNumber')));
    });
    let releaseChunk2!: () => void;
    const chunk2Held = new Promise<void>((r) => {
      releaseChunk2 = r;
    });
    let chunk2Seen!: () => void;
    const chunk2Reached = new Promise<void>((r) => {
      chunk2Seen = r;
    });
    await page.route('**/api/file/chunk?**', async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'POST' && url.searchParams.get('chunkNumber') === '2') {
        chunk2Seen();
        await chunk2Held;
      }
      await route.continue().catch(() => route.abort());
    });

    await input.setInputFiles({
      name: '报告#12MB.bin',
      mimeType: 'application/octet-stream',
      buffer: content,
    });
    await chunk2Reached;
    await server.stop();
    const firstRun = [...sent];
    expect(firstRun).toContain(1);
    releaseChunk2();
    await server.start();
    await page.unroute('**/api/file/chunk?**');

    // The page tries each chunk five times; when they ran out during the restart, retry by hand.
    const item = page.getByTestId('upload-item');
    const entry = page.getByTestId('upload-entry');
    await expect
      .poll(
        async () => {
          if ((await entry.count()) > 0) return 'stored';
          if ((await item.getAttribute('data-status').catch(() => null)) === 'error')
            await item.getByRole('button', { name: /重\s?试/ }).click();
          return 'uploading';
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe('stored');

    // Chunk 1 was held by the stopped server and not sent again.
    expect(sent.slice(firstRun.length).filter((n) => n === 1)).toEqual([]);
    expect(await entry.textContent()).toContain('报告12MB.bin');
    const href = (await entry.getByRole('link').getAttribute('href')) ?? '';
    const stored = await fetch(`${server.baseUrl}${href}`);
    expect(stored.status).toBe(200);
    expect(md5(Buffer.from(await stored.arrayBuffer()))).toBe(identifier);
    const name = href.slice(href.lastIndexOf('/') + 1);
    expect(md5(readFileSync(join(server.dataDir, 'files', 'files', 'annex', name)))).toBe(identifier);
    await page.screenshot({
      path: join(repoRoot, 'e2e', 'test-results', 'screenshots', '81-chunked-upload.png'),
    });
  }, 300_000);
});
