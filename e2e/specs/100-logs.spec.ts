import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, baseUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

/** Logs are written in batches (within LOG_FLUSH_MS, 2 s): refresh the list until the row is there. */
async function refreshUntil(list: Locator, row: Locator) {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (await row.first().isVisible()) return;
    await list.getByRole('button', { name: '刷新' }).click();
    await row
      .first()
      .waitFor({ timeout: 1_000 })
      .catch(() => undefined);
  }
  await row.first().waitFor();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

describe('system logs', () => {
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

  it('shows sign-ins (a failed one too), operations with their redacted detail, requests; deletes, exports and clears', async () => {
    // A failed sign-in of an unknown account, as someone guessing would make.
    await fetch(`${baseUrl()}/api/oauth/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'jnpf-origin': 'pc' },
      body: new URLSearchParams({
        account: 'e2e.guess',
        password: createHash('md5').update('guess').digest('hex'),
        grant_type: 'password',
        origin: 'password',
      }).toString(),
    });
    const { page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-100-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/log'));

    const signIns = page.getByTestId('system-log-1');
    await signIns.locator('.ant-table').waitFor();
    const failed = signIns.locator('.ant-table-row').filter({ hasText: 'e2e.guess' });
    await refreshUntil(signIns, failed);
    await failed.first().getByText('失败').waitFor();
    await signIns.locator('.ant-table-row').filter({ hasText: '管理员' }).first().getByText('成功').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '100-logs-sign-in.png') });

    // Export the sign-ins: an xlsx named after the tab.
    const downloading = page.waitForEvent('download');
    await signIns.getByRole('button', { name: /导\s?出/ }).click();
    expect((await downloading).suggestedFilename()).toBe('登录日志.xlsx');

    // An operation: the retention setting, saved through its dialog.
    await signIns.getByRole('button', { name: '保留设置' }).click();
    const retention = page.locator('.ant-modal').filter({ hasText: '日志保留设置' });
    await retention.locator('input').first().fill('90');
    await retention.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success', '保存成功');

    await tab(page, '操作日志').click();
    const operations = page.getByTestId('system-log-3');
    await operations.locator('.ant-table').waitFor();
    const saved = operations
      .locator('.ant-table-row')
      .filter({ hasText: '/api/system/Log/Actions/Retention' });
    await refreshUntil(operations, saved);
    await saved.first().getByText('系统日志').waitFor();
    await saved.first().getByText('详情').click();
    const detail = page.getByTestId('system-log-json');
    await detail.getByText('"days": 90').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '100-logs-operation.png') });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // The sign-in's password never reaches an operation or request row.
    await tab(page, '请求日志').click();
    const requests = page.getByTestId('system-log-5');
    await requests.locator('.ant-table').waitFor();
    const search = requests.getByRole('textbox', { name: '请输入用户、IP、地址或模块' });
    await search.fill('/api/system/Log/Actions/Retention');
    await search.press('Enter');
    const put = requests.locator('.ant-table-row').filter({ hasText: 'PUT' });
    await refreshUntil(requests, put);
    await put.first().locator('.ant-checkbox-input').check();
    await requests.getByRole('button', { name: /删\s?除/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await toast(page, 'success', '删除成功');
    // Counted by the deleted row itself: the page's own reads keep adding request rows meanwhile.
    await expect.poll(() => put.count()).toBe(0);

    await requests.getByRole('button', { name: /清\s?空/ }).click();
    await page.locator('.ant-modal-confirm').getByText('此操作将清空全部请求日志').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await toast(page, 'success', '清空成功');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '100-logs-requests.png') });
  });
});
