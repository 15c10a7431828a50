import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { field, pickerDialog, RUN, shot } from './4x-support';
import { signInAdmin } from './5x-support';
import {
  api,
  createOneApproverFlow,
  createReleasedTextFieldForm,
  setPassword,
  signInUser,
  specBrowser,
  userIdOf,
} from './6x-support';

const LAUNCHER = { account: 'yangfan', password: 'Yang113start1', next: 'Yang113change2' };
const BOSS = { account: 'chenjing', password: 'Chen113start1', next: 'Chen113change2' };
const DEPUTY = { account: 'liuyang', name: '刘洋', password: 'Liu113start1', next: 'Liu113change2' };
const REASON = 'reason';
const FLOW = `E2E委托报销${RUN}`;

const CATEGORY = '财务管理';

/**
 * A released flow form with one required text field, and a flow in the category 财务管理 (an entry
 * of the seeded flow-category dictionary): start → the boss approves (batch allowed).
 */
async function createFlow(admin: Page, bossId: string): Promise<string> {
  const categories = await api<
    { id: string; fullName: string }[] | { list: { id: string; fullName: string }[] }
  >(admin, 'GET', '/api/system/DictionaryData/WorkFlowCategory/Data/Selector');
  expect(categories.code, categories.msg).toBe(200);
  const entries = Array.isArray(categories.data) ? categories.data : categories.data.list;
  const category = entries.find((entry) => entry.fullName === CATEGORY);
  if (!category) throw new Error(`no flow category ${CATEGORY}`);
  const formId = await createReleasedTextFieldForm(admin, {
    fullName: `E2E报销单${RUN}`,
    enCode: `e2eClaim${RUN}`,
    label: '报销事由',
    vModel: REASON,
    required: true,
  });
  return createOneApproverFlow(admin, {
    fullName: FLOW,
    enCode: `e2eClaimFlow${RUN}`,
    category: category.id,
    formId,
    batchApproval: true,
    approver: { title: '主管审批', id: bossId },
    run: RUN,
  });
}

describe('workflow: entrust, quick launch and batch approval by the delegate', () => {
  const browser = specBrowser('113');

  it('the boss delegates a flow, a user quick-launches it, the delegate approves two todos in one batch', async () => {
    const admin = await browser.page();
    await signInAdmin(admin);
    const flowId = await createFlow(admin, await userIdOf(admin, BOSS.account));
    // The template list names the category.
    await admin.goto(appUrl('/workFlow/flowEngine'));
    const engine = admin.getByTestId('flow-engine-page');
    const engineSearch = engine.getByRole('textbox', { name: '流程名称或编码' });
    await engineSearch.fill(FLOW);
    await engineSearch.press('Enter');
    const templateRow = engine.locator('tr.ant-table-row').filter({ hasText: FLOW });
    await templateRow.getByText(CATEGORY).waitFor();
    await shot(admin, '113-flow-engine-category.png');
    // …and so does the editor's basics.
    await templateRow.getByRole('button', { name: '设计' }).click();
    const editor = admin.locator('.flow-editor-modal');
    await field(editor, '流程分类').getByText(CATEGORY).waitFor();
    await shot(admin, '113-flow-editor-category.png');
    await editor.getByRole('button', { name: /取\s?消/ }).click();
    await editor.waitFor({ state: 'hidden' });
    const pages: Page[] = [];
    for (const user of [BOSS, DEPUTY, LAUNCHER]) {
      await setPassword(admin, user.account, user.password);
      const page = await browser.page();
      await signInUser(page, user.account, user.password, user.next);
      pages.push(page);
    }
    const [boss, deputy, launcher] = pages as [Page, Page, Page];

    // The boss delegates approving this flow to 刘洋 from now on (the dialog's default period).
    await boss.goto(appUrl('/workFlow/entrust'));
    const entrust = boss.getByTestId('workflow-entrust-page');
    await entrust.locator('.ant-table').waitFor();
    await entrust.getByRole('button', { name: '新建' }).click();
    const dialog = boss.locator('.ant-modal').filter({ hasText: '新建委托' });
    await field(dialog, '受委托人').getByTestId('user-select').click();
    const picker = pickerDialog(boss);
    // Type once the dialog shows its organisation tree (it has opened and settled).
    await picker.locator('.ant-tree-treenode:not([aria-hidden="true"])').first().waitFor();
    const keyword = picker.locator('.org-picker__keyword input');
    await keyword.fill(DEPUTY.name);
    await keyword.press('Enter');
    await picker.getByTestId('org-picker-paged').getByRole('button', { name: /刘洋/ }).first().click();
    await picker.getByTestId('org-picker-selected').getByText(/刘洋/).first().waitFor();
    await picker.getByRole('button', { name: OK }).click();
    await picker.waitFor({ state: 'hidden' });
    const flows = field(dialog, '委托流程').locator('.ant-select');
    await flows.click();
    await boss.keyboard.type(FLOW);
    await boss.locator('.ant-select-dropdown:visible').getByText(FLOW, { exact: true }).click();
    await boss.keyboard.press('Escape');
    await shot(boss, '113-entrust-dialog.png');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(boss, 'success');
    await dialog.waitFor({ state: 'hidden' });
    const delegation = entrust.locator('tr.ant-table-row').filter({ hasText: FLOW });
    await delegation.getByText('生效中').waitFor();
    expect(await delegation.innerText()).toContain(DEPUTY.name);
    await shot(boss, '113-entrust-list.png');

    // The user finds the flow among the quick-launch cards (search with Enter) and submits its form.
    await launcher.goto(appUrl('/workFlow/flowQuickLaunch'));
    const quick = launcher.getByTestId('workflow-quick-launch-page');
    const search = quick.locator('input[aria-label="请输入流程名称查询"]');
    await search.fill(FLOW);
    await search.press('Enter');
    // The card sits under its category's name (the flow-category dictionary is seeded).
    const group = quick.getByRole('region', { name: CATEGORY });
    await group.getByRole('button', { name: `发起 ${FLOW}` }).waitFor();
    expect(await launcher.getByText('字典分类不存在').count()).toBe(0);
    await shot(launcher, '113-quick-launch-cards.png');
    await group.getByRole('button', { name: `发起 ${FLOW}` }).click();
    const launch = launcher.locator('.ant-modal').filter({ hasText: FLOW });
    await field(launch, '报销事由').locator('input').fill(`差旅一${RUN}`);
    await shot(launcher, '113-quick-launch.png');
    await launch.getByRole('button', { name: /提\s?交/ }).click();
    await toast(launcher, 'success');
    await launch.waitFor({ state: 'hidden' });
    // A second claim through the API: the delegate then has two todos of the boss.
    const second = await api(launcher, 'POST', '/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { [REASON]: `差旅二${RUN}` },
      status: 0,
    });
    expect(second.code, second.msg).toBe(200);

    // The delegate sees both (tagged as the boss's) and approves them in one batch.
    await deputy.goto(appUrl('/workFlow/flowTodo'));
    const todo = deputy.getByTestId('workflow-todo-page');
    const rows = todo.locator('tr.ant-table-row').filter({ hasText: FLOW });
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain('代 陈静');
    for (const row of await rows.all()) await row.locator('.ant-checkbox-input').check();
    await todo.getByRole('button', { name: '批量审批' }).click();
    const batch = deputy.locator('.ant-modal').filter({ hasText: '批量审批（已选 2 条）' });
    await batch.getByRole('textbox', { name: '审批意见' }).fill('代为同意');
    await shot(deputy, '113-batch-dialog.png');
    await batch.getByRole('button', { name: OK }).click();
    await toast(deputy, 'success');
    await batch.waitFor({ state: 'hidden' });
    await settled(deputy);
    expect(await rows.count()).toBe(0);
    await shot(deputy, '113-todo-after-batch.png');

    // Both claims are approved, in the launcher's list.
    const mine = await api<{ list: { flowName: string; status: number }[] }>(
      launcher,
      'GET',
      `/api/workflow/Engine/FlowLaunch?keyword=${encodeURIComponent(FLOW)}`,
    );
    expect(mine.data.list.filter((row) => row.flowName === FLOW).map((row) => row.status)).toEqual([2, 2]);
  }, 240_000);
});
