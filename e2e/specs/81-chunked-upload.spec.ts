import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, openWithToken, settled } from '../support/browser';
import { md5, OwnServer, repoRoot } from './8x-support';

/*
 * e2e 81 (#11 F4): a 12 MB attachment uploaded through an uploadFz field in /previewModel, the
 * server restarted after the first chunk; the upload continues from the chunks the server kept
 * (chunk 1 is not sent again) and the stored file has the original's MD5.
 * The spec runs its own server (own port and data folder), since it restarts it; each attempt a new one.
 */

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
  let work: string;
  let server: OwnServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  // Each attempt gets a fresh server, data folder and browser context: a retry starts where the
  // first attempt did, not on a server it stopped, with the chunks and password it left behind.
  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'console-e2e81-'));
    server = await OwnServer.create(work, 'Upload81x');
    ({ context, page } = await newPage(browser));
  }, 180_000);

  afterEach(async () => {
    await context?.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('resumes a 12 MB upload from the chunks the restarted server kept; the stored file has the same MD5', async () => {
    const content = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < content.length; i += 4) content.writeUInt32LE((i * 2654435761) >>> 0, i);
    // A PDF's signature first: attachments take only the types a single upload takes (sniffed bytes).
    content.write('%PDF-1.7\n', 0, 'latin1');
    const identifier = md5(content);

    await openWithToken(page, await server.adminToken(), '/previewModel', server.baseUrl);
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
      name: '报告#12MB.pdf',
      mimeType: 'application/pdf',
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
    expect(await entry.textContent()).toContain('报告12MB.pdf');
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
