import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, savedDownload, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { specBrowser } from './6x-support';

const RUN = unique();

/** Picks a node of an antd tree select of a form item by clicking its title. */
async function pickTreeNode(page: Page, scope: Locator, label: string, title: string) {
  const item = scope
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label', { hasText: label }) });
  await item.locator('.ant-select').click();
  const node = page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title')
    .filter({ hasText: title })
    .first();
  await node.click();
  await item.locator('.ant-select').filter({ hasText: title }).waitFor();
}

const tableRows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');

describe('data reports and visual portals (#12)', () => {
  const spec = specBrowser('92');

  it('designs a report on a seeded interface, filters and exports it; the demo portal shows data and keeps a moved widget', async () => {
    const page = await spec.page();
    await signInAdmin(page);

    // Design a report on the seeded 部门预算执行数据 interface: columns, filter and chart come from it.
    await page.goto(appUrl('/onlineDev/dataReport'));
    const list = page.getByTestId('data-report-page');
    await list.getByRole('button', { name: /新\s?建/ }).click();
    const designer = page.locator('.ant-drawer').filter({ hasText: '新建报表' });
    await designer.getByLabel('报表名称').fill(`预算分析${RUN}`);
    await designer.getByLabel('报表编码').fill(`budgetAnalysis${RUN}`);
    await pickTreeNode(page, designer, '分类', '财务报表');
    await pickTreeNode(page, designer, '数据接口', '部门预算执行数据');
    await expect.poll(() => tableRows(designer).count(), { timeout: 20_000 }).toBe(6);
    await designer.locator('canvas').first().waitFor();
    await designer.screenshot({ path: join(screenshots, '92-report-designer.png') });
    await designer.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success', '新建成功');
    await expect.poll(async () => (await list.innerText()).includes(`预算分析${RUN}`)).toBe(true);

    // The seeded report's menu: table, totals and charts; the quarter filter (Enter) narrows it; export.
    await page.goto(appUrl('/demo/budgetReport'));
    const report = page.getByTestId('dynamic-report');
    await expect.poll(() => tableRows(report).count(), { timeout: 20_000 }).toBe(6);
    await report.locator('canvas').first().waitFor();
    await expect.poll(() => report.locator('.report-view__totals').innerText()).toContain('¥21,160,000.00');
    const quarter = report.getByLabel('季度');
    await quarter.fill('Q1');
    await quarter.press('Enter');
    const finance = report.locator('tr.ant-table-row').filter({ hasText: '区财政局' });
    await expect.poll(() => finance.innerText()).toContain('¥410,000.00');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '92-report-runtime.png') });
    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: /导出Excel/ }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedDownload(await download));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('部门');
    const financeRow = sheet.getRows(2, 6)!.find((row) => row.getCell(1).value === '区财政局')!;
    expect(Number(financeRow.getCell(3).value)).toBe(410_000);

    // The demo portal: every widget with its data.
    await page.goto(appUrl('/demo/leaderPortal'));
    const portal = page.getByTestId('dynamic-portal');
    const widget = (key: string) => portal.locator(`[data-widget="${key}"]`);
    await expect.poll(() => widget('board').innerText(), { timeout: 20_000 }).toContain('21,160,000');
    await widget('budgetBar').locator('canvas').waitFor();
    await widget('spentPie').locator('canvas').waitFor();
    await widget('trendLine').locator('canvas').waitFor();
    await expect.poll(() => tableRows(widget('budgetTable')).count()).toBe(6);
    await expect.poll(() => widget('links').innerText()).toContain('部门预算执行报表');
    await expect.poll(() => widget('events').innerText()).toContain('全区年度预算批复下达');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '92-portal.png'), fullPage: true });

    // Drag 年度重点工作 twelve columns right by its header: it takes the banner's place and is kept after reload.
    const before = (await widget('events').getAttribute('style')) ?? '';
    expect(before).toContain('grid-area: 33 / 1 / span 8 / span 12');
    const handle = widget('events').getByRole('button', { name: /拖动以移动/ });
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    const gridWidth = (await portal.locator('.portal-grid').boundingBox())!.width;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++)
      await page.mouse.move(box.x + 20 + (gridWidth / 2) * (step / 10), box.y + box.height / 2);
    await page.mouse.up();
    await expect
      .poll(() => widget('events').getAttribute('style'))
      .toContain('grid-area: 33 / 13 / span 8 / span 12');
    await portal.getByRole('button', { name: '保存我的布局' }).click();
    await toast(page, 'success', '保存成功');
    await page.reload();
    await expect
      .poll(
        async () =>
          (await widget('events')
            .getAttribute('style')
            .catch(() => '')) ?? '',
        { timeout: 20_000 },
      )
      .toContain('grid-area: 33 / 13 / span 8 / span 12');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '92-portal-moved.png'), fullPage: true });
  });
});
