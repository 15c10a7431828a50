import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage } from '../support/browser';

describe('route guard (anonymous)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends an anonymous visit of /home to /login?redirect=%2Fhome', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('/home'));
    await page.waitForURL(/#\/login\?redirect=%2Fhome$/);
    await page.locator('#login_account').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('智能问答管理平台');
    await context.close();
  });

  it('sends / to the sign-in page too', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('/'));
    await page.waitForURL(/#\/login\?redirect=%2F$/);
    await context.close();
  });

  it('validates the sign-in form (enter account / password)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('/login'));
    // Act on the loaded page: translations and the sign-in configuration arrive after the first paint.
    await page.waitForLoadState('networkidle');
    await page.locator('#login_account').press('Enter');
    await page.getByText('请输入账号', { exact: true }).waitFor();
    await page.getByText('请输入密码', { exact: true }).waitFor();
    await context.close();
  });
});
