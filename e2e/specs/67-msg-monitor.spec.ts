import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver } from '../../server/src/modules/msgCenter/testing';
import { appUrl, launchBrowser, newPage } from '../support/browser';
import { confirmTip, RUN, shot } from './4x-support';
import { signInAdmin } from './5x-support';
import { api, userIdOf } from './6x-support';

describe('message centre: send monitor', () => {
  let browser: Browser;
  let http: Awaited<ReturnType<typeof startHttpReceiver>>;

  beforeAll(async () => {
    [browser, http] = await Promise.all([launchBrowser(), startHttpReceiver()]);
  });
  let failureShot: (() => Promise<unknown>) | null = null;
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await failureShot?.().catch(() => undefined);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), http?.close()]);
  });

  it('lists what was sent (a webhook that worked and one that failed), shows a record, deletes chosen ones and empties', async () => {
    const { page } = await newPage(browser);
    failureShot = () => page.screenshot({ path: '/tmp/e2e-67-failure.png' });
    await signInAdmin(page);
    const post = async <T>(path: string, body: unknown) => {
      const answer = await api<T>(page, 'POST', path, body);
      if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
      return answer.data;
    };
    const hook = (name: string, path: string) =>
      post<{ id: string }>('/api/message/AccountConfig', {
        category: 'webhook',
        fullName: name,
        enCode: `${path.slice(1)}${RUN}`,
        settings: { url: `${http.base}${path}`, kind: 'custom', authType: 0 },
      });
    const good = await hook(`值班群${RUN}`, '/hook');
    const broken = await hook(`故障群${RUN}`, '/fail');
    const template = await post<{ id: string }>('/api/message/MessageTemplateConfig', {
      fullName: `值班提醒${RUN}`,
      enCode: `duty${RUN}`,
      messageSource: 3,
      messageType: 'webhook',
      title: '今日值班：{name}',
      content: '请{name}按时到岗',
      params: [{ field: 'name', fieldName: '值班人' }],
    });
    const config = await post<{ id: string }>('/api/message/SendMessageConfig', {
      fullName: `值班通知${RUN}`,
      enCode: `dutyNotice${RUN}`,
      messageSource: 3,
      templates: [
        { messageType: 'webhook', templateId: template.id, accountConfigId: good.id },
        { messageType: 'webhook', templateId: template.id, accountConfigId: broken.id },
      ],
    });
    const results = await post<{ state: number }[]>('/api/message/SendMessageConfig/testSendConfig', {
      id: config.id,
      userIds: [await userIdOf(page, 'wangjianguo')],
      params: { name: '王建国' },
    });
    expect(results.map((r) => r.state).sort()).toEqual([0, 1]);
    expect(http.requests.find((r) => r.path === '/hook')?.body).toMatchObject({ title: '今日值班：王建国' });

    await page.goto(appUrl('/msgCenter/msgMonitor'));
    const monitor = page.getByTestId('msg-monitor-page');
    const rows = monitor.locator('.ant-table-row').filter({ hasText: '今日值班：王建国' });
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: '失败' }).waitFor();
    await shot(page, '67-msg-monitor.png');

    await rows
      .filter({ hasText: `故障群${RUN}` })
      .getByRole('button', { name: /详\s?情/ })
      .click();
    const detail = page.getByTestId('monitor-detail');
    await detail.getByText('HTTP 500').waitFor();
    await detail.getByText('王建国/wangjianguo').waitFor();
    await shot(page, '67-msg-monitor-detail.png');
    await page.locator('.ant-modal').filter({ has: detail }).locator('.ant-modal-footer button').click();

    await rows.filter({ hasText: '成功' }).locator('.ant-checkbox-input').check();
    await monitor.getByRole('button', { name: '批量删除' }).click();
    await page.locator('.ant-modal-confirm').getByText('确定删除所选的 1 条记录？').waitFor();
    await confirmTip(page);
    await expect.poll(() => rows.count()).toBe(1);

    await monitor.getByRole('button', { name: /清\s?空/ }).click();
    await confirmTip(page);
    await expect.poll(() => rows.count()).toBe(0);
    const left = await api<{ pagination: { total: number } }>(page, 'GET', '/api/message/MessageMonitor');
    expect(left.data.pagination.total).toBe(0);
  });
});
