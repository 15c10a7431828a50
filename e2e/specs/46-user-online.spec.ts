import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  appUrl,
  launchBrowser,
  newPage,
  OK,
  screenshots,
  settled,
  signIn,
} from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';
import { api } from './6x-support';

describe('permission/userOnline', () => {
  let browser: Browser;
  let page: Page;
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser)).page;
    failureShot = () => page.screenshot({ path: '/tmp/e2e-46-failure.png' }).then(() => undefined);
    await signInAdmin(page);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const sessionIds = async () =>
    (await api<{ id: string }[]>(page, 'GET', '/api/system/OnlineUser?currentPage=1&pageSize=500')).data.map(
      (row) => row.id,
    );

  /** Signs the administrator in once more in a new browser context; answers that page and the new session's id. */
  const secondSession = async (): Promise<{ other: Page; id: string }> => {
    const before = await sessionIds();
    const { page: other } = await newPage(browser);
    await other.goto(appUrl('/login'));
    await signIn(other, 'admin', adminPassword());
    await other.waitForURL(/#\/home/);
    const id = (await sessionIds()).find((candidate) => !before.includes(candidate));
    expect(id).toBeDefined();
    return { other, id: id ?? '' };
  };

  const list = () => page.getByTestId('user-online-page');

  /** A forced session lands on sign-in: through the socket's logout push, else on its next request (601). */
  const signedOut = async (other: Page) => {
    const pushed = await other
      .waitForURL(/#\/login/, { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (pushed) return;
    await other.reload();
    await other.waitForURL(/#\/login/);
  };

  it('forces a session offline after a confirmation: its holder is sent to sign in', async () => {
    const { other, id } = await secondSession();
    await page.goto(appUrl('/permission/userOnline'));
    const row = list().locator(`.ant-table-row[data-row-key="${id}"]`);
    await row.waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '46-user-online.png') });

    // The keyword narrows the list (no such user).
    const box = list().locator('.list-search-bar input');
    await box.fill('nobody-46');
    await box.press('Enter');
    await list().locator('.ant-empty').waitFor();
    await box.fill('admin');
    await box.press('Enter');
    await row.waitFor();

    await row.getByRole('button', { name: '强制下线' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('强制下线，是否继续').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '46-user-online-confirm.png') });
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'success');
    await row.waitFor({ state: 'detached' });

    // The forced session is sent to sign in (socket push or code 601 on its next request).
    await signedOut(other);
    await other.context().close();
  });

  it('forces several selected sessions offline at once', async () => {
    const first = await secondSession();
    const second = await secondSession();
    await page.goto(appUrl('/permission/userOnline'));
    await page.reload();
    const rows = [first, second].map(({ id }) => list().locator(`.ant-table-row[data-row-key="${id}"]`));
    for (const row of rows) await row.waitFor();
    const batch = list().locator('.list-page__toolbar').getByRole('button', { name: '批量下线' });
    await expect(batch.isDisabled()).resolves.toBe(true);
    for (const row of rows) await row.locator('.ant-checkbox-input').check();
    await batch.click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('选中的 2 个会话').waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    for (const row of rows) await row.waitFor({ state: 'detached' });
    for (const { other } of [first, second]) {
      await signedOut(other);
      await other.context().close();
    }
    // The administrator's own session is still alive.
    const me = await api(page, 'GET', '/api/oauth/CurrentUser');
    expect(me.code).toBe(200);
  });
});
