import { create } from 'zustand';
import { http } from '../base/api';
import { clearToken, getToken, setToken } from '../base/api/token';
import { mustChangePassword } from '../base/session/password-owed';
import type { CurrentUser } from '../base/session/session-types';

/**
 * The mobile app's session: the same token (localStorage console_token) and the same server rules
 * as the desktop console, without the desktop's menus, tabs and live socket.
 */
interface MobileSession {
  user: CurrentUser | null;
  signIn(token: string): void;
  load(): Promise<CurrentUser>;
  reset(): void;
}

export const useMobileSession = create<MobileSession>()((set) => ({
  user: null,
  signIn(token) {
    setToken(token);
    set({ user: null });
  },
  async load() {
    const user = await http.get<CurrentUser>('/oauth/CurrentUser');
    set({ user });
    return user;
  },
  reset() {
    clearToken();
    set({ user: null });
  },
}));

export const hasToken = (): boolean => getToken() !== null;

/** The initial password must be changed before anything else (console.md 2.6). */
export const owesPassword = (user: CurrentUser | null): boolean =>
  mustChangePassword(user?.userInfo, user?.sysConfigInfo);

/** Ends the session on the server (an expired one is fine) and here. */
export async function signOut(): Promise<void> {
  await http.get('/oauth/Logout', undefined, { silent: true, skipSessionCheck: true }).catch(() => undefined);
  useMobileSession.getState().reset();
}
