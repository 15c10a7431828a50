import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { appUrl, launchBrowser, newPage, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

/** A stand-in for DingTalk's token endpoint: refuses the key 'wrong', accepts any other. */
function fakeDingTalk(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (url.searchParams.get('appkey') === 'wrong')
      res.end(JSON.stringify({ errcode: 40089, errmsg: 'invalid appkey' }));
    else res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', access_token: 'token-1', expires_in: 7200 }));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

async function save(page: Page) {
  await page.locator('.sys-config__actions button:visible').click();
  await toast(page, 'success', '保存成功');
}

describe('system configuration', () => {
  let browser: Browser;
  let ding: Server;
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    ding = await fakeDingTalk();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => ding?.close(done));
  });

  it('saves settings that apply at once, lists the administrators and tests a vendor connection', async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-53-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/sysConfig'));
    await page.getByTestId('sys-config-page').waitFor();
    const sysName = page.locator('#sysConfig_sysName');
    await page.waitForFunction(
      () => (document.querySelector('#sysConfig_sysName') as HTMLInputElement)?.value,
    );
    const original = await sysName.inputValue();
    await page.screenshot({ path: join(screenshots, 'sys-config.png') });

    // General: the new name shows in the frame without a restart or a new sign-in.
    await sysName.fill('');
    await page.locator('.sys-config__actions button:visible').click();
    await page.locator('.ant-form-item-explain-error').getByText('请输入系统名称').waitFor();
    await sysName.fill('区政务智能问答平台');
    await save(page);
    await page.getByTestId('sys-name').getByText('区政务智能问答平台').waitFor();
    await sysName.fill(original);
    await save(page);
    await page.getByTestId('sys-name').getByText(original).waitFor();

    // Security tab.
    await page.getByRole('tab', { name: '安全策略' }).click();
    await page.locator('#sysConfig_tokenTimeout').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'sys-config-security.png') });

    // Administrators: the current list holds the signed-in administrator.
    await page.getByRole('tab', { name: '超级管理员' }).click();
    await page.locator('.sys-config__admin-table').getByText('admin').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'sys-config-admins.png') });

    // Third party: missing credentials, then the vendor's refusal, then success.
    await page.getByRole('tab', { name: '第三方配置' }).click();
    const test = page.getByRole('button', { name: '测试连接' });
    const result = async (text: string | RegExp) => {
      const modal = page.locator('.ant-modal-confirm').last();
      await modal.getByText(text).waitFor();
      await modal.locator('.ant-modal-confirm-btns button').click();
      await modal.waitFor({ state: 'hidden' });
    };
    await test.click();
    await result('未配置钉钉的AppKey和AppSecret，请先在系统配置中填写并保存');
    const port = (ding.address() as AddressInfo).port;
    await page.locator('#sysConfig_dingBaseUrl').fill(`http://127.0.0.1:${port}`);
    await page.locator('#sysConfig_dingSynAppKey').fill('wrong');
    await page.locator('#sysConfig_dingSynAppSecret').fill('secret');
    await save(page);
    await test.click();
    await result('测试连接失败：invalid appkey（errcode 40089）');
    await page.locator('#sysConfig_dingSynAppKey').fill('dingkey');
    await test.click();
    await page.locator('.ant-modal-confirm').last().getByText('测试连接成功').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'sys-config-third-party.png') });
    await page.locator('.ant-modal-confirm').last().locator('.ant-modal-confirm-btns button').click();
    await context.close();
  }, 240_000);
});
