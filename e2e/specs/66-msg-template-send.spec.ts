import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../../server/src/modules/msgCenter/testing';
import { appUrl, launchBrowser, newPage, OK, pickOption } from '../support/browser';
import { pickerDialog, RUN, saved, shot } from './4x-support';
import { signInAdmin } from './5x-support';
import { api } from './6x-support';
import { choose } from './45-support';

const SMTP_USER = 'notice@district.example.com';
const SMTP_PASS = 'e2e-Smtp-Pass2';

/** Picks an option of the antd select inside `cell`. */
async function chooseIn(page: Page, cell: Locator, option: string) {
  await pickOption(page, cell.locator('.ant-select').first(), option);
}

describe('message centre: templates and send configurations', () => {
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

  it('writes a mail template with params, puts it in a send configuration and test-sends it to a user', async () => {
    const { page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-66-failure.png' });
    await signInAdmin(page);
    const account = `审批邮箱${RUN}`;
    const created = await api(page, 'POST', '/api/message/AccountConfig', {
      category: 'mail',
      fullName: account,
      enCode: `approveMail${RUN}`,
      settings: {
        smtpHost: '127.0.0.1',
        smtpPort: smtp.port,
        sslEnabled: 0,
        smtpUser: SMTP_USER,
        smtpPassword: SMTP_PASS,
      },
    });
    expect(created.code, created.msg).toBe(200);

    await page.goto(appUrl('/msgCenter/msgTemplate'));
    const templates = page.getByTestId('msg-template-page');
    await templates.locator('.ant-table').waitFor();
    await templates
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建消息模板' });
    await dialog.waitFor();
    const template = `审批提醒${RUN}`;
    await page.locator('#msgTemplate_fullName').fill(template);
    await page.locator('#msgTemplate_enCode').fill(`approve${RUN}`);
    await choose(page, dialog, '消息类型', '邮件');
    await choose(page, dialog, '消息来源', '流程');
    await page.locator('#msgTemplate_title').fill('{flowName}待您审批');
    await page.locator('#msgTemplate_content').fill('{userName}提交了{flowName}，请及时处理。');
    for (const [field, meaning] of [
      ['flowName', '流程名称'],
      ['userName', '发起人'],
    ]) {
      await dialog.getByRole('button', { name: '添加一行' }).click();
      await dialog.getByLabel('参数名').last().fill(field!);
      await dialog.getByLabel('参数说明').last().fill(meaning!);
    }
    await shot(page, '66-msg-template-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);
    await templates.locator('.ant-table-row').filter({ hasText: template }).waitFor();
    await shot(page, '66-msg-template.png');

    await page.goto(appUrl('/msgCenter/sendConfig'));
    const configs = page.getByTestId('msg-send-config-page');
    await configs.locator('.ant-table').waitFor();
    await configs
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const form = page.locator('.ant-modal').filter({ hasText: '新建发送配置' });
    await form.waitFor();
    const config = `流程审批通知${RUN}`;
    await page.locator('#msgSendConfig_fullName').fill(config);
    await page.locator('#msgSendConfig_enCode').fill(`flowApprove${RUN}`);
    await choose(page, form, '消息来源', '流程');
    await form.getByRole('button', { name: /确\s?定/ }).click();
    await form.getByText('请至少添加一个发送模板').first().waitFor();
    await form.getByRole('button', { name: '添加一行' }).click();
    const row = form.locator('.ant-table-tbody tr.ant-table-row').first();
    await chooseIn(page, row.locator('td').nth(0), '邮件');
    await chooseIn(page, row.locator('td').nth(1), template);
    await chooseIn(page, row.locator('td').nth(2), account);
    await shot(page, '66-msg-send-config-dialog.png');
    await form.getByRole('button', { name: OK }).click();
    await saved(page, form);
    const listed = configs.locator('.ant-table-row').filter({ hasText: config });
    await listed.getByText('邮件').waitFor();

    await listed.getByRole('button', { name: '测试发送' }).click();
    const test = page.locator('.ant-modal').filter({ hasText: '向所选接收人' });
    await test.waitFor();
    await test.getByText('流程名称').waitFor();
    await test.getByTestId('user-select').click();
    const picker = pickerDialog(page);
    await picker.getByText('选择用户').waitFor();
    const keyword = picker.locator('.org-picker__keyword input');
    await keyword.fill('王建国');
    await keyword.press('Enter');
    await picker.getByTestId('org-picker-paged').getByText('王建国').first().click();
    await picker.getByTestId('org-picker-selected').getByText('王建国').first().waitFor();
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await test.getByLabel('流程名称').fill('请假申请');
    await test.getByLabel('发起人').fill('李秀英');
    await test.getByRole('button', { name: /发\s?送/ }).click();
    const results = test.getByTestId('test-send-results');
    await results.getByText('成功').waitFor();
    await shot(page, '66-msg-test-send.png');

    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]).toMatchObject({
      subject: '请假申请待您审批',
      text: '李秀英提交了请假申请，请及时处理。',
      to: ['wangjianguo@district.example.com'],
      user: SMTP_USER,
    });
  });
});
