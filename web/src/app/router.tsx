import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createHashRouter, Navigate, type RouteObject, useLocation, useMatches } from 'react-router';
import { loadNamespaces } from '../base/i18n';
import { RouteGuard } from '../shell/route-guard';
import type { RouteHandle } from '../shell/routing';
import { PAGES } from './pages';

type PageModule = { default: ComponentType };

/** A lazily loaded page together with the translation namespaces it needs. */
function page(namespaces: readonly string[], load: () => Promise<PageModule>) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

type ShellPages = typeof import('../shell/shell-pages');

/** A page of the signed-in frame: all of them come from one lazy module (see shell/shell-pages.ts). */
function shellPage(namespaces: readonly string[], pick: (pages: ShellPages) => ComponentType) {
  return page(namespaces, () => import('../shell/shell-pages').then((pages) => ({ default: pick(pages) })));
}

/** The page registered for a menu address in app/pages.ts, else the shell's "not available yet" page. */
function pageAt(address: string) {
  return async () => {
    const { resolvePage } = await import('../shell/shell-pages');
    return { Component: await resolvePage(PAGES[address]) };
  };
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

/** Scan-code sign-in confirmation: signed in (the guard sends an anonymous phone to /login?redirect=). */
const scanLogin = PAGES.scanLogin;

/** A public page that is not built yet (single sign-on): outside the shell. */
const unavailablePublic = shellPage(['shell'], (pages) => pages.UnavailablePage);

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
      ...(scanLogin
        ? [
            {
              path: '/scanLogin',
              handle: { title: 'scan:title' },
              lazy: page(scanLogin.namespaces, scanLogin.load),
            },
          ]
        : []),
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
        lazy: shellPage(['shell'], (pages) => pages.LockScreenPage),
      },
      {
        path: '/',
        lazy: shellPage(['shell', 'password'], (pages) => pages.ShellLayout),
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home', handle: { title: 'shell:menu.home' }, lazy: pageAt('home') },
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
            lazy: shellPage(['shell'], (pages) => pages.ExternalLinkPage),
          },
          {
            path: 'redirect/*',
            handle: { noCache: true },
            lazy: shellPage([], (pages) => pages.RedirectPage),
          },
          // Everything else: the pages of the user's menus (console.md 2.3), else /404.
          {
            path: '*',
            handle: { dynamicTitle: true },
            lazy: shellPage([], ({ MenuRoute }) => () => <MenuRoute pages={PAGES} />),
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
