import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

function today() {
  const now = new Date();
  const yyyy = String(now.getFullYear());
  const MM = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return { yyyy, yyyyMM: yyyy + MM, yyyyMMdd: yyyy + MM + dd };
}

describe('bill rules', () => {
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

  it('creates a rule while the example follows prefix, date format, digits and start number', async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-51-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/billRule'));
    const list = page.getByTestId('bill-rule-page');
    await list.waitFor();
    await list.locator('.ant-table').waitFor();
    await page.waitForLoadState('networkidle');

    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.bill-rule-dialog');
    await dialog.getByText('新建单据').waitFor();

    // Messages of console.md 5.
    await dialog.getByRole('button', { name: OK }).click();
    for (const text of [
      '请输入业务名称',
      '请输入业务编码',
      '请选择业务分类',
      '请输入流水前缀',
      '请输入流水位数',
      '请输入流水起始',
    ])
      await dialog.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).waitFor();
    await page.locator('#billRule_fullName').fill('名'.repeat(51));
    await dialog.getByText('业务名称最多为50个字符！', { exact: true }).waitFor();
    await page.locator('#billRule_enCode').fill('b'.repeat(51));
    await dialog.getByText('业务编码最多为50个字符！', { exact: true }).waitFor();
    await page.locator('#billRule_startNumber').fill('00');
    await dialog.getByText('流水起始不能全为0', { exact: true }).waitFor();
    await page.locator('#billRule_digit').fill('0');
    await dialog.getByText('流水位数只能为1到9的正整数', { exact: true }).waitFor();

    await page.locator('#billRule_fullName').fill('E2E请假单');
    await page.locator('#billRule_enCode').fill('e2e.leave');
    const category = dialog
      .locator('.ant-form-item')
      .filter({ hasText: '业务分类' })
      .locator('.ant-select')
      .first();
    await category.click();
    await page.locator('.ant-select-tree').getByTitle('办公事务').click();

    // The category selector's add button opens dictionary management in a dialog (80 % width).
    await dialog.getByRole('button', { name: '维护字典' }).click();
    const manage = page.locator('.dictionary-select-dialog');
    await manage.getByTestId('dictionary-page').waitFor();
    await manage.locator('.dictionary-page__type-name').getByText('业务分类').waitFor();
    await manage.getByTestId('dictionary-table').getByText('办公事务').waitFor();
    const width = await manage
      .locator('.ant-modal-container, .ant-modal-content')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(width - 1440 * 0.8)).toBeLessThan(40);
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'dictionary-select-dialog.png') });
    await manage.locator('.ant-modal-close').click();
    await manage.waitFor({ state: 'hidden' });

    // The example follows every input.
    const example: Locator = page.getByTestId('bill-rule-example');
    const { yyyy, yyyyMMdd } = today();
    await page.locator('#billRule_prefix').fill('QJ');
    await page.locator('#billRule_digit').fill('4');
    await page.locator('#billRule_startNumber').fill('1');
    await expect.poll(() => example.inputValue()).toBe(`QJ${yyyyMMdd}0001`);
    await page.locator('#billRule_prefix').fill('QJD');
    await expect.poll(() => example.inputValue()).toBe(`QJD${yyyyMMdd}0001`);
    await page.locator('#billRule_digit').fill('6');
    await expect.poll(() => example.inputValue()).toBe(`QJD${yyyyMMdd}000001`);
    await page.locator('#billRule_startNumber').fill('25');
    await expect.poll(() => example.inputValue()).toBe(`QJD${yyyyMMdd}000025`);
    await dialog.locator('.ant-form-item').filter({ hasText: '流水日期' }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown').getByText('yyyy（年）', { exact: true }).click();
    await expect.poll(() => example.inputValue()).toBe(`QJD${yyyy}000025`);
    // Leaving the start number pads it to the digit count.
    await page.locator('#billRule_startNumber').blur();
    await expect.poll(() => page.locator('#billRule_startNumber').inputValue()).toBe('000025');
    await page.screenshot({ path: join(screenshots, 'bill-rule-dialog.png') });

    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });
    const row = list.locator('.ant-table-row', { hasText: 'e2e.leave' });
    await row.waitFor();
    await row.getByText('办公事务').waitFor();
    await row.getByText('000025').waitFor();

    // Keyword search with Enter.
    const keyword = list.locator('.list-page__search input');
    await keyword.fill('请假');
    await keyword.press('Enter');
    await expect.poll(() => list.locator('.ant-table-row').count()).toBe(1);
    await keyword.fill('');
    await keyword.press('Enter');

    // Disable with confirmation.
    await row.getByRole('switch').click();
    const confirm = page.locator('.ant-modal-confirm').last();
    await confirm.getByText(/禁用/).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '更新状态成功');
    await row.locator('.ant-switch:not(.ant-switch-checked)').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'bill-rule.png') });
    await context.close();
  }, 240_000);
});
