import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FormDefinition, type FormField, sampleColumnData, sampleForm } from '@console/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { appUrl, settled } from '../support/browser';
import { api } from './6x-support';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Screenshots of the form engine specs, looked at by hand (not published in docs/). */
export const results = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test-results');
mkdirSync(results, { recursive: true });

export async function resultShot(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({ path: join(results, name) });
}

/** A node of the menu tree /api/oauth/CurrentUser answers. */
export interface MenuNode {
  id: string;
  enCode: string;
  children?: MenuNode[];
}

function findMenuByCode(nodes: MenuNode[], code: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.enCode === code) return node;
    const found = findMenuByCode(node.children ?? [], code);
    if (found) return found;
  }
  return undefined;
}

/**
 * The menu whose enCode is `code`, searched through the whole menu tree of the signed-in `page`
 * (e.g. a page a released design made, or its parent 'demo.generated'); throws when there is none.
 */
export async function menuByCode(page: Page, code: string): Promise<MenuNode> {
  const me = await api<{ menuList: MenuNode[] }>(page, 'GET', '/api/oauth/CurrentUser');
  const menu = findMenuByCode(me.data.menuList, code);
  if (!menu) throw new Error(`no menu ${code}`);
  return menu;
}

/**
 * Creates a web design (webType 2) of the shared sample form and list (`columns` adds list
 * settings, e.g. hasSuperQuery) in the first business-type category, and releases it as a PC page
 * under the menu 'demo.generated'. Answers the design's id and that parent menu.
 */
export async function createReleasedSampleDesign(
  admin: Page,
  design: { fullName: string; enCode: string; columns?: Record<string, unknown> },
): Promise<{ id: string; parent: MenuNode }> {
  const categories = await api<{ list: { id: string }[] }>(
    admin,
    'GET',
    '/api/system/DictionaryData/businessType/Data/Selector',
  );
  const created = await api<{ id: string }>(admin, 'POST', '/api/visualdev/Base', {
    fullName: design.fullName,
    enCode: design.enCode,
    category: categories.data.list[0]!.id,
    webType: 2,
    tables: '[]',
    formData: JSON.stringify(sampleForm()),
    columnData: JSON.stringify(sampleColumnData(design.columns)),
  });
  expect(created.code, created.msg).toBe(200);
  const parent = await menuByCode(admin, 'demo.generated');
  const released = await api(admin, 'POST', `/api/visualdev/Base/${created.data.id}/Actions/Release`, {
    pc: 1,
    app: 0,
    pcModuleParentId: parent.id,
  });
  expect(released.code, released.msg).toBe(200);
  return { id: created.data.id, parent };
}

/** The second column (the sample form's 标题) of every row a generated list page shows, once loaded. */
export async function generatedListTitles(page: Page): Promise<string[]> {
  await settled(page);
  await page
    .getByTestId('online-dev-page')
    .locator('.ant-spin-spinning')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  return page
    .getByTestId('online-dev-page')
    .locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)')
    .allInnerTexts();
}

/** Opens /previewModel and renders `form` from its JSON, as a designer pastes it, in edit mode. */
export async function renderInPreview(page: Page, form: FormDefinition): Promise<Locator> {
  await page.goto(appUrl('/previewModel'));
  const json = page.getByRole('textbox', { name: '表单 JSON' });
  await json.fill(JSON.stringify(form));
  await page.getByRole('button', { name: /渲\s?染/ }).click();
  const rendered = page.locator('.preview-model form');
  await rendered.waitFor();
  // The page keeps its mode across visits: start editable.
  await previewMode(page, '编辑');
  return rendered;
}

/** The card of `form` whose header is exactly `header` (the sample forms wrap each group in one). */
export function cardTitled(scope: Locator, header: string): Locator {
  return scope
    .locator('.ant-card')
    .filter({ has: scope.page().locator('.ant-card-head-title', { hasText: new RegExp(`^${header}$`) }) })
    .first();
}

/** The form item labelled `label` inside `scope`. */
export function formItem(scope: Locator, label: string): Locator {
  return scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) })
    .first();
}

/** Switches the preview between editing and the read-only detail view. */
export async function previewMode(page: Page, mode: '编辑' | '详情'): Promise<void> {
  await page.locator('.preview-model .ant-segmented').getByText(mode, { exact: true }).click();
  await settled(page);
}

/** A leaf field as the designer writes it, named by its vModel. */
export function leaf(
  jnpfKey: string,
  label: string,
  vModel: string,
  props: Record<string, unknown> = {},
): FormField {
  return {
    __config__: {
      jnpfKey,
      label,
      layout: 'colFormItem',
      span: 24,
      showLabel: true,
      required: false,
      visibility: ['pc', 'app'],
    },
    __vModel__: vModel,
    ...props,
  } as FormField;
}

/**
 * An order: price × quantity as a stored calculate, a sub-table of items (with a per-row subtotal
 * calculate and its summary when `rowSubtotal`, else a summary of the quantities), a user and a
 * department picker, and a relation form opening its popup.
 */
export function orderForm(rowSubtotal: boolean): FormDefinition {
  const subtotal = leaf('calculate', '小计', 'subtotal', {
    expression: [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.quantity' }],
    precision: 2,
  });
  subtotal.__config__.isStorage = 2;
  const columns = [
    leaf('comInput', '名称', 'name'),
    leaf('numInput', '单价', 'price', { precision: 2 }),
    leaf('numInput', '数量', 'quantity', { precision: 0 }),
    ...(rowSubtotal ? [subtotal] : []),
  ];
  const items = leaf('table', '明细', 'items', {
    showTitle: true,
    actionText: '添加',
    'show-summary': true,
    summaryField: [rowSubtotal ? 'subtotal' : 'quantity'],
  });
  Object.assign(items.__config__, { layout: 'rowFormItem', children: columns });
  const amount = leaf('calculate', '金额', 'amount', {
    expression: [{ __vModel__: 'price' }, '×', { __vModel__: 'quantity' }],
    precision: 2,
  });
  amount.__config__.isStorage = 2;
  return {
    size: 'small',
    labelWidth: 100,
    gutter: 15,
    fields: [
      leaf('numInput', '单价', 'price', { precision: 2 }),
      leaf('numInput', '数量', 'quantity', { precision: 0 }),
      amount,
      items,
      leaf('userSelect', '经办人', 'handler', { selectType: 'all', multiple: false }),
      leaf('depSelect', '部门', 'department', { selectType: 'all', multiple: false }),
      leaf('relationForm', '关联订单', 'order', {
        modelId: 'orders',
        relationField: 'name',
        columnOptions: [{ value: 'name', label: '名称' }],
        hasPage: true,
        pageSize: 20,
        popupType: 'dialog',
        popupTitle: '选择订单',
        popupWidth: '800px',
      }),
    ],
  };
}

/**
 * Searches an organisation picker's tree and picks `name`. The tree re-renders while the search
 * expands it, which can swallow a click on a loaded machine: the click is tried again.
 */
export async function pickInSearchedTree(picker: Locator, keyword: string, name: string): Promise<void> {
  const box = picker.locator('.org-picker__keyword input');
  await box.fill(keyword);
  await box.press('Enter');
  const node = picker
    .locator('.org-picker__source .ant-tree:visible')
    .getByText(name, { exact: true })
    .first();
  const picked = picker.getByTestId('org-picker-selected').getByText(name).first();
  for (let attempt = 1; ; attempt++) {
    await node.click();
    try {
      await picked.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex');

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

/**
 * The built server on its own port, data folder and copy of web/dist, for specs that restart it
 * (81, 82); start() again after stop() is a restart. `env` adds settings (e.g. DEMO_DATA).
 */
export class OwnServer {
  private child: ChildProcess | null = null;
  output = '';
  constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly webDist: string,
    private readonly initialPassword: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.password = initialPassword;
  }

  /** The administrator's password: the initial one until adminToken() replaces it. */
  private password: string;

  /** A server in `work` (a fresh temporary folder), started. */
  static async create(work: string, password: string, env: Record<string, string> = {}) {
    const webDist = join(work, 'web-dist');
    cpSync(join(repoRoot, 'web', 'dist'), webDist, { recursive: true });
    const server = new OwnServer(await freePort(), join(work, 'data'), webDist, password, env);
    await server.start();
    return server;
  }

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
      ADMIN_PASSWORD: this.initialPassword,
      WEB_DIST: this.webDist,
      ...this.env,
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

  async api<T>(method: string, path: string, token: string | null, body?: unknown) {
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

  /**
   * Signs the administrator in; while the server says the initial password is still owed, replaces
   * it (the image code from the echo) and signs in with the new one from then on, so that a second
   * call, or a retried test, starts from the same state.
   */
  async adminToken(): Promise<string> {
    const token = await this.signIn();
    const me = await this.api<{ userInfo: { changePasswordDate: number | null } }>(
      'GET',
      '/api/oauth/CurrentUser',
      token,
    );
    if (me.code !== 200) throw new Error(`current user: ${me.msg}`);
    if (me.data.userInfo.changePasswordDate !== null) return token;
    const timestamp = `${Date.now()}123`;
    await fetch(`${this.baseUrl}/api/file/ImageCode/${timestamp}`);
    const code = new RegExp(`^captcha ${timestamp} (\\S+)$`, 'm').exec(this.output)?.[1] ?? '';
    const next = `${this.password}1`;
    const changed = await this.api('POST', '/api/oauth/updatePasswordMessage', token, {
      oldPassword: md5(this.password),
      password: md5(next),
      code,
      timestamp,
    });
    if (changed.code !== 200) throw new Error(`password change: ${changed.msg}`);
    this.password = next;
    return token;
  }

  private async signIn(): Promise<string> {
    const login = await fetch(`${this.baseUrl}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'jnpf-origin': 'pc' },
      body: new URLSearchParams({
        account: 'admin',
        password: md5(this.password),
        code: '',
        timestamp: '',
        origin: 'password',
        grant_type: 'password',
      }),
    });
    const answer = (await login.json()) as { code: number; msg: string; data?: { token: string } };
    if (answer.code !== 200 || !answer.data) throw new Error(`admin sign-in: ${answer.msg}`);
    return answer.data.token;
  }
}
