import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, screenshots, settled } from '../support/browser';
import { toast } from '../support/toasts';
import { signInAdmin } from './5x-support';
import { specBrowser } from './6x-support';

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(screenshots, `108-${name}.png`) });
const PROJECT = 'E2E 社保卡即时制卡项目';

describe('project Gantt demo', () => {
  const browser = specBrowser('108');

  it('shows the demo project on a Gantt chart, creates a project and a task and deletes them', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.page();
    await signInAdmin(page);
    await page.goto(appUrl('/extend/projectGantt'));
    const list = page.getByTestId('project-gantt-page');
    await list.waitFor();
    const demo = list.locator('.ant-table-row', { hasText: '“一网通办”政务服务平台建设' });
    await demo.getByText('张伟、杨帆').waitFor();
    await demo.getByRole('button', { name: '任务' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '“一网通办”政务服务平台建设 - 任务' });
    await drawer.getByText('统一身份认证对接').first().waitFor();
    await expect.poll(() => drawer.getByTestId('gantt-bar').count()).toBe(9);
    await settled(page);
    await shot(page, 'demo-gantt');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // A new project: the name is required; the dates start as today and thirty days on.
    await page.getByRole('button', { name: '新建项目' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建项目' }).last();
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('请输入名称').waitFor();
    await page.locator('#gantt_fullName').fill(PROJECT);
    await page.locator('#gantt_enCode').fill('SBK-01');
    await page.locator('#gantt_schedule').fill('10');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await dialog.waitFor({ state: 'hidden' });
    const row = list.locator('.ant-table-row', { hasText: PROJECT });
    await row.getByText('进行中').waitFor();

    await row.getByRole('button', { name: '任务' }).click();
    const tasks = page.locator('.ant-drawer').filter({ hasText: `${PROJECT} - 任务` });
    await tasks.getByText('还没有任务，点击“新建任务”添加').waitFor();
    await tasks.getByRole('button', { name: '新建任务' }).click();
    const taskDialog = page.locator('.ant-modal').filter({ hasText: '新建任务' }).last();
    await taskDialog.locator('.ant-form-item', { hasText: '上级' }).getByText(PROJECT).waitFor();
    await page.locator('#gantt_fullName').fill('制卡设备采购');
    await page.locator('#gantt_schedule').fill('60');
    await taskDialog.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '新建成功');
    await taskDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tasks.getByTestId('gantt-bar').count()).toBe(1);
    await tasks.getByTestId('gantt-bar').getByText('60%', { exact: true }).waitFor();
    await settled(page);
    await shot(page, 'new-project-gantt');
    await tasks.locator('.ant-drawer-close').click();

    await row.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm').last();
    await confirm.getByText(`删除项目“${PROJECT}”及其全部任务？`).waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await toast(page, 'success', '删除成功');
    await row.waitFor({ state: 'detached' });
  });
});
