import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

async function chooseLanguage(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('language switch and common words', () => {
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

  it('translates menus, the open tabs, breadcrumbs and the system name', async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-104-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    // Classic layout (side menu, tabs, breadcrumb) with the tab bar and the language select shown.
    await page.getByTestId('open-settings').click();
    const drawer = page.locator('.settings-drawer');
    await drawer.waitFor();
    await drawer.getByTestId('layout-classic').click();
    for (const name of ['显示标签栏', '显示语言选择']) {
      const toggle = drawer.getByRole('switch', { name });
      if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    }
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    await page.goto(appUrl('/system/billRule'));
    await page.getByTestId('bill-rule-page').waitFor();
    await page.goto(appUrl('/system/printDev'));
    await page.getByTestId('print-dev-page').waitFor();
    const tabs = page.locator('.tags-view__title');
    await tabs.getByText('打印模板', { exact: true }).waitFor();

    await chooseLanguage(page, '语言', 'English');
    // The side menu, both open tabs (the one in the background too), the breadcrumb and the name.
    await page.getByRole('menuitem', { name: 'Print Templates' }).waitFor();
    await tabs.getByText('Print Templates', { exact: true }).waitFor();
    await tabs.getByText('Bill Rules', { exact: true }).waitFor();
    await page.locator('.ant-breadcrumb').getByText('System', { exact: true }).waitFor();
    await page.getByText('Intelligent Q&A Management Platform').first().waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '104-menus-english.png') });

    await chooseLanguage(page, 'Language', '繁體中文');
    await page.getByRole('menuitem', { name: '列印模板' }).waitFor();
    await tabs.getByText('單據規則', { exact: true }).waitFor();
    await page.locator('.ant-breadcrumb').getByText('系統管理', { exact: true }).waitFor();
    await page.getByRole('menuitem', { name: '權限管理' }).waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '104-menus-taiwan.png') });

    await chooseLanguage(page, '語言', '简体中文');
    await page.getByRole('menuitem', { name: '打印模板' }).waitFor();
    await context.close();
  });

  it('keeps approval common words for all apps', async () => {
    const { context, page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-104-failure.png' }).then(() => undefined);
    await signInAdmin(page);
    await page.goto(appUrl('/system/commonWords'));
    const list = page.getByTestId('common-words-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建常用语' });
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.locator('.ant-form-item-explain-error').getByText('请输入常用语', { exact: true }).waitFor();
    await page.locator('#commonWords_commonWordsText').fill('同意，请按规定办理');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success');
    const row = list.locator('.ant-table-row').filter({ hasText: '同意，请按规定办理' });
    await row.getByText('全部应用').waitFor();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '104-common-words.png') });
    await context.close();
  });
});
