import { describe, expect, it } from 'vitest';
import { OK, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { adminBrowser, confirmTip, field, pickerDialog, saved, shot } from './4x-support';

describe('organisations and departments', () => {
  const { adminPage } = adminBrowser();

  it('creates a company and a department under it, refuses to delete a unit with a child, moves and disables', async () => {
    const RUN = unique();
    const COMPANY = `E2E公司${RUN}`;
    const DEPARTMENT = `E2E研发部${RUN}`;
    const { context, page } = await adminPage('/permission/organize', '40');
    const list = page.getByTestId('organize-page');
    await list.locator('.ant-table-row').first().waitFor();
    await list.getByText('示范区人民政府').first().waitFor();

    // New company at the top.
    await list.getByRole('button', { name: /新建公司/ }).click();
    let dialog = page.locator('.ant-modal').filter({ hasText: '新建公司' }).last();
    // The form must be mounted (the dialog loads it) before an empty save can be refused.
    await page.locator('#organize_fullName').waitFor();
    await settled(page);
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('请输入名称', { exact: true }).waitFor();
    await dialog.getByText('请输入编码', { exact: true }).waitFor();
    await page.locator('#organize_fullName').fill(COMPANY);
    await page.locator('#organize_enCode').fill('-bad');
    await dialog.getByText(/编码只能包含/).waitFor();
    await page.locator('#organize_enCode').fill(`E2E-${RUN}`);
    // The manager is chosen with the user picker.
    await field(dialog, '主管').getByTestId('user-select').click();
    const picker = pickerDialog(page);
    await picker.getByText('选择用户').waitFor();
    await settled(page);
    const width = await picker
      .locator('.ant-modal-container, .ant-modal-content')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(width - 800)).toBeLessThan(2);
    await picker.locator('.ant-tree').getByText('示范区人民政府').first().waitFor();
    await shot(page, '40-user-picker.png');
    const keyword = picker.locator('.org-picker__keyword input');
    await keyword.fill('王');
    await keyword.press('Enter');
    await picker.getByTestId('org-picker-paged').locator('button').first().click();
    await expect.poll(() => picker.getByTestId('org-picker-selected').locator('li').count()).toBe(1);
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    // "name/account" of whoever came first: accounts made by other specs carry digits.
    await field(dialog, '主管')
      .getByText(/\/[\w.-]+$/)
      .waitFor();
    await shot(page, '40-organize-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);
    const companyRow = list.locator('.ant-table-row', { hasText: COMPANY });
    await companyRow.waitFor();

    // New department under it (row action).
    await companyRow.getByRole('button', { name: '新建部门' }).click();
    dialog = page.locator('.ant-modal').filter({ hasText: '新建部门' }).last();
    await field(dialog, '上级组织').getByText(COMPANY).waitFor();
    await page.locator('#organize_fullName').fill(DEPARTMENT);
    await page.locator('#organize_enCode').fill(`E2E-${RUN}-RD`);
    await dialog.getByRole('button', { name: OK }).click();
    await saved(page, dialog);
    const keywordBox = list.locator('.list-page__search input');
    await keywordBox.fill(RUN);
    await keywordBox.press('Enter');
    const departmentRow = list.locator('.ant-table-row', { hasText: DEPARTMENT });
    await departmentRow.waitFor();
    await expect.poll(() => list.locator('.ant-table-row').count()).toBe(2);

    // A unit with a child cannot be deleted: the server's reason is shown.
    await companyRow.getByRole('button', { name: '删除' }).click();
    await confirmTip(page);
    await toast(page, 'error', /不能删除/);
    await companyRow.waitFor();

    // Editing the company: its own subtree is not offered as a parent.
    await companyRow.getByRole('button', { name: '编辑' }).click();
    dialog = page.locator('.ant-modal').filter({ hasText: '编辑公司' }).last();
    await field(dialog, '上级组织').locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-tree');
    await options.getByText('顶级节点').waitFor();
    expect(await options.getByText(DEPARTMENT).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Disable the department with confirmation.
    await departmentRow.getByRole('switch').click();
    await page.locator('.ant-modal-confirm').last().getByText(/禁用/).waitFor();
    await confirmTip(page);
    await departmentRow.locator('.ant-switch:not(.ant-switch-checked)').waitFor();
    await departmentRow.getByRole('switch').click();
    await confirmTip(page);
    await departmentRow.locator('.ant-switch-checked').waitFor();

    await keywordBox.fill('');
    await keywordBox.press('Enter');
    await list.getByText('示范区人民政府').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, '40-organize.png');
    await context.close();
  }, 240_000);
});
