import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

/** Issue #12: the table designer on the console database (schema gen). */
describe('data model', () => {
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

  it('designs a table in the console database, refuses a reserved name, previews it and drops it', async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-91-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/systemData/dataModel'));
    const list = page.getByTestId('data-model-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建表' });
    await dialog.waitFor();
    await page.locator('#dataModelTable_table').fill('select');
    await page.locator('#dataModelTable_tableName').fill('E2E来文');
    await dialog.getByRole('button', { name: '添加一行' }).click();
    const second = dialog.locator('.ant-table-row').nth(1);
    await second.getByLabel('字段名').fill('f_title');
    await second.getByLabel('字段说明').fill('标题');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'error', /保留字/);
    await page.locator('#dataModelTable_table').fill('e2e_incoming');
    await page.screenshot({ path: join(screenshots, 'data-model-dialog.png') });
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });
    const row = list.locator('.ant-table-row', { hasText: 'e2e_incoming' });
    await row.getByText('E2E来文').waitFor();

    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.ant-modal').filter({ hasText: '预览数据' });
    await preview.locator('.ant-table-thead th', { hasText: '标题' }).first().waitFor();
    await preview.locator('.ant-modal-close').click();

    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm').last();
    await confirm.getByText(/永久删除该表/).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '删除成功');
    await expect.poll(() => list.locator('.ant-table-row', { hasText: 'e2e_incoming' }).count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'data-model.png') });
    await context.close();
  }, 240_000);
});
