import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../base/api';
import { toastError } from '../base/api/feedback';
import { getToken } from '../base/api/token';
import { loadNamespaces } from '../base/i18n';
import { PageLoading } from '../base/page-loading';
import { mustChangePassword } from '../base/session/password-owed';
import { fetchCurrentUser, logout } from '../base/session/session-api';
import { useSession } from '../base/session/session-store';
import type { SysConfigInfo } from '../base/session/session-types';
import { safeRedirect } from '../features/oauth/remember';
import { isLocked } from './lock/lock';

/** Paths that need no sign-in (console.md 2.2). */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/auth-redirect',
  '/sso',
  '/formShortLink',
  '/dataScreenShare',
];

export const LOCK_PATH = '/lockScreen';

/** The sign-in page of a user whose roles grant no page: it says so (login:noPages). */
export const NO_PAGES_PATH = '/login?reason=noPages';

// Loaded only for a user who owes the password change and has no page: the guard ships with the
// sign-in page, which must stay small.
const ChangePasswordDialog = lazy(() =>
  import('../features/permission/current/password/change-password-dialog').then((module) => ({
    default: module.ChangePasswordDialog,
  })),
);

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** The token a /workFlowDetail link carries, when it differs from the stored one (console.md 2.2). */
function tokenToSwap(pathname: string, search: string, current: string | null): string | null {
  if (pathname !== '/workFlowDetail') return null;
  const carried = new URLSearchParams(search).get('token');
  return carried && carried !== current ? carried : null;
}

/**
 * Route guard (console.md 2.2): a /workFlowDetail token replaces a different stored one; anonymous
 * visitors of a non-public path go to /login?redirect=; signed-in visitors of /login go to /; a
 * locked screen sends every navigation to /lockScreen; the current user is loaded before any
 * protected page renders.
 */
export function RouteGuard() {
  const location = useLocation();
  const token = getToken();
  const loaded = useSession((state) => state.userInfo !== null);
  const isPublic = isPublicPath(location.pathname);

  const swap = tokenToSwap(location.pathname, location.search, token);
  if (swap) return <TokenSwap token={swap} />;
  if (!token) {
    return isPublic ? <Outlet /> : <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  }
  // Signed in on the sign-in page: go where the sign-in was asked for (the page itself may race us).
  if (location.pathname === '/login') {
    return <Navigate to={safeRedirect(new URLSearchParams(location.search).get('redirect'))} replace />;
  }
  if (isLocked() && location.pathname !== LOCK_PATH) return <Navigate to={LOCK_PATH} replace />;
  if (isPublic || loaded) return <Outlet />;
  return <CurrentUserLoader />;
}

/** Replaces the stored token with the one of the link, drops the old user and repeats the navigation. */
function TokenSwap({ token }: { token: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    useSession.getState().signIn(token);
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  }, [token, location.pathname, location.search, location.hash, navigate]);
  return <PageLoading />;
}

/**
 * Loads CurrentUser; on failure clears the session, shows why and goes to /login?redirect=. A user
 * whose roles grant no page (issue 23) first changes the initial password when that is owed, then
 * is signed out to the sign-in page, which says that no page is granted yet and whom to ask.
 */
function CurrentUserLoader() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  /** The password policy, while a user without pages owes the change of the initial password. */
  const [owesPassword, setOwesPassword] = useState<SysConfigInfo | null>(null);
  const started = useRef(false);

  const leaveWithoutPages = useCallback(async () => {
    await logout().catch(() => undefined);
    useSession.getState().reset();
    setFailed(true);
    navigate(NO_PAGES_PATH, { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = loginPathFor(location.pathname, location.search);
    fetchCurrentUser()
      .then(async (user) => {
        if (!user?.userInfo) throw new Error(t('session.verifyFailed'));
        const session = useSession.getState();
        session.setCurrentUser(user);
        if (useSession.getState().menuList.length === 0) {
          // Not loaded after all (in the same tick, so the shell never renders without pages).
          useSession.setState({ userInfo: null });
          const policy = user.sysConfigInfo ?? {};
          if (mustChangePassword(user.userInfo, policy)) {
            await loadNamespaces(['password']);
            setOwesPassword(policy);
          } else await leaveWithoutPages();
        }
      })
      .catch((error: unknown) => {
        const session = useSession.getState();
        const stillSignedIn = getToken() !== null;
        session.reset();
        if (!(error instanceof ApiError && error.notified)) {
          toastError(error instanceof Error && error.message ? error.message : t('session.verifyFailed'));
        }
        setFailed(true);
        // A session code already navigated; otherwise leave for the sign-in page ourselves.
        if (stillSignedIn) navigate(target, { replace: true });
      });
  }, [location.pathname, location.search, navigate, t, leaveWithoutPages]);

  if (owesPassword) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PageLoading />
        <ChangePasswordDialog
          open
          forced
          policy={owesPassword}
          onChanged={() => {
            setOwesPassword(null);
            void leaveWithoutPages();
          }}
        />
      </Suspense>
    );
  }
  return failed ? null : <PageLoading />;
}
