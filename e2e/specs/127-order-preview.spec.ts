import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { appUrl, OK, pickOption, screenshots, settled } from '../support/browser';
import { signInAdmin } from './5x-support';
import { specBrowser } from './6x-support';

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `127-${name}.png`) });

describe('extend/order and extend/documentPreview (#15)', () => {
  const browser = specBrowser('127');

  it('creates an order through the coded crmOrder flow form, sees its lines, deletes it; previews a Word sample', {
    timeout: 180_000,
  }, async () => {
    const page = await browser.page();
    await signInAdmin(page);

    // The seeded orders, one expanded: its goods lines and collection plan.
    await page.goto(appUrl('/extend/order'));
    const orders = page.getByTestId('order-page');
    const seeded = orders.locator('.ant-table-row', { hasText: 'DD202611200001' });
    await seeded.getByText('8,000.00').waitFor();
    await seeded.locator('.ant-table-row-expand-icon').click();
    await orders.getByTestId('order-lines').getByText('会议桌').waitFor();
    await orders.getByTestId('order-plan').getByText('验收后付清余款').waitFor();
    await settled(page);
    await shot(page, 'order-list');

    // 新建 opens the flow launch with the coded form; the number comes from the bill rule.
    await orders.getByRole('button', { name: /新\s?建/ }).click();
    const form = page.getByTestId('crm-order-form');
    await form.waitFor();
    const code = form.getByLabel('订单编号');
    await page.waitForFunction(
      (el) => /^DD\d{12}$/.test((el as HTMLInputElement).value),
      await code.elementHandle(),
    );
    const orderCode = await code.inputValue();
    await pickOption(
      page,
      form.locator('.ant-form-item', { hasText: '客户名称' }).locator('.ant-select'),
      '示范区第一小学',
    );
    const lines = form.getByTestId('crm-order-lines');
    await pickOption(page, lines.locator('.ant-select').first(), '激光打印机');
    await lines.getByLabel('数量').fill('3');
    await lines.getByLabel('折扣%').fill('90');
    await form.getByLabel('付款方式').click();
    await lines.getByText('3456.00').waitFor();
    await form.getByRole('button', { name: '添加收款计划' }).click();
    await settled(page);
    await shot(page, 'order-form');
    await page.getByRole('button', { name: /提\s?交/ }).click();
    await page.waitForURL(/flowLaunch/);

    // The order is in the list with its line; deleting asks first.
    await page.goto(appUrl('/extend/order'));
    const created = orders.locator('.ant-table-row', { hasText: orderCode });
    await created.getByText('3,456.00').waitFor();
    await created.getByText('示范区第一小学').waitFor();
    await created.locator('.ant-table-row-expand-icon').click();
    await orders.getByTestId('order-lines').getByText('激光打印机').waitFor();
    await created.getByRole('button', { name: /删\s?除/ }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText(`确定删除订单“${orderCode}”吗？`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await created.waitFor({ state: 'detached' });

    // A Word sample rendered by the server, shown in a sandboxed frame.
    await page.goto(appUrl('/extend/documentPreview'));
    const previews = page.getByTestId('document-preview-page');
    const docx = previews.locator('.ant-table-row', { hasText: '区政务服务中心办事指南.docx' });
    await docx.getByRole('button', { name: /预\s?览/ }).click();
    const frame = page.frameLocator('[data-testid=document-preview-frame]');
    await frame.getByRole('heading', { name: '区政务服务中心办事指南' }).waitFor();
    await frame.getByText('居住证办理').waitFor();
    await settled(page);
    await shot(page, 'document-preview');
  });
});
