import { describe, expect, it } from 'vitest';
import { OK } from '../support/browser';
import { toast } from '../support/toasts';
import { adminBrowser, confirmTip, field, pickerDialog, saved, shot } from './4x-support';
import { api } from './6x-support';

describe('grade administrators', () => {
  const { adminPage } = adminBrowser();

  it('makes a user the administrator of one unit with chosen rights, edits and removes it', async () => {
    const { context, page } = await adminPage('/permission/gradeManage', '44');
    const list = page.getByTestId('grade-page');
    await list.locator('.ant-table').waitFor();
    // A failed earlier attempt may have left lixiuying an administrator: start from none.
    const left = await api<{ list: { id: string; account: string }[] }>(
      page,
      'GET',
      '/api/permission/organizeAdminIsTrator?keyword=lixiuying&currentPage=1&pageSize=20',
    );
    const stale = left.data.list.filter((item) => item.account === 'lixiuying');
    for (const item of stale) {
      const removed = await api(page, 'DELETE', `/api/permission/organizeAdminIsTrator/${item.id}`);
      expect(removed.code, removed.msg).toBe(200);
    }
    if (stale.length) await page.reload();
    await list.locator('.ant-table').waitFor();
    await page.waitForLoadState('networkidle');

    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建分级管理员' }).last();
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'error', '请选择管理员');

    await field(dialog, '管理员').getByTestId('user-select').click();
    const users = pickerDialog(page);
    const search = users.locator('.org-picker__keyword input');
    await search.fill('lixiuying');
    await search.press('Enter');
    await users.getByTestId('org-picker-paged').locator('button').first().click();
    await users.getByRole('button', { name: OK }).click();
    await users.waitFor({ state: 'hidden' });
    await field(dialog, '管理员')
      .getByText(/lixiuying/)
      .waitFor();

    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'error', '请选择管理组织');

    // Edit rights on one unit: changing a level checks seeing it.
    const unit = dialog.locator('.ant-table-row', { hasText: '数据资源管理局' }).first();
    await unit.getByRole('checkbox', { name: /数据资源管理局 子层级编辑/ }).check();
    await expect(unit.getByRole('checkbox', { name: /数据资源管理局 子层级查看/ }).isChecked()).resolves.toBe(
      true,
    );
    await unit.getByRole('checkbox', { name: /数据资源管理局 本层级查看/ }).check();
    await shot(page, '44-grade-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);

    const row = list.locator('.ant-table-row', { hasText: 'lixiuying' });
    await row.getByText(/数据资源管理局/).waitFor();
    await shot(page, '44-grade.png');

    // Editing shows the saved rights with the user fixed.
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑分级管理员' }).last();
    const saved2 = edit.locator('.ant-table-row', { hasText: '数据资源管理局' }).first();
    await expect
      .poll(() => saved2.getByRole('checkbox', { name: /数据资源管理局 子层级编辑/ }).isChecked())
      .toBe(true);
    await edit.getByRole('button', { name: /取\s?消/ }).click();
    await edit.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '删除' }).click();
    await confirmTip(page);
    await row.waitFor({ state: 'detached' });
    await context.close();
  }, 240_000);
});
