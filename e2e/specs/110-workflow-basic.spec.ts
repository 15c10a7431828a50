import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { RUN, shot } from './4x-support';
import { signInAdmin } from './5x-support';
import { api, setPassword, signInUser, specBrowser, userIdOf } from './6x-support';

const LAUNCHER = { account: 'xuli', name: '徐丽', password: 'Xu110start1', next: 'Xu110change2' };
const APPROVER = { account: 'sunhao', password: 'Sun110start1', next: 'Sun110change2' };
const TITLE_FIELD = 'reason';

/** A designed flow form with one text field (the form engine's JSON), created and released. */
async function createForm(admin: Page): Promise<string> {
  const draftJson = JSON.stringify({
    size: 'small',
    labelWidth: 100,
    gutter: 15,
    fields: [
      {
        __config__: {
          jnpfKey: 'comInput',
          label: '请假事由',
          layout: 'colFormItem',
          span: 24,
          showLabel: true,
          required: true,
          visibility: ['pc', 'app'],
        },
        __vModel__: TITLE_FIELD,
      },
    ],
  });
  const created = await api<{ id: string }>(admin, 'POST', '/api/flowForm/Form', {
    fullName: `E2E请假单${RUN}`,
    enCode: `e2eLeave${RUN}`,
    formType: 2,
    flowType: 0,
    draftJson,
  });
  expect(created.code, created.msg).toBe(200);
  const released = await api(admin, 'POST', `/api/flowForm/Form/Release/${created.data.id}?isRelease=1`);
  expect(released.code, released.msg).toBe(200);
  return created.data.id;
}

/** A flow: start (the form) → one approver; answers the launchable version id. */
async function createFlow(admin: Page, formId: string, approverId: string): Promise<string> {
  const root = {
    type: 'start',
    nodeId: `s${RUN}`,
    properties: { title: '流程发起', formId },
    childNode: {
      type: 'approver',
      nodeId: `a${RUN}`,
      prevId: `s${RUN}`,
      properties: { title: '经理审批', assigneeType: 6, approvers: [approverId] },
    },
  };
  const created = await api<{ id: string }>(admin, 'POST', '/api/workflow/Engine/flowTemplate', {
    fullName: `E2E请假流程${RUN}`,
    enCode: `e2eLeaveFlow${RUN}`,
    type: 0,
    sortCode: 0,
    flowTemplateJson: JSON.stringify([
      { id: '', flowId: `g${RUN}`, fullName: `E2E请假流程${RUN}`, flowTemplateJson: root },
    ]),
  });
  expect(created.code, created.msg).toBe(200);
  const versions = await api<{ id: string }[]>(
    admin,
    'GET',
    `/api/workflow/Engine/flowTemplate/FlowJsonList/${created.data.id}`,
  );
  const version = versions.data[0];
  if (!version) throw new Error(`no launchable version: ${versions.msg}`);
  return version.id;
}

/** The row of the flow titled like `title` in a workflow list page. */
function rowOf(page: Page, testId: string, title: string) {
  return page.getByTestId(testId).locator('tr.ant-table-row').filter({ hasText: title });
}

describe('workflow: launch, approve in the todo list, the launcher sees it finished', () => {
  const browser = specBrowser('110');

  it('an approver approves a launched flow from the todo list; the launch list shows it approved', async () => {
    const admin = await browser.page();
    const launcher = await browser.page();
    const approver = await browser.page();
    await signInAdmin(admin);
    const approverId = await userIdOf(admin, APPROVER.account);
    const formId = await createForm(admin);
    const flowId = await createFlow(admin, formId, approverId);

    await setPassword(admin, LAUNCHER.account, LAUNCHER.password);
    await setPassword(admin, APPROVER.account, APPROVER.password);
    await signInUser(launcher, LAUNCHER.account, LAUNCHER.password, LAUNCHER.next);
    await signInUser(approver, APPROVER.account, APPROVER.password, APPROVER.next);

    const launched = await api(launcher, 'POST', '/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { [TITLE_FIELD]: `年假三天${RUN}` },
      status: 0,
      flowUrgent: 2,
    });
    expect(launched.code, launched.msg).toBe(200);
    const title = `E2E请假流程${RUN}`;

    // The launcher's list: in approval, urgency important.
    await launcher.goto(appUrl('/workFlow/flowLaunch'));
    const mine = rowOf(launcher, 'workflow-launch-page', title);
    await mine.waitFor();
    expect(await mine.innerText()).toContain('等待审核');
    expect(await mine.innerText()).toContain('重要');

    // The approver: todo list → detail (the form read-only with the launcher's value) → approve.
    await approver.goto(appUrl('/workFlow/flowTodo'));
    const todo = rowOf(approver, 'workflow-todo-page', title);
    await todo.waitFor();
    await shot(approver, '110-todo-list.png');
    await todo.getByRole('button', { name: '审批' }).click();
    const detail = approver.getByTestId('workflow-detail-page');
    await detail.waitFor();
    await detail.getByText(`年假三天${RUN}`).waitFor();
    await detail.getByTestId('workflow-detail-records').getByText('发起', { exact: true }).waitFor();
    await shot(approver, '110-detail-todo.png');
    await detail.getByRole('button', { name: /通\s?过/ }).click();
    const dialog = approver.locator('.ant-modal').filter({ hasText: '审批意见' });
    await dialog.getByRole('textbox', { name: '审批意见' }).fill('同意，注意交接');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(approver, 'success');
    await dialog.waitFor({ state: 'hidden' });
    await detail.getByTestId('workflow-detail-status').getByText('审核通过').waitFor();
    await detail.getByText('同意，注意交接').waitFor();
    await expect(detail.getByRole('button', { name: /通\s?过/ }).count()).resolves.toBe(0);
    await shot(approver, '110-detail-approved.png');

    // Gone from the todo list, present in the done list as approved.
    await approver.goto(appUrl('/workFlow/flowTodo'));
    await approver.getByTestId('workflow-todo-page').locator('.ant-table').waitFor();
    await settled(approver);
    expect(await rowOf(approver, 'workflow-todo-page', title).count()).toBe(0);
    await approver.goto(appUrl('/workFlow/flowDone'));
    const doneRow = rowOf(approver, 'workflow-done-page', title);
    await doneRow.waitFor();
    expect(await doneRow.innerText()).toContain('通过');

    // The launcher sees it finished (searched by keyword with Enter).
    await launcher.goto(appUrl('/workFlow/flowLaunch'));
    const page = launcher.getByTestId('workflow-launch-page');
    await page.locator('.ant-table').waitFor();
    const keyword = page.locator('.list-search-bar input[type="text"]').last();
    await keyword.fill(title);
    await keyword.press('Enter');
    await settled(launcher);
    const finished = rowOf(launcher, 'workflow-launch-page', title);
    await finished.getByText('审核通过').waitFor();
    expect(await page.locator('tr.ant-table-row').count()).toBe(1);
    await shot(launcher, '110-launch-finished.png');
  });
});
