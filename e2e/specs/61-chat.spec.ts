import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OK, screenshots, settled } from '../support/browser';
import { png, specBrowser } from './6x-support';

const USER = { account: 'lixiuying', name: '李秀英', password: 'Li61start1', next: 'Li61change2' };

describe('internal chat between two browsers', () => {
  const browser = specBrowser('61');

  it('sends text and an image both ways, with the unread indicator, history search and clearing', async () => {
    const { admin, user } = await browser.adminAndUser(USER);
    await expect(user.getByTestId('chat-button').getAttribute('data-unread')).resolves.toBe('false');

    // The administrator finds the user among the contacts and writes.
    await admin.getByTestId('chat-button').click();
    const adminDrawer = admin.locator('.chat-drawer');
    await adminDrawer.getByText('内部聊天').waitFor();
    await adminDrawer.getByRole('tab', { name: '联系人' }).click();
    const search = adminDrawer.getByRole('searchbox', { name: '搜索联系人' });
    await search.fill(USER.name);
    await search.press('Enter');
    await adminDrawer.getByTestId('chat-contact').filter({ hasText: USER.name }).click();
    const adminWindow = admin.locator('.chat-window');
    await adminWindow.getByTestId('chat-input').waitFor();
    // An empty (blank) message is not sent.
    await adminWindow.getByTestId('chat-input').fill('   ');
    await adminWindow.getByTestId('chat-input').press('Enter');
    await adminWindow.getByTestId('chat-input').fill('  你好，周报收到了吗？  ');
    await adminWindow.getByTestId('chat-input').press('Enter');
    const adminBubbles = adminWindow.getByTestId('chat-bubble');
    await adminBubbles.filter({ hasText: '你好，周报收到了吗？' }).waitFor();
    await expect(adminBubbles.count()).resolves.toBe(1);
    await expect(adminWindow.getByTestId('chat-input').inputValue()).resolves.toBe('');

    // The user's chat icon blinks; the conversation shows one unread message.
    await user.locator('[data-testid="chat-button"][data-unread="true"]').waitFor({ timeout: 15_000 });
    await user.getByTestId('chat-button').click();
    const userDrawer = user.locator('.chat-drawer');
    const conversation = userDrawer.getByTestId('chat-conversation').first();
    await conversation.getByText('你好，周报收到了吗？').waitFor();
    await conversation.locator('.ant-badge-count').getByText('1').waitFor();
    // The chat icon blinks for as long as something is unread: settled() does not wait for that.
    await settled(user);
    await user.screenshot({ path: resolve(screenshots, '61-chat-drawer.png') });

    // Opening it reads it: the indicator stops.
    await conversation.click();
    const userWindow = user.locator('.chat-window');
    await userWindow.getByTestId('chat-bubble').filter({ hasText: '你好，周报收到了吗？' }).waitFor();
    await user.locator('[data-testid="chat-button"][data-unread="false"]').waitFor();

    // An image (image types only, under 5 MB) goes from the user to the administrator.
    await userWindow.getByTestId('chat-image-input').setInputFiles({
      name: 'chart.png',
      mimeType: 'image/png',
      buffer: png(320, 160),
    });
    const received = adminWindow.locator('img.chat-image');
    await received.waitFor({ timeout: 15_000 });
    await expect(received.getAttribute('src')).resolves.toMatch(/^\/api\/file\/Image\/IM\//);
    await expect(received.getAttribute('width')).resolves.toBe('200');
    await expect(received.getAttribute('height')).resolves.toBe('100');
    await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await userWindow.locator('img.chat-image').waitFor();

    // Too large or not an image: refused before upload.
    await userWindow.getByTestId('chat-image-input').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 10),
    });
    await user.getByText('图片大小不能超过5M').waitFor();

    await userWindow.getByTestId('chat-input').fill('收到了，稍后回复');
    await userWindow.getByRole('button', { name: /^发\s?送$/ }).click();
    await adminBubbles.filter({ hasText: '收到了，稍后回复' }).waitFor();
    await settled(admin);
    await adminWindow.screenshot({ path: resolve(screenshots, '61-chat-window.png') });

    // History panel with search.
    await adminWindow.getByRole('button', { name: '聊天记录', exact: true }).click();
    const history = adminWindow.getByTestId('chat-history');
    await history.getByText('收到了，稍后回复').waitFor();
    const historySearch = adminWindow.getByRole('searchbox', { name: '搜索聊天记录' });
    await historySearch.fill('周报');
    await historySearch.press('Enter');
    await expect.poll(() => history.locator('.chat-history-item').count()).toBe(1);
    await history.getByText('你好，周报收到了吗？').waitFor();
    await settled(admin);
    await adminWindow.screenshot({ path: resolve(screenshots, '61-chat-history.png') });

    // Clearing the history asks first.
    await adminWindow.getByRole('button', { name: '清空聊天记录' }).click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByText('是否清空当前聊天的所有记录?').waitFor();
    const cleared = admin.waitForResponse((response) =>
      response.url().includes('/imreply/deleteChatRecord/'),
    );
    await confirm.getByRole('button', { name: OK }).click();
    await expect((await cleared).json()).resolves.toMatchObject({ code: 200, msg: '清空成功' });
    await expect.poll(() => adminBubbles.count()).toBe(0);
    // Only the administrator's side is cleared.
    await expect(userWindow.getByTestId('chat-bubble').count()).resolves.toBeGreaterThan(1);

    // Escape (from the text box) closes the window.
    await adminWindow.getByTestId('chat-input').press('Escape');
    await adminWindow.waitFor({ state: 'hidden' });
  });
});
