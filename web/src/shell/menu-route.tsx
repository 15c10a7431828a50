import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { loadNamespaces } from '../base/i18n';
import { firstLeafPath, routableMenus } from '../base/session/menu';
import { useSession } from '../base/session/session-store';
import { GeneratedPage } from './generated-page';
import { ADDRESS_ALIASES, type PageRegistry } from './routing';
import UnavailablePage from './unavailable-page';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy component of a registered page address (one per address, loaded with its namespaces). */
function lazyPage(pages: PageRegistry, address: string): LazyExoticComponent<ComponentType> | null {
  const entry = pages[address];
  if (!entry) return null;
  let component = lazyPages.get(address);
  if (!component) {
    component = lazy(async () => {
      const [module] = await Promise.all([entry.load(), loadNamespaces(entry.namespaces)]);
      return module;
    });
    lazyPages.set(address, component);
  }
  return component;
}

function AddressPage({ pages, address, name }: { pages: PageRegistry; address: string; name?: string }) {
  const Page = lazyPage(pages, address);
  if (!Page) return <UnavailablePage address={address} {...(name ? { name } : {})} />;
  return (
    <Suspense fallback={<Spin className="shell-view__spin" />}>
      <Page />
    </Suspense>
  );
}

function useTitle(title: string | null, skip = false) {
  const { t } = useTranslation();
  useEffect(() => {
    if (skip) return;
    const appTitle = t('appTitle');
    document.title = title ? `${title} - ${appTitle}` : appTitle;
  }, [t, title, skip]);
}

/** Page addresses of the generated-page types (api-contract.md, "Page addresses"). */
const GENERATED_PAGE_ADDRESS: Record<number, string> = {
  3: 'basic/dynamicModel',
  4: 'basic/dynamicDictionary',
  5: 'basic/dynamicDataReport',
  8: 'basic/dynamicPortal',
};

/**
 * The dynamic routes (console.md 2.3): the path is looked up among the user's menus (hidden ones
 * included). Type 2 opens the page registered for its address, types 3/4/5/8 the generated page
 * of their type, a category opens its first page; anything else is /404.
 */
export default function MenuRoute({ pages }: { pages: PageRegistry }) {
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList);
  const routes = useMemo(() => routableMenus(menuList), [menuList]);
  const node = routes.get(pathname);
  const alias = ADDRESS_ALIASES[pathname];
  // An alias (the flow detail page, say) is named after the menu page of its address.
  const named = node ?? (alias ? routes.get(`/${alias}`) : undefined);
  // A category only leads to its first page, which names itself: the category sets no title.
  useTitle(named && named.type !== 1 ? named.fullName : null, named?.type === 1);

  if (alias) return <AddressPage key={pathname} pages={pages} address={alias} />;
  if (!node) return <Navigate to="/404" replace />;
  switch (node.type) {
    case 1: {
      const first = firstLeafPath(node);
      return <Navigate to={first ?? '/404'} replace />;
    }
    case 2:
      return <AddressPage key={pathname} pages={pages} address={pathname.slice(1)} name={node.fullName} />;
    case 3:
    case 4:
    case 5:
    case 8: {
      // A generated page renders through its type's page address once a feature provides it.
      const address = GENERATED_PAGE_ADDRESS[node.type]!;
      if (pages[address])
        return <AddressPage key={pathname} pages={pages} address={address} name={node.fullName} />;
      return <GeneratedPage key={pathname} node={node} />;
    }
    default:
      return <Navigate to="/404" replace />;
  }
}
