import { describe, expect, it } from 'vitest';
import { api, specBrowser } from './6x-support';

const USER = { account: 'lixiuying', password: 'Li62start1', next: 'Li62change2' };

describe('the live socket ends with the session', () => {
  const browser = specBrowser('62');

  it('a user forced offline gets the logout push: the message shows, the token is cleared, the page reloads to sign-in', async () => {
    const { admin, user } = await browser.adminAndUser(USER);

    const online = await api<{ id: string; userAccount: string }[]>(
      admin,
      'GET',
      `/api/system/OnlineUser?keyword=${USER.account}`,
    );
    const sessions = online.data.filter((row) => row.userAccount === USER.account);
    expect(sessions.length).toBeGreaterThan(0);
    const reloaded = user.waitForEvent('load', { timeout: 15_000 });
    const forced = await api(admin, 'DELETE', '/api/system/OnlineUser', {
      ids: sessions.map((row) => row.id),
    });
    expect(forced.code).toBe(200);

    // The server's text (not the default one), then the reload after 1 s to the sign-in page.
    await user.getByText('您已被管理员强制下线，请重新登录').waitFor({ timeout: 15_000 });
    await reloaded;
    await user.waitForURL(/#\/login/);
    await expect(user.evaluate(() => localStorage.getItem('console_token'))).resolves.toBeNull();
  });
});
