import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';
import { api } from './6x-support';
import { choose, pick } from './45-support';

interface Unit {
  id: string;
  fullName: string;
  children?: Unit[];
}

describe('permission/user', () => {
  let browser: Browser;
  let page: Page;
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser)).page;
    failureShot = () => page.screenshot({ path: '/tmp/e2e-45-failure.png' }).then(() => undefined);
    await signInAdmin(page);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const userPage = () => page.getByTestId('user-page');
  const row = (text: string) => userPage().locator('.ant-table-row').filter({ hasText: text });
  const search = async (keyword: string) => {
    const box = userPage().locator('.list-search-bar input');
    await box.fill(keyword);
    await box.press('Enter');
    await page.waitForLoadState('networkidle');
  };

  it('lists users beside the organisation tree and filters by keyword and unit', async () => {
    await page.goto(appUrl('/permission/user'));
    await page.reload();
    await userPage().locator('.ant-table-row').first().waitFor();
    await userPage().locator('.ant-tree-title').first().waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '45-user-list.png') });

    await search('admin');
    await row('admin').first().waitFor();
    await search('');
    // Clicking a unit narrows the list to it and its subtree.
    const firstUnit = userPage().locator('.ant-tree-treenode .ant-tree-title').first();
    await firstUnit.click();
    await page.waitForLoadState('networkidle');
    await expect(userPage().locator('.ant-tree-treenode-selected').count()).resolves.toBe(1);
  });

  it('creates, edits, resets the password of, disables and deletes a user', async () => {
    const tree = await api<{ list: Unit[] }>(page, 'GET', '/api/permission/Organize/SelectorByAuth/0');
    const unit = tree.data.list[0];
    expect(unit).toBeDefined();
    await page.goto(appUrl('/permission/user'));
    await page.reload();
    await userPage().locator('.ant-table-row').first().waitFor();

    await userPage()
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建用户' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: OK }).click();
    for (const text of ['请输入账户', '请输入姓名', '请选择性别', '请选择所属组织'])
      await dialog.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).waitFor();
    await page.locator('#user_account').fill('e2e-45');
    await dialog.getByText('账户只能由英文字母和数字组成').waitFor();
    await page.locator('#user_mobilePhone').fill('12345');
    await dialog.getByText('请输入正确的手机号码').waitFor();
    // The dialog is taller than the window: show it from its title.
    await dialog.evaluate((element) => element.closest('.ant-modal-wrap')?.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: join(screenshots, '45-user-dialog.png') });

    await page.locator('#user_account').fill('e2e45');
    await page.locator('#user_realName').fill('测试四五');
    await page.locator('#user_mobilePhone').fill('13800000045');
    await page.locator('#user_email').fill('e2e45@example.com');
    await choose(page, dialog, '性别', '女');
    await pick(page, dialog, 'organize-select', unit?.fullName ?? '');
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(page, 'success');
    // The one-time initial password is shown once (issue 23); closed, it is gone.
    const initial = page.locator('.initial-password-dialog');
    await initial.getByTestId('initial-password-value').waitFor();
    await initial
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();
    await initial.waitFor({ state: 'hidden' });

    await search('e2e45');
    await row('e2e45').waitFor();
    await expect(row('e2e45').textContent()).resolves.toContain('测试四五');

    // Edit: the account cannot change, the name can.
    await row('e2e45')
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑用户' });
    await edit.waitFor();
    await expect(page.locator('#user_realName')).toBeDefined();
    await page.waitForFunction(
      () => (document.querySelector('#user_realName') as HTMLInputElement)?.value === '测试四五',
    );
    await expect(page.locator('#user_account').isDisabled()).resolves.toBe(true);
    await page.locator('#user_realName').fill('测试四五改');
    await edit.getByRole('button', { name: OK }).click();
    await edit.waitFor({ state: 'hidden' });
    await row('测试四五改').waitFor();

    // Reset to a random password: shown once with a copy button.
    await row('e2e45')
      .getByRole('button', { name: /更\s?多/ })
      .click();
    await page.locator('.ant-dropdown:visible').getByText('重置密码').click();
    const reset = page.locator('.ant-modal').filter({ hasText: '重置密码' });
    await reset.waitFor();
    await reset.getByText('随机密码').click();
    await settled(page);
    await reset.getByRole('button', { name: OK }).click();
    const shown = reset.getByTestId('generated-password-value');
    await shown.waitFor();
    const generated = (await shown.textContent()) ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(6);
    await settled(page);
    await page.screenshot({ path: join(screenshots, '45-user-reset-password.png') });
    await reset
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();
    await reset.waitFor({ state: 'hidden' });

    // Disable (confirm): the state switch turns off.
    await row('e2e45')
      .getByRole('button', { name: /更\s?多/ })
      .click();
    await page.locator('.ant-dropdown:visible').getByText('禁用').click();
    const confirmDisable = page.locator('.ant-modal-confirm');
    await confirmDisable.getByText('此操作将禁用该用户').waitFor();
    await confirmDisable.getByRole('button', { name: OK }).click();
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-testid="user-page"] .ant-table-row'))
          .find((tr) => tr.textContent?.includes('e2e45'))
          ?.querySelector('.ant-switch-checked') === null,
    );
    const info = await api<{ enabledMark: number }>(
      page,
      'GET',
      `/api/permission/Users/${await row('e2e45').getAttribute('data-row-key')}`,
    );
    expect(info.data.enabledMark).toBe(0);

    // Delete (confirm): the row goes.
    await row('e2e45')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    const confirmDelete = page.locator('.ant-modal-confirm').filter({ hasText: '永久删除' });
    await confirmDelete.waitFor();
    await confirmDelete.getByRole('button', { name: OK }).click();
    await page.waitForLoadState('networkidle');
    await row('e2e45').waitFor({ state: 'detached' });
  });

  it('opens the import wizard and refuses a wrong file type and next without a file', async () => {
    await page.goto(appUrl('/permission/user'));
    await page.reload();
    await userPage().locator('.ant-table-row').first().waitFor();
    await userPage()
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /导\s?入/ })
      .click();
    const wizard = page.locator('.import-wizard');
    await wizard.getByText('批量导入').waitFor();
    await wizard.getByTestId('import-next').click();
    await toast(page, 'error', '请先上传文件');
    await wizard.locator('input[type=file]').setInputFiles({
      name: 'users.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b'),
    });
    await toast(page, 'error', '请选择xls、xlsx类型的文件');
    await wizard.locator('input[type=file]').setInputFiles({
      name: 'big.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.alloc(501 * 1024),
    });
    await toast(page, 'error', '文件大小不能超过500KB');
    // The picture without the toasts: wait until they have gone.
    await expect.poll(() => page.locator('.ant-message-notice').count()).toBe(0);
    await settled(page);
    await page.screenshot({ path: join(screenshots, '45-user-import.png') });
    await wizard.getByRole('button', { name: /取\s?消/ }).click();
  });
});
