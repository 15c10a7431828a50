import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Locator,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import './context';
import { recordToasts, toast } from './toasts';

/**
 * The run's Chromium (support/chromium.ts), connected to for the calling spec file: close() ends
 * the contexts this connection opened and leaves the browser to the next file.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'));
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

/**
 * Saves a finished download into the git-ignored test-results folder and answers its path: the
 * run's Chromium is connected to, not launched, so Playwright keeps no local copy (download.path()).
 */
export async function savedDownload(download: Download): Promise<string> {
  const folder = mkdtempSync(join(screenshots, '..', 'downloads-'));
  const file = join(folder, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

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
  // antd starts an opening motion a frame after the element appears: let two frames pass first.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
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

/** Back to the printed password (after the server was told to take it again). */
export function forgetAdminPassword(): void {
  rmSync(passwordFile(), { force: true });
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
  await openWithToken(page, await apiToken(account, password), hashPath);
}

/** A session token of `account` from the sign-in API (the image code answered when asked for). */
export async function apiToken(account: string, password: string): Promise<string> {
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
  return answer.data.token;
}

const adminTokenFile = () => join(inject('stateDir'), 'admin-token');

/**
 * The administrator's session of this run, shared by the spec files through the state folder so
 * that a spec's set-up does not sign in again. It is checked before use: when a spec ended it
 * (signed out, forced offline, changed the password), a new one is signed in and stored.
 */
export async function sharedAdminToken(): Promise<string> {
  const file = adminTokenFile();
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8');
    const me = await fetch(`${baseUrl()}/api/oauth/CurrentUser`, {
      headers: { Authorization: token, 'jnpf-origin': 'pc' },
    });
    if (((await me.json()) as { code: number }).code === 200) return token;
  }
  const token = await apiToken('admin', adminPassword());
  writeFileSync(file, token);
  return token;
}

/**
 * Hands a session token to the app at `origin` and opens `hashPath` in a fresh page load. The token
 * is written on a same-origin address outside the app (a small JSON answer loads fastest): written
 * while the app shows its sign-in page, it makes the route guard send the now signed-in visitor
 * from /login to / (console.md 2.2), and that navigation races the one to `hashPath`. On a loaded
 * machine the guard won and 81 waited on /home for the form of /previewModel.
 */
export async function openWithToken(page: Page, token: string, hashPath: string, origin = baseUrl()) {
  await page.goto(`${origin}/api/oauth/getConfig/admin`);
  await page.evaluate((value) => localStorage.setItem('console_token', value), token);
  await page.goto(`${origin}/#${hashPath}`);
  await page.waitForURL((url) => url.hash.startsWith(`#${hashPath}`));
}

/** The current user as the server describes it (through the page's own token). */
export async function currentUser(page: Page): Promise<{
  userInfo: {
    userName: string;
    organizeName?: string;
    changePasswordDate?: number | null;
    prevLogin?: number;
  };
  sysConfigInfo?: { mandatoryModificationOfInitialPassword?: number | string };
}> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('console_token') ?? '';
    const answer = await fetch(`/api/oauth/CurrentUser?n=${Math.floor(Date.now() / 1000)}`, {
      headers: { Authorization: token, 'jnpf-origin': 'pc' },
    });
    return (await answer.json()).data;
  });
}

/**
 * After a sign-in through the form: when the server says the password must still be changed, fills
 * the dialog the shell then opens (with the echoed image code) and answers `next`; otherwise
 * answers `current`. Asking the server, not looking for the dialog for a while, makes a loaded
 * machine decide the same as a quiet one.
 */
export async function changeOwedPassword(page: Page, current: string, next: string): Promise<string> {
  const me = await currentUser(page);
  const owed =
    me.userInfo.changePasswordDate == null &&
    Number(me.sysConfigInfo?.mandatoryModificationOfInitialPassword) === 1;
  if (!owed) return current;
  const dialog = page.locator('.change-password-dialog');
  await dialog.waitFor();
  await page.locator('#changePassword_oldPassword').fill(current);
  await page.locator('#changePassword_newPassword').fill(next);
  await page.locator('#changePassword_repeatPassword').fill(next);
  const src = (await dialog.locator('.image-code-button img').getAttribute('src')) ?? '';
  await page.locator('#changePassword_code').fill(await captchaFor(src));
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  return next;
}

/**
 * Waits for the previous-sign-in notice that the shell shows once after loading a user who signed
 * in before (userInfo.prevLogin) and closes it, so that it covers nothing; the shell must be
 * showing. The notice closes itself after 6 s, which a loaded machine can spend between two steps:
 * the record of toasts says it was shown even then.
 */
export async function closePrevLoginNotice(page: Page): Promise<void> {
  if (Number((await currentUser(page)).userInfo.prevLogin) !== 1) return;
  // Every language's text of the notice names the IP address.
  await toast(page, 'notification', /IP/);
  const notices = page
    .locator('.ant-notification-notice')
    .filter({ has: page.locator('.prev-login-notice') });
  // A notice may close itself between .all() and the click: then the click would wait the default
  // 30 s for a button that is gone, so it gives up after 2 s and the detached state below decides.
  for (const close of await notices.locator('.ant-notification-notice-close').all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await notices.first().waitFor({ state: 'detached' });
}
