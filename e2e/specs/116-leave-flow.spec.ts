import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, pickOption, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { RUN, shot } from './4x-support';
import { signInAdmin } from './5x-support';
import { api, bellCount, connected, setPassword, signInUser, specBrowser, userIdOf } from './6x-support';
import { formItem, leaf } from './8x-support';

const LAUNCHER = { account: 'wuqiang', password: 'Wu116start1', next: 'Wu116change2' };
const FIRST = { account: 'xuli', password: 'Xu116start1', next: 'Xu116change2' };
const SECOND = { account: 'sunhao', password: 'Sun116start1', next: 'Sun116change2' };
const FLOW = `E2E休假申请${RUN}`;
/** The task's title: the default "{launcher}的{flow}". */
const TASK = `吴强的${FLOW}`;

/** A released leave form: reason and days. */
async function createForm(admin: Page): Promise<string> {
  const created = await api<{ id: string }>(admin, 'POST', '/api/flowForm/Form', {
    fullName: `E2E请假表${RUN}`,
    enCode: `e2eLeave116${RUN}`,
    formType: 2,
    flowType: 0,
    draftJson: JSON.stringify({
      size: 'small',
      labelWidth: 100,
      gutter: 15,
      fields: [
        leaf('comInput', '请假事由', 'reason'),
        leaf('numInput', '请假天数', 'days', { precision: 0 }),
      ],
    }),
  });
  expect(created.code, created.msg).toBe(200);
  const released = await api(admin, 'POST', `/api/flowForm/Form/Release/${created.data.id}?isRelease=1`);
  expect(released.code, released.msg).toBe(200);
  return created.data.id;
}

/** start → 组长审批 (first) → days > 3: 经理审批 (second), otherwise straight to the end. */
async function createFlow(admin: Page, formId: string, first: string, second: string): Promise<string> {
  const root = {
    type: 'start',
    nodeId: 'start',
    properties: { title: '流程发起', formId },
    childNode: {
      type: 'approver',
      nodeId: 'lead',
      prevId: 'start',
      properties: { title: '组长审批', assigneeType: 6, approvers: [first], rejectStep: '0' },
      childNode: {
        type: 'empty',
        nodeId: 'byDays',
        prevId: 'lead',
        conditionType: 'condition',
        properties: {},
        conditionNodes: [
          {
            type: 'condition',
            nodeId: 'long',
            prevId: 'byDays',
            properties: {
              title: '超过三天',
              priority: 0,
              conditions: [
                {
                  field: 'days',
                  symbol: '>',
                  fieldValue: 3,
                  fieldType: 1,
                  fieldValueType: 2,
                  logic: '&&',
                  jnpfKey: 'numInput',
                },
              ],
            },
            childNode: {
              type: 'approver',
              nodeId: 'manager',
              prevId: 'long',
              properties: { title: '经理审批', assigneeType: 6, approvers: [second] },
            },
          },
          {
            type: 'condition',
            nodeId: 'short',
            prevId: 'byDays',
            properties: { title: '三天以内', priority: 1, isDefault: true },
          },
        ],
      },
    },
  };
  const created = await api<{ id: string }>(admin, 'POST', '/api/workflow/Engine/flowTemplate', {
    fullName: FLOW,
    enCode: `e2eLeaveFlow116${RUN}`,
    type: 0,
    sortCode: 0,
    flowTemplateJson: JSON.stringify([
      { id: '', flowId: `g116${RUN}`, fullName: FLOW, flowTemplateJson: root },
    ]),
  });
  expect(created.code, created.msg).toBe(200);
  const versions = await api<{ id: string }[]>(
    admin,
    'GET',
    `/api/workflow/Engine/flowTemplate/FlowJsonList/${created.data.id}?type=1`,
  );
  const version = versions.data[0];
  if (!version) throw new Error(`no launchable version: ${versions.msg}`);
  return version.id;
}

/** The FlowBox of a new task of `flowId` (what a launch card opens: opType -1). */
const launchUrl = (flowId: string) =>
  appUrl(
    `/workFlowDetail?config=${encodeURIComponent(Buffer.from(JSON.stringify({ id: '0', flowId, opType: -1 })).toString('base64'))}`,
  );

const rowOf = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('tr.ant-table-row').filter({ hasText: FLOW });

/** Flow messages (inbox type 2) of a user, newest first. */
async function flowMessages(page: Page): Promise<string[]> {
  const answer = await api<{ list: { title: string }[] }>(
    page,
    'GET',
    '/api/message?type=2&currentPage=1&pageSize=50',
  );
  return answer.data.list.map((m) => m.title).filter((title) => title.startsWith(TASK));
}

/** Approves the caller's todo of this flow through the API. */
async function approveByApi(page: Page): Promise<void> {
  const todos = await api<{ list: { id: string; fullName: string }[] }>(
    page,
    'GET',
    `/api/workflow/Engine/FlowBefore/List/1?keyword=${encodeURIComponent(FLOW)}&currentPage=1&pageSize=20`,
  );
  const todo = todos.data.list[0];
  if (!todo) throw new Error(`no todo of ${FLOW}: ${todos.msg}`);
  const answer = await api(page, 'POST', `/api/workflow/Engine/FlowBefore/Audit/${todo.id}`, {
    handleOpinion: '同意',
  });
  expect(answer.code, answer.msg).toBe(200);
}

describe('issue 13 must show 2: a leave request through two approvers and a condition on days', () => {
  const browser = specBrowser('116');

  // Four users sign in and seven pages load: on the shared 2-core machine that alone took a minute.
  it('launch, return to start, resubmit, both approve; inbox, socket and monitor follow each step', {
    timeout: 240_000,
  }, async () => {
    const admin = await browser.page();
    const launcher = await browser.page();
    const first = await browser.page();
    const second = await browser.page();
    await signInAdmin(admin);
    const [firstId, secondId] = [await userIdOf(admin, FIRST.account), await userIdOf(admin, SECOND.account)];
    const flowId = await createFlow(admin, await createForm(admin), firstId, secondId);
    for (const user of [LAUNCHER, FIRST, SECOND]) await setPassword(admin, user.account, user.password);
    await signInUser(launcher, LAUNCHER.account, LAUNCHER.password, LAUNCHER.next);
    await signInUser(first, FIRST.account, FIRST.password, FIRST.next);
    await signInUser(second, SECOND.account, SECOND.password, SECOND.next);
    await Promise.all([connected(launcher), connected(first)]);
    const firstBell = await bellCount(first);

    // The launcher fills the FlowBox: five days, so the condition sends it through the manager.
    await launcher.goto(launchUrl(flowId));
    const box = launcher.getByTestId('workflow-detail-page');
    await box.getByRole('img', { name: '流程图' }).waitFor();
    await formItem(box, '请假事由').locator('input').fill(`探亲${RUN}`);
    await formItem(box, '请假天数').locator('input').fill('5');
    await box.getByRole('button', { name: /^提\s?交$/ }).click();
    await toast(launcher, 'success');
    await launcher.waitForURL(/flowLaunch/);
    await connected(launcher);
    const launcherBell = await bellCount(launcher);

    // Approver 1's bell rises live (no reload); the todo opens with the flow chart at 组长审批.
    await expect.poll(() => bellCount(first), { timeout: 15_000 }).toBe(firstBell + 1);
    await first.goto(appUrl('/workFlow/flowTodo'));
    const todo = rowOf(first, 'workflow-todo-page');
    await todo.waitFor();
    await shot(first, '116-todo.png');
    await todo.getByRole('button', { name: /^审\s?批$/ }).click();
    const detail = first.getByTestId('workflow-detail-page');
    await detail.getByText(`探亲${RUN}`).waitFor();
    const chart = detail.getByTestId('workflow-flow-chart');
    await expect(chart.locator('[data-node="lead"]').getAttribute('data-state')).resolves.toBe('current');
    await expect(chart.locator('[data-node="start"]').getAttribute('data-state')).resolves.toBe('done');
    await shot(first, '116-detail-chart.png');

    // … and returns it to the start.
    await detail.getByRole('button', { name: /退\s?回/ }).click();
    const dialog = first.locator('.ant-modal').filter({ hasText: '审批意见' });
    await pickOption(first, dialog.locator('.ant-select'), '流程发起');
    await dialog.getByRole('textbox', { name: '审批意见' }).fill('请写明探亲地点');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(first, 'success');

    // The launcher is told live and finds the task returned; it edits and resubmits.
    await expect.poll(() => bellCount(launcher), { timeout: 15_000 }).toBeGreaterThan(launcherBell);
    await expect.poll(() => flowMessages(launcher)).toContain(`${TASK}：组长审批已退回`);
    await launcher.goto(appUrl('/workFlow/flowLaunch'));
    // The list was read once after launching; a fresh page reads the returned state.
    await launcher.reload();
    const mine = rowOf(launcher, 'workflow-launch-page');
    await mine.getByText('审核退回').waitFor();
    await mine.getByRole('button', { name: new RegExp(FLOW) }).click();
    const again = launcher.getByTestId('workflow-detail-page');
    await again.getByText('请写明探亲地点').waitFor();
    await formItem(again, '请假事由').locator('input').fill(`回老家探亲${RUN}`);
    await again.getByRole('button', { name: /^提\s?交$/ }).click();
    await toast(launcher, 'success');

    // Approver 1 approves, then approver 2 (reached because days > 3).
    await expect.poll(() => bellCount(first), { timeout: 15_000 }).toBe(firstBell + 2);
    await approveByApi(first);
    await approveByApi(second);

    // The launcher's inbox holds each step; its launch list shows the flow approved.
    await expect
      .poll(() => flowMessages(launcher))
      .toEqual(
        expect.arrayContaining([
          `${TASK}：组长审批已退回`,
          `${TASK}：组长审批已通过`,
          `${TASK}：经理审批已通过`,
          `${TASK}：审核通过`,
        ]),
      );
    await launcher.getByTestId('message-bell').click();
    await launcher.locator('.message-drawer').getByText(`${TASK}：审核通过`).waitFor();
    await shot(launcher, '116-inbox.png');

    // The monitor shows the finished flow; its detail has every node done.
    await admin.goto(appUrl('/workFlow/flowMonitor'));
    const monitored = rowOf(admin, 'workflow-monitor-page');
    await monitored.getByText('审核通过').waitFor();
    await shot(admin, '116-monitor.png');
    await monitored.getByRole('button', { name: new RegExp(FLOW) }).click();
    const finished = admin.getByTestId('workflow-flow-chart');
    await finished.waitFor();
    for (const node of ['start', 'lead', 'manager'])
      await expect(finished.locator(`[data-node="${node}"]`).getAttribute('data-state')).resolves.toBe(
        'done',
      );
    await expect(finished.locator('[data-node="short"]').getAttribute('data-state')).resolves.toBe('pending');
    await settled(admin);
    await shot(admin, '116-monitor-detail.png');
  });
});
