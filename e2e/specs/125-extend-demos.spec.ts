import { resolve } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { appUrl, screenshots, settled } from '../support/browser';
import { signInAdmin } from './5x-support';
import { specBrowser } from './6x-support';

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `125-${name}.png`) });

const HEADER = [
  '工号',
  '姓名',
  '性别',
  '部门',
  '岗位',
  '用工性质',
  '身份证号',
  '联系电话',
  '出生年月',
  '参加工作时间',
  '最高学历',
  '所学专业',
  '毕业院校',
  '毕业时间',
];

async function employeeSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('员工信息');
  sheet.addRow(HEADER);
  sheet.addRow(['E2E01', '林晓', '女', '区民政局', '科员', '正式', '', '13812345678', '1995-04-01']);
  sheet.addRow(['E2E02', '郑浩', '男', '区民政局', '科员', '正式', '', '12345', '1996-05-02']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('extend demos', () => {
  const browser = specBrowser('125');

  it('imports employees with a bad row reported, opens a sale order, a print sample and the signet page', {
    timeout: 150_000,
  }, async () => {
    const page = await browser.page();
    await signInAdmin(page);

    // Import: the preview names the bad row's problem; the good row is imported, the bad one reported.
    await page.goto(appUrl('/extend/importAndExport'));
    const roster = page.getByTestId('import-export-page');
    await roster.getByText('王建国').waitFor();
    await roster.getByRole('button', { name: '导入' }).click();
    const wizard = page.locator('.import-wizard');
    await wizard.locator('input[type=file]').setInputFiles({
      name: 'employees.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await employeeSheet(),
    });
    await wizard.locator('.ant-upload-list-item-done').waitFor();
    await wizard.getByTestId('import-next').click();
    await wizard.getByTestId('import-preview').getByText('联系电话应为11位手机号').waitFor();
    await shot(page, 'import-preview');
    await wizard.getByTestId('import-next').click();
    await wizard.getByTestId('import-counts').getByText('成功 1 条，失败 1 条').waitFor();
    await wizard.getByTestId('import-failed').getByText('E2E02').waitFor();
    await shot(page, 'import-result');
    await wizard.getByRole('button', { name: '关闭' }).click();
    await roster.getByText('林晓').waitFor();

    // A seeded sales order with its lines.
    await page.goto(appUrl('/extend/saleOrder'));
    const orders = page.getByTestId('sale-order-page');
    const order = orders.locator('.ant-table-row', { hasText: 'XS20261101' });
    await order.getByText('48,360.00').waitFor();
    await order.locator('.ant-table-row-expand-icon').click();
    const lines = orders.getByTestId('sale-order-lines');
    await lines.getByText('台式计算机').waitFor();
    await lines.getByText('45,800.00').waitFor();
    await settled(page);
    await shot(page, 'sale-order');

    // The quotation sample: its lines repeated and the total in capital figures.
    await page.goto(appUrl('/extend/printData'));
    const samples = page.getByTestId('print-data-page');
    await samples.getByText('报价单', { exact: true }).click();
    const sheet = samples.getByTestId('print-sample');
    await sheet.getByText('采购报价单').waitFor();
    await sheet.getByText('自助服务终端').waitFor();
    await sheet.getByText('报价总额（大写）：肆万捌仟陆佰元整').waitFor();
    await settled(page);
    await shot(page, 'print-offer');

    // The seal follows the inputs and is stamped on the sample document.
    await page.goto(appUrl('/extend/signet'));
    const signet = page.getByTestId('signet-page');
    await signet.getByLabel('单位名称').fill('示范区行政审批局');
    await signet.getByTestId('seal').waitFor();
    await signet.getByTestId('signet-document').getByText('示范区行政审批局').waitFor();
    await signet.getByTestId('signet-document').click({ position: { x: 200, y: 200 } });
    await settled(page);
    await shot(page, 'signet');
  });
});
