import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUrl, OK, screenshots, settled } from '../support/browser';
import { signInAdmin } from './5x-support';
import { api, bellCount, connected, specBrowser } from './6x-support';

const USER = { account: 'lixiuying', password: 'Li60start1', next: 'Li60change2' };

describe('notices reach the bell and the message drawer', () => {
  const browser = specBrowser('60');

  it('an administrator releases a notice to everyone; a user signed in elsewhere sees the count rise and opens it', async () => {
    const { admin, user } = await browser.adminAndUser(USER);
    const before = await bellCount(user);
    const adminBefore = await bellCount(admin);

    // The notice page: a new notice written in the rich-text editor.
    await admin.goto(appUrl('/system/notice'));
    const list = admin.getByTestId('notice-page');
    await list.locator('.ant-table').waitFor();
    await list
      .locator('.list-page__toolbar')
      .getByRole('button', { name: /新\s?建/ })
      .click();
    const dialog = admin.locator('.notice-dialog');
    await dialog.getByText('新建公告').waitFor();
    // Title required (console.md 5 style message).
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('请输入标题').first().waitFor();

    const title = `系统升级通知 ${Date.now()}`;
    await admin.locator('#notice_title').fill(title);
    await admin.locator('#notice_excerpt').fill('本周六晚 22:00 至 24:00 进行系统升级。');
    const editor = dialog.locator('.ql-editor');
    await editor.waitFor();
    await editor.click();
    await admin.keyboard.type('升级期间系统暂停服务，');
    await dialog.locator('button.ql-bold').click();
    await admin.keyboard.type('请提前保存工作');
    await dialog.locator('button.ql-bold').click();
    await admin.keyboard.type('。');
    await expect(editor.locator('strong').textContent()).resolves.toBe('请提前保存工作');
    await settled(admin);
    await dialog.screenshot({ path: resolve(screenshots, '60-notice-editor.png') });
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = list.locator('tr', { hasText: title });
    await row.getByText('未发布').waitFor();
    await row.getByRole('button', { name: '发布' }).click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByText('发布后公告将推送给接收人').waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await row.getByText('已发布').waitFor();
    await expect.poll(() => admin.locator('.ant-message-notice').count(), { timeout: 6000 }).toBe(0);
    await settled(admin);
    await admin.screenshot({ path: resolve(screenshots, '60-notice-page.png') });

    // The user's bell rises through the live socket, without reloading the page.
    await expect.poll(() => bellCount(user), { timeout: 15_000 }).toBe(before + 1);
    // Released to everyone: the administrator receives it too.
    await expect.poll(() => bellCount(admin), { timeout: 15_000 }).toBe(adminBefore + 1);

    await user.getByTestId('message-bell').click();
    const drawer = user.locator('.message-drawer');
    const item = drawer.getByTestId('message-drawer-item').filter({ hasText: title });
    await item.waitFor();
    await expect(item.locator('.ant-badge-dot').count()).resolves.toBe(1);
    await settled(user);
    await user.screenshot({ path: resolve(screenshots, '60-message-drawer.png') });

    // Opening it shows the detail dialog and marks it read.
    await item.click();
    const detail = user.locator('.message-detail');
    await detail.getByRole('heading', { name: title }).waitFor();
    await expect(detail.getByTestId('message-detail-body').locator('strong').textContent()).resolves.toBe(
      '请提前保存工作',
    );
    await detail.getByText('本周六晚 22:00 至 24:00 进行系统升级。').waitFor();
    await settled(user);
    await user.screenshot({ path: resolve(screenshots, '60-message-detail.png') });
    await user.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => bellCount(user)).toBe(before);
    // Unread-only (on by default): the read notice leaves the list.
    await expect.poll(() => item.count()).toBe(0);
  });

  it('shows a stored notice without script, event handlers, javascript: links or iframes', async () => {
    const page = await browser.page();
    await signInAdmin(page);
    await connected(page);
    const before = await bellCount(page);
    const title = `含脚本的公告 ${Date.now()}`;
    const created = await api<{ id: string }>(page, 'POST', '/api/message', {
      title,
      bodyText:
        '<p id="keep">正文</p><script>window.__xss=1</script><img src="x" onerror="window.__xss=2">' +
        '<a href="javascript:window.__xss=3" id="bad-link">链接</a><iframe src="https://example.com"></iframe>',
      toUserIds: null,
    });
    expect(created.code).toBe(200);
    expect((await api(page, 'PUT', `/api/message/${created.data.id}/Actions/Release`)).code).toBe(200);
    await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(before + 1);

    await page.getByTestId('message-bell').click();
    await page
      .locator('.message-drawer')
      .getByTestId('message-drawer-item')
      .filter({ hasText: title })
      .click();
    const body = page.locator('.message-detail').getByTestId('message-detail-body');
    await body.getByText('正文').waitFor();
    expect(await body.locator('script, iframe, [onerror]').count()).toBe(0);
    // The sanitiser may drop the link or only its address: read what is there without waiting for one.
    const hrefs = await body
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) expect(href.toLowerCase()).not.toContain('javascript:');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('lists the inbox on /messageRecord with filters and marks all read after confirmation', async () => {
    const page = await browser.page();
    await signInAdmin(page);
    await page.goto(appUrl('/messageRecord'));
    const record = page.getByTestId('message-record-page');
    await record.locator('.ant-table-row').first().waitFor();
    await record.getByRole('button', { name: '全部已读' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('是否将所有消息标为已读?').waitFor();
    await confirm.getByRole('button', { name: OK }).click();
    await expect.poll(() => record.getByText('未读').count()).toBe(0);
    await expect.poll(() => bellCount(page)).toBe(0);
    await settled(page);
    await page.screenshot({ path: resolve(screenshots, '60-message-record.png') });
  });
});
