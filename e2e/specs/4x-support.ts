import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';

/** Shared steps of the permission page specs (40-44). */

/**
 * Suffix of the names a spec's set-up creates once for all its tests; names a test creates itself
 * take `unique()` inside the test, so that a retry starts clean.
 */
export const RUN = unique();

export async function shot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(screenshots, name) });
}

/** The form item of a dialog by its label. */
export function field(dialog: Locator, label: string): Locator {
  return dialog.locator('.ant-form-item').filter({ has: dialog.page().getByText(label, { exact: true }) });
}

/** Waits for the success toast and the dialog to close. */
export async function saved(page: Page, dialog: Locator): Promise<void> {
  await toast(page, 'success');
  await dialog.waitFor({ state: 'hidden' });
}

/** The open picker dialog (800 px) of an organisation picker field. */
export function pickerDialog(page: Page): Locator {
  return page.locator('.org-picker-dialog').last();
}

/** Searches a picker tree by keyword (Enter) and clicks the node with this name. */
export async function pickInTree(picker: Locator, keyword: string, name: string): Promise<void> {
  const box = picker.locator('.org-picker__keyword input');
  await box.fill(keyword);
  await box.press('Enter');
  await picker
    .locator('.org-picker__source .ant-tree:visible')
    .getByText(name, { exact: true })
    .first()
    .click();
  await picker.getByTestId('org-picker-selected').getByText(name).first().waitFor();
}

/** Confirms a confirmation dialog (title 提示). */
export async function confirmTip(page: Page): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm').last();
  await confirm.getByRole('button', { name: OK }).click();
  await confirm.waitFor({ state: 'hidden' });
}

/**
 * One browser for the calling describe block, closed after it. `adminPage` opens a page signed in
 * as the administrator at `address`; with `failure`, a failing test saves that page to
 * /tmp/e2e-<failure>-failure.png.
 */
export function adminBrowser() {
  let browser: Browser;
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async adminPage(address: string, failure?: string): Promise<{ context: BrowserContext; page: Page }> {
      const { context, page } = await newPage(browser);
      if (failure) {
        failureShot = () =>
          page.screenshot({ path: `/tmp/e2e-${failure}-failure.png` }).then(() => undefined);
      }
      await signInAdmin(page);
      await page.goto(appUrl(address));
      return { context, page };
    },
  };
}
