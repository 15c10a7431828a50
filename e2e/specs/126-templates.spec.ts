import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver } from '../../server/src/modules/msgCenter/testing';
import { OK, pickOption } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { adminBrowser, confirmTip, field, saved, shot } from './4x-support';
import { api } from './6x-support';

/**
 * #15 system administration, templates: an SMS template written on its page shows the parameters
 * of its text, is test-sent through a message-centre SMS account to a local stand-in of the
 * vendor, disabled and deleted; the system templates page lists the seeded templates.
 */
describe('SMS and system templates', () => {
  const { adminPage } = adminBrowser();
  let http: Awaited<ReturnType<typeof startHttpReceiver>>;

  beforeAll(async () => {
    http = await startHttpReceiver();
  });
  afterAll(async () => {
    await http?.close();
  });

  const smsAccount = async (page: Page, RUN: string) => {
    const answer = await api<{ id: string }>(page, 'POST', '/api/message/AccountConfig', {
      category: 'sms',
      fullName: `测试短信${RUN}`,
      enCode: `e2eSms${RUN}`,
      settings: {
        vendor: 'aliyun',
        accessKeyId: 'ak',
        accessKeySecret: 'sk',
        signName: '区政务',
        baseUrl: http.base,
      },
    });
    if (answer.code !== 200) throw new Error(answer.msg);
  };

  it('creates an SMS template, shows its parameters, test-sends it, disables and deletes it', async () => {
    const RUN = unique();
    const { page } = await adminPage('/system/smsTemplate', '126');
    await smsAccount(page, RUN);
    const list = page.getByTestId('sms-template-page');
    // The demo template is listed.
    await list.locator('.ant-table-row').filter({ hasText: '办件办结通知' }).waitFor();

    await list.getByRole('button', { name: /新\s?建/ }).click();
    const dialog = page.locator('.template-dialog');
    await dialog.getByText('新建短信模板').waitFor();
    await field(dialog, '模板名称').locator('input').fill(`预约提醒${RUN}`);
    await field(dialog, '模板编码').locator('input').fill(`remind${RUN}`);
    await pickOption(page, field(dialog, '短信账号').locator('.ant-select'), `测试短信${RUN}`);
    await dialog.getByPlaceholder('服务商的模板编号').fill('SMS_8080');
    // The text comes from the vendor (the stand-in answers QuerySmsTemplate).
    http.answerAction('QuerySmsTemplate', {
      Code: 'OK',
      TemplateCode: 'SMS_8080',
      TemplateName: '预约提醒',
      TemplateContent: '{userName}您好，您预约的{itemName}将于{time}办理。',
    });
    await dialog.getByTestId('template-from-vendor').click();
    await toast(page, 'success', '已从服务商获取模板内容');
    await expect
      .poll(() => field(dialog, '模板内容').locator('textarea').inputValue())
      .toBe('{userName}您好，您预约的{itemName}将于{time}办理。');
    const params = dialog.getByTestId('template-params');
    await expect.poll(() => params.locator('tbody tr.ant-table-row').count()).toBe(3);
    await params.locator('tr').filter({ hasText: 'itemName' }).locator('input').fill('事项');
    await shot(page, '126-sms-template-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);

    await list.getByPlaceholder('请输入模板名称、编码或标题').fill(`remind${RUN}`);
    await list.getByPlaceholder('请输入模板名称、编码或标题').press('Enter');
    const row = list.locator('.ant-table-row').filter({ hasText: `remind${RUN}` });
    await row.waitFor();
    await expect.poll(() => list.locator('.ant-table-row').count()).toBe(1);
    await row.getByText('userName、事项、time').waitFor();
    await shot(page, '126-sms-template-list.png');

    await row.getByRole('button', { name: '测试发送' }).click();
    const test = page.locator('.sms-test-dialog');
    await field(test, '接收手机号').locator('input').fill('13800000009');
    await field(test, 'userName').locator('input').fill('王建国');
    await field(test, '事项').locator('input').fill('户籍证明');
    await field(test, 'time').locator('input').fill('明天上午');
    await shot(page, '126-sms-test-dialog.png');
    await test.getByRole('button', { name: /发\s?送/ }).click();
    await saved(page, test);
    const sent = http.requests.findLast((r) => r.query.get('Action') === 'SendSms');
    expect(sent?.query.get('PhoneNumbers')).toBe('13800000009');
    expect(sent?.query.get('TemplateCode')).toBe('SMS_8080');
    expect(JSON.parse(sent?.query.get('TemplateParam') ?? '{}')).toEqual({
      userName: '王建国',
      itemName: '户籍证明',
      time: '明天上午',
    });

    await row.getByRole('switch').click();
    await confirmTip(page);
    await toast(page, 'success');
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    await row.getByRole('button', { name: /删\s?除/ }).click();
    await confirmTip(page);
    await toast(page, 'success');
    await row.waitFor({ state: 'detached' });
  });

  it('lists the system templates', async () => {
    const { page } = await adminPage('/system/systemTemplate', '126');
    const list = page.getByTestId('system-template-page');
    await list.locator('.ant-table-row').filter({ hasText: '流程待办提醒' }).waitFor();
    await list.getByRole('button', { name: /新\s?建/ }).click();
    const dialog = page.locator('.template-dialog');
    await field(dialog, '消息标题').locator('input').fill('{flowName}已办结');
    await field(dialog, '模板内容').locator('textarea').fill('{userName}的{flowName}已办结');
    await expect
      .poll(() => dialog.getByTestId('template-params').locator('tbody tr.ant-table-row').count())
      .toBe(2);
    await shot(page, '126-system-template-dialog.png');
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await shot(page, '126-system-template-list.png');
  });
});
