import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { unique } from '../support/unique';
import { signInAdmin } from './5x-support';
import { api, createOneApproverFlow, createReleasedTextFieldForm, specBrowser, userIdOf } from './6x-support';

const RUN = unique();
const NOTICE = `门户公告${RUN}`;
const FLOW = `门户待办流程${RUN}`;
const PORTAL = `办公门户${RUN}`;
const PORTAL_CODE = `office${RUN}`;

/** A released flow form with one text field, and a flow start → the given approver; answers the version id. */
async function flowApprovedBy(admin: Page, approverId: string): Promise<string> {
  const formId = await createReleasedTextFieldForm(admin, {
    fullName: `门户表单${RUN}`,
    enCode: `portalForm${RUN}`,
    label: '事由',
    vModel: 'reason',
  });
  return createOneApproverFlow(admin, {
    fullName: FLOW,
    enCode: `portalFlow${RUN}`,
    formId,
    approver: { title: '领导审批', id: approverId },
    run: RUN,
  });
}

interface TreeNode {
  id: string;
  enCode: string;
  children?: TreeNode[] | null;
}
const findNode = (nodes: TreeNode[], code: string): TreeNode | undefined => {
  for (const node of nodes) {
    if (node.enCode === code) return node;
    const inner = findNode(node.children ?? [], code);
    if (inner) return inner;
  }
  return undefined;
};

describe('portal widgets: notices, todo counts, todo list, mails (#12)', () => {
  const spec = specBrowser('93');

  it('a portal of notice, todo and email widgets shows the administrator’s notice and a pending approval', async () => {
    const admin = await spec.page();
    await signInAdmin(admin);

    // The administrator publishes a notice (公告) and has a flow waiting for their approval.
    const notice = await api<{ id: string }>(admin, 'POST', '/api/message', {
      title: NOTICE,
      excerpt: '本周五下午停电检修',
      bodyText: '<p>本周五下午停电检修，请提前保存工作。</p>',
      category: '1',
    });
    expect(notice.code, notice.msg).toBe(200);
    const released = await api(admin, 'PUT', `/api/message/${notice.data.id}/Actions/Release`);
    expect(released.code, released.msg).toBe(200);
    const adminId = await userIdOf(admin, 'admin');
    const flowId = await flowApprovedBy(admin, adminId);
    const launched = await api(admin, 'POST', '/api/workflow/Engine/FlowTask', {
      flowId,
      formData: { reason: '采购审批' },
      status: 0,
      flowUrgent: 1,
    });
    expect(launched.code, launched.msg).toBe(200);

    // A portal with the four Dashboard widgets, released under the demo directory.
    const categories = await api<{ list: { id: string }[] }>(
      admin,
      'GET',
      '/api/system/DictionaryData/portalDesigner/Data/Selector',
    );
    const layout = [
      { i: 'todo', x: 0, y: 0, w: 24, h: 5, jnpfKey: 'todo', title: '我的待办' },
      { i: 'notice', x: 0, y: 5, w: 12, h: 8, jnpfKey: 'notice', title: '通知公告', count: 5 },
      { i: 'todoList', x: 12, y: 5, w: 12, h: 8, jnpfKey: 'todoList', title: '待办事项', count: 5 },
      { i: 'email', x: 0, y: 13, w: 12, h: 7, jnpfKey: 'email', title: '未读邮件', count: 5 },
    ];
    const portal = await api<{ id: string }>(admin, 'POST', '/api/visualdev/Portal', {
      fullName: PORTAL,
      enCode: PORTAL_CODE,
      category: categories.data.list[0]!.id,
      enabledLock: 1,
      formData: JSON.stringify({ layoutId: PORTAL_CODE, layout }),
    });
    expect(portal.code, portal.msg).toBe(200);
    const parents = await api<{ list: TreeNode[] }>(admin, 'GET', '/api/system/Menu/Selector/0?category=Web');
    const parent = findNode(parents.data.list, 'demo') ?? parents.data.list[0]!;
    const menu = await api(admin, 'PUT', `/api/visualdev/Portal/Actions/release/${portal.data.id}`, {
      pcModuleParentId: parent.id,
    });
    expect(menu.code, menu.msg).toBe(200);
    // Signing in again brings the new menu into the shell.
    await signInAdmin(admin);
    const me = await api<{ menuList: (TreeNode & { urlAddress: string | null })[] }>(
      admin,
      'GET',
      '/api/oauth/CurrentUser',
    );
    const portalMenu = findNode(me.data.menuList, `portal.${PORTAL_CODE}`) as
      | (TreeNode & { urlAddress: string | null })
      | undefined;
    expect(portalMenu?.urlAddress).toBe(`portal/${PORTAL_CODE}`);

    // 门户管理 of the main application: the portal is added for the Web platform.
    await admin.goto(appUrl('/system/menu'));
    const menuPage = admin.getByTestId('menu-page');
    await menuPage
      .getByRole('button', { name: /的门户管理$/ })
      .first()
      .click();
    const drawer = admin.locator('.ant-drawer').filter({ hasText: '的门户管理' });
    await drawer.getByRole('button', { name: /添\s?加/ }).click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: '门户名称' });
    const picker = dialog.locator('.ant-select').first();
    await picker.click();
    await picker.locator('input').fill(PORTAL);
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: PORTAL })
      .click();
    await expect.poll(() => dialog.getByLabel('门户分类').inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await toast(admin, 'success', '新建成功');
    const row = drawer.locator('tr.ant-table-row').filter({ hasText: PORTAL });
    await row.waitFor();
    expect(await row.innerText()).toContain('启用');
    await settled(admin);
    await drawer.screenshot({ path: join(screenshots, '93-portal-manage.png') });

    // The released portal page: every widget reads the administrator's own data.
    await admin.goto(appUrl(`/portal/${PORTAL_CODE}`));
    const view = admin.getByTestId('dynamic-portal');
    const widget = (key: string) => view.locator(`[data-widget="${key}"]`);
    await expect.poll(() => widget('notice').innerText(), { timeout: 20_000 }).toContain(NOTICE);
    expect(await widget('notice').innerText()).toContain('公告');
    await expect.poll(() => widget('todoList').innerText(), { timeout: 20_000 }).toContain(FLOW);
    const toApprove = widget('todo').locator('.portal-widget__todo-item').filter({ hasText: '待我审批' });
    await expect
      .poll(async () => Number(await toApprove.locator('.ant-statistic-content-value').innerText()))
      .toBeGreaterThanOrEqual(1);
    await expect.poll(() => widget('email').innerText()).toContain('暂无未读邮件');
    await settled(admin);
    await admin.screenshot({ path: join(screenshots, '93-portal-widgets.png') });

    // The notice opens in place; the todo count leads to the todo list.
    await widget('notice').getByText(NOTICE).click();
    const detail = admin.locator('.ant-modal').filter({ hasText: NOTICE });
    await expect.poll(() => detail.innerText(), { timeout: 10_000 }).toContain('停电检修');
    await settled(admin);
    await admin.screenshot({ path: join(screenshots, '93-portal-notice.png') });
    await detail.locator('.ant-modal-close').click();
    await toApprove.click();
    await admin.waitForURL(/workFlow\/flowTodo/);
    await expect
      .poll(() => admin.locator('tr.ant-table-row').filter({ hasText: FLOW }).count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);

    // In English the widgets speak English.
    await admin.evaluate(() => localStorage.setItem('console_language', 'en'));
    await admin.goto(appUrl(`/portal/${PORTAL_CODE}`));
    await admin.reload();
    await expect.poll(() => widget('todo').innerText(), { timeout: 20_000 }).toContain('To approve');
    await expect.poll(() => widget('notice').innerText()).toContain('Announcement');
    await expect.poll(() => widget('email').innerText()).toContain('No unread mail');
    await settled(admin);
    await admin.screenshot({ path: join(screenshots, '93-portal-widgets-en.png') });
  }, 240_000);
});
