import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

describe('scheduled tasks', () => {
  let browser: Browser;
  let target: Server;
  let targetUrl: string;
  const hits: string[] = [];
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The task's HTTP target: on loopback, which the e2e server's OUTBOUND_ALLOW lets it reach.
    target = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        hits.push(`${req.method} ${req.url} ${body}`);
        res.setHeader('content-type', 'application/json');
        res.end('{"synced":3}');
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const address = target.address();
    targetUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sync`;
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  it('creates an HTTP task, refuses a junk cron, runs it now and shows the run in its log', async () => {
    const { page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-101-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/task'));
    const list = page.getByTestId('system-task-page');
    await list.locator('.ant-table').waitFor();

    await list.getByRole('button', { name: /新\s?建/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建任务' });
    await dialog.waitFor();
    await page.locator('#systemTask_fullName').fill('同步通讯录');
    await page.locator('#systemTask_enCode').fill('e2e.sync');
    await page.locator('#systemTask_url').fill(targetUrl);
    await page.locator('#systemTask_body').fill('{"full":true}');
    const method = dialog.locator('.ant-form-item').filter({ hasText: '请求方式' }).locator('.ant-select');
    await method.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'POST' })
      .click();
    await page.locator('#systemTask_cron').fill('every minute');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await toast(page, 'error', 'Cron表达式应有6或7个字段');
    await page.locator('#systemTask_cron').fill('0 0/5 * * * ?');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '101-task-dialog.png') });
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });

    const row = list.locator('.ant-table-row').filter({ hasText: 'e2e.sync' });
    await row.getByText('运行中').waitFor();
    await row.getByText('立即执行').click();
    await page.locator('.ant-modal-confirm').getByText('立即执行任务“同步通讯录”').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await toast(page, 'success', '执行成功');
    expect(hits).toEqual(['POST /sync {"full":true}']);
    await row.locator('td').filter({ hasText: /^1$/ }).waitFor();

    await row.getByText('运行记录').click();
    const logs = page.getByTestId('task-logs').locator('xpath=..');
    const run = logs.locator('.ant-table-row').first();
    await run.getByText('成功').waitFor();
    await run.getByText('立即执行').waitFor();
    await run.getByText(/HTTP 200/).waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '101-task-log.png') });
    await page.keyboard.press('Escape');

    await row.getByText('停止').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await toast(page, 'success', '停止成功');
    await row.getByText('已停止').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '101-task-list.png') });
  });
});
