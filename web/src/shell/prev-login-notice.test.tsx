import type { UserInfo } from '@console/shared';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '../base/api/token';
import { useSession } from '../base/session/session-store';
import { PrevLoginNotice } from './prev-login-notice';

const user = {
  userId: '1',
  userAccount: 'a',
  userName: 'A',
  prevLogin: 1,
  prevLoginTime: 1_700_000_000_000,
  prevLoginIPAddress: '10.0.0.1',
  prevLoginIPAddressName: '本地局域网',
} as unknown as UserInfo;

const notices = () => document.querySelectorAll('.prev-login-notice').length;

afterEach(() => {
  cleanup();
  clearToken();
  useSession.setState({ userInfo: null, prevLoginNoticeShown: false });
  for (const node of Array.from(document.querySelectorAll('.ant-notification'))) node.remove();
});

/** Issue 23 item 5: every sign-in showed 上次登录信息 twice. */
describe('previous sign-in notice', () => {
  it('shows once under StrictMode (effects run twice there)', async () => {
    setToken('token-1');
    useSession.setState({ userInfo: user, prevLoginNoticeShown: false });
    render(
      <StrictMode>
        <PrevLoginNotice />
      </StrictMode>,
    );
    await waitFor(() => expect(notices()).toBeGreaterThan(0), { timeout: 10_000 });
    await act(async () => new Promise((done) => setTimeout(done, 50)));
    expect(notices()).toBe(1);
  });

  it('shows once per sign-in when the shell mounts again, and again after a new sign-in', async () => {
    setToken('token-2');
    useSession.setState({ userInfo: user, prevLoginNoticeShown: false });
    const first = render(<PrevLoginNotice />);
    await waitFor(() => expect(notices()).toBe(1), { timeout: 10_000 });
    first.unmount();
    for (const node of Array.from(document.querySelectorAll('.ant-notification'))) node.remove();
    // The shell mounts again (e.g. another layout) with the same user: nothing new.
    useSession.setState({ userInfo: { ...user } });
    const second = render(<PrevLoginNotice />);
    await act(async () => new Promise((done) => setTimeout(done, 50)));
    expect(notices()).toBe(0);
    second.unmount();
    // A new sign-in starts over.
    act(() => useSession.getState().signIn('token-3'));
    act(() => useSession.setState({ userInfo: { ...user } }));
    render(<PrevLoginNotice />);
    await waitFor(() => expect(notices()).toBe(1), { timeout: 10_000 });
  });
});
