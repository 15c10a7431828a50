import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, savedDownload, screenshots } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, setPassword, signInUser, specBrowser, userIdOf } from './6x-support';
import { createReleasedSampleDesign, generatedListTitles, menuByCode } from './8x-support';

const RUN = unique();

/** Adds a record through the page's dialog: title, amount, level and one sub-table row. */
async function addRecord(page: Page, title: string, amount: string, item: string) {
  const list = page.getByTestId('online-dev-page');
  await list
    .locator('.list-page__toolbar')
    .getByRole('button', { name: /新\s?增/ })
    .click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增E2E请假申请' });
  await dialog.waitFor();
  const item$ = (label: string) =>
    dialog
      .locator('.ant-form-item')
      .filter({ has: page.locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) })
      .first();
  await item$('标题').locator('input').fill(title);
  await item$('金额').locator('input').fill(amount);
  await dialog.getByRole('button', { name: /添\s?加/ }).click();
  await dialog.locator('.form-subtable__cell input').first().fill(item);
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, 'success', '新建成功');
  await dialog.waitFor({ state: 'hidden' });
}

describe('generated pages (menu type 3)', () => {
  const spec = specBrowser('85');

  it('a released design granted with the own-records rule: users add, search, edit and export only their rows', async () => {
    const admin = await spec.page();
    await signInAdmin(admin);
    const enCode = `e2eLeave${RUN}`;
    const { parent } = await createReleasedSampleDesign(admin, { fullName: 'E2E请假申请', enCode });

    // Grant the page, its buttons and the "本人数据" scheme to two staff members.
    const menu = await menuByCode(admin, enCode);
    const buttons = await api<{ list: { id: string }[] }>(
      admin,
      'GET',
      `/api/system/ModuleButton/${menu.id}/List`,
    );
    const schemes = await api<{ list: { id: string; enCode: string }[] }>(
      admin,
      'GET',
      `/api/system/ModuleDataAuthorizeScheme/${menu.id}/List`,
    );
    const own = schemes.data.list.find((s) => s.enCode === 'own')!;
    const accounts = [
      ['zhaomin', 'Start#2026z', 'Leave#2026z'],
      ['guofang', 'Start#2026g', 'Leave#2026g'],
    ] as const;
    const userIds = await Promise.all(accounts.map(([account]) => userIdOf(admin, account)));
    const demo = await menuByCode(admin, 'demo');
    const systems = await api<{ list: { id: string; isMain: number }[] }>(admin, 'GET', '/api/system/System');
    const granted = await api(admin, 'POST', '/api/permission/Authority/Data/Batch', {
      userIds,
      systemIds: [systems.data.list.find((s) => s.isMain === 1)!.id],
      module: [demo.id, parent.id, menu.id],
      button: buttons.data.list.map((b) => b.id),
      resource: [own.id],
    });
    expect(granted.code, granted.msg).toBe(200);

    const pages: Page[] = [];
    for (const [account, password, next] of accounts) {
      await setPassword(admin, account, password);
      const page = await spec.page();
      await signInUser(page, account, password, next);
      await page.goto(appUrl(`/model/${enCode}`));
      await page.getByTestId('online-dev-page').locator('.ant-table').waitFor();
      pages.push(page);
    }
    const [zhao, guo] = pages as [Page, Page];

    await addRecord(zhao, '赵敏的病假', '3', '病历');
    await addRecord(zhao, '赵敏的年假', '5', '机票');
    await addRecord(guo, '郭芳的事假', '1', '说明');
    await zhao
      .getByTestId('online-dev-page')
      .getByRole('button', { name: /刷\s?新/ })
      .click();
    expect((await generatedListTitles(zhao)).sort()).toEqual(['赵敏的年假', '赵敏的病假']);
    expect(await generatedListTitles(guo)).toEqual(['郭芳的事假']);
    await zhao.screenshot({ path: join(screenshots, '85-online-dev-list.png') });

    // Search: the fuzzy title field, Enter to search.
    const list = zhao.getByTestId('online-dev-page');
    const titleSearch = list.locator('.list-page__search').getByRole('textbox', { name: '标题' });
    await titleSearch.fill('病假');
    await titleSearch.press('Enter');
    await expect.poll(() => generatedListTitles(zhao)).toEqual(['赵敏的病假']);

    // Edit the found record.
    await list
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    const dialog = zhao.locator('.ant-modal').filter({ hasText: '编辑E2E请假申请' });
    await dialog.waitFor();
    const title = dialog.locator('.ant-form-item').filter({ hasText: '标题' }).first().locator('input');
    await expect.poll(() => title.inputValue()).toBe('赵敏的病假');
    await title.fill('赵敏的病假（已改）');
    await dialog.screenshot({ path: join(screenshots, '85-online-dev-edit.png') });
    await dialog.getByRole('button', { name: OK }).click();
    await toast(zhao, 'success', '保存成功');
    await titleSearch.fill('');
    await titleSearch.press('Enter');
    await expect
      .poll(async () => (await generatedListTitles(zhao)).sort())
      .toEqual(['赵敏的年假', '赵敏的病假（已改）']);

    // Export: every column of all rows, only this user's rows.
    await list.getByRole('button', { name: /导\s?出/ }).click();
    const exportDialog = zhao.locator('.ant-modal').filter({ hasText: '导出数据' });
    await exportDialog.getByText('全部数据（最多 10000 条）').click();
    const download = zhao.waitForEvent('download');
    await exportDialog.getByRole('button', { name: /导\s?出/ }).click();
    const file = await savedDownload(await download);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('标题');
    const exported = [sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value].sort();
    expect(exported).toEqual(['赵敏的年假', '赵敏的病假（已改）']);
    expect(sheet.rowCount).toBe(3);
  });
});
