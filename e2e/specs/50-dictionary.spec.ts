import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launchBrowser, newPage, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';

async function submit(dialog: Locator) {
  await dialog.getByRole('button', { name: OK }).click();
}

async function expectMessage(dialog: Locator, text: string) {
  await dialog.getByText(text, { exact: true }).first().waitFor();
}

async function confirmModal(page: Page, text: RegExp) {
  const confirm = page.locator('.ant-modal-confirm').last();
  await confirm.getByText(text).waitFor();
  await confirm.getByRole('button', { name: OK }).click();
}

describe('dictionary management', () => {
  let browser: Browser;
  let failureShot: (() => Promise<void>) | null = null;

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a category and items through the dialogs, with every validation message, then disables and deletes one', async () => {
    const { context, page } = await newPage(browser);
    await signInAdmin(page);
    await page.goto(appUrl('/systemData/dictionary'));
    failureShot = () => page.screenshot({ path: '/tmp/e2e-50-failure.png' }).then(() => undefined);
    await page.getByTestId('dictionary-page').waitFor();
    await page.locator('.dictionary-page__tree .ant-tree-title').first().waitFor();
    await page.locator('.dictionary-page__tree').getByText('业务分类', { exact: true }).click();
    await page.getByTestId('dictionary-table').getByText('政务服务').waitFor();
    await page.screenshot({ path: join(screenshots, 'dictionary.png') });

    // Category management from the tree menu.
    await page.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '分类管理' }).click();
    const drawer = page.locator('.dictionary-type-drawer');
    await drawer.locator('.ant-table-row').first().waitFor();
    await drawer.getByRole('button', { name: /新\s?建/ }).click();
    const typeDialog = page.locator('.dictionary-type-dialog');
    await typeDialog.getByText('新建字典分类').waitFor();
    await submit(typeDialog);
    await expectMessage(typeDialog, '请输入名称');
    await expectMessage(typeDialog, '请输入编码');
    await page.locator('#dictionaryType_fullName').fill('分'.repeat(51));
    await expectMessage(typeDialog, '名称最多为50个字符');
    await page.locator('#dictionaryType_fullName').fill('测试@分类');
    await expectMessage(typeDialog, '名称不能含有特殊符号');
    await page.locator('#dictionaryType_enCode').fill('c'.repeat(51));
    await expectMessage(typeDialog, '字典编码最多为50个字符！');
    await page.locator('#dictionaryType_enCode').fill('.e2e');
    await expectMessage(typeDialog, '只能输入英文、数字和小数点，且小数点不能放在首尾');
    await page.locator('#dictionaryType_fullName').fill('E2E测试分类');
    await page.locator('#dictionaryType_enCode').fill('e2eCategory');
    await page.locator('#dictionaryType_tree').click();
    await page.screenshot({ path: join(screenshots, 'dictionary-type-dialog.png') });
    await submit(typeDialog);
    await toast(page, 'success', '新建成功');
    await typeDialog.waitFor({ state: 'hidden' });
    await drawer.getByText('E2E测试分类').waitFor();
    await page.screenshot({ path: join(screenshots, 'dictionary-type-drawer.png') });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // The tree filter is case-insensitive.
    await page.getByPlaceholder('输入关键字进行过滤').fill('e2e测试');
    const node = page.locator('.dictionary-page__tree').getByText('E2E测试分类', { exact: true });
    await node.waitFor();
    await expect(page.locator('.dictionary-page__tree .ant-tree-title').count()).resolves.toBeLessThan(4);
    await node.click();
    await page.locator('.dictionary-page__type-name').getByText('E2E测试分类').waitFor();

    // Items: validation messages of console.md 5, then three entries.
    const toolbarAdd = page.locator('.dictionary-page__toolbar').getByRole('button', { name: /新\s?建/ });
    const itemDialog = page.locator('.dictionary-item-dialog');
    await toolbarAdd.click();
    await itemDialog.getByText('新建字典').waitFor();
    // New items default the parent to the first tree entry: the category itself.
    await itemDialog.locator('.ant-select-content').getByText('E2E测试分类').waitFor();
    await submit(itemDialog);
    await expectMessage(itemDialog, '请输入名称');
    await expectMessage(itemDialog, '请输入编码');
    await page.locator('#dictionaryItem_fullName').fill('名'.repeat(51));
    await expectMessage(itemDialog, '字典名称最多为50个字符！');
    await page.locator('#dictionaryItem_enCode').fill('x'.repeat(51));
    await expectMessage(itemDialog, '字典编码最多为50个字符！');
    await page.locator('#dictionaryItem_fullName').fill('E2E一级');
    await page.locator('#dictionaryItem_enCode').fill('e2e.one');
    await page.screenshot({ path: join(screenshots, 'dictionary-item-dialog.png') });
    await submit(itemDialog);
    await toast(page, 'success', '新建成功');
    await itemDialog.waitFor({ state: 'hidden' });
    const table = page.getByTestId('dictionary-table');
    await table.getByText('E2E一级').waitFor();

    // A child of the first entry (tree dictionary: the parent can be chosen).
    await toolbarAdd.click();
    await itemDialog.getByText('新建字典').waitFor();
    await itemDialog.locator('.ant-select').first().click();
    await page.locator('.ant-select-tree').getByTitle('E2E一级').click();
    await page.locator('#dictionaryItem_fullName').fill('E2E二级');
    await page.locator('#dictionaryItem_enCode').fill('e2eTwo');
    await submit(itemDialog);
    await itemDialog.waitFor({ state: 'hidden' });
    await table.getByText('E2E二级').waitFor();

    await toolbarAdd.click();
    await itemDialog.getByText('新建字典').waitFor();
    await page.locator('#dictionaryItem_fullName').fill('E2E三');
    await page.locator('#dictionaryItem_enCode').fill('e2eThree');
    await submit(itemDialog);
    await itemDialog.waitFor({ state: 'hidden' });
    const third = table.locator('.ant-table-row', { hasText: 'E2E三' });
    await third.waitFor();

    // The server refuses a duplicate code; the dialog stays open with its button usable again.
    await toolbarAdd.click();
    await itemDialog.getByText('新建字典').waitFor();
    await page.locator('#dictionaryItem_fullName').fill('E2E重复');
    await page.locator('#dictionaryItem_enCode').fill('e2eThree');
    await submit(itemDialog);
    await toast(page, 'error');
    await expect(itemDialog.isVisible()).resolves.toBe(true);
    await itemDialog.locator('.ant-modal-footer .ant-btn-primary:not(.ant-btn-loading)').waitFor();
    await itemDialog.getByRole('button', { name: /取\s?消/ }).click();
    await itemDialog.waitFor({ state: 'hidden' });

    // Disable: confirm, toggle, the switch follows.
    const stateSwitch = third.getByRole('switch');
    await expect(stateSwitch.getAttribute('aria-checked')).resolves.toBe('true');
    await stateSwitch.click();
    await confirmModal(page, /禁用/);
    await toast(page, 'success', '更新字典状态成功');
    await third.locator('.ant-switch:not(.ant-switch-checked)').waitFor();
    await page
      .locator('.ant-modal-confirm')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    // The picture without the toast: wait until it has gone.
    await page.locator('.ant-message-notice').last().waitFor({ state: 'detached' });
    await settled(page);
    await page.screenshot({ path: join(screenshots, 'dictionary-items.png') });

    // Delete with the permanent-deletion confirmation.
    await third.getByRole('button', { name: /删\s?除/ }).click();
    await confirmModal(page, /永久删除/);
    await toast(page, 'success', '删除成功');
    await third.waitFor({ state: 'detached' });
    await table.getByText('E2E一级').waitFor();

    // Edit an item: the dialog loads it, the server's message follows the save.
    await table
      .locator('.ant-table-row', { hasText: 'E2E二级' })
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    await itemDialog.getByText('编辑字典').waitFor();
    await expect.poll(() => page.locator('#dictionaryItem_enCode').inputValue()).toBe('e2eTwo');
    await itemDialog.locator('.ant-select-content').getByText('E2E一级').waitFor();
    await page.locator('#dictionaryItem_fullName').fill('E2E二级项');
    await submit(itemDialog);
    await toast(page, 'success', '更新成功');
    await itemDialog.waitFor({ state: 'hidden' });
    await table.getByText('E2E二级项').waitFor();

    // Keyword search: Enter searches.
    const keyword = page.getByTestId('dictionary-search').locator('input');
    await keyword.fill('二级');
    // The match keeps its parent row (a tree dictionary), so the answer of the search is the state to wait for.
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/api/system/DictionaryData/') &&
        response.url().includes('keyword=%E4%BA%8C%E7%BA%A7'),
    );
    await keyword.press('Enter');
    await searched;
    await table.getByText('E2E二级').waitFor();

    // Export the category (.bdd) after confirmation, then import it: the same ids are refused with
    // the server's message; a copy with new ids and codes is taken in and shows in the tree.
    await page.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '分类管理' }).click();
    await drawer.getByText('E2E测试分类').waitFor();
    const exportRow = drawer.locator('.ant-table-row', { hasText: 'e2eCategory' });
    // Editing a category: the tree switch cannot change any more.
    await exportRow.getByRole('button', { name: /编\s?辑/ }).click();
    await typeDialog.getByText('编辑字典分类').waitFor();
    await expect.poll(() => page.locator('#dictionaryType_fullName').inputValue()).toBe('E2E测试分类');
    await expect(page.locator('#dictionaryType_tree').isDisabled()).resolves.toBe(true);
    await typeDialog.getByRole('button', { name: /取\s?消/ }).click();
    await typeDialog.waitFor({ state: 'hidden' });
    await exportRow.getByRole('button', { name: /导\s?出/ }).click();
    const confirmExport = page.locator('.ant-modal-confirm').last();
    await confirmExport.getByText('您确定要导出该字典分类, 是否继续?').waitFor();
    const downloading = page.waitForEvent('download');
    await confirmExport.getByRole('button', { name: OK }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.bdd$/);
    const exported = join(mkdtempSync(join(tmpdir(), 'bdd-')), download.suggestedFilename());
    await download.saveAs(exported);
    const bdd = JSON.parse(readFileSync(exported, 'utf8')) as {
      list: { id: string; enCode: string; fullName: string }[];
      modelList: { id: string }[];
    };
    expect(bdd.list.map((type) => type.enCode)).toContain('e2eCategory');
    expect(bdd.modelList.length).toBe(2);

    const importFile = async (path: string) => {
      const choosing = page.waitForEvent('filechooser');
      await drawer.getByRole('button', { name: /导\s?入/ }).click();
      await (await choosing).setFiles(path);
    };
    await importFile(exported);
    await toast(page, 'error', /id已存在/);

    let text = readFileSync(exported, 'utf8');
    for (const item of [...bdd.list, ...bdd.modelList]) text = text.replaceAll(item.id, randomUUID());
    const copy = JSON.parse(text) as typeof bdd;
    for (const type of copy.list) {
      type.enCode = `${type.enCode}Copy`;
      type.fullName = `${type.fullName}副本`;
    }
    const copyPath = join(dirname(exported), 'copy.bdd');
    writeFileSync(copyPath, JSON.stringify(copy));
    await importFile(copyPath);
    await toast(page, 'success', '导入成功');
    await drawer.getByText('E2E测试分类副本').waitFor();
    await context.close();
  }, 240_000);
});
