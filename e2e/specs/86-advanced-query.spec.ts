import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, pickOption, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, specBrowser } from './6x-support';
import { createReleasedSampleDesign, generatedListTitles } from './8x-support';

/** Issue #12: 高级查询 on a generated list with saved schemes, and the common fields library. */

/** The list's titles, sorted. */
const titles = async (page: Page) => (await generatedListTitles(page)).sort();

/** The antd select of a condition row, by its aria-label. */
const selectOf = (scope: Locator, label: string) =>
  scope.locator('.ant-select').filter({ has: scope.page().getByLabel(label, { exact: true }) });

/** Picks an option of a searchable select by typing it and pressing Enter (one match left). */
async function choose(select: Locator, option: string): Promise<void> {
  await select.click();
  await select.locator('input').fill(option);
  await select.page().keyboard.press('Enter');
  await select.filter({ hasText: option }).waitFor();
}

describe('advanced query and common fields', () => {
  const spec = specBrowser('86');

  it('builds a two-condition query on a released list, saves it as a scheme, resets and applies it again', async () => {
    const RUN = unique();
    const admin = await spec.page();
    await signInAdmin(admin);
    const enCode = `e2eQuery${RUN}`;
    const design = await createReleasedSampleDesign(admin, {
      fullName: 'E2E高级查询',
      enCode,
      columns: { hasSuperQuery: true },
    });
    for (const [title, amount, level] of [
      ['高查病假', 10, '2'],
      ['高查事假', 3, '1'],
      ['高查年假', 7, '1'],
    ] as const) {
      const added = await api(admin, 'POST', `/api/visualdev/OnlineDev/${design.id}`, {
        data: JSON.stringify({ title, amount, level, items: [{ itemName: '笔', qty: 1 }] }),
      });
      expect(added.code, added.msg).toBe(200);
    }

    // The released menu is in the menus read at sign-in after a reload.
    await admin.reload();
    await admin.goto(appUrl(`/model/${enCode}`));
    const list = admin.getByTestId('online-dev-page');
    await list.locator('.ant-table').waitFor();
    await expect.poll(() => titles(admin)).toEqual(['高查事假', '高查年假', '高查病假'].sort());

    // Two conditions: 紧急程度 = 普通 and 金额 > 5.
    await list.locator('button', { hasText: '高级查询' }).click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '已保存的方案' });
    await dialog.waitFor();
    await choose(selectOf(dialog, '第 1 个条件的字段'), '紧急程度');
    await choose(selectOf(dialog, '第 1 个条件的值'), '普通');
    await dialog.getByRole('button', { name: '添加条件' }).click();
    await choose(selectOf(dialog, '第 2 个条件的字段'), '金额');
    await pickOption(admin, selectOf(dialog, '第 2 个条件的符号'), '大于');
    await dialog.getByLabel('第 2 个条件的值', { exact: true }).fill('5');
    await settled(admin);
    await dialog.screenshot({ path: join(screenshots, '86-advanced-query-dialog.png') });
    await dialog.getByRole('button', { name: /^查\s?询$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => titles(admin)).toEqual(['高查年假']);
    const active = list.getByTestId('super-query-active');
    await expect.poll(() => active.innerText()).toContain('2 个条件（且）');
    await admin.screenshot({ path: join(screenshots, '86-advanced-query-list.png') });

    // 或: either condition.
    await list.locator('button', { hasText: '高级查询' }).click();
    await dialog.waitFor();
    await dialog.getByText('或（满足任一条件）').click();
    await dialog.getByRole('button', { name: /^查\s?询$/ }).click();
    await expect.poll(() => titles(admin)).toEqual(['高查事假', '高查年假', '高查病假'].sort());

    // Back to 且, saved as a scheme.
    await list.locator('button', { hasText: '高级查询' }).click();
    await dialog.waitFor();
    await dialog.getByText('且（满足全部条件）').click();
    await dialog.getByRole('button', { name: '保存方案' }).click();
    const naming = admin.locator('.ant-modal').filter({ hasText: '保存查询方案' });
    await naming.getByLabel('方案名称').fill(`E2E方案${RUN}`);
    await naming.getByRole('button', { name: OK }).click();
    await toast(admin, 'success', '保存成功');
    await naming.waitFor({ state: 'hidden' });
    const scheme = dialog.getByRole('button', { name: `E2E方案${RUN}`, exact: true });
    await scheme.waitFor();

    // 重置 clears the conditions and the active query.
    await dialog.getByRole('button', { name: /^重\s?置$/ }).click();
    await expect.poll(() => titles(admin)).toEqual(['高查事假', '高查年假', '高查病假'].sort());
    await expect.poll(() => active.count()).toBe(0);
    await expect.poll(() => selectOf(dialog, '第 1 个条件的字段').innerText()).not.toContain('紧急程度');

    // The scheme applies again.
    await scheme.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => titles(admin)).toEqual(['高查年假']);
    await expect.poll(() => active.innerText()).toContain('2 个条件（且）');

    // Deleted after confirmation; the toolbar tag clears the query.
    await list.locator('button', { hasText: '高级查询' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: `删除方案“E2E方案${RUN}”` }).click();
    const confirm = admin.locator('.ant-modal-confirm').last();
    await confirm.getByText(`确定删除查询方案“E2E方案${RUN}”吗？`).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(admin, 'success', '删除成功');
    await scheme.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
    await list.getByLabel('清除高级查询').click();
    await expect.poll(() => titles(admin)).toEqual(['高查事假', '高查年假', '高查病假'].sort());
    await expect.poll(() => active.count()).toBe(0);

    // The search bar's 重置 clears an active query too.
    await list.locator('button', { hasText: '高级查询' }).click();
    await dialog.waitFor();
    await choose(selectOf(dialog, '第 1 个条件的字段'), '标题');
    await pickOption(admin, selectOf(dialog, '第 1 个条件的符号'), '包含');
    await dialog.getByLabel('第 1 个条件的值', { exact: true }).fill('病');
    await dialog.getByRole('button', { name: /^查\s?询$/ }).click();
    await expect.poll(() => titles(admin)).toEqual(['高查病假']);
    await list
      .locator('.list-page__search')
      .getByRole('button', { name: /^重\s?置$/ })
      .click();
    await expect.poll(() => titles(admin)).toEqual(['高查事假', '高查年假', '高查病假'].sort());
    await expect.poll(() => active.count()).toBe(0);
  });

  it('adds a common field in the data model page and finds it in the table designer’s picker', async () => {
    const RUN = unique();
    const admin = await spec.page();
    await signInAdmin(admin);
    await admin.goto(appUrl('/systemData/dataModel'));
    const page = admin.getByTestId('data-model-page');
    await page.locator('.ant-table').waitFor();
    await page.getByRole('button', { name: '常用字段' }).click();
    const library = admin.locator('.ant-modal').filter({ has: admin.getByTestId('common-fields') });
    await library.waitFor();

    const field = `e2e_cf_${RUN}`;
    await library.getByRole('button', { name: /新\s?建/ }).click();
    const form = admin.locator('.ant-modal').filter({ hasText: '新建常用字段' });
    await form.getByLabel('字段名').fill('1bad');
    await form.getByRole('button', { name: OK }).click();
    await form.getByText('字母、数字、单个下划线，以字母或下划线开头').waitFor();
    await form.getByLabel('字段名').fill(field);
    await form.getByLabel('字段说明').fill(`E2E常用${RUN}`);
    await form.getByRole('button', { name: OK }).click();
    await toast(admin, 'success', '新建成功');
    await form.waitFor({ state: 'hidden' });

    const search = library.getByLabel('请输入字段名或说明，回车搜索');
    await search.fill(field);
    await search.press('Enter');
    const row = library.locator('.ant-table-row', { hasText: field });
    await row.waitFor();
    await expect.poll(() => library.locator('.ant-table-row').count()).toBe(1);
    await settled(admin);
    await library.screenshot({ path: join(screenshots, '86-common-fields.png') });

    // A stale edit (someone saved in between) shows the server's message and keeps the form open.
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    const edit = admin.locator('.ant-modal').filter({ hasText: '编辑常用字段' });
    await edit.waitFor();
    const listed = await api<{ list: { id: string; version: number; field: string }[] }>(
      admin,
      'GET',
      `/api/system/CommonFields?keyword=${field}`,
    );
    const mine = listed.data.list.find((f) => f.field === field)!;
    const other = await api(admin, 'PUT', `/api/system/CommonFields/${mine.id}`, {
      field,
      fieldName: `E2E常用${RUN}（他人）`,
      dataType: 'varchar',
      dataLength: '50',
      allowNull: 1,
      version: mine.version,
    });
    expect(other.code, other.msg).toBe(200);
    await edit.getByLabel('字段说明').fill(`E2E常用${RUN}（我）`);
    await edit.getByRole('button', { name: OK }).click();
    await toast(admin, 'error', '数据已被他人修改，请刷新后重试');
    await edit.getByRole('button', { name: /^取\s?消$/ }).click();
    await library
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /^关\s?闭$/ })
      .click();

    // The table designer's picker offers it.
    await page
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const designer = admin.locator('.ant-modal').filter({ hasText: '新建表' });
    await designer.waitFor();
    await designer.getByLabel('添加常用字段').click();
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: `${field}（E2E常用${RUN}（他人））` })
      .click();
    await expect
      .poll(() =>
        designer.getByLabel('字段名').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      )
      .toContain(field);
    await settled(admin);
    await designer.screenshot({ path: join(screenshots, '86-common-field-picked.png') });
    await designer.getByRole('button', { name: /^取\s?消$/ }).click();

    // Deleted after confirmation.
    await page.getByRole('button', { name: '常用字段' }).click();
    await library.waitFor();
    await search.fill(field);
    await search.press('Enter');
    await row.getByRole('button', { name: /删\s?除/ }).click();
    const confirm = admin.locator('.ant-modal-confirm').last();
    await confirm.getByText(`确定删除常用字段“${field}”吗？`).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(admin, 'success', '删除成功');
    await row.waitFor({ state: 'detached' });
  });
});
