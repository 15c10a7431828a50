import type { Page } from 'playwright-core';
import {
  adminPassword,
  adminPasswordChanged,
  appUrl,
  captchaFor,
  rememberAdminPassword,
  signIn,
  signInByApi,
} from '../support/browser';

/** Password the 5x specs give the administrator when they run alone (02 normally changes it first). */
const CHANGED_PASSWORD = 'Zq7#pLm2vTk9';

/**
 * Signs the administrator in and lands on /home. When the specs run on their own, the initial
 * password must still be changed: the forced dialog is then filled like 02-sign-in does.
 */
export async function signInAdmin(page: Page): Promise<void> {
  if (adminPasswordChanged()) {
    await signInByApi(page, 'admin', adminPassword());
    await page.getByTestId('open-settings').waitFor();
    await page
      .locator('.ant-notification-notice-close')
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
    return;
  }
  await page.goto(appUrl('/login'));
  await signIn(page, 'admin', adminPassword());
  await page.waitForURL(/#\/home/);
  const dialog = page.locator('.change-password-dialog');
  await page.waitForTimeout(800);
  if (!(await dialog.isVisible())) {
    await closeNotices(page);
    return;
  }
  const current = adminPassword();
  await page.locator('#changePassword_oldPassword').fill(current);
  await page.locator('#changePassword_newPassword').fill(CHANGED_PASSWORD);
  await page.locator('#changePassword_repeatPassword').fill(CHANGED_PASSWORD);
  const src = (await dialog.locator('.image-code-button img').getAttribute('src')) ?? '';
  await page.locator('#changePassword_code').fill(await captchaFor(src));
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  rememberAdminPassword(CHANGED_PASSWORD);
  await closeNotices(page);
}

/** Closes the previous-sign-in notice so that it does not cover the pages in screenshots. */
async function closeNotices(page: Page): Promise<void> {
  const close = page.locator('.ant-notification-notice-close');
  if ((await close.count()) > 0)
    await close
      .first()
      .click()
      .catch(() => undefined);
}
