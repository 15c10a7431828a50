import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { menuIdForPath } from '../../base/session/menu';
import { useSession } from '../../base/session/session-store';

/**
 * Form-field permission of console.md 6: a field is shown when the page's permission entry lists
 * its code among the form grants. An entry without form grants (the page has no form
 * authorisation) shows every field; sub-table fields use the parent-child code.
 */
export function useFieldPermission(address: string): (code: string) => boolean {
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList);
  const permissionList = useSession((state) => state.permissionList);
  return useMemo(() => {
    const modelId = menuIdForPath(menuList, `/${address}`) ?? menuIdForPath(menuList, pathname);
    const entry = modelId ? permissionList.find((item) => item.modelId === modelId) : undefined;
    const codes = new Set((entry?.form ?? []).map((field) => field.enCode));
    return (code: string) => codes.size === 0 || codes.has(code);
  }, [address, pathname, menuList, permissionList]);
}
