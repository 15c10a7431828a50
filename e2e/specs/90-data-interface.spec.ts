import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, pickOption, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

/**
 * Issue #12: a data source (the PostgreSQL server on this machine, reachable because the e2e
 * server's OUTBOUND_ALLOW names 127.0.0.1), then a SQL data interface on it with a parameter,
 * a refused DELETE, and the preview running the SELECT.
 */
describe('data sources and data interfaces', () => {
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

  it('creates a PostgreSQL source, a SQL interface on it, refuses a DELETE and previews the SELECT', async () => {
    const { context, page } = await newPage(browser);
    // On a failure, say what a screen reader saw in the open dialogs (the screenshot stays on the machine).
    failureShot = async () => {
      for (const open of await page.locator('.ant-modal').all())
        console.log(`open dialog:\n${await open.ariaSnapshot().catch(() => '(gone)')}`);
      await page.screenshot({ path: '/tmp/e2e-90-failure.png' });
    };
    // Names of this attempt (a retry must not meet the source or interface of a failed one).
    const tag = Date.now().toString(36).slice(-5);
    const sourceName = `E2E本机库${tag}`;
    const code = `e2eGreeting${tag}`;
    await signInAdmin(page);

    // Data source: test the connection, then save.
    await page.goto(appUrl('/systemData/dataSource'));
    const sources = page.getByTestId('data-source-page');
    await sources.locator('.ant-table').waitFor();
    await sources
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const sourceDialog = page.locator('.ant-modal').filter({ hasText: '新建数据连接' });
    await sourceDialog.waitFor();
    await page.locator('#dataSource_fullName').fill(sourceName);
    await page.locator('#dataSource_host').fill('127.0.0.1');
    await page.locator('#dataSource_userName').fill('postgres');
    await page.locator('#dataSource_serviceName').fill('test');
    await sourceDialog.getByTestId('data-source-test').click();
    await toast(page, 'success', '连接成功');
    await sourceDialog.locator('.ant-btn-loading').first().waitFor({ state: 'detached' });
    await page.screenshot({ path: join(screenshots, 'data-source-dialog.png') });
    await sourceDialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await sourceDialog.waitFor({ state: 'hidden' });
    await sources.locator('.ant-table-row', { hasText: sourceName }).waitFor();

    // Data interface on that source.
    await page.goto(appUrl('/systemData/dataInterface'));
    const list = page.getByTestId('data-interface-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建数据接口' });
    await dialog.waitFor();
    await page.locator('#dataInterface_fullName').fill('E2E问候');
    await page.locator('#dataInterface_enCode').fill(code);
    await dialog
      .locator('.ant-form-item')
      .filter({ hasText: '接口分类' })
      .locator('.ant-select')
      .first()
      .click();
    await page.locator('.ant-select-dropdown:visible').getByText('通用接口').first().click();
    await dialog.getByText('SQL操作', { exact: true }).click();

    await dialog.getByRole('tab', { name: '请求参数' }).click();
    await dialog.getByRole('button', { name: '添加一行' }).click();
    await page.locator('#dataInterface_params_0_field').fill('word');
    await page.locator('#dataInterface_params_0_fieldName').fill('词语');
    await page.locator('#dataInterface_params_0_defaultValue').fill('hello');

    await dialog.getByRole('tab', { name: '数据配置' }).click();
    await pickOption(
      page,
      dialog.locator('.ant-form-item').filter({ hasText: '数据连接' }).locator('.ant-select'),
      sourceName,
    );
    // A statement that writes is refused at save, with the reason, and the dialog stays open.
    await page.locator('#dataInterface_sql').fill('DELETE FROM pg_class');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'error', /不允许DELETE/);
    // The error shows before 确定 leaves its busy state (its name is "loading 确定" until then).
    await dialog.locator('.ant-btn-loading').first().waitFor({ state: 'detached' });
    await page
      .locator('#dataInterface_sql')
      .fill('SELECT upper({word}::text) AS answer, length({word}::text) AS letters');
    await page.screenshot({ path: join(screenshots, 'data-interface-dialog.png') });
    // 确定 is named by its text alone again (the refused save's loading icon no longer lingers in it).
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });

    const row = list.locator('.ant-table-row', { hasText: code });
    await row.waitFor();
    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.ant-modal').filter({ hasText: '接口预览' });
    await preview.waitFor();
    await preview.locator('input').first().fill('data center');
    await preview.getByTestId('data-interface-run').click();
    const result = preview.getByTestId('data-interface-result');
    await result.locator('.ant-table-cell', { hasText: 'DATA CENTER' }).waitFor();
    await result.locator('.ant-table-cell', { hasText: /^11$/ }).waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'data-interface-preview.png') });
    await preview.locator('.ant-modal-close').click();

    // The call was logged.
    await row.getByRole('button', { name: '日志' }).click();
    const log = page.locator('.ant-modal').filter({ hasText: '调用日志' });
    await log.locator('.ant-table-row').first().waitFor();
    await log.getByText('成功').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'data-interface-log.png') });
    await log.locator('.ant-modal-close').click();
    await log.waitFor({ state: 'hidden' });
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'data-interface.png') });
    await context.close();
  }, 240_000);
});
