import { useEffect } from 'react';
import { getToken } from '../api/token';
import { useSession } from '../session/session-store';
import { startSocket } from './live-store';

/** Connects the live socket once the signed-in user is known (sign-out closes it: session-store reset). */
export function useLiveSocket(): void {
  const userId = useSession((state) => state.userInfo?.userId ?? null);
  useEffect(() => {
    if (userId && getToken()) startSocket();
  }, [userId]);
}
