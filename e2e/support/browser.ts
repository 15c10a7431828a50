import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import './context';
import { recordToasts } from './toasts';

/** Debian's Chromium (scripts/ensure-chromium.mjs); a browser is never downloaded. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A fresh browser context (own localStorage) in simplified Chinese, 1440×900. */
export async function newPage(
  browser: Browser,
  locale = 'zh-CN',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Where specs save their screenshots: a git-ignored folder, since a test run never changes tracked
 * files. docs/screenshots holds copies chosen from it by hand.
 */
export const screenshots = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-results',
  'screenshots',
);
mkdirSync(screenshots, { recursive: true });

/** The OK button of antd dialogs (antd puts a space between two CJK characters). */
export const OK = /^确\s?定$/;

export function baseUrl(): string {
  return inject('baseUrl');
}

export function appUrl(hashPath: string): string {
  return `${baseUrl()}/#${hashPath}`;
}

/**
 * Waits until no finite CSS transition or animation runs (menus, drawers, dialogs, the collapsing
 * side bar): for screenshots, and before asserting that something did not happen. Endless ones (a
 * spinner, the blinking chat icon) never finish, so they are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Picks `option` in an antd select and waits until the select shows it. A click on an option of a
 * list still opening can be lost on a loaded machine, so the click is tried again.
 */
export async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  const choice = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first();
  for (let attempt = 1; ; attempt++) {
    if (!(await choice.isVisible())) await select.click();
    await choice.click();
    try {
      await select.filter({ hasText: option }).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The image code the server echoed (`captcha <timestamp> <code>`) for the timestamp of an image URL. */
export async function captchaFor(imageUrl: string): Promise<string> {
  const timestamp = /\/(\d+)(?:\?.*)?$/.exec(imageUrl)?.[1];
  if (!timestamp) throw new Error(`no timestamp in image code address ${imageUrl}`);
  const pattern = new RegExp(`^captcha ${timestamp} (\\S+)$`, 'm');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const match = pattern.exec(readFileSync(inject('serverLog'), 'utf8'));
    if (match?.[1]) return match[1];
    await sleep(100);
  }
  throw new Error(`the server echoed no captcha for ${timestamp}`);
}

const passwordFile = () => join(inject('stateDir'), 'admin-password');

/** The administrator's current password (the printed one until a spec changes it). */
export function adminPassword(): string {
  const file = passwordFile();
  return existsSync(file) ? readFileSync(file, 'utf8') : inject('initialAdminPassword');
}

/** Whether a spec has replaced the initial password (until then the first sign-in must change it). */
export function adminPasswordChanged(): boolean {
  return existsSync(passwordFile());
}

export function rememberAdminPassword(password: string): void {
  writeFileSync(passwordFile(), password);
}

/** Fills the sign-in form (and the image code when it is shown) and submits it with Enter. */
export async function signIn(page: Page, account: string, password: string): Promise<void> {
  if (!page.url().includes('#/login')) await page.goto(appUrl('/login'));
  const accountField = page.locator('#login_account');
  const passwordField = page.locator('#login_password');
  // The form must show what was typed before it is sent: the password form's change handler merges
  // into the values of its last render, so two quick changes before a re-render lose the first one
  // (seen as an emptied account field under load). Type again when that happened.
  for (let attempt = 1; ; attempt++) {
    if ((await accountField.inputValue()) !== account) await accountField.fill(account);
    await accountField.blur();
    if ((await passwordField.inputValue()) !== password) await passwordField.fill(password);
    // getConfig answers after the blur; give the code field a moment to appear when it is needed.
    await page.waitForLoadState('networkidle');
    const typed =
      (await accountField.inputValue()) === account && (await passwordField.inputValue()) === password;
    if (typed) break;
    if (attempt === 3) throw new Error('the sign-in form keeps losing the typed account or password');
  }
  const codeImage = page.locator('.login-form__code-image img');
  if (await codeImage.isVisible()) {
    const src = (await codeImage.getAttribute('src')) ?? '';
    await page.locator('#login_code').fill(await captchaFor(src));
  }
  await passwordField.press('Enter');
}

/**
 * Signs in through the API and hands the token to the page, which then opens `hashPath`: for specs
 * whose subject is not the sign-in page (02 and 30 sign in through the form). The image code is
 * answered when the sign-in configuration asks for one.
 */
export async function signInByApi(page: Page, account: string, password: string, hashPath = '/home') {
  const config = (await (await fetch(`${baseUrl()}/api/oauth/getConfig/${account}`)).json()) as {
    data: { enableVerificationCode?: number; verificationCodeNumber?: number };
  };
  let code = '';
  let timestamp = '';
  if (config.data.enableVerificationCode === 1) {
    timestamp = String(Date.now());
    const image = `/api/oauth/ImageCode/${config.data.verificationCodeNumber ?? 4}/${timestamp}`;
    await fetch(`${baseUrl()}${image}`);
    code = await captchaFor(image);
  }
  const answer = (await (
    await fetch(`${baseUrl()}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'jnpf-origin': 'pc' },
      body: new URLSearchParams({
        account,
        password: createHash('md5').update(password).digest('hex'),
        code,
        timestamp,
        origin: 'password',
        jnpf_ticket: '',
        grant_type: 'password',
      }),
    })
  ).json()) as { code: number; msg: string; data?: { token: string } };
  if (answer.code !== 200 || !answer.data) throw new Error(`sign-in of ${account}: ${answer.msg}`);
  // Any same-origin address will do for writing the token; a small JSON answer loads fastest.
  await page.goto(`${baseUrl()}/api/oauth/getConfig/${account}`);
  await page.evaluate((token) => localStorage.setItem('console_token', token), answer.data.token);
  await page.goto(appUrl(hashPath));
  await page.waitForURL((url) => url.hash.startsWith(`#${hashPath}`));
}

/** The current user as the server describes it (through the page's own token). */
export async function currentUser(
  page: Page,
): Promise<{ userInfo: { userName: string; organizeName?: string } }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('console_token') ?? '';
    const answer = await fetch(`/api/oauth/CurrentUser?n=${Math.floor(Date.now() / 1000)}`, {
      headers: { Authorization: token, 'jnpf-origin': 'pc' },
    });
    return (await answer.json()).data;
  });
}
