import { act, StrictMode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetFeedbackForTests, toastError, toastSuccess } from '../base/api/feedback';
import { AntdProvider } from '../widgets/antd-provider';
import { Providers } from './providers';

/**
 * The toasts of base/api/feedback.ts across the split of issue #24: the sign-in page has no antd,
 * its phone mode brings antd's provider with it, every other page is inside the provider of a
 * layout route. The first attempt (6e05ba2) lost the toasts of shell pages after a phone-code
 * sign-in (e2e 31); here every switch is followed by a toast that must be on screen.
 */

/** The sign-in page: no antd until the phone tab is chosen, which wraps its form in the provider. */
function SignIn() {
  const [phone, setPhone] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setPhone(true)}>
        phone
      </button>
      {phone && (
        <AntdProvider>
          <p>phone form</p>
        </AntdProvider>
      )}
    </div>
  );
}

// React's act() outside testing-library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLElement | null = null;

function app() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <SignIn /> },
      {
        element: (
          <AntdProvider>
            <Outlet />
          </AntdProvider>
        ),
        children: [
          { path: '/home', element: <p>home</p> },
          { path: '/profile', element: <p>profile</p> },
        ],
      },
    ],
    { initialEntries: ['/login'] },
  );
  container = document.body.appendChild(document.createElement('div'));
  const mounted = createRoot(container);
  root = mounted;
  act(() =>
    mounted.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
  return router;
}

/** Waits (a few seconds at most) until `check` passes: lazy chunks and antd's motion take turns. */
async function eventually(check: () => void) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await act(() => new Promise((done) => setTimeout(done, 20)));
    }
  }
}

const onScreen = (text: string) => eventually(() => expect(container?.textContent).toContain(text));

/** Texts of the antd message toasts on screen. */
const shown = () =>
  Array.from(document.querySelectorAll('.ant-message-notice')).map((node) => node.textContent);

const expectToast = (text: string) => eventually(() => expect(shown()).toContain(text));

function click(text: string) {
  const button = Array.from(container?.querySelectorAll('button') ?? []).find(
    (node) => node.textContent === text,
  );
  if (!button) throw new Error(`no button ${text}`);
  act(() => button.click());
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
  resetFeedbackForTests();
});

// Each test's toasts have texts of their own: the notices of an earlier test may still be leaving.
describe('toasts across the antd-free sign-in page and the shell', { timeout: 30_000 }, () => {
  it('shows a toast asked for on the sign-in page before any antd is loaded (a refused password)', async () => {
    app();
    await onScreen('phone');
    expect(document.querySelector('.ant-message')).toBeNull();
    act(() => toastError('账号或密码错误'));
    await expectToast('账号或密码错误');
  });

  it('shows toasts on shell pages after a phone-code sign-in, without a reload', async () => {
    const router = app();
    await onScreen('phone');
    click('phone');
    await onScreen('phone form');
    act(() => toastSuccess('验证码已发送'));
    await expectToast('验证码已发送');

    // Signed in: the sign-in page (and its provider) leaves, the layout's provider comes.
    await act(() => router.navigate('/home'));
    await onScreen('home');
    act(() => toastError('首页的提示'));
    await expectToast('首页的提示');

    await act(() => router.navigate('/profile'));
    await onScreen('profile');
    act(() => toastError('只能上传图片文件'));
    await expectToast('只能上传图片文件');
  });

  it('keeps showing toasts after signing out to the sign-in page and in again', async () => {
    const router = app();
    await onScreen('phone');
    await act(() => router.navigate('/home'));
    await onScreen('home');
    act(() => toastSuccess('第一次'));
    await expectToast('第一次');

    await act(() => router.navigate('/login'));
    await onScreen('phone');
    act(() => toastError('会话已过期'));
    await expectToast('会话已过期');

    await act(() => router.navigate('/profile'));
    await onScreen('profile');
    act(() => toastError('再次登录后'));
    await expectToast('再次登录后');
  });
});
