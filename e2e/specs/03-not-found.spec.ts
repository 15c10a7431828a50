import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adminPassword, appUrl, launchBrowser, newPage, signIn } from '../support/browser';

describe('unknown paths', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', adminPassword());
    await page.waitForURL(/#\/home$/);
    await page.goto(appUrl('/no/such/page'));
    await page.waitForURL(/#\/404$/);
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/#\/home$/);
    await context.close();
  });
});
