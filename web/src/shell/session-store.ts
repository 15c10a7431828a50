import { create } from 'zustand';
import { clearToken, setToken } from '../api/token';
import type { CurrentUser, MenuNode, PermissionEntry, SysConfigInfo, UserInfo } from './session-types';

interface SessionState {
  userInfo: UserInfo | null;
  menuList: MenuNode[];
  permissionList: PermissionEntry[];
  routerList: unknown[];
  sysConfigInfo: SysConfigInfo | null;
  /** Layout chosen by the user, from the Login answer (classic | functional | blend | plain). */
  theme: string | null;
  /** The previous-sign-in notice is shown once per sign-in. */
  prevLoginNoticeShown: boolean;
  signIn(token: string, theme?: string | null): void;
  setCurrentUser(user: CurrentUser): void;
  markPrevLoginNoticeShown(): void;
  /** Clears the token and everything known about the user. */
  reset(): void;
}

const empty = {
  userInfo: null,
  menuList: [],
  permissionList: [],
  routerList: [],
  sysConfigInfo: null,
  theme: null,
  prevLoginNoticeShown: false,
};

export const useSession = create<SessionState>()((set) => ({
  ...empty,
  signIn(token, theme) {
    setToken(token);
    set({ ...empty, theme: theme ?? null });
  },
  setCurrentUser(user) {
    set({
      userInfo: user.userInfo,
      menuList: user.menuList ?? [],
      permissionList: user.permissionList ?? [],
      routerList: user.routerList ?? [],
      sysConfigInfo: user.sysConfigInfo ?? {},
    });
  },
  markPrevLoginNoticeShown() {
    set({ prevLoginNoticeShown: true });
  },
  reset() {
    clearToken();
    set(empty);
  },
}));

/** True while the mandatory change of the initial password is pending (console.md 2.6). */
export function mustChangePassword(userInfo: UserInfo | null, config: SysConfigInfo | null): boolean {
  if (!userInfo || !config) return false;
  const neverChanged = userInfo.changePasswordDate === null || userInfo.changePasswordDate === undefined;
  return neverChanged && Number(config.mandatoryModificationOfInitialPassword) === 1;
}
