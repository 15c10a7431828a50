import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../server/src/modules/msgCenter/testing';
import { appUrl, launchBrowser, newPage, OK } from '../support/browser';
import { confirmTip, field, RUN, saved, shot } from './4x-support';
import { signInAdmin } from './5x-support';
import { api } from './6x-support';

const SMTP_USER = 'robot@district.example.com';
const SMTP_PASS = 'e2e-Smtp-Pass';

describe('message centre: accounts', () => {
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    [browser, smtp] = await Promise.all([launchBrowser(), startSmtpReceiver(SMTP_USER, SMTP_PASS)]);
  });
  let failureShot: (() => Promise<unknown>) | null = null;
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), smtp?.close()]);
  });

  it('creates a mail account for a local SMTP server, keeps its password hidden, sends a test mail, copies and deletes', async () => {
    const { page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-65-failure.png' });
    await signInAdmin(page);
    await page.goto(appUrl('/msgCenter/accountConfig'));
    const list = page.getByTestId('msg-account-page');
    await list.locator('.ant-table').waitFor();
    for (const tab of ['邮箱配置', '短信配置', '企业微信配置', '钉钉配置', 'Webhook配置', '微信公众号配置'])
      await list.getByRole('tab', { name: tab }).waitFor();

    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建邮箱配置' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: OK }).click();
    for (const text of ['请输入名称', '请输入编码', '请填写SMTP服务器', '请填写发件人邮箱'])
      await dialog.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).waitFor();

    const name = `办公邮箱${RUN}`;
    await page.locator('#msgAccount_fullName').fill(name);
    await page.locator('#msgAccount_enCode').fill(`mail${RUN}`);
    await page.locator('#msgAccount_settings_smtpHost').fill('127.0.0.1');
    await page.locator('#msgAccount_settings_smtpPort').fill(String(smtp.port));
    await field(dialog, 'SSL安全连接').locator('.ant-switch').click();
    await page.locator('#msgAccount_settings_smtpUser').fill(SMTP_USER);
    await page.locator('#msgAccount_settings_smtpPassword').fill(SMTP_PASS);
    await page.locator('#msgAccount_settings_senderName').fill('区政务平台');
    await shot(page, '65-msg-account-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);

    const row = list.locator('.ant-table-row').filter({ hasText: name });
    await row.getByText(`${SMTP_USER} (127.0.0.1:${smtp.port})`).waitFor();
    await shot(page, '65-msg-account.png');

    // Editing shows the password masked; the test mail uses the saved one.
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑邮箱配置' });
    await edit.waitFor();
    await expect.poll(() => page.locator('#msgAccount_fullName').inputValue()).toBe(name);
    expect(await page.locator('#msgAccount_settings_smtpPassword').inputValue()).toBe('******');
    await edit.getByRole('button', { name: '测试发送' }).click();
    const test = page.locator('.ant-modal').filter({ hasText: '测试发送邮件' });
    await page.locator('#msgTestMail_testSendEmail').fill('someone@district.example.com');
    await test.getByRole('button', { name: /发\s?送/ }).click();
    await test.waitFor({ state: 'hidden' });
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]).toMatchObject({
      subject: '测试邮件',
      to: ['someone@district.example.com'],
      user: SMTP_USER,
    });
    await edit.getByRole('button', { name: /取\s?消/ }).click();
    await edit.waitFor({ state: 'hidden' });

    // The list answer carries no password.
    const answer = await api<{ list: { settings: Record<string, unknown> }[] }>(
      page,
      'GET',
      `/api/message/AccountConfig?type=mail&keyword=${encodeURIComponent(name)}`,
    );
    expect(JSON.stringify(answer.data)).not.toContain(SMTP_PASS);

    await row.getByRole('button', { name: /复\s?制/ }).click();
    await confirmTip(page);
    const copy = list.locator('.ant-table-row').filter({ hasText: `${name}副本` });
    await copy.waitFor();
    await copy.getByRole('button', { name: /删\s?除/ }).click();
    await confirmTip(page);
    await copy.waitFor({ state: 'detached' });

    await list.getByRole('tab', { name: 'Webhook配置' }).click();
    await list.locator('.ant-table-row').filter({ hasText: name }).waitFor({ state: 'detached' });
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const hook = page.locator('.ant-modal').filter({ hasText: '新建Webhook配置' });
    await hook.waitFor();
    await page.locator('#msgAccount_settings_url').fill('ftp://x');
    await hook.getByText('地址必须以 http:// 或 https:// 开头').waitFor();
    await shot(page, '65-msg-account-webhook.png');
    await hook.getByRole('button', { name: /取\s?消/ }).click();
  });
});
