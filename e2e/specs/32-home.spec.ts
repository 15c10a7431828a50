import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminPassword,
  appUrl,
  closePrevLoginNotice,
  launchBrowser,
  newPage,
  screenshots,
  signIn,
} from '../support/browser';

describe('home and dashboard', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the administrator the counts, quick links and recent sign-ins', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home$/);
    const users = page.getByTestId('count-users');
    await users.waitFor();
    expect(Number((await users.textContent())?.replace(/,/g, ''))).toBeGreaterThan(0);
    await expect(page.getByTestId('count-signInsToday').textContent()).resolves.toMatch(/^\d/);
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('button').first().waitFor();
    await page.getByRole('heading', { name: '最近登录' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    // No message count before the message centre exists.
    await expect(page.getByText('未读消息').count()).resolves.toBe(0);
    await page.waitForLoadState('networkidle');
    await closePrevLoginNotice(page);
    await page.screenshot({ path: join(screenshots, 'home.png') });

    // A quick link opens its page.
    const first = page.getByRole('navigation', { name: '快捷入口' }).getByRole('button').first();
    await first.click();
    await page.waitForURL((url) => !url.hash.endsWith('/home'));
    await context.close();
  });

  it('shows the dashboard with the access overview', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home$/);
    await page.goto(appUrl('/dashboard'));
    await page.getByRole('heading', { name: '工作台' }).waitFor();
    await page.getByTestId('count-users').waitFor();
    await page.locator('.dashboard-area').first().waitFor();
    await page.waitForLoadState('networkidle');
    await closePrevLoginNotice(page);
    await page.screenshot({ path: join(screenshots, 'dashboard.png') });
    await context.close();
  });
});
