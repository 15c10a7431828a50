import { describe, expect, it } from 'vitest';
import { OK } from '../support/browser';
import { unique } from '../support/unique';
import { adminBrowser, confirmTip, field, pickerDialog, pickInTree, saved, shot } from './4x-support';

describe('positions', () => {
  const { adminPage } = adminBrowser();

  it('lists the positions of a unit and creates one in a department chosen with the organisation picker', async () => {
    const RUN = unique();
    const { context, page } = await adminPage('/permission/position', '41');
    const list = page.getByTestId('position-page');
    await list.locator('.ant-table-row').first().waitFor();

    // Picking a unit on the left lists its positions (and those below it) only.
    const tree = list.locator('.permission-split__tree');
    await tree.getByText('数据资源管理局').click();
    await expect
      .poll(async () => {
        const units = await list.locator('.ant-table-row td:nth-child(4)').allTextContents();
        return units.length > 0 && units.every((unit) => unit.includes('数据资源管理局'));
      })
      .toBe(true);

    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建岗位' }).last();
    // The unit picked on the left is the default unit.
    await field(dialog, '所属组织').getByText('数据资源管理局').waitFor();
    await field(dialog, '所属组织').getByTestId('organize-select').click();
    const picker = pickerDialog(page);
    await picker.getByText('选择组织').waitFor();
    await pickInTree(picker, '信息化', '信息化科');
    // Single mode: a second pick replaces the first.
    await expect.poll(() => picker.getByTestId('org-picker-selected').locator('li').count()).toBe(1);
    await shot(page, '41-organize-picker.png');
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await field(dialog, '所属组织').getByText('信息化科').waitFor();

    const name = `E2E架构师${RUN}`;
    await page.locator('#position_fullName').fill(name);
    await page.locator('#position_enCode').fill(`E2E-ARCH-${RUN}`);
    await page.locator('#position_type').fill('技术岗');
    await shot(page, '41-position-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);

    const keyword = list.locator('.list-page__search input');
    await keyword.fill(RUN);
    await keyword.press('Enter');
    const row = list.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    await row.getByText('信息化科').waitFor();

    // Disable with confirmation, then delete.
    await row.getByRole('switch').click();
    await confirmTip(page);
    await row.locator('.ant-switch:not(.ant-switch-checked)').waitFor();
    await keyword.fill('');
    await keyword.press('Enter');
    await tree.getByText('全部组织').click();
    await page.waitForLoadState('networkidle');
    await shot(page, '41-position.png');
    await context.close();
  }, 240_000);
});
