import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, currentUser, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, signInUser } from './6x-support';
import { choose, pick } from './45-support';

/** What the first test creates; each of its attempts takes new names, and the later tests use them. */
function namesFor(run: string) {
  return {
    ORG: `E2E四九公司${run}`,
    ORG_CODE: `e2e49${run}`,
    POSITION: `E2E四九岗位${run}`,
    ROLE: `E2E四九角色${run}`,
    ACCOUNT: `flow49${run}`,
  };
}
let names = namesFor(unique());

interface MenuNode {
  type: number;
  urlAddress?: string | null;
  fullName: string;
  children?: MenuNode[];
}
const pagesOf = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((node) => [
    ...(node.type === 2 ? [node.urlAddress ?? ''] : []),
    ...pagesOf(node.children ?? []),
  ]);

/** The import template's header row and 50 rows (accounts `<prefix>001`…), two of them wrong (bad mobile, no name). */
async function importSheet(prefix: string): Promise<Buffer> {
  const headers = [
    '账户',
    '姓名',
    '性别',
    '所属组织',
    '岗位',
    '角色',
    '手机',
    '邮箱',
    '入职时间',
    '出生年月',
    '民族',
    '文化程度',
    '证件类型',
    '证件号码',
    '办公电话',
    '紧急联系人',
    '紧急电话',
    '通讯地址',
    '排序',
    '状态',
    '说明',
  ];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户');
  sheet.addRow(headers);
  for (let i = 1; i <= 50; i++) {
    const n = String(i).padStart(3, '0');
    const mobile = i === 10 ? '12345' : `139490${String(i).padStart(5, '0')}`;
    const name = i === 30 ? '' : `导入用户${n}`;
    sheet.addRow([
      `${prefix}${n}`,
      name,
      i % 2 ? '男' : '女',
      names.ORG,
      names.POSITION,
      names.ROLE,
      mobile,
      `${prefix}${n}@example.com`,
      '2024-03-01',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      i,
      '启用',
      '',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('permission flow (issue #4): organisation, position, role, user, grants, sign-in, import', () => {
  let browser: Browser;
  let page: Page;
  let failureShot: (() => Promise<void>) | null = null;
  let roleId = '';
  const userPassword = 'Flow4949a';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser)).page;
    failureShot = () => page.screenshot({ path: '/tmp/e2e-49-failure.png' }).then(() => undefined);
    await signInAdmin(page);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const modal = (title: string) => page.locator('.ant-modal').filter({ hasText: title });

  it('creates an organisation, a position, a role and a user through the pages', async () => {
    names = namesFor(unique());
    await page.goto(appUrl('/permission/organize'));
    const organize = page.getByTestId('organize-page');
    await organize.locator('.ant-table-row').first().waitFor();
    await organize.getByRole('button', { name: '新建公司' }).click();
    const company = modal('新建公司');
    await company.waitFor();
    await company
      .locator('.ant-form-item')
      .filter({ hasText: '上级' })
      .locator('.ant-select')
      .first()
      .click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').first().click();
    await page.locator('#organize_fullName').fill(names.ORG);
    await page.locator('#organize_enCode').fill(names.ORG_CODE);
    await company.getByRole('button', { name: OK }).click();
    await company.waitFor({ state: 'hidden' });
    await organize.locator('.ant-table-row').filter({ hasText: names.ORG }).first().waitFor();

    await page.goto(appUrl('/permission/position'));
    const positions = page.getByTestId('position-page');
    await positions.locator('.ant-table').first().waitFor();
    await positions
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .first()
      .click();
    const position = modal('新建岗位');
    await position.waitFor();
    await pick(page, position, 'organize-select', names.ORG);
    await page.locator('#position_fullName').fill(names.POSITION);
    await page.locator('#position_enCode').fill(`${names.ORG_CODE}pos`);
    await position.getByRole('button', { name: OK }).click();
    await position.waitFor({ state: 'hidden' });
    await toast(page, 'success');

    await page.goto(appUrl('/permission/role'));
    const roles = page.getByTestId('role-page');
    await roles.locator('.ant-table').first().waitFor();
    await roles
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .first()
      .click();
    const role = modal('新建角色');
    await role.waitFor();
    await page.locator('#role_fullName').fill(names.ROLE);
    await page.locator('#role_enCode').fill(`${names.ORG_CODE}role`);
    await role.getByRole('button', { name: OK }).click();
    await role.waitFor({ state: 'hidden' });
    await roles.locator('.ant-table-row').filter({ hasText: names.ROLE }).first().waitFor();

    await page.goto(appUrl('/permission/user'));
    const users = page.getByTestId('user-page');
    await users.locator('.ant-table-row').first().waitFor();
    await users
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const user = modal('新建用户');
    await user.waitFor();
    await page.locator('#user_account').fill(names.ACCOUNT);
    await page.locator('#user_realName').fill('流程四九');
    await choose(page, user, '性别', '男');
    await pick(page, user, 'organize-select', names.ORG);
    await pick(page, user, 'position-select', names.POSITION);
    await pick(page, user, 'role-select', names.ROLE, '全局');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '49-user-form-filled.png') });
    await user.getByRole('button', { name: OK }).click();
    await user.waitFor({ state: 'hidden' });
    // The generated initial password is shown once (issue 23); this spec sets its own below.
    const initial = page.locator('.initial-password-dialog');
    await initial.getByTestId('initial-password-value').waitFor();
    await initial
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();
    await initial.waitFor({ state: 'hidden' });
    const box = users.locator('.list-search-bar input');
    await box.fill(names.ACCOUNT);
    await box.press('Enter');
    const row = users.locator('.ant-table-row').filter({ hasText: names.ACCOUNT });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(names.ORG);

    // The administrator sets the first password (the user must change it at sign-in).
    await row.getByRole('button', { name: /更\s?多/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('重置密码').click();
    const reset = modal('重置密码');
    await reset.waitFor();
    await page.locator('#resetPassword_password').fill(userPassword);
    await page.locator('#resetPassword_repeat').fill(userPassword);
    await reset.getByRole('button', { name: OK }).click();
    await reset.waitFor({ state: 'hidden' });

    const info = await api<{ roleId: string; positionId: string; organizeId: string }>(
      page,
      'GET',
      `/api/permission/Users/${await row.getAttribute('data-row-key')}`,
    );
    expect(info.data.roleId).not.toBe('');
    expect(info.data.positionId).not.toBe('');
    roleId = info.data.roleId;
  });

  it('grants the role one page and one button on the authorise page', async () => {
    const systems = await api<{ list: { fullName: string; isMain: number }[] }>(
      page,
      'GET',
      '/api/system/System',
    );
    const main = systems.data.list.find((s) => s.isMain === 1)?.fullName ?? '';
    await page.goto(appUrl(`/permission/authorize?objectType=Role&objectId=${roleId}`));
    const authorize = page.getByTestId('authorize-page');
    const check = async (tab: string, title: string) => {
      const tree = authorize.getByTestId(`authorize-tree-${tab}`);
      const node = tree
        .locator('.ant-tree-treenode')
        .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
      await node.first().waitFor();
      await node.first().locator('.ant-tree-checkbox').click();
    };
    await authorize.getByText(names.ROLE).first().waitFor();
    // With no application ticked, the menu tab has nothing to offer (not every application's menus).
    await authorize.getByRole('button', { name: '下一步' }).click();
    await authorize.getByTestId('authorize-tree-module').getByText('请先在前面的页签中勾选').waitFor();
    expect(await authorize.locator('.ant-tree-treenode').count()).toBe(0);
    await authorize.getByRole('button', { name: '上一步' }).click();
    await check('system', main);
    await authorize.getByRole('button', { name: '下一步' }).click();
    await check('module', '行政区划');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '48-authorize-menu.png') });
    await authorize.getByRole('button', { name: '下一步' }).click();
    await check('button', '新建');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '48-authorize-button.png') });
    await authorize.getByRole('button', { name: /保\s?存/ }).click();
    await toast(page, 'success');
  });

  it('signs in as the user and shows exactly that page and that button', async () => {
    const { page: userPage } = await newPage(browser);
    await signInUser(userPage, names.ACCOUNT, userPassword, 'Changed49x');
    const me = (await currentUser(userPage)) as unknown as {
      menuList: MenuNode[];
      permissionList: { button: { enCode: string }[] }[];
    };
    expect(pagesOf(me.menuList)).toEqual(['system/area']);
    const buttons = me.permissionList.flatMap((entry) => entry.button.map((b) => b.enCode));
    expect(buttons).toEqual(['btn_add']);

    await userPage.goto(appUrl('/system/area'));
    const area = userPage.getByTestId('area-page');
    await area.locator('.ant-table').first().waitFor();
    await userPage.waitForLoadState('networkidle');
    await area
      .getByRole('button', { name: /新\s?建/ })
      .first()
      .waitFor();
    await expect(area.getByRole('button', { name: /编\s?辑/ }).count()).resolves.toBe(0);
    await expect(area.getByRole('button', { name: /删\s?除/ }).count()).resolves.toBe(0);
    await userPage.waitForFunction(() => document.querySelectorAll('.ant-message-notice').length === 0);
    await settled(userPage);
    await userPage.screenshot({ path: join(screenshots, '49-granted-user.png') });
    // Any other page is refused by the server too.
    const other = await api(userPage, 'GET', '/api/permission/Users?currentPage=1&pageSize=20');
    expect(other.code).not.toBe(200);

    // Grants saved for the role while the user is typing in a dialog: the page says it will reload,
    // keeps what was typed, and reloads once the dialog is closed.
    await area
      .getByRole('button', { name: /新\s?建/ })
      .first()
      .click();
    const dialog = userPage.locator('.ant-modal').last();
    await userPage.locator('#area_fullName').fill('未保存的名称');
    let reloaded = false;
    userPage.on('load', () => {
      reloaded = true;
    });
    const saved = await api(page, 'POST', '/api/permission/Authority/Data/Batch', { roleIds: [roleId] });
    expect(saved.code).toBe(200);
    await toast(userPage, 'info', '您的权限已变更，关闭当前对话框后页面将刷新');
    await expect(userPage.locator('#area_fullName').inputValue()).resolves.toBe('未保存的名称');
    expect(reloaded).toBe(false);
    const reload = userPage.waitForEvent('load');
    await dialog.getByRole('button', { name: /取\s?消/ }).click();
    await reload;
    await userPage.getByTestId('area-page').locator('.ant-table').first().waitFor();
    await userPage.context().close();
  });

  it('imports 50 users from an xlsx and reports the two bad rows back', async () => {
    const prefix = `imp${unique()}`;
    await page.goto(appUrl('/permission/user'));
    const users = page.getByTestId('user-page');
    await users.locator('.ant-table-row').first().waitFor();
    await users
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /导\s?入/ })
      .click();
    const wizard = page.locator('.import-wizard');
    await wizard.getByText('批量导入').waitFor();
    await wizard.locator('input[type=file]').setInputFiles({
      name: 'users-49.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importSheet(prefix),
    });
    await wizard.locator('.ant-upload-list-item-done').filter({ hasText: 'users-49.xlsx' }).waitFor();
    await page.waitForLoadState('networkidle');
    await wizard.getByTestId('import-next').click();
    const preview = wizard.getByTestId('import-preview');
    await preview.waitFor();
    await preview.getByText('共 50 条').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '49-import-preview.png') });

    await wizard.getByTestId('import-next').click();
    const result = wizard.getByTestId('import-result');
    await result.waitFor();
    await expect(result.getByTestId('import-counts').textContent()).resolves.toBe('成功 48 条，失败 2 条');
    const failed = result.locator('.ant-table-row');
    await expect(failed.count()).resolves.toBe(2);
    await expect(failed.nth(0).textContent()).resolves.toContain(`${prefix}010`);
    await expect(failed.nth(0).textContent()).resolves.toContain('手机');
    await expect(failed.nth(1).textContent()).resolves.toContain(`${prefix}030`);
    await expect(failed.nth(1).textContent()).resolves.toContain('姓名');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '49-import-result.png') });
    await wizard
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();

    const imported = await api<{ pagination: { total: number } }>(
      page,
      'GET',
      `/api/permission/Users?keyword=${prefix}&currentPage=1&pageSize=20`,
    );
    expect(imported.data.pagination.total).toBe(48);
  });
});
