import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, Outlet, type RouteObject, useLocation, useMatches } from 'react-router';
import { loadNamespaces } from '../base/i18n';
import { RouteGuard } from '../shell/route-guard';
import type { RouteHandle } from '../shell/routing';

type PageModule = { default: ComponentType };

/** A lazily loaded page together with the translation namespaces it needs. */
function page(namespaces: readonly string[], load: () => Promise<PageModule>) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

/**
 * The pages of the signed-in frame, each its own import (not the shell/shell-pages.ts barrel): the
 * shell and home must not load the lock screen, the external-link page, the menu route or the
 * "not available" page with them (issue #24: home after signing in ≤ 300 KB gzip).
 */
const SHELL = {
  layout: () => import('../shell/shell-layout'),
  lockScreen: () => import('../shell/lock/lock-screen-page'),
  externalLink: () => import('../shell/external-link/external-link-page'),
  redirect: () => import('../shell/redirect-page'),
  unavailable: () => import('../shell/unavailable-page'),
};

/**
 * The page registered for a menu address in app/pages.ts, else the shell's "not available yet"
 * page. The registry itself is loaded with the first such page, not with the sign-in page or home.
 */
function pageAt(address: string) {
  return async () => {
    const [{ resolvePage }, { PAGES }] = await Promise.all([
      import('../shell/resolve-page'),
      import('./pages'),
    ]);
    return { Component: await resolvePage(PAGES[address]) };
  };
}

/** The menu pages (console.md 2.3): the registry of app/pages.ts, loaded with the first of them. */
async function menuRoute() {
  const [{ default: MenuRoute }, { PAGES }] = await Promise.all([
    import('../shell/menu-route'),
    import('./pages'),
  ]);
  return { Component: () => <MenuRoute pages={PAGES} /> };
}

/** Scan-code sign-in confirmation: signed in (the guard sends an anonymous phone to /login?redirect=). */
async function scanLogin() {
  const { PAGES } = await import('./pages');
  const entry = PAGES.scanLogin;
  if (!entry) throw new Error('app/pages.ts registers no scanLogin page');
  return page(entry.namespaces, entry.load)();
}

/** Scrolls to the top on navigation and sets the document title from the route's handle. */
function RootLayout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => match.handle)?.handle as RouteHandle | undefined;
  const titleKey = handle?.title;
  const dynamicTitle = handle?.dynamicTitle === true;

  // Scroll to the top on every navigation (console.md 2.1).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
    if (dynamicTitle) return;
    const appTitle = t('appTitle');
    document.title = titleKey ? `${t(titleKey)} - ${appTitle}` : appTitle;
  }, [t, titleKey, dynamicTitle, i18n.language]);

  return <RouteGuard />;
}

/**
 * Every page but the sign-in page is inside antd's provider (theme, locale, message holder): a
 * pathless layout route loaded with the first of those pages, so the sign-in page's first load
 * carries no antd (bench/scenarios/bundle.ts).
 */
const withAntd = async () => {
  const { AntdProvider } = await import('../widgets/antd-provider');
  return {
    Component: () => (
      <AntdProvider>
        <Outlet />
      </AntdProvider>
    ),
  };
};

/** A public page that is not built yet (single sign-on): outside the shell. */
const unavailablePublic = page(['shell'], SHELL.unavailable);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Lazy pages load after the first paint; nothing to show meanwhile (and no React Router warning).
    HydrateFallback: () => null,
    children: [
      {
        path: '/login',
        handle: { title: 'login:submit' },
        lazy: page(['login'], () => import('../features/oauth/login-page')),
      },
      {
        lazy: withAntd,
        children: [
          { path: '/sso', handle: { title: 'shell:unavailable.title' }, lazy: unavailablePublic },
          { path: '/auth-redirect', handle: { title: 'shell:unavailable.title' }, lazy: unavailablePublic },
          {
            path: '/formShortLink',
            handle: { title: 'shortLink:public.title' },
            lazy: page(
              ['shortLink', 'form', 'widgets'],
              () => import('../features/visualdev/shortLink/form-short-link-page'),
            ),
          },
          {
            path: '/404',
            handle: { title: 'notFound.title' },
            lazy: page([], () => import('../shell/not-found-page')),
          },
          // Outside the shell (a phone page) but not public: through the guard like any signed-in page.
          { path: '/scanLogin', handle: { title: 'scan:title' }, lazy: scanLogin },
          // A data screen's viewer (menus of type 6): full screen outside the shell, signed in like every page.
          {
            path: '/dataScreen/view/:id',
            handle: { title: 'dataScreen:designer.title', dynamicTitle: true },
            lazy: page(
              ['dataScreen'],
              () => import('../features/visualdev/dataScreen/view/data-screen-view-page'),
            ),
          },
          // A data screen's share link (wall displays that cannot sign in): public, full screen.
          {
            path: '/dataScreenShare',
            handle: { title: 'dataScreen:share.link', dynamicTitle: true },
            lazy: page(
              ['dataScreen'],
              () => import('../features/visualdev/dataScreen/view/data-screen-share-page'),
            ),
          },
          {
            path: '/lockScreen',
            handle: { title: 'shell:lock.title' },
            lazy: page(['shell'], SHELL.lockScreen),
          },
          {
            path: '/',
            lazy: page(['shell', 'password'], SHELL.layout),
            children: [
              { index: true, element: <Navigate to="/home" replace /> },
              // Home is the first page after sign-in: its own import, without the registry (app/pages.ts and
              // the shared schemas it brings, ~45 KB gzip), which the next page loads.
              {
                path: 'home',
                handle: { title: 'shell:menu.home' },
                lazy: page(['home'], () => import('../features/home/home-page')),
              },
              { path: 'dashboard', handle: { title: 'shell:menu.dashboard' }, lazy: pageAt('dashboard') },
              { path: 'profile', handle: { title: 'shell:menu.profile' }, lazy: pageAt('basic/profile') },
              {
                path: 'messageRecord',
                handle: { title: 'shell:menu.messageRecord' },
                lazy: pageAt('basic/messageRecord'),
              },
              {
                path: 'previewModel',
                handle: { title: 'form:preview.title' },
                lazy: page(['form'], () => import('../features/visualdev/webDesign/preview-model-page')),
              },
              {
                path: 'externalLink',
                handle: { title: 'shell:externalLink.title' },
                lazy: page(['shell'], SHELL.externalLink),
              },
              {
                path: 'redirect/*',
                handle: { noCache: true },
                lazy: page([], SHELL.redirect),
              },
              // Everything else: the pages of the user's menus (console.md 2.3), else /404.
              {
                path: '*',
                handle: { dynamicTitle: true },
                lazy: menuRoute,
              },
            ],
          },
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createHashRouter(routes);
}
