import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  appUrl,
  baseUrl,
  changeOwedPassword,
  closePrevLoginNotice,
  launchBrowser,
  newPage,
  signIn,
} from '../support/browser';
import { signInAdmin } from './5x-support';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Calls the API over HTTP with a page's token (the page must be signed in). */
export async function api<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<Envelope<T>> {
  const token = await page.evaluate(() => localStorage.getItem('console_token') ?? '');
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Authorization: token,
      'jnpf-origin': 'pc',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** Id of a user by account, through the user administration list. */
export async function userIdOf(admin: Page, account: string): Promise<string> {
  const answer = await api<{ list: { id: string; account: string }[] }>(
    admin,
    'GET',
    `/api/permission/Users?keyword=${encodeURIComponent(account)}&currentPage=1&pageSize=20`,
  );
  const user = answer.data?.list?.find((item) => item.account === account);
  if (!user) throw new Error(`no user ${account}: ${answer.msg}`);
  return user.id;
}

/**
 * Creates a flow form (formType 2) of one text input, `label` bound to `vModel` (required when
 * `required`), and releases it; answers the form's id.
 */
export async function createReleasedTextFieldForm(
  admin: Page,
  form: { fullName: string; enCode: string; label: string; vModel: string; required?: boolean },
): Promise<string> {
  const created = await api<{ id: string }>(admin, 'POST', '/api/flowForm/Form', {
    fullName: form.fullName,
    enCode: form.enCode,
    formType: 2,
    flowType: 0,
    draftJson: JSON.stringify({
      size: 'small',
      labelWidth: 100,
      gutter: 15,
      fields: [
        {
          __config__: {
            jnpfKey: 'comInput',
            label: form.label,
            layout: 'colFormItem',
            span: 24,
            showLabel: true,
            ...(form.required ? { required: true } : {}),
            visibility: ['pc', 'app'],
          },
          __vModel__: form.vModel,
        },
      ],
    }),
  });
  expect(created.code, created.msg).toBe(200);
  const released = await api(admin, 'POST', `/api/flowForm/Form/Release/${created.data.id}?isRelease=1`);
  expect(released.code, released.msg).toBe(200);
  return created.data.id;
}

/**
 * Creates a flow template of one step, start (filling the form `formId`, batch approval allowed
 * when `batchApproval`) → the node `approver.title` assigned to the user `approver.id`, in the
 * flow-category entry `category` if given; node ids end in `run`. Answers the id of the version
 * to launch (FlowTask's flowId).
 */
export async function createOneApproverFlow(
  admin: Page,
  flow: {
    fullName: string;
    enCode: string;
    category?: string;
    formId: string;
    batchApproval?: boolean;
    approver: { title: string; id: string };
    run: string;
  },
): Promise<string> {
  const { run } = flow;
  const root = {
    type: 'start',
    nodeId: `s${run}`,
    properties: {
      title: '流程发起',
      formId: flow.formId,
      ...(flow.batchApproval ? { isBatchApproval: true } : {}),
    },
    childNode: {
      type: 'approver',
      nodeId: `a${run}`,
      prevId: `s${run}`,
      properties: { title: flow.approver.title, assigneeType: 6, approvers: [flow.approver.id] },
    },
  };
  const template = await api<{ id: string }>(admin, 'POST', '/api/workflow/Engine/flowTemplate', {
    fullName: flow.fullName,
    enCode: flow.enCode,
    ...(flow.category === undefined ? {} : { category: flow.category }),
    type: 0,
    sortCode: 0,
    flowTemplateJson: JSON.stringify([
      { id: '', flowId: `g${run}`, fullName: flow.fullName, flowTemplateJson: root },
    ]),
  });
  expect(template.code, template.msg).toBe(200);
  const versions = await api<{ id: string }[]>(
    admin,
    'GET',
    `/api/workflow/Engine/flowTemplate/FlowJsonList/${template.data.id}`,
  );
  const version = versions.data[0];
  if (!version) throw new Error(`no launchable version: ${versions.msg}`);
  return version.id;
}

/** Gives a (demo) user a password through the administrator's reset-password action. */
export async function setPassword(admin: Page, account: string, password: string): Promise<void> {
  const id = await userIdOf(admin, account);
  const md5 = createHash('md5').update(password).digest('hex');
  const answer = await api(admin, 'POST', `/api/permission/Users/${id}/Actions/ResetPassword`, {
    userPassword: md5,
    validatePassword: md5,
  });
  if (answer.code !== 200) throw new Error(`reset password of ${account}: ${answer.msg}`);
}

/**
 * Signs a user in and lands on /home; a forced change of the initial password is done with `next`.
 * Answers the password the user has afterwards.
 */
export async function signInUser(
  page: Page,
  account: string,
  password: string,
  next: string,
): Promise<string> {
  await page.goto(appUrl('/login'));
  await signIn(page, account, password);
  await page.waitForURL(/#\/home/);
  const current = await changeOwedPassword(page, password, next);
  await closePrevLoginNotice(page);
  return current;
}

/** The unread count the bell shows (0 when no badge number is shown). */
export async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('message-bell').getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? '0');
}

/** A valid PNG of the given size (two colours, so it is visibly an image) built in memory. */
export function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const left = x < width / 2;
      row.set(left ? [24, 144, 255] : [250, 173, 20], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits until the page's live socket is connected (the bell says so). */
export async function connected(page: Page): Promise<void> {
  await page.locator('[data-testid="message-bell"][data-connected="true"]').waitFor({ timeout: 15_000 });
}

/**
 * One browser for the calling describe block of spec `spec`. Pages opened through it are closed
 * after the block; when a test fails, the pages it opened are saved to
 * /tmp/e2e-<spec>-<n>-failure.png.
 */
export function specBrowser(spec: string) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let opened: Page[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      for (const [n, page] of opened.entries())
        await page.screenshot({ path: `/tmp/e2e-${spec}-${n}-failure.png` }).catch(() => undefined);
    opened = [];
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  const page = async (): Promise<Page> => {
    const side = await newPage(browser);
    contexts.push(side.context);
    opened.push(side.page);
    return side.page;
  };

  return {
    page,
    /** The administrator and a demo user, each signed in in a context of its own, sockets connected. */
    async adminAndUser(user: { account: string; password: string; next: string }) {
      const admin = await page();
      const other = await page();
      await signInAdmin(admin);
      await setPassword(admin, user.account, user.password);
      await signInUser(other, user.account, user.password, user.next);
      await Promise.all([connected(admin), connected(other)]);
      return { admin, user: other };
    },
  };
}
