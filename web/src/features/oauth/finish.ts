import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../base/session/session-store';
import type { LoginAnswer } from './api';
import { safeRedirect } from './remember';

/**
 * What every sign-in mode does with the server's `{ token, theme }`: store the session and go on
 * to `?redirect=` (same-app paths only) or the home page.
 */
export function useFinishSignIn(): (answer: LoginAnswer) => void {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return useCallback(
    (answer: LoginAnswer) => {
      useSession.getState().signIn(answer.token, answer.theme);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    },
    [navigate, searchParams],
  );
}
