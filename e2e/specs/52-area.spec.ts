import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

describe('areas and the address picker', () => {
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

  it('loads the tree lazily, picks an address three levels deep, adds, disables and deletes an area', async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-52-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/area'));
    const list = page.getByTestId('area-page');
    const table = list.locator('.ant-table');
    await table.getByText('浙江省', { exact: true }).waitFor();

    // Lazy children: expanding a province loads its cities.
    const zhejiang = list.locator('.ant-table-row', { hasText: '浙江省' }).first();
    await zhejiang.locator('.ant-table-row-expand-icon').click();
    await table.getByText('杭州市', { exact: true }).waitFor();
    await page.screenshot({ path: join(screenshots, 'area.png') });

    // Address picker: province → city → district; only the district (level 2) can be chosen.
    await list.getByTestId('address-picker').click();
    const picker = page.locator('.address-picker-dialog');
    await picker.getByText('省市区').first().waitFor();
    const tree = picker.locator('.address-picker__tree');
    await tree.getByTitle('浙江省', { exact: true }).click();
    await expect(picker.locator('.address-picker__item').count()).resolves.toBe(0);
    await tree.locator('.ant-tree-treenode', { hasText: '浙江省' }).locator('.ant-tree-switcher').click();
    await tree.getByTitle('杭州市', { exact: true }).waitFor();
    await tree.locator('.ant-tree-treenode', { hasText: '杭州市' }).locator('.ant-tree-switcher').click();
    await tree.getByTitle('西湖区', { exact: true }).click();
    await picker.locator('.address-picker__item').getByText('浙江省/杭州市/西湖区').waitFor();
    await page.screenshot({ path: join(screenshots, 'area-address-picker.png') });
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await list.getByTestId('address-picker').getByText('浙江省/杭州市/西湖区').waitFor();
    // The area page opens the tree down to the chosen district.
    await list.locator('.area-page__located').getByText('西湖区').waitFor();

    // Add a top-level area through the dialog.
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.area-dialog');
    await dialog.getByText('新建区域').waitFor();
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('请输入区域名称', { exact: true }).waitFor();
    await dialog.getByText('请输入区域编码', { exact: true }).waitFor();
    await page.locator('#area_fullName').fill('E2E测试区');
    await page.locator('#area_enCode').fill('990000');
    await page.locator('#area_sortCode').fill('999');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });

    const mine = list.locator('.ant-table-row', { hasText: 'E2E测试区' });
    await list.locator('.list-page__search input').first().fill('E2E测试');
    await list.locator('.list-page__search input').first().press('Enter');
    await mine.waitFor();
    await mine.getByRole('switch').click();
    let confirm = page.locator('.ant-modal-confirm').last();
    await confirm.getByText(/禁用/).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '更新状态成功');
    await mine.locator('.ant-switch:not(.ant-switch-checked)').waitFor();

    await mine.getByRole('button', { name: /删\s?除/ }).click();
    confirm = page.locator('.ant-modal-confirm').last();
    await confirm.getByText(/永久删除/).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '删除成功');
    await mine.waitFor({ state: 'detached' });
    await context.close();
  }, 240_000);
});
