import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormDefinition, FormField } from '@console/shared';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, OK, openWithToken, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { pickerDialog } from './4x-support';
import { formItem, leaf, md5, OwnServer, pickInSearchedTree, resultShot } from './8x-support';

/*
 * e2e 82 (#11 must show 2): an order form designed and released through /api/visualdev/Base with
 * a relation form to a customer form, a user and a department picker, a sub-table with a per-row
 * calculate and its summary, and an attachment field. On the order menu's generated page a record
 * is added: the customer chosen in the relation popup, the pickers, two item rows, and a 12 MB
 * file uploaded in chunks while the server restarts. The saved record read back equals what was
 * entered, and opens again in the page. The spec runs its own server (with the demo organisation).
 */

const RUN = unique();
/** The customer chosen in the relation popup. */
const CHOSEN = '华南物流有限公司';

interface MenuNode {
  id: string;
  enCode: string;
  children?: MenuNode[];
}
function findMenu(nodes: MenuNode[], code: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.enCode === code) return node;
    const found = findMenu(node.children ?? [], code);
    if (found) return found;
  }
  return undefined;
}

/** A form shown in a dialog wide enough for the sub-table's four columns. */
const form = (fields: FormField[]): FormDefinition => ({
  size: 'small',
  labelWidth: 100,
  gutter: 15,
  popupType: 'general',
  generalWidth: '900px',
  fields,
});

const customerForm = form([leaf('comInput', '客户名称', 'customerName'), leaf('comInput', '城市', 'city')]);

function orderForm(customerModelId: string): FormDefinition {
  const subtotal = leaf('calculate', '小计', 'subtotal', {
    expression: [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.quantity' }],
    precision: 2,
  });
  subtotal.__config__.isStorage = 2;
  const items = leaf('table', '明细', 'items', {
    showTitle: true,
    actionText: '添加',
    'show-summary': true,
    summaryField: ['subtotal'],
  });
  Object.assign(items.__config__, {
    layout: 'rowFormItem',
    children: [
      leaf('comInput', '名称', 'name'),
      leaf('numInput', '单价', 'price', { precision: 2 }),
      leaf('numInput', '数量', 'quantity', { precision: 0 }),
      subtotal,
    ],
  });
  const orderNo = leaf('comInput', '订单号', 'orderNo');
  orderNo.__config__.required = true;
  return form([
    orderNo,
    leaf('relationForm', '客户', 'customer', {
      modelId: customerModelId,
      relationField: 'customerName',
      columnOptions: [
        { value: 'customerName', label: '客户名称' },
        { value: 'city', label: '城市' },
      ],
      hasPage: true,
      pageSize: 10,
      popupType: 'dialog',
      popupTitle: '选择客户',
      popupWidth: '800px',
    }),
    leaf('userSelect', '经办人', 'handler', { selectType: 'all', multiple: false }),
    leaf('depSelect', '部门', 'department', { selectType: 'all', multiple: false }),
    items,
    leaf('uploadFz', '附件', 'attachments', {
      accept: '',
      fileSize: 100,
      sizeUnit: 'MB',
      buttonText: '点击上传',
      limit: 0,
      pathType: 'defaultPath',
      isAccount: 0,
    }),
  ]);
}

const columns = (list: [string, string, string][]) => ({
  type: 1,
  columnList: list.map(([prop, label, jnpfKey]) => ({ prop, label, jnpfKey })),
  searchList: [],
  defaultSidx: '',
  sort: 'desc',
  hasPage: true,
  pageSize: 20,
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'detail', label: '详情' },
  ],
});

describe('relation form, pickers, sub-table calculate and a chunked upload across a restart (#11)', () => {
  let work: string;
  let server: OwnServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let customerModel: string;
  let orderModel: string;
  const orderCode = `e2eOrder${RUN}`;
  const customers: Record<string, string> = {};

  const api = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await server.api<T>(method, path, token, body);
    expect(answer.code, `${method} ${path}: ${answer.msg}`).toBe(200);
    return answer.data;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  // Each attempt gets a fresh server, data folder, designs and browser context: a retry starts
  // where the first attempt did, not on a server it stopped, beside the order it saved.
  beforeEach(async () => {
    work = mkdtempSync(join(tmpdir(), 'console-e2e82-'));
    server = await OwnServer.create(work, 'Relation82x', { DEMO_DATA: '1' });
    token = await server.adminToken();
    const me = await api<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser');
    const parent = findMenu(me.menuList, 'onlineDev');
    if (!parent) throw new Error('no onlineDev menu');
    const category = (
      await api<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/businessType/Data/Selector')
    ).list[0]!.id;
    const design = async (
      fullName: string,
      enCode: string,
      formData: FormDefinition,
      columnData: unknown,
    ) => {
      const { id } = await api<{ id: string }>('POST', '/api/visualdev/Base', {
        fullName,
        enCode,
        category,
        type: 1,
        webType: 2,
        tables: '[]',
        formData: JSON.stringify(formData),
        columnData: JSON.stringify(columnData),
      });
      await api('POST', `/api/visualdev/Base/${id}/Actions/Release`, {
        pc: 1,
        app: 0,
        pcModuleParentId: parent.id,
      });
      return id;
    };
    customerModel = await design(
      'E2E客户',
      `e2eCustomer${RUN}`,
      customerForm,
      columns([
        ['customerName', '客户名称', 'comInput'],
        ['city', '城市', 'comInput'],
      ]),
    );
    for (const [customerName, city] of [
      ['华东贸易有限公司', '上海'],
      ['华南物流有限公司', '广州'],
      ['西北机械有限公司', '西安'],
    ]) {
      const { id } = await api<{ id: string }>('POST', `/api/visualdev/OnlineDev/${customerModel}`, {
        data: JSON.stringify({ customerName, city }),
      });
      customers[customerName as string] = id;
    }
    orderModel = await design(
      'E2E订单',
      orderCode,
      orderForm(customerModel),
      columns([
        ['orderNo', '订单号', 'comInput'],
        ['customer', '客户', 'relationForm'],
      ]),
    );
    ({ context, page } = await newPage(browser));
    await page.setViewportSize({ width: 1440, height: 1400 });
  }, 240_000);

  afterEach(async (test) => {
    if (test.task.result?.state === 'fail')
      await page?.screenshot({ path: '/tmp/e2e-82-failure.png' }).catch(() => undefined);
    await context?.close();
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds an order on the generated page; the record read back equals what was entered', async () => {
    const content = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < content.length; i += 4) content.writeUInt32LE((i * 2246822519) >>> 0, i);
    // A PDF's signature first: attachments take only the types a single upload takes (sniffed bytes).
    content.write('%PDF-1.7\n', 0, 'latin1');
    const identifier = md5(content);

    await openWithToken(page, token, `/model/${orderCode}`, server.baseUrl);
    const list = page.getByTestId('online-dev-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?增/ })
      .click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新增E2E订单' });
    await dialog.waitFor();
    await formItem(dialog, '订单号').locator('input').fill(`SO-${RUN}`);

    // Relation popup: the customers come from FieldDataSelect; search, choose one, confirm.
    await formItem(dialog, '客户').getByTestId('relation-field').click();
    const popup = page.locator('.ant-modal').filter({ hasText: '选择客户' }).last();
    await popup.getByText('西北机械有限公司').waitFor();
    await popup.getByText('上海').waitFor();
    const search = popup.getByPlaceholder('请输入关键词查询');
    await search.fill('华南');
    await search.press('Enter');
    await popup.getByText('西北机械有限公司').waitFor({ state: 'detached' });
    await popup.getByText('华南物流有限公司').click();
    await resultShot(page, '82-relation-popup.png');
    await popup.getByRole('button', { name: OK }).click();
    await popup.waitFor({ state: 'hidden' });
    await expect
      .poll(() => formItem(dialog, '客户').getByTestId('relation-field').inputValue())
      .toBe('华南物流有限公司');

    // Pickers: a user found by keyword, a department found in the tree.
    await formItem(dialog, '经办人').getByTestId('user-select').click();
    let picker = pickerDialog(page);
    await picker.getByText('选择用户').waitFor();
    const keyword = picker.locator('.org-picker__keyword input');
    await keyword.fill('王');
    await keyword.press('Enter');
    await picker.getByTestId('org-picker-paged').locator('button').first().click();
    const userName =
      (await picker.getByTestId('org-picker-selected').locator('.org-picker__name').first().textContent()) ??
      '';
    expect(userName).toContain('王');
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await formItem(dialog, '经办人').getByText(userName).first().waitFor();
    await formItem(dialog, '部门').getByTestId('department-select').click();
    picker = pickerDialog(page);
    await pickInSearchedTree(picker, '信息化', '信息化科');
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await formItem(dialog, '部门').getByText('信息化科').waitFor();

    // Sub-table: two rows; each row's subtotal is price × quantity, the summary their sum.
    const table = dialog.getByTestId('subtable-items');
    for (const [index, cells] of ITEMS.entries()) {
      await table.getByRole('button', { name: /添\s?加/ }).click();
      const row = table.locator('.ant-table-row').nth(index);
      for (const [column, text] of cells.entries()) await row.locator('input').nth(column).fill(text);
    }
    const subtotal = (row: number) =>
      table.locator('.ant-table-row').nth(row).locator('input').nth(3).inputValue();
    await expect.poll(() => subtotal(0)).toBe('7.50');
    await expect.poll(() => subtotal(1)).toBe('24.00');
    await table.locator('.form-subtable__summary').getByText('31.50').waitFor();

    // Upload: chunk 2 waits until the server has been stopped, so the restart falls mid-upload.
    const sent: number[] = [];
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname === '/api/file/chunk')
        sent.push(Number(url.searchParams.get('chunkNumber')));
    });
    let releaseChunk2!: () => void;
    const chunk2Held = new Promise<void>((r) => {
      releaseChunk2 = r;
    });
    let chunk2Seen!: () => void;
    const chunk2Reached = new Promise<void>((r) => {
      chunk2Seen = r;
    });
    await page.route('**/api/file/chunk?**', async (route) => {
      const url = new URL(route.request().url());
      if (route.request().method() === 'POST' && url.searchParams.get('chunkNumber') === '2') {
        chunk2Seen();
        await chunk2Held;
      }
      await route.continue().catch(() => route.abort());
    });
    const attachments = formItem(dialog, '附件');
    await attachments.getByTestId('upload-input').setInputFiles({
      name: '合同扫描12MB.pdf',
      mimeType: 'application/pdf',
      buffer: content,
    });
    await chunk2Reached;
    await server.stop();
    const firstRun = [...sent];
    expect(firstRun).toContain(1);
    releaseChunk2();
    await server.start();
    await page.unroute('**/api/file/chunk?**');
    const item = attachments.getByTestId('upload-item');
    const entry = attachments.getByTestId('upload-entry');
    await expect
      .poll(
        async () => {
          if ((await entry.count()) > 0) return 'stored';
          if ((await item.getAttribute('data-status').catch(() => null)) === 'error')
            await item.getByRole('button', { name: /重\s?试/ }).click();
          return 'uploading';
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe('stored');
    // Resumed: chunk 1, kept by the server, was not sent again.
    expect(sent.slice(firstRun.length).filter((n) => n === 1)).toEqual([]);
    await resultShot(page, '82-order-filled.png');

    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });

    // Read back: raw values equal what was entered.
    const rows = await api<{ list: { id: string; orderNo: string }[] }>(
      'POST',
      `/api/visualdev/OnlineDev/${orderModel}/List`,
      { currentPage: 1, pageSize: 20 },
    );
    const saved = rows.list.find((row) => row.orderNo === `SO-${RUN}`);
    expect(saved).toBeDefined();
    const raw = JSON.parse(
      (await api<{ data: string }>('GET', `/api/visualdev/OnlineDev/${orderModel}/${saved!.id}`)).data,
    ) as Record<string, unknown>;
    expect(raw).toMatchObject({
      orderNo: `SO-${RUN}`,
      customer: customers[CHOSEN],
      items: [
        { name: '打印纸', price: 2.5, quantity: 3, subtotal: 7.5 },
        { name: '墨盒', price: 12, quantity: 2, subtotal: 24 },
      ],
    });
    expect(raw.handler).toEqual(expect.any(String));
    expect(raw.department).toEqual(expect.any(String));
    const files = raw.attachments as { name: string; fileId: string; url: string }[];
    expect(files.map((file) => file.name)).toEqual(['合同扫描12MB.pdf']);
    const stored = await fetch(`${server.baseUrl}${files[0]!.url}`, { headers: { authorization: token } });
    expect(stored.status).toBe(200);
    expect(md5(Buffer.from(await stored.arrayBuffer()))).toBe(identifier);

    // And with display text, as the detail view reads it: the stored ids are the ones picked.
    const shown = JSON.parse(
      (await api<{ data: string }>('GET', `/api/visualdev/OnlineDev/${orderModel}/${saved!.id}/DataChange`))
        .data,
    ) as Record<string, unknown>;
    expect(shown).toMatchObject({ customer: CHOSEN, customer_id: customers[CHOSEN] });
    expect(String(shown.handler)).toContain(userName.split('/')[0]!);
    expect(String(shown.department)).toContain('信息化科');

    // Opened again in the page: the edit dialog holds the same values.
    await list.getByRole('button', { name: /刷\s?新/ }).click();
    const listed = list.locator('.ant-table-row').filter({ hasText: `SO-${RUN}` });
    await listed.getByText(CHOSEN).waitFor();
    await listed.getByRole('button', { name: /编\s?辑/ }).click();
    const edit = page.locator('.ant-modal').filter({ hasText: '编辑E2E订单' });
    await edit.waitFor();
    await expect.poll(() => formItem(edit, '订单号').locator('input').inputValue()).toBe(`SO-${RUN}`);
    await expect
      .poll(() => formItem(edit, '客户').getByTestId('relation-field').inputValue())
      .toBe('华南物流有限公司');
    await formItem(edit, '经办人').getByText(userName).first().waitFor();
    await formItem(edit, '部门').getByText('信息化科').waitFor();
    const editTable = edit.getByTestId('subtable-items');
    await expect.poll(() => cellValues(editTable, 0)).toEqual(['打印纸', 2.5, 3, 7.5]);
    await expect.poll(() => cellValues(editTable, 1)).toEqual(['墨盒', 12, 2, 24]);
    await editTable.locator('.form-subtable__summary').getByText('31.50').waitFor();
    await formItem(edit, '附件').getByTestId('upload-entry').getByText('合同扫描12MB.pdf').waitFor();
    await settled(page);
    await resultShot(page, '82-order-reopened.png');
  }, 420_000);
});

/** Item rows: name, price, quantity. */
const ITEMS = [
  ['打印纸', '2.5', '3'],
  ['墨盒', '12', '2'],
] as const;

/** A sub-table row as [name, price, quantity, subtotal], the numbers parsed (thousands separators dropped). */
async function cellValues(table: Locator, row: number): Promise<(string | number)[]> {
  const inputs = table.locator('.form-subtable__cell input');
  const values: (string | number)[] = [await inputs.nth(row * 4).inputValue()];
  for (let i = 1; i < 4; i++)
    values.push(Number((await inputs.nth(row * 4 + i).inputValue()).replaceAll(',', '')));
  return values;
}
