import { describe, expect, it } from 'vitest';
import { OK } from '../support/browser';
import { unique } from '../support/unique';
import { adminBrowser, confirmTip, field, pickerDialog, pickInTree, saved, shot } from './4x-support';

describe('roles', () => {
  const { adminPage } = adminBrowser();

  it('creates an organisation role, adds members with the user picker and opens its authorisation', async () => {
    const RUN = unique();
    const { context, page } = await adminPage('/permission/role', '42');
    const list = page.getByTestId('role-page');
    await list.locator('.ant-table-row').first().waitFor();

    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建角色' }).last();
    const name = `E2E审核员${RUN}`;
    await page.locator('#role_fullName').fill(name);
    await page.locator('#role_enCode').fill(`e2e.reviewer.${RUN}`);
    await field(dialog, '角色范围').getByText('组织', { exact: true }).click();
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('请选择所属组织').first().waitFor();

    // Two units through the organisation picker (multiple mode).
    await field(dialog, '所属组织').getByTestId('organize-select').click();
    const picker = pickerDialog(page);
    await pickInTree(picker, '财政', '财政局');
    await pickInTree(picker, '教育', '教育局');
    await expect.poll(() => picker.getByTestId('org-picker-selected').locator('li').count()).toBe(2);
    // Cancel drops the pending choice.
    await picker.getByRole('button', { name: /取\s?消/ }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await field(dialog, '所属组织').getByText('财政局').count()).toBe(0);
    await field(dialog, '所属组织').getByTestId('organize-select').click();
    await pickInTree(pickerDialog(page), '财政', '财政局');
    await pickInTree(pickerDialog(page), '教育', '教育局');
    await pickerDialog(page).getByRole('button', { name: OK }).click();
    await pickerDialog(page).waitFor({ state: 'hidden' });
    await field(dialog, '所属组织').getByText('财政局').waitFor();
    await field(dialog, '所属组织').getByText('教育局').waitFor();
    await shot(page, '42-role-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);

    const keyword = list.locator('.list-page__search input');
    await keyword.fill(RUN);
    await keyword.press('Enter');
    const row = list.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    await row.getByText(/财政局/).waitFor();

    // Members: the user picker's tabs, a keyword list, confirm, save.
    await row.getByRole('button', { name: '成员' }).click();
    const members = page
      .locator('.ant-modal')
      .filter({ hasText: `成员 - ${name}` })
      .last();
    await members.getByTestId('user-select').click();
    const users = pickerDialog(page);
    for (const tab of ['全部数据', '当前组织', '我的下属', '系统变量'])
      await users.getByRole('tab', { name: tab }).waitFor();
    await users.getByRole('tab', { name: '系统变量' }).click();
    await users.getByText('当前用户').waitFor();
    await users.getByRole('tab', { name: '全部数据' }).click();
    const search = users.locator('.org-picker__keyword input');
    await search.fill('李');
    await search.press('Enter');
    await users.getByTestId('org-picker-paged').locator('button').first().click();
    await expect.poll(() => users.getByTestId('org-picker-selected').locator('li').count()).toBe(1);
    await shot(page, '42-user-picker-keyword.png');
    await users.getByRole('button', { name: OK }).click();
    await users.waitFor({ state: 'hidden' });
    await members.getByTestId('user-select').getByText(/^李/).waitFor();
    await members.getByRole('button', { name: OK }).click();
    await saved(page, members);

    // Reopening shows the saved member.
    await row.getByRole('button', { name: '成员' }).click();
    await members.getByTestId('user-select').getByText(/^李/).waitFor();
    await members.getByRole('button', { name: /取\s?消/ }).click();
    await members.waitFor({ state: 'hidden' });

    // Disable with confirmation.
    await row.getByRole('switch').click();
    await confirmTip(page);
    await row.locator('.ant-switch:not(.ant-switch-checked)').waitFor();

    await keyword.fill('');
    await keyword.press('Enter');
    await page.waitForLoadState('networkidle');
    await shot(page, '42-role.png');

    // Authorise opens the authorisation page for this role.
    await keyword.fill(RUN);
    await keyword.press('Enter');
    await row.getByRole('button', { name: '权限设置' }).click();
    await page.waitForURL(/#\/permission\/authorize\?objectType=Role&objectId=/);
    await context.close();
  }, 240_000);

  it('picks roles in the role picker from the organisation and global tabs', async () => {
    const { context, page } = await adminPage('/permission/user');
    await page
      .getByRole('button', { name: /新\s?建/ })
      .first()
      .click();
    const roleField = page.getByTestId('role-select').first();
    await roleField.click();
    const picker = pickerDialog(page);
    await picker.getByRole('tab', { name: '组织' }).waitFor();
    await picker.getByRole('tab', { name: '全局' }).click();
    await picker.locator('.ant-tabs-content-active .ant-tree').getByText('普通职员').click();
    await picker
      .getByTestId('org-picker-selected')
      .locator('.org-picker__name')
      .getByText('普通职员')
      .waitFor();
    await shot(page, '42-role-picker.png');
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await roleField.getByText('普通职员').waitFor();
    await context.close();
  }, 120_000);
});
