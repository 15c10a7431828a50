import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

/** Header: a dictionary type found by its code; detail T1: its entries. */
const HEADER_SQL =
  'select full_name as "typeName", en_code as "code", 12345.67 as "amount" from public.base_dictionary_type where en_code = @formId';
const DETAIL_SQL =
  'select d.full_name as "itemName", d.en_code as "itemCode" from public.base_dictionary_data d ' +
  'join public.base_dictionary_type t on t.id = d.dictionary_type_id where t.en_code = @formId order by d.en_code';

describe('print templates', () => {
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

  it('designs a template with a sub-table and capital amount, previews, prints (logged) and batch prints', async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-103-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/printDev'));
    const list = page.getByTestId('print-dev-page');
    await list.locator('.ant-table').waitFor();

    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const designer = page.locator('.print-designer-modal');
    await designer.getByText('新建打印模板').waitFor();
    await designer.getByRole('button', { name: OK }).click();
    await designer.getByText('请输入模板名称', { exact: true }).waitFor();

    await page.locator('#printDev_fullName').fill('E2E字典打印');
    await page.locator('#printDev_enCode').fill('e2e.print');
    await designer
      .locator('.ant-form-item')
      .filter({ hasText: '模板分类' })
      .locator('.ant-select')
      .first()
      .click();
    await page.locator('.ant-select-tree').getByTitle('功能表单').click();

    await designer.getByRole('tab', { name: '数据SQL' }).click();
    await designer.getByRole('textbox', { name: '主表（headTable）' }).fill(HEADER_SQL);
    await designer.getByRole('button', { name: '添加子表SQL' }).click();
    await designer.getByRole('textbox', { name: '子表 T1' }).fill(DETAIL_SQL);
    await designer.getByRole('button', { name: '读取字段' }).click();
    await toast(page, 'success', '已读取字段');

    await designer.getByRole('tab', { name: '模板设计' }).click();
    const editor = designer.locator('.ql-editor');
    await editor.click();
    await page.keyboard.type('字典：');
    const palette = designer.locator('.print-designer__palette');
    await palette.getByRole('button', { name: 'typeName', exact: true }).click();
    await page.keyboard.type(' 金额：');
    await palette.getByRole('button', { name: 'amount', exact: true }).click();
    await palette.getByRole('button', { name: '大写金额' }).click();
    await page.keyboard.type(' ');
    await palette.getByRole('button', { name: '千位分隔符' }).click();
    await page.keyboard.press('Enter');
    // Code typed as a tag prints as the text it is.
    await page.keyboard.type("{{constructor.constructor('return process')()}}");
    await page.keyboard.press('Enter');
    await palette.getByRole('button', { name: '插入子表 T1' }).click();
    await expect.poll(() => editor.locator('table td').count()).toBe(4);
    await settled(page);
    await page.screenshot({ path: join(screenshots, '103-print-designer.png') });

    await designer.getByRole('button', { name: OK }).click();
    await toast(page, 'success');
    await designer.waitFor({ state: 'hidden' });

    const row = list.locator('.ant-table-row').filter({ hasText: 'E2E字典打印' });
    await row.waitFor();
    await row.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.print-preview-modal');
    await preview.getByText('打印预览 - E2E字典打印').waitFor();
    await preview.getByRole('textbox', { name: /业务主键/ }).fill('printDev');
    await page.keyboard.press('Enter');
    const sheet = preview.getByTestId('print-preview');
    const pageOne = sheet.locator('.print-page').first();
    await pageOne.getByText('字典：打印模板分类', { exact: false }).waitFor();
    await pageOne.getByText('壹万贰仟叁佰肆拾伍元陆角柒分', { exact: false }).waitFor();
    await pageOne.getByText('12,345.67', { exact: false }).waitFor();
    await pageOne.getByText("{{constructor.constructor('return process')()}}", { exact: true }).waitFor();
    // The sub-table: the header row, then one row per dictionary entry.
    const cells = await pageOne
      .locator('table tr')
      .evaluateAll((rows) =>
        rows.map((r) => Array.from(r.querySelectorAll('td'), (c) => c.textContent?.trim())),
      );
    expect(cells).toEqual([
      ['itemName', 'itemCode'],
      ['流程表单', 'flowForm'],
      ['功能表单', 'functionForm'],
      ['报表单据', 'report'],
    ]);
    await settled(page);
    await page.screenshot({ path: join(screenshots, '103-print-preview.png') });

    await preview.getByRole('button', { name: /打\s?印/ }).click();
    await toast(page, 'success', '已发送到打印机');

    // Batch print: two keys, two pages.
    await preview.getByRole('textbox', { name: /业务主键/ }).fill('printDev, businessType');
    await preview.getByRole('button', { name: /预\s?览/ }).click();
    await expect.poll(() => sheet.locator('.print-page').count()).toBe(2);
    await sheet.locator('.print-page').nth(1).getByText('字典：业务分类', { exact: false }).waitFor();
    await preview.getByRole('button', { name: /打\s?印/ }).click();
    await toast(page, 'success', '已发送到打印机');
    await preview
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();

    // The print log: one print of one copy, one of two.
    await row.getByRole('button', { name: /更多/ }).click();
    await page.getByRole('menuitem', { name: '日志' }).click();
    const log = page.locator('.ant-drawer').filter({ hasText: '打印日志 - E2E字典打印' });
    await expect.poll(() => log.locator('.ant-table-row').count()).toBe(2);
    const copies = await log.locator('.ant-table-row td:nth-child(4)').allTextContents();
    expect(copies.sort()).toEqual(['1', '2']);
    await settled(page);
    await page.screenshot({ path: join(screenshots, '103-print-log.png') });
    await context.close();
  });
});
