import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { field, pickerDialog, RUN, shot } from './4x-support';
import { signInAdmin } from './5x-support';
import { api, specBrowser } from './6x-support';

const DAYS_FIELD = 'days';

/** A released flow form with a number field 请假天数 (days). */
async function createForm(admin: Page): Promise<string> {
  const draftJson = JSON.stringify({
    size: 'small',
    labelWidth: 100,
    gutter: 15,
    fields: [
      {
        __config__: {
          jnpfKey: 'numInput',
          label: '请假天数',
          layout: 'colFormItem',
          span: 24,
          showLabel: true,
          required: true,
          visibility: ['pc', 'app'],
        },
        __vModel__: DAYS_FIELD,
      },
    ],
  });
  const created = await api<{ id: string }>(admin, 'POST', '/api/flowForm/Form', {
    fullName: `E2E设计表单${RUN}`,
    enCode: `e2eDesign${RUN}`,
    formType: 2,
    flowType: 0,
    draftJson,
  });
  expect(created.code, created.msg).toBe(200);
  const released = await api(admin, 'POST', `/api/flowForm/Form/Release/${created.data.id}?isRelease=1`);
  expect(released.code, released.msg).toBe(200);
  return created.data.id;
}

/** A print template for flow forms, for the approver's print button. */
async function createPrintTemplate(admin: Page): Promise<{ printId: string; printName: string }> {
  const categories = await api<{ list: { id: string }[] }>(
    admin,
    'GET',
    '/api/system/DictionaryData/printDev/Data/Selector',
  );
  const printName = `E2E审批单${RUN}`;
  const created = await api<{ id: string }>(admin, 'POST', '/api/system/printDev', {
    fullName: printName,
    enCode: `e2eApproval${RUN}`,
    category: categories.data.list[0]?.id,
    type: 1,
    sqlTemplate: JSON.stringify([
      { sql: 'select full_name as "name" from public.base_dictionary_type where id = @formId' },
    ]),
    printTemplate: '<p>{{name}}</p>',
    enabledMark: 1,
    sortCode: 0,
  });
  expect(created.code, created.msg).toBe(200);
  return { printId: created.data.id, printName };
}

/** The + on the edge after the node with this id (the last + leads into the end). */
const addAfter = async (page: Page, canvas: Locator, afterId: string | null, kind: string) => {
  const plus = afterId
    ? canvas.locator(`button[data-after="${afterId}"]`)
    : canvas.getByRole('button', { name: '在此添加节点' }).last();
  await plus.click();
  await page.locator('.ant-dropdown:visible').getByText(kind, { exact: true }).last().click();
};

const card = (canvas: Locator, title: string) =>
  canvas.getByRole('button', { name: `打开节点“${title}”的属性` });

describe('flow designer (#13): a template designed in the browser, published and launchable', () => {
  const browser = specBrowser('111');

  it('designs start → approver → condition on days → approver, sets assignees, publishes, lists it', async () => {
    const admin = await browser.page();
    await signInAdmin(admin);
    await createForm(admin);
    const { printId, printName } = await createPrintTemplate(admin);
    const name = `E2E设计流程${RUN}`;

    await admin.goto(appUrl('/workFlow/flowEngine'));
    const page = admin.getByTestId('flow-engine-page');
    await page.locator('.ant-table').waitFor();
    await page.getByRole('button', { name: /新\s?建/ }).click();
    const editor = admin.locator('.flow-editor-modal');
    await editor.locator('#flowTemplate_fullName').fill(name);
    await editor.locator('#flowTemplate_enCode').fill(`e2eDesigned${RUN}`);
    await editor.getByRole('tab', { name: '主流程' }).click();
    const canvas = editor.getByTestId('flow-canvas');
    await card(canvas, '流程发起').waitFor();

    // Saving the empty flow names the start node's missing form.
    await editor.getByRole('button', { name: /保\s?存/ }).click();
    await editor.getByText('流程发起: 请选择流程表单').waitFor();

    // Start: the form.
    await card(canvas, '流程发起').click();
    const drawer = admin.locator('.flow-panel');
    await drawer.getByRole('combobox', { name: '流程表单' }).click();
    await admin.locator('.ant-select-dropdown:visible').getByText(`E2E设计表单${RUN}`).click();
    await drawer.getByRole('button', { name: OK }).click();
    await drawer.waitFor({ state: 'hidden' });

    // Approver 1, then a condition split, then approver 2 inside the first branch.
    await addAfter(admin, canvas, null, '审批节点');
    await addAfter(admin, canvas, null, '条件分支');
    const ruleCard = card(canvas, '条件1');
    await ruleCard.waitFor();
    const ruleId = await ruleCard.evaluate((el) =>
      el.closest('[data-node-id]')?.getAttribute('data-node-id'),
    );
    await addAfter(admin, canvas, ruleId ?? '', '审批节点');
    await expect.poll(() => card(canvas, '审批节点').count()).toBe(2);
    await shot(admin, '111-designer.png');

    // Approver 1: named member 孙浩 through the user picker, renamed 经理审批.
    await card(canvas, '审批节点').first().click();
    await drawer.getByRole('textbox', { name: '节点名称' }).fill('经理审批');
    await field(drawer, '用户').getByTestId('user-select').click();
    const picker = pickerDialog(admin);
    const keyword = picker.locator('.org-picker__keyword input');
    await keyword.fill('孙浩');
    await keyword.press('Enter');
    await picker.getByTestId('org-picker-paged').locator('button').first().click();
    await expect.poll(() => picker.getByTestId('org-picker-selected').locator('li').count()).toBe(1);
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    await drawer.getByRole('radio', { name: '会签（按比例通过）' }).check();
    await shot(admin, '111-approver-panel.png');
    // Its print button offers a template; its approve event calls a data interface, both picked by name.
    await drawer.getByRole('tab', { name: '按钮设置' }).click();
    await drawer.getByRole('switch', { name: '打印', exact: true }).click();
    await drawer.getByRole('combobox', { name: '打印模板' }).click();
    await admin.locator('.ant-select-dropdown:visible').getByText(printName, { exact: true }).click();
    await admin.keyboard.press('Escape');
    await drawer.getByRole('tab', { name: '事件与消息' }).click();
    await drawer.getByRole('switch', { name: '通过事件' }).click();
    await drawer.getByRole('combobox', { name: '通过事件 选择数据接口' }).click();
    await admin
      .locator('.ant-select-dropdown:visible')
      .getByText('部门预算执行数据', { exact: true })
      .click();
    await shot(admin, '111-approver-events.png');
    await drawer.getByRole('button', { name: OK }).click();
    await drawer.waitFor({ state: 'hidden' });
    await card(canvas, '经理审批').getByText('1个审批对象').waitFor();

    // Approver 2: the initiator's manager.
    await card(canvas, '审批节点').click();
    await drawer.getByRole('radio', { name: '发起者主管' }).check();
    await drawer.getByRole('button', { name: OK }).click();
    await drawer.waitFor({ state: 'hidden' });

    // The branch rule: days > 3.
    await ruleCard.click();
    await drawer.getByRole('button', { name: '添加条件' }).click();
    await drawer.getByRole('combobox', { name: '字段' }).click();
    await admin.locator('.ant-select-dropdown:visible').getByText('请假天数', { exact: true }).click();
    await drawer.getByRole('combobox', { name: '比较' }).click();
    await admin.locator('.ant-select-dropdown:visible').getByText('大于', { exact: true }).click();
    await drawer.getByRole('textbox', { name: '值' }).fill('3');
    await shot(admin, '111-condition-panel.png');
    await drawer.getByRole('button', { name: OK }).click();
    await drawer.waitFor({ state: 'hidden' });
    await card(canvas, '条件1').getByText('请假天数 > 3').waitFor();

    // Publish: saved, released, and the list shows it enabled with its version.
    await editor.getByRole('button', { name: /发\s?布/ }).click();
    await toast(admin, 'success');
    await editor.waitFor({ state: 'hidden' });
    const search = page.locator('.list-search-bar input[type="text"]').last();
    await search.fill(name);
    await search.press('Enter');
    await settled(admin);
    const row = page.locator('tr.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: new RegExp(`更多 ${name}`) }).click();
    await admin.locator('.ant-dropdown:visible').getByText('版本管理').click();
    const versions = admin.locator('.ant-drawer').filter({ hasText: `${name} 的版本` });
    await versions.getByText('V1').waitFor();
    await versions.getByText('主版本').waitFor();
    await shot(admin, '111-versions.png');

    // The stored tree is the one designed, and the template is launchable.
    const listed = await api<{ list: { children: { id: string; fullName: string }[] }[] }>(
      admin,
      'GET',
      `/api/workflow/Engine/flowTemplate/ListAll?keyword=${encodeURIComponent(name)}`,
    );
    const template = listed.data.list.flatMap((g) => g.children).find((c) => c.fullName === name);
    expect(template, listed.msg).toBeDefined();
    const info = await api<{ flowTemplateJson: string }>(
      admin,
      'GET',
      `/api/workflow/Engine/flowTemplate/${template?.id}`,
    );
    const root = JSON.parse(info.data.flowTemplateJson)[0].flowTemplateJson;
    expect(root.childNode.properties).toMatchObject({ title: '经理审批', counterSign: 1 });
    expect(root.childNode.properties.approvers).toHaveLength(1);
    expect(root.childNode.properties).toMatchObject({ hasPrintBtn: true, printId: [printId] });
    expect(root.childNode.properties.approveFuncConfig).toMatchObject({
      on: 1,
      interfaceName: '部门预算执行数据',
    });
    const split = root.childNode.childNode;
    expect(split.conditionType).toBe('condition');
    expect(split.conditionNodes[0].properties.conditions[0]).toMatchObject({
      field: DAYS_FIELD,
      symbol: '>',
      fieldValue: 3,
    });
    expect(split.conditionNodes[0].childNode.properties.assigneeType).toBe(1);
    expect(split.conditionNodes[1].properties.isDefault).toBe(true);

    // Co-managers: 孙浩 picked in the template's 协管人员 dialog is stored for it.
    await versions.locator('.ant-drawer-close').click();
    await versions.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: new RegExp(`更多 ${name}`) }).click();
    await admin.locator('.ant-dropdown:visible').getByText('协管人员').click();
    const assist = admin.locator('.ant-modal').filter({ hasText: `“${name}”的协管人员` });
    await assist.getByTestId('user-select').click();
    const users = pickerDialog(admin);
    const who = users.locator('.org-picker__keyword input');
    await who.fill('孙浩');
    await who.press('Enter');
    await users.getByTestId('org-picker-paged').locator('button').first().click();
    await expect.poll(() => users.getByTestId('org-picker-selected').locator('li').count()).toBe(1);
    await users.getByRole('button', { name: OK }).click();
    await users.waitFor({ state: 'hidden' });
    await assist.getByText('孙浩').waitFor();
    await shot(admin, '111-assist.png');
    await assist.getByRole('button', { name: OK }).click();
    await toast(admin, 'success');
    await assist.waitFor({ state: 'hidden' });
    const assisted = await api<{ list: string[] }>(
      admin,
      'GET',
      `/api/workflow/Engine/flowTemplate/${template?.id}/assistList`,
    );
    expect(assisted.data.list).toHaveLength(1);
  });
});
