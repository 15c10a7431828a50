import { useCallback } from 'react';
import { fetchCurrentUser } from '../../../base/session/session-api';
import { useSession } from '../../../base/session/session-store';

/** Reloads CurrentUser so the top bar (name, avatar, organisation) shows what was just saved. */
export function useReloadUser(): () => Promise<void> {
  return useCallback(async () => {
    try {
      useSession.getState().setCurrentUser(await fetchCurrentUser());
    } catch {
      // the HTTP client already told the user
    }
  }, []);
}
