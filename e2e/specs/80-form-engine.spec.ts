import { EVERY_KEY_GROUPS, everyKeyForm, type FormField, storesValue, walkFields } from '@console/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, OK } from '../support/browser';
import { pickerDialog } from './4x-support';
import { signInAdmin } from './5x-support';
import {
  cardTitled,
  formItem,
  orderForm,
  pickInSearchedTree,
  previewMode,
  renderInPreview,
  resultShot,
} from './8x-support';

/** Labels of the value fields of one group of the every-key sample, which the form must show. */
function valueLabels(group: FormField): string[] {
  const labels: string[] = [];
  walkFields([group], (field, where) => {
    if (!where.table && storesValue(field) && field.__config__.label) labels.push(field.__config__.label);
  });
  return labels;
}

describe('form engine (#11)', () => {
  let browser: Browser;
  let page: Page;
  let failureShot: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    failureShot = () => page.screenshot({ path: '/tmp/e2e-80-failure.png' }).then(() => undefined);
    await signInAdmin(page);
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders a schema holding every key in /previewModel, editable and as the detail view', async () => {
    const form = everyKeyForm();
    // Tall enough for the largest group, so that the shell's fixed header never covers a shot.
    await page.setViewportSize({ width: 1440, height: 2200 });
    const rendered = await renderInPreview(page, form);
    const groups = Object.entries(EVERY_KEY_GROUPS);
    for (const [index, [group, header]] of groups.entries()) {
      const card = cardTitled(rendered, header);
      for (const label of valueLabels(form.fields[index] as FormField))
        await card.getByText(label, { exact: true }).first().waitFor();
      await resultShot(card, `80-every-key-${group}.png`);
    }
    // Every label is shown; no key fell back to the "not supported" placeholder.
    expect(await rendered.getByText(/暂不支持的控件/).allTextContents()).toEqual([]);
    // The calculate field: (empty price × empty quantity) + 10.
    const calculate = formItem(cardTitled(rendered, EVERY_KEY_GROUPS.advanced), '计算公式');
    await expect.poll(() => calculate.locator('input').inputValue()).toBe('10.00');

    await previewMode(page, '详情');
    for (const [group, header] of groups) {
      const card = cardTitled(rendered, header);
      await card.waitFor();
      await resultShot(card, `80-every-key-${group}-detail.png`);
    }
    await expect(
      rendered.locator('input:not([type=hidden]):not([disabled]):not([readonly])').count(),
    ).resolves.toBe(0);
  });

  it('fills a form with calculate, sub-table, pickers and a relation popup; the data read back equals what was entered, also in the detail view', async () => {
    await page.setViewportSize({ width: 1440, height: 1400 });
    const rendered = await renderInPreview(page, orderForm(false));

    // Calculate: price × quantity, recomputed (100 ms debounce) as the numbers change.
    await formItem(rendered, '单价').locator('input').fill('12.5');
    await formItem(rendered, '数量').locator('input').fill('4');
    await expect.poll(() => formItem(rendered, '金额').locator('input').inputValue()).toBe('50.00');

    // Sub-table: two rows and the summary row of the quantities.
    const table = rendered.getByTestId('subtable-items');
    await fillRows(table, ROWS);
    await table
      .locator('.form-subtable__summary')
      .getByText(/^4(\.00)?$/)
      .waitFor();

    // Pickers: a user found by keyword, a department found in the tree.
    await formItem(rendered, '经办人').getByTestId('user-select').click();
    let picker = pickerDialog(page);
    await picker.getByText('选择用户').waitFor();
    const keyword = picker.locator('.org-picker__keyword input');
    await keyword.fill('王');
    await keyword.press('Enter');
    await picker.getByTestId('org-picker-paged').locator('button').first().click();
    const selected = picker.getByTestId('org-picker-selected').locator('.org-picker__name').first();
    const userName = (await selected.textContent()) ?? '';
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await formItem(rendered, '经办人').getByText(userName).first().waitFor();
    await formItem(rendered, '部门').getByTestId('department-select').click();
    picker = pickerDialog(page);
    await pickInSearchedTree(picker, '信息化', '信息化科');
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await formItem(rendered, '部门').getByText('信息化科').waitFor();

    // The relation popup opens as a dialog with its title and closes again.
    await formItem(rendered, '关联订单').locator('input, .ant-select').first().click();
    const popup = page.locator('.ant-modal').filter({ hasText: '选择订单' }).last();
    await popup.waitFor();
    await resultShot(page, '80-order-relation-popup.png');
    await popup.getByRole('button', { name: /取\s?消/ }).click();
    await popup.waitFor({ state: 'hidden' });
    await resultShot(page, '80-order-filled.png');

    // "Submit": the data the form hands over once its rules pass.
    const data = await submittedData(page);
    expect(data).toMatchObject({
      price: 12.5,
      quantity: 4,
      amount: 50,
      items: [
        { name: '螺丝', price: 2, quantity: 3 },
        { name: '垫片', price: 5, quantity: 1 },
      ],
    });
    expect(data.handler).toEqual(expect.any(String));
    expect(data.department).toEqual(expect.any(String));

    // Read back in the detail view: the same values as text.
    await previewMode(page, '详情');
    const shown: [string, string][] = [
      ['单价', '12.5'],
      ['数量', '4'],
      ['金额', '50.00'],
      ['经办人', userName],
      ['部门', '信息化科'],
    ];
    for (const [label, text] of shown) await formItem(rendered, label).getByText(text).first().waitFor();
    const detailTable = rendered.getByTestId('subtable-items');
    for (const text of ['螺丝', '垫片', '2', '5']) await detailTable.getByText(text).first().waitFor();
    await resultShot(page, '80-order-detail.png');
  });

  it('computes a calculate column per sub-table row, sums it in the summary row and submits it', async () => {
    const rendered = await renderInPreview(page, orderForm(true));
    const table = rendered.getByTestId('subtable-items');
    await fillRows(table, ROWS);
    const subtotal = (row: number) =>
      table.locator('.ant-table-row').nth(row).locator('input').nth(3).inputValue();
    await expect.poll(() => subtotal(0)).toBe('6.00');
    await expect.poll(() => subtotal(1)).toBe('5.00');
    await table.locator('.form-subtable__summary').getByText('11.00').waitFor();
    await resultShot(page, '80-order-row-subtotal.png');
    expect(await submittedData(page)).toMatchObject({
      items: [{ subtotal: 6 }, { subtotal: 5 }],
    });
  });
});

/** Two item rows: name, price, quantity. */
const ROWS = [
  ['螺丝', '2', '3'],
  ['垫片', '5', '1'],
] as const;

async function fillRows(table: Locator, rows: typeof ROWS): Promise<void> {
  for (const [index, cells] of rows.entries()) {
    await table.getByRole('button', { name: /添\s?加/ }).click();
    const row = table.locator('.ant-table-row').nth(index);
    for (const [column, text] of cells.entries()) await row.locator('input').nth(column).fill(text);
  }
}

/** Runs the form's rules ("校验并查看数据") and reads the data the preview says it would submit. */
async function submittedData(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole('button', { name: '校验并查看数据' }).click();
  const values = page.getByTestId('preview-values');
  await values.waitFor({ timeout: 10_000 });
  return JSON.parse((await values.textContent()) ?? '{}') as Record<string, unknown>;
}
