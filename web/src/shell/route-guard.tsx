import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api';
import { toastError } from '../api/feedback';
import { getToken } from '../api/token';
import { PageLoading } from '../app/page-loading';
import { fetchCurrentUser } from './session-api';
import { useSession } from './session-store';

/** Paths that need no sign-in (console.md 2.2). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/auth-redirect', '/sso', '/formShortLink'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
}

export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * Route guard: anonymous visitors of a non-public path go to /login?redirect=; signed-in visitors
 * of /login go to /; the current user is loaded before any protected page renders.
 */
export function RouteGuard() {
  const location = useLocation();
  const token = getToken();
  const loaded = useSession((state) => state.userInfo !== null);
  const isPublic = isPublicPath(location.pathname);

  if (!token) {
    return isPublic ? <Outlet /> : <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  }
  if (location.pathname === '/login') return <Navigate to="/" replace />;
  if (isPublic || loaded) return <Outlet />;
  return <CurrentUserLoader />;
}

/** Loads CurrentUser; on failure clears the session and goes to /login?redirect=. */
function CurrentUserLoader() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = loginPathFor(location.pathname, location.search);
    fetchCurrentUser()
      .then((user) => {
        if (!user?.userInfo) throw new Error(t('session.verifyFailed'));
        useSession.getState().setCurrentUser(user);
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
  }, [location.pathname, location.search, navigate, t]);

  return failed ? null : <PageLoading />;
}
