import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, appUrl, launchBrowser, newPage, signIn } from '../support/browser';

describe('language switch', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('switches the sign-in page to English and keeps it after a reload', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(appUrl('/login'));
    await page.getByRole('heading', { name: '欢迎登录' }).waitFor();
    await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('console_language'))).resolves.toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Intelligent Q&A Management Platform',
    );
    await expect(page.title()).resolves.toContain('Intelligent Q&A Management Platform');
    await context.close();
  });

  it('defaults to traditional Chinese for a zh-TW browser', async () => {
    const { context, page } = await newPage(browser, 'zh-TW');
    await page.goto(appUrl('/login'));
    await page.getByRole('heading', { name: '歡迎登入' }).waitFor();
    await context.close();
  });

  it('switches the signed-in shell with the top-bar select and keeps it after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home$/);
    await page.getByText('所属组织', { exact: true }).waitFor();
    // The top-bar language select is off by default (console.md 9): turn it on in the settings drawer.
    await expect(page.getByRole('combobox', { name: '语言' }).count()).resolves.toBe(0);
    await page.getByTestId('open-settings').click();
    const drawer = page.locator('.settings-drawer');
    await drawer.waitFor();
    const toggle = drawer.getByRole('switch', { name: '显示语言选择' });
    await toggle.click();
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByRole('option', { name: '繁體中文' }).click();
    await page.getByText('所屬組織', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: '語言' }).waitFor();
    await page.reload();
    await page.getByText('所屬組織', { exact: true }).waitFor();
    await expect(page.title()).resolves.toContain('首頁');
    await expect(page.evaluate(() => localStorage.getItem('console_language'))).resolves.toBe('zhtw');
    await context.close();
  });
});
