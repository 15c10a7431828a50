import { useQuery } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findMenu, menuIdForPath, menuProperties } from '../../../base/session/menu';
import { useSession } from '../../../base/session/session-store';
import type { MenuNode } from '../../../base/session/session-types';
import { dictionaryKeys, fetchTypes } from './api';
import { DictionaryManager, findType } from './dictionary-page';

/**
 * Generated dictionary page (menu type 4): the entries of the dictionary type named by the node's
 * propertyJson moduleId (a type id or code), with the same list and dialogs as dictionary
 * management and the menu's own button permissions. Without `node`, the current route's node.
 */
export default function DynamicDictionaryPage({ node }: { node?: MenuNode }) {
  const { t } = useTranslation('dictionary');
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList);
  const menuId = node ? null : menuIdForPath(menuList, pathname);
  const current = node ?? (menuId ? findMenu(menuList, menuId) : null);
  const moduleId = current ? String(menuProperties(current).moduleId ?? '') : '';
  const types = useQuery({ queryKey: dictionaryKeys.types(), queryFn: fetchTypes });
  if (types.isLoading) return <Spin />;
  if (!moduleId || !findType(types.data ?? [], moduleId))
    return <Empty description={t('dynamic.notFound')} data-testid="dynamic-dictionary-missing" />;
  return <DictionaryManager fixedType={moduleId} />;
}
