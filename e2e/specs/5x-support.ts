import type { Page } from 'playwright-core';
import {
  adminPassword,
  adminPasswordChanged,
  appUrl,
  changeOwedPassword,
  closePrevLoginNotice,
  openWithToken,
  rememberAdminPassword,
  sharedAdminToken,
  signIn,
} from '../support/browser';

/** Password the 5x specs give the administrator when they run alone (02 normally changes it first). */
const CHANGED_PASSWORD = 'Zq7#pLm2vTk9';

/**
 * Signs the administrator in (in the run's shared session) and lands on /home. When the specs run
 * on their own, the initial password must still be changed: the forced dialog is then filled like
 * 02-sign-in does.
 */
export async function signInAdmin(page: Page): Promise<void> {
  if (adminPasswordChanged()) {
    await openWithToken(page, await sharedAdminToken(), '/home');
    await page.getByTestId('open-settings').waitFor();
  } else {
    await page.goto(appUrl('/login'));
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home/);
    const now = await changeOwedPassword(page, adminPassword(), CHANGED_PASSWORD);
    if (now !== adminPassword()) rememberAdminPassword(now);
  }
  await closePrevLoginNotice(page);
}
