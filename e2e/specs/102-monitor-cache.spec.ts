import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { appUrl, baseUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

describe('server monitor and cache', () => {
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

  it('shows live server figures and lists, shows and clears the caches', async () => {
    const { page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-102-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/monitor'));
    const monitor = page.getByTestId('system-monitor-page');
    await monitor.getByText('CPU使用率（%）').waitFor();
    await monitor.getByText('PGlite', { exact: true }).waitFor();
    // The page polls every 5 s: a second sample draws the line (attached, not "visible": a flat line,
    // say an idle CPU, has no height, and Playwright calls an element without height hidden).
    await monitor
      .locator('svg.monitor-chart polyline')
      .first()
      .waitFor({ state: 'attached', timeout: 20_000 });
    await settled(page);
    await page.screenshot({ path: join(screenshots, '102-monitor.png'), fullPage: true });

    // An image code: a one-time secret in the shared store, listed under a digest, value hidden.
    await fetch(`${baseUrl()}/api/file/ImageCode/${Date.now()}`);
    await page.goto(appUrl('/system/cache'));
    const caches = page.getByTestId('system-cache-page');
    const code = caches
      .locator('.ant-table-row')
      .filter({ hasText: /captcha:#[0-9a-f]{16}/ })
      .first();
    await code.waitFor();
    await code.getByText('查看').click();
    await page.getByTestId('cache-value').getByText('该缓存保存一次性凭证或验证码，不显示内容').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '102-cache-detail.png') });
    await page.keyboard.press('Escape');

    await caches.getByRole('button', { name: '清空所有' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await toast(page, 'success', '清理成功');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '102-cache.png') });
  });
});
