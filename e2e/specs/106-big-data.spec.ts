import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';
import { specBrowser } from './6x-support';

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `106-${name}.png`) });

describe('big data demo', () => {
  const browser = specBrowser('106');

  it('inserts ten thousand rows per click and pages and searches over them', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.page();
    await signInAdmin(page);
    await page.goto(appUrl('/extend/bigData'));
    const list = page.getByTestId('big-data-page');
    await list.waitFor();
    const total = async () => Number(/共 (\d+) 条数据/.exec((await list.textContent()) ?? '')?.[1] ?? -1);
    const before = await total();

    await page.getByRole('button', { name: '插入数据' }).click();
    const confirm = page.locator('.ant-modal-confirm').last();
    await confirm.getByText('插入一万条测试数据？').waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'success', /已插入10000条数据/);
    await expect.poll(total).toBe(before + 10_000);
    const rows = list.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBe(20);
    await expect(rows.first().textContent()).resolves.toContain(
      `BD${String(before + 10_000).padStart(7, '0')}`,
    );

    await list.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect
      .poll(() => rows.first().textContent())
      .toContain(`BD${String(before + 10_000 - 20).padStart(7, '0')}`);
    await settled(page);
    await shot(page, 'page-2');

    const search = list.getByPlaceholder('请输入编码或名称');
    await search.fill(`测试数据${before + 4321}`);
    await search.press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain(
      `BD${String(before + 4321).padStart(7, '0')}`,
    );
  });
});
