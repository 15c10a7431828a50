import { create } from 'zustand';
import { clearToken, setToken } from '../api/token';
import { closeSocket } from '../socket/live-store';
import type { CurrentUser, MenuNode, PermissionEntry, SysConfigInfo, UserInfo } from './session-types';

type RouterEntry = CurrentUser['routerList'][number];

/** The system (application) chosen locally with "switch application"; kept under the product prefix. */
export const SYSTEM_KEY = 'console_system';

function storedSystem(): string | null {
  try {
    return localStorage.getItem(SYSTEM_KEY);
  } catch {
    return null;
  }
}

interface SessionState {
  userInfo: UserInfo | null;
  menuList: MenuNode[];
  permissionList: PermissionEntry[];
  routerList: RouterEntry[];
  sysConfigInfo: SysConfigInfo | null;
  /** Id of the system whose menus show. */
  systemId: string | null;
  /** Deepest first-child address of the first menu (console.md 2.2). */
  firstPath: string | null;
  /** Layout chosen by the user, from the Login answer (classic | functional | blend | plain). */
  theme: string | null;
  /** The previous-sign-in notice is shown once per sign-in. */
  prevLoginNoticeShown: boolean;
  signIn(token: string, theme?: string | null): void;
  setCurrentUser(user: CurrentUser): void;
  setFirstPath(path: string | null): void;
  /** Switches the current system locally and rebuilds the menus from routerList. */
  switchSystem(systemId: string): void;
  /** The Login answer's layout has been applied. */
  consumeTheme(): void;
  markPrevLoginNoticeShown(): void;
  /** Clears the token and everything known about the user, and closes the live socket. */
  reset(): void;
}

const empty = {
  userInfo: null,
  menuList: [],
  permissionList: [],
  routerList: [],
  sysConfigInfo: null,
  systemId: null,
  firstPath: null,
  theme: null,
  prevLoginNoticeShown: false,
};

export const useSession = create<SessionState>()((set, get) => ({
  ...empty,
  signIn(token, theme) {
    setToken(token);
    set({ ...empty, theme: theme ?? null });
  },
  setCurrentUser(user) {
    const routerList = user.routerList ?? [];
    const chosen = storedSystem();
    const local = chosen ? routerList.find((entry) => entry.id === chosen) : undefined;
    const current = local ?? routerList.find((entry) => entry.currentSystem);
    const menuList = local ? (local.children ?? []) : (user.menuList ?? []);
    set({
      userInfo: user.userInfo,
      menuList,
      permissionList: user.permissionList ?? [],
      routerList,
      sysConfigInfo: user.sysConfigInfo ?? {},
      systemId: current?.id ?? null,
    });
  },
  switchSystem(systemId) {
    const entry = get().routerList.find((item) => item.id === systemId);
    if (!entry) return;
    try {
      localStorage.setItem(SYSTEM_KEY, systemId);
    } catch {
      // storage unavailable: the switch lasts for this page only
    }
    const menuList = entry.children ?? [];
    set({ systemId, menuList });
  },
  setFirstPath(path) {
    if (get().firstPath !== path) set({ firstPath: path });
  },
  consumeTheme() {
    set({ theme: null });
  },
  markPrevLoginNoticeShown() {
    set({ prevLoginNoticeShown: true });
  },
  reset() {
    clearToken();
    closeSocket();
    set(empty);
  },
}));
