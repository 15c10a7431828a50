import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, savedDownload, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, setPassword, signInUser, specBrowser, userIdOf } from './6x-support';
import { menuByCode } from './8x-support';

/** The property panel input labelled `label`. */
function prop(page: Page, label: string): Locator {
  return page.getByTestId('designer-field-props').getByRole('textbox', { name: label, exact: true });
}

/** Drags a palette item onto `target` with real pointer moves (dnd-kit's pointer sensor). */
async function dragTo(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 12, { steps: 12 });
  await page.mouse.up();
}

/** The design the first test makes (a new code at each attempt) and the second one grants. */
let enCode = '';

/** The 客户名称 column of every row shown (found by its header: a checkbox column may come first). */
async function names(page: Page): Promise<string[]> {
  await settled(page);
  const list = page.getByTestId('online-dev-page');
  await list
    .locator('.ant-spin-spinning')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const headers = await list.locator('.ant-table-thead th').allInnerTexts();
  const column = headers.findIndex((header) => header.trim() === '客户名称') + 1;
  return list.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${column})`).allInnerTexts();
}

/** Adds a record through the generated page's dialog: the name and one sub-table row. */
async function addRecord(page: Page, name: string, item: string, quantity: string): Promise<void> {
  const list = page.getByTestId('online-dev-page');
  await list
    .locator('.list-page__toolbar')
    .getByRole('button', { name: /新\s?增/ })
    .click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增E2E客户登记' });
  await dialog.waitFor();
  await dialog.locator('.ant-form-item').filter({ hasText: '客户名称' }).first().locator('input').fill(name);
  await dialog.getByRole('button', { name: /添\s?加/ }).click();
  await dialog.locator('.form-subtable__cell input').first().fill(item);
  await dialog.locator('.form-subtable__cell input').nth(1).fill(quantity);
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, 'success', '新建成功');
  await dialog.waitFor({ state: 'hidden' });
}

describe('web design: design, release, use (issue #12 must show 1)', () => {
  const spec = specBrowser('87');

  it('designs a form with a sub-table in the designer, lists it and releases it to a menu', async () => {
    enCode = `e2eCustomer${unique()}`;
    const page = await spec.page();
    await signInAdmin(page);
    const category = '业务办理';
    await page.goto(appUrl('/onlineDev/webDesign'));
    const list = page.getByTestId('web-design-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();

    // Basics: the messages of the required fields, then the values.
    const editor = page.getByTestId('design-editor');
    await editor.waitFor();
    await editor.getByRole('button', { name: '保 存' }).click();
    await editor.getByText('请输入名称', { exact: true }).waitFor();
    await editor.getByText('请选择分类', { exact: true }).waitFor();
    const basics = page.getByTestId('design-basic-form');
    await basics.getByLabel('名称').fill('E2E客户登记');
    await basics.getByLabel('编码').fill(enCode);
    await basics.locator('.ant-form-item').filter({ hasText: '分类' }).locator('.ant-select').first().click();
    await page.locator('.ant-select-tree').getByTitle(category).click();
    await settled(page);
    await page.screenshot({ path: join(screenshots, '87-design-basics.png') });

    // Form design: click adds after the selected field (the keyboard alternative uses Enter).
    await editor.getByText('表单设计', { exact: true }).click();
    const designer = page.getByTestId('form-designer');
    await designer.waitFor();
    await page.getByTestId('palette-comInput').click();
    await prop(page, '标题').fill('客户名称');
    await page.getByTestId('designer-field-props').getByRole('switch', { name: '是否必填' }).click();
    await page.getByTestId('palette-table').focus();
    await page.keyboard.press('Enter');
    await prop(page, '标题').fill('购买明细');
    // With the sub-table selected, new fields become its columns.
    await page.getByTestId('palette-comInput').click();
    await prop(page, '标题').fill('品名');
    await page.getByTestId('palette-numInput').click();
    await prop(page, '标题').fill('数量');
    const subTable = designer.locator('[data-key="table"]');
    await expect(subTable.locator('[data-key="comInput"]').count()).resolves.toBe(1);
    await expect(subTable.locator('[data-key="numInput"]').count()).resolves.toBe(1);

    // Drag a date field from the palette to the end of the form.
    await dragTo(page, page.getByTestId('palette-date'), page.getByTestId('designer-canvas-root'));
    const date = designer.locator('.designer-canvas [data-key="date"]');
    await date.waitFor();
    await prop(page, '标题').fill('登记日期');
    // Undo removes the label edit and the drop, redo brings them back.
    await designer.getByRole('button', { name: '撤销 (Ctrl+Z)' }).click();
    await designer.getByRole('button', { name: '撤销 (Ctrl+Z)' }).click();
    await date.waitFor({ state: 'detached' });
    await designer.getByRole('button', { name: '重做 (Ctrl+Y)' }).click();
    await designer.getByRole('button', { name: '重做 (Ctrl+Y)' }).click();
    await designer.locator('.designer-canvas [data-key="date"]').getByText('登记日期').waitFor();
    await page.screenshot({ path: join(screenshots, '87-form-designer.png') });

    // Preview runs the form renderer: the sub-table and its columns are there, the rule holds.
    await designer.getByRole('button', { name: /预\s?览/ }).click();
    const preview = page.getByTestId('designer-preview');
    await preview.getByText('购买明细').first().waitFor();
    await preview.getByText('品名').first().waitFor();
    await page.getByRole('button', { name: /校\s?验/ }).click();
    await preview.locator('.ant-form-item-explain-error').first().waitFor();
    await page.screenshot({ path: join(screenshots, '87-designer-preview.png') });
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s?闭/ })
      .click();

    // List design: the name column and search field.
    await editor.getByText('列表设计', { exact: true }).click();
    const listDesigner = page.getByTestId('list-designer');
    await listDesigner.waitFor();
    await listDesigner.locator('.ant-card').filter({ hasText: '列表字段' }).getByLabel('客户名称').check();
    await listDesigner.locator('.ant-card').filter({ hasText: '列表字段' }).getByLabel('登记日期').check();
    await listDesigner.locator('.ant-card').filter({ hasText: '查询字段' }).getByLabel('客户名称').check();
    const buttons = page.getByTestId('list-designer-settings');
    await buttons.getByLabel('导出').check();
    // Rows are filtered by the granted data scheme only when the design turns data permission on.
    await buttons.getByRole('switch', { name: '数据权限' }).click();
    await page.screenshot({ path: join(screenshots, '87-list-designer.png') });

    await editor.getByRole('button', { name: '保 存' }).click();
    await toast(page, 'success');
    await editor.getByRole('button', { name: '返回' }).click();
    const row = list.locator('.ant-table-row').filter({ hasText: 'E2E客户登记' });
    await row.waitFor();

    // The saved design holds the sub-table with its columns, as forms.md 1 writes them.
    const found = await api<{ list: { id: string; enCode: string }[] }>(
      page,
      'GET',
      `/api/visualdev/Base?keyword=${enCode}&currentPage=1&pageSize=20&type=1`,
    );
    const id = found.data.list.find((item) => item.enCode === enCode)?.id as string;
    const record = await api<{ formData: string; columnData: string }>(
      page,
      'GET',
      `/api/visualdev/Base/${id}`,
    );
    const form = JSON.parse(record.data.formData) as {
      fields: {
        __vModel__?: string;
        __config__: {
          jnpfKey: string;
          children?: { __config__: { label: string; parentVModel?: string } }[];
        };
      }[];
    };
    const table = form.fields.find((field) => field.__config__.jnpfKey === 'table');
    expect(table?.__config__.children?.map((child) => child.__config__.label)).toEqual(['品名', '数量']);
    expect(table?.__config__.children?.[0]?.__config__.parentVModel).toBe(table?.__vModel__);
    expect(
      (JSON.parse(record.data.columnData) as { columnList: { label: string }[] }).columnList.map(
        (c) => c.label,
      ),
    ).toEqual(['客户名称', '登记日期']);

    // Release under a directory of the main application.
    await row.getByRole('button', { name: /发\s?布/ }).click();
    const release = page.getByTestId('release-form');
    await release.waitFor();
    const parentSelect = release
      .locator('.ant-form-item')
      .filter({ hasText: 'Web 上级菜单' })
      .locator('.ant-select');
    await parentSelect.click();
    // Typed first: the tree then holds the one match, so the click cannot land on a scrolling list.
    await page.keyboard.type('在线表单示例');
    await page.locator('.ant-select-tree').getByTitle('在线表单示例').click();
    await parentSelect.getByText('在线表单示例').waitFor();
    await page.locator('.ant-select-tree').waitFor({ state: 'hidden' });
    await page.screenshot({ path: join(screenshots, '87-release.png') });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /发\s?布/ })
      .click();
    await toast(page, 'success');
    await row.getByText('已发布').waitFor();
  });

  it('grants the released page with the own-records rule: users add, search, edit and export only their rows', async () => {
    const admin = await spec.page();
    await signInAdmin(admin);
    const menu = await menuByCode(admin, enCode);
    const parent = await menuByCode(admin, 'demo.generated');
    const demo = await menuByCode(admin, 'demo');
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
    const own = schemes.data.list.find((scheme) => scheme.enCode === 'own');
    expect(own, 'the release generates the own-records scheme').toBeDefined();
    const accounts = [
      ['zhaomin', 'Start#2026z', 'Leave#2026z'],
      ['guofang', 'Start#2026g', 'Leave#2026g'],
    ] as const;
    const userIds = await Promise.all(accounts.map(([account]) => userIdOf(admin, account)));
    const systems = await api<{ list: { id: string; isMain: number }[] }>(admin, 'GET', '/api/system/System');
    const granted = await api(admin, 'POST', '/api/permission/Authority/Data/Batch', {
      userIds,
      systemIds: [systems.data.list.find((system) => system.isMain === 1)?.id],
      module: [demo.id, parent.id, menu.id],
      button: buttons.data.list.map((button) => button.id),
      resource: [own?.id],
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
    await addRecord(zhao, '赵敏的客户甲', '茶叶', '3');
    await addRecord(zhao, '赵敏的客户乙', '咖啡', '5');
    await addRecord(guo, '郭芳的客户丙', '纸张', '1');
    await zhao
      .getByTestId('online-dev-page')
      .getByRole('button', { name: /刷\s?新/ })
      .click();
    expect((await names(zhao)).sort()).toEqual(['赵敏的客户乙', '赵敏的客户甲']);
    expect(await names(guo)).toEqual(['郭芳的客户丙']);
    await zhao.screenshot({ path: join(screenshots, '87-generated-list.png') });

    // Search by the designed search field, Enter to search.
    const list = zhao.getByTestId('online-dev-page');
    const search = list.locator('.list-page__search').getByRole('textbox', { name: '客户名称' });
    await search.fill('客户甲');
    await search.press('Enter');
    await expect.poll(() => names(zhao)).toEqual(['赵敏的客户甲']);

    // Edit it: the sub-table row comes back with the record.
    await list
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    const dialog = zhao.locator('.ant-modal').filter({ hasText: '编辑E2E客户登记' });
    await dialog.waitFor();
    const name = dialog.locator('.ant-form-item').filter({ hasText: '客户名称' }).first().locator('input');
    await expect.poll(() => name.inputValue()).toBe('赵敏的客户甲');
    await expect.poll(() => dialog.locator('.form-subtable__cell input').first().inputValue()).toBe('茶叶');
    await name.fill('赵敏的客户甲（已改）');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(zhao, 'success', '保存成功');
    await search.fill('');
    await search.press('Enter');
    await expect
      .poll(async () => (await names(zhao)).sort())
      .toEqual(['赵敏的客户乙', '赵敏的客户甲（已改）']);

    // Export all rows: only this user's.
    await list.getByRole('button', { name: /导\s?出/ }).click();
    const exportDialog = zhao.locator('.ant-modal').filter({ hasText: '导出数据' });
    await exportDialog.getByText('全部数据（最多 10000 条）').click();
    const download = zhao.waitForEvent('download');
    await exportDialog.getByRole('button', { name: /导\s?出/ }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedDownload(await download));
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('客户名称');
    const exported = [sheet?.getRow(2).getCell(1).value, sheet?.getRow(3).getCell(1).value].sort();
    expect(exported).toEqual(['赵敏的客户乙', '赵敏的客户甲（已改）']);
    expect(sheet?.rowCount).toBe(3);
  });
});
