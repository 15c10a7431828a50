import { Button, type ButtonProps } from 'antd';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useLocation } from 'react-router';
import { menuIdForPath } from '../../base/session/menu';
import { useSession } from '../../base/session/session-store';

/** The page address whose permission entry buttons are checked against (e.g. 'system/billRule'). */
const PageAddressContext = createContext<string | null>(null);

/**
 * Names the page whose permissions apply below it. Pages set it so that they check the same entry
 * when routed at their address and when shown inside a dialog of another page.
 */
export function PermissionScope({ address, children }: { address: string; children: ReactNode }) {
  return <PageAddressContext.Provider value={address}>{children}</PageAddressContext.Provider>;
}

/**
 * Button permission check of console.md 6: the current page's entry (modelId = the menu node of
 * the page) must hold a button with the code. No page or no entry: denied.
 */
export function useButtonPermission(): (code: string) => boolean {
  const scoped = useContext(PageAddressContext);
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList);
  const permissionList = useSession((state) => state.permissionList);
  return useMemo(() => {
    const path = scoped ? `/${scoped}` : pathname;
    const modelId = menuIdForPath(menuList, path);
    const entry = modelId ? permissionList.find((item) => item.modelId === modelId) : undefined;
    const codes = new Set((entry?.button ?? []).map((button) => button.enCode));
    return (code: string) => codes.has(code);
  }, [scoped, pathname, menuList, permissionList]);
}

export interface AuthButtonProps extends ButtonProps {
  /** Button code required, e.g. btn_add. */
  code: string;
}

/** A button that is not rendered unless the current page grants its code. */
export function AuthButton({ code, ...rest }: AuthButtonProps) {
  const allowed = useButtonPermission();
  if (!allowed(code)) return null;
  return <Button {...rest} />;
}

/** Renders its children only when the current page grants the code. */
export function Auth({ code, children }: { code: string; children: ReactNode }) {
  const allowed = useButtonPermission();
  return allowed(code) ? children : null;
}
