import type { UserInfo } from '@console/shared';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, setToken } from '../base/api/token';
import { useSession } from '../base/session/session-store';
import { isPublicPath, loginPathFor, RouteGuard } from './route-guard';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ element: <RouteGuard />, children: [{ path: '*', element: <Where /> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  clearToken();
  useSession.setState({ userInfo: null });
});

/** Only the fields the guard reads matter here. */
const signedInUser = { userId: '1', userAccount: 'a', userName: 'A' } as UserInfo;

describe('route guard', () => {
  it('knows the public paths of console.md 2.2', () => {
    for (const path of ['/login', '/auth-redirect', '/sso', '/formShortLink', '/dataScreenShare'])
      expect(isPublicPath(path)).toBe(true);
    expect(isPublicPath('/home')).toBe(false);
    expect(loginPathFor('/home')).toBe('/login?redirect=%2Fhome');
  });

  it('sends an anonymous visitor to /login with the redirect', async () => {
    renderAt('/home?tab=1');
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fhome%3Ftab%3D1');
  });

  it('lets an anonymous visitor see public paths', async () => {
    renderAt('/sso');
    expect((await screen.findByTestId('where')).textContent).toBe('/sso');
  });

  it('sends a signed-in visitor of /login to /', async () => {
    setToken('Bearer t');
    useSession.setState({ userInfo: signedInUser });
    renderAt('/login');
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('sends a signed-in visitor of /login to the page the sign-in was asked for', async () => {
    setToken('Bearer t');
    useSession.setState({ userInfo: signedInUser });
    renderAt('/login?redirect=%2Fprofile%3Ftab%3Dpassword');
    expect((await screen.findByTestId('where')).textContent).toBe('/profile?tab=password');
  });

  it('renders protected pages once the user is known', async () => {
    setToken('Bearer t');
    useSession.setState({ userInfo: signedInUser });
    renderAt('/home');
    expect((await screen.findByTestId('where')).textContent).toBe('/home');
  });
});

describe('route guard: lock screen and flow-detail token', () => {
  afterEach(() => {
    localStorage.removeItem('console_lock');
  });

  it('sends every navigation of a locked screen to /lockScreen', async () => {
    setToken('Bearer t');
    useSession.setState({ userInfo: signedInUser });
    localStorage.setItem('console_lock', '1');
    renderAt('/system/menu');
    expect((await screen.findByTestId('where')).textContent).toBe('/lockScreen');
  });

  it('replaces a different stored token with the one of a /workFlowDetail link', async () => {
    setToken('Bearer old');
    useSession.setState({ userInfo: signedInUser });
    renderAt('/workFlowDetail?config=abc&token=Bearer%20new');
    // The old user is dropped and loaded again with the new token.
    await waitFor(() => expect(localStorage.getItem('console_token')).toBe('Bearer new'));
    expect(useSession.getState().userInfo).toBeNull();
  });
});
