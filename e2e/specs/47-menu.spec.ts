import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, pickOption, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { choose } from './45-support';

describe('system/menu', () => {
  let browser: Browser;
  let page: Page;
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = (await newPage(browser)).page;
    failureShot = () => page.screenshot({ path: '/tmp/e2e-47-failure.png' }).then(() => undefined);
    await signInAdmin(page);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const menuPage = () => page.getByTestId('menu-page');
  const row = (text: string) => menuPage().locator('.ant-table-row').filter({ hasText: text });
  const modal = (title: string) => page.locator('.ant-modal').filter({ hasText: title });
  // The application, directory and page the second test creates (new names at each attempt) and
  // the third one equips.
  let app = '';
  let pageName = '';

  it('shows the applications and the menu tree of the chosen one', async () => {
    await page.goto(appUrl('/system/menu'));
    await menuPage().locator('.menu-page__system').first().waitFor();
    await menuPage().locator('.ant-table-row').first().waitFor();
    await menuPage().getByRole('button', { name: '展开全部' }).click();
    await row('用户管理').waitFor();
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({ path: join(screenshots, '47-menu-list.png') });
    // App menus are a separate tree.
    await menuPage().locator('.ant-segmented').getByText('App菜单').click();
    await page.waitForLoadState('networkidle');
    await expect(row('用户管理').count()).resolves.toBe(0);
    await menuPage().locator('.ant-segmented').getByText('Web菜单').click();
  });

  it('adds an application, a directory and a page with the fields of its type, and refuses deleting a parent', async () => {
    const run = unique();
    app = `E2E应用${run}`;
    pageName = `E2E页面${run}`;
    const directoryName = `E2E目录${run}`;
    await page.goto(appUrl('/system/menu'));
    await menuPage().locator('.menu-page__system').first().waitFor();
    await menuPage().getByRole('button', { name: '新建应用' }).click();
    const system = modal('新建应用');
    await system.waitFor();
    await page.locator('#system_fullName').fill(app);
    await page.locator('#system_enCode').fill(`e2eApp${run}`);
    await system.getByRole('button', { name: OK }).click();
    await system.waitFor({ state: 'hidden' });
    await menuPage().locator('.menu-page__system').filter({ hasText: app }).click();
    await page.waitForLoadState('networkidle');
    await menuPage().locator('.ant-table-placeholder').waitFor();

    await menuPage()
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const directory = modal('新建菜单');
    await directory.waitFor();
    await choose(page, directory, '类型', '目录');
    await page.locator('#menu_fullName').fill(directoryName);
    await page.locator('#menu_enCode').fill(`e2eDir${run}`);
    await expect(page.locator('#menu_urlAddress').count()).resolves.toBe(0);
    await directory.getByRole('button', { name: OK }).click();
    await directory.waitFor({ state: 'hidden' });
    await row(directoryName).waitFor();

    await row(directoryName).getByRole('button', { name: '新建子级' }).click();
    const child = modal('新建菜单');
    await child.waitFor();
    await page.locator('#menu_fullName').fill(pageName);
    await page.locator('#menu_enCode').fill(`e2eDir${run}.page`);
    await child.getByRole('button', { name: OK }).click();
    await child.getByText('请输入地址').waitFor();
    await page.locator('#menu_urlAddress').fill('e2e/page');
    await child.locator('.ant-switch').filter({ hasText: '按钮' }).click();
    await child.locator('.ant-switch').filter({ hasText: '数据' }).click();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '47-menu-dialog.png') });
    // A link needs its address and target; a form needs its function.
    await choose(page, child, '类型', '外链');
    await child.getByText('打开方式').waitFor();
    await choose(page, child, '类型', '功能');
    await page.locator('#menu_moduleId').waitFor();
    await choose(page, child, '类型', '页面');
    await child.getByRole('button', { name: OK }).click();
    await child.waitFor({ state: 'hidden' });
    await menuPage().getByRole('button', { name: '展开全部' }).click();
    await row(pageName).waitFor();

    // The server refuses to delete a menu that has children; its reason is shown.
    await row(directoryName)
      .getByRole('button', { name: /删\s?除/ })
      .click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('永久删除菜单').waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'error');
    await row(directoryName).waitFor();
  });

  it("manages a page's buttons, data fields and a data-rule scheme", async () => {
    await page.goto(appUrl('/system/menu'));
    await menuPage().locator('.menu-page__system').filter({ hasText: app }).click();
    await menuPage().getByRole('button', { name: '展开全部' }).click();
    await row(pageName)
      .getByRole('button', { name: /更\s?多/ })
      .click();
    await page.locator('.ant-dropdown:visible').getByText('按钮权限').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `页面权限 - ${pageName}` });
    await drawer.waitFor();

    const buttons = drawer.getByTestId('items-ModuleButton');
    await buttons.getByRole('button', { name: /新\s?建/ }).click();
    const button = modal('新建按钮');
    await button.waitFor();
    await page.locator('#item-ModuleButton_fullName').fill('审核');
    await page.locator('#item-ModuleButton_enCode').fill('btn_audit');
    await button.getByRole('button', { name: OK }).click();
    await button.waitFor({ state: 'hidden' });
    await buttons.locator('.ant-table-row').filter({ hasText: 'btn_audit' }).waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '47-menu-buttons.png') });

    await drawer.getByRole('tab', { name: '数据字段' }).click();
    const fields = drawer.getByTestId('items-ModuleDataAuthorize');
    // 数据连接: the page's data-rule editor picks fields from a table of the console database.
    await fields.getByText('未设置数据连接：字段名称需手动输入').waitFor();
    await fields.getByRole('button', { name: '数据连接' }).click();
    const link = modal('数据连接 - 数据字段');
    await link.waitFor();
    await link
      .locator('.ant-form-item')
      .filter({ hasText: '选择或输入数据表' })
      .locator('.ant-select')
      .click();
    await page.keyboard.type('base_organize');
    await page.keyboard.press('Enter');
    await link.locator('.ant-modal-title').click();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '47-menu-link.png') });
    await link.getByRole('button', { name: OK }).click();
    await link.waitFor({ state: 'hidden' });
    await fields.getByText('已连接数据表：base_organize').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '47-menu-link-drawer.png') });

    await fields.getByRole('button', { name: /新\s?建/ }).click();
    const field = modal('新建数据字段');
    await field.waitFor();
    // The field name searches the linked table's columns; a pick fills the bound table.
    await page.locator('#item-ModuleDataAuthorize_enCode').fill('full');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({
      hasText: 'full_name',
    });
    await option.waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '47-menu-link-field.png') });
    await option.click();
    await expect(page.locator('#item-ModuleDataAuthorize_bindTable').inputValue()).resolves.toBe(
      'base_organize',
    );
    await expect(page.locator('#item-ModuleDataAuthorize_enCode').inputValue()).resolves.toBe('full_name');
    // A typed name is still taken.
    await page.locator('#item-ModuleDataAuthorize_fullName').fill('所属组织');
    await page.locator('#item-ModuleDataAuthorize_enCode').fill('organizeId');
    await choose(page, field, '条件内容', '本组织及下级');
    await field.locator('.ant-modal-title').click();
    await field.getByRole('button', { name: OK }).click();
    await field.waitFor({ state: 'hidden' });
    await fields.locator('.ant-table-row').filter({ hasText: 'organizeId' }).waitFor();

    await drawer.getByRole('tab', { name: '数据方案' }).click();
    const schemes = drawer.getByTestId('items-ModuleDataAuthorizeScheme');
    await schemes.getByRole('button', { name: /新\s?建/ }).click();
    const scheme = modal('新建数据方案');
    await scheme.waitFor();
    await page.locator('#scheme_fullName').fill('本部门及下级');
    await page.locator('#scheme_enCode').fill('orgAndSub');
    await scheme.getByRole('button', { name: OK }).click();
    await scheme.getByText('请至少添加一个条件，或开启全部数据').waitFor();
    await scheme.getByRole('button', { name: '添加条件' }).click();
    const condition = scheme.getByTestId('scheme-conditions');
    await pickOption(
      page,
      condition.locator('.ant-select').filter({ has: page.getByLabel('请选择字段') }),
      '所属组织',
    );
    await pickOption(
      page,
      condition.locator('.ant-select').filter({ has: page.getByLabel('请选择条件内容') }),
      '本组织及下级',
    );
    await settled(page);
    await page.screenshot({ path: join(screenshots, '47-menu-scheme.png') });
    await scheme.getByRole('button', { name: OK }).click();
    await scheme.waitFor({ state: 'hidden' });
    await schemes.locator('.ant-table-row').filter({ hasText: '本组织及下级' }).waitFor();
    await expect(schemes.locator('.ant-table-row').first().textContent()).resolves.toContain(
      'organizeId 等于 本组织及下级',
    );
  });
});
