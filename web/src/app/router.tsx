import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, type RouteObject, useLocation, useMatches } from 'react-router';
import { RouteGuard } from '../shell/route-guard';
import { loadNamespaces } from './i18n';

/** Route metadata: `title` is an i18n key ("namespace:key") for the page title. */
export interface RouteHandle {
  title?: string;
}

/** A lazily loaded page together with the translation namespaces it needs. */
function page(namespaces: readonly string[], load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

/** Scrolls to the top on navigation and sets the document title from the route's handle. */
function RootLayout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.title)[0];

  // Scroll to the top on every navigation (console.md 2.1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  useEffect(() => {
    const appTitle = t('appTitle');
    document.title = titleKey ? `${t(titleKey)} - ${appTitle}` : appTitle;
    document.documentElement.lang = i18n.language;
  }, [t, titleKey, i18n.language]);

  return <RouteGuard />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/login',
        handle: { title: 'login:submit' },
        lazy: page(['login'], () => import('../features/login/login-page')),
      },
      {
        path: '/404',
        handle: { title: 'notFound.title' },
        lazy: page([], () => import('../shell/not-found-page')),
      },
      {
        path: '/',
        lazy: page(['shell', 'password'], () => import('../shell/shell-layout')),
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          {
            path: 'home',
            handle: { title: 'shell:menu.home' },
            lazy: page(['home'], () => import('../features/home/home-page')),
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createHashRouter(routes);
}
