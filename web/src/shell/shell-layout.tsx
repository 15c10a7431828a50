import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Breadcrumb, ConfigProvider, Drawer, Layout, Menu, type MenuProps, Modal, message, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { clearToken, getToken } from '../base/api/token';
import { BrandMark } from '../base/brand-mark';
import { queryClient } from '../base/query-client';
import {
  findMenu,
  firstLeafPath,
  firstPath,
  menuAncestry,
  menuIdForPath,
  menuTarget,
  routableMenus,
  visibleMenus,
} from '../base/session/menu';
import { mustChangePassword } from '../base/session/password-owed';
import { fetchCurrentUser, logout } from '../base/session/session-api';
import { useSession } from '../base/session/session-store';
import type { MenuNode } from '../base/session/session-types';
import { isLayout, THEME_COLORS, type UiSize, useSettings } from '../base/session/settings-store';
import { ChangePasswordDialog } from '../features/permission/current/password/change-password-dialog';
import { type MenuItem, toItems } from '../widgets/menu-items/menu-items';
import { AboutDialog } from './about-dialog';
import { HeaderActions } from './header-actions';
import { KeepAliveOutlet } from './keep-alive';
import { setLocked } from './lock/lock';
import { PrevLoginNotice } from './prev-login-notice';
import { ADDRESS_ALIASES, type RouteHandle } from './routing';
import { useTabs } from './tabs-store';
import { TagsView } from './tags-view';
import { TopMenu } from './top-menu';
import { useIsMobile } from './use-device';
import './shell.css';

const SettingsDrawer = lazy(() => import('./settings-drawer'));

/** Width of the side menu (console.md 9) and of the icon-only one. */
export const SIDEBAR_WIDTH = 210;
const SIDEBAR_COLLAPSED = 64;
/** The knowledge base: logo link of the functional layout (console.md 2.1). */
const KNOWLEDGE_BASE = '/questionAnswering/zskManagement';

const SIZE_TOKENS: Record<
  UiSize,
  { fontSize: number; controlHeight: number; component: 'middle' | 'small' }
> = {
  default: { fontSize: 14, controlHeight: 32, component: 'middle' },
  medium: { fontSize: 14, controlHeight: 30, component: 'middle' },
  small: { fontSize: 13, controlHeight: 28, component: 'small' },
  mini: { fontSize: 12, controlHeight: 26, component: 'small' },
};

function Logo({ collapsed, onClick, dark }: { collapsed: boolean; onClick(): void; dark: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const sysConfig = useSession((state) => state.sysConfigInfo);
  const sysName = sysConfig?.sysName || t('common:appTitle');
  return (
    <button
      type="button"
      className={`shell-logo${collapsed ? ' shell-logo--collapsed' : ''}${dark ? ' shell-logo--dark' : ''}`}
      onClick={onClick}
      aria-label={sysName}
      title={sysName}
    >
      <BrandMark size={30} />
      {!collapsed && (
        <span className="shell__sys-name" data-testid="sys-name">
          {sysName}
        </span>
      )}
    </button>
  );
}

/** The signed-in frame (console.md 2.4): four layouts, top bar, tags view, page cache, dialogs. */
export default function ShellLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname, search } = location;
  const matches = useMatches();
  const [modal, modalHolder] = Modal.useModal();
  const [messageApi, messageHolder] = message.useMessage();
  const isMobile = useIsMobile();
  const settings = useSettings();
  const userInfo = useSession((state) => state.userInfo);
  const menuList = useSession((state) => state.menuList);
  const sysConfig = useSession((state) => state.sysConfigInfo);
  const loginTheme = useSession((state) => state.theme);
  const views = useTabs((state) => state.views);
  const forcePassword = mustChangePassword(userInfo, sysConfig);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [blendTop, setBlendTop] = useState<string | null>(null);

  const layout = settings.layoutType;
  const dark = settings.slideClass === 'dark';
  const menuTheme = dark ? 'dark' : 'light';

  // Leaving the signed-in frame after sign-out drops the session state and all cached server state.
  // (Guarded by the token so that StrictMode's trial unmount in development keeps them.)
  useEffect(
    () => () => {
      if (getToken()) return;
      useSession.getState().reset();
      useTabs.getState().reset();
      queryClient.clear();
    },
    [],
  );

  // The menus come in the interface language (Accept-Language): a switch reloads them, and with them
  // the side and top menus, tabs, breadcrumbs and home tiles.
  const { i18n } = useTranslation();
  useEffect(() => {
    const reload = () => {
      if (!getToken()) return;
      fetchCurrentUser()
        .then((user) => useSession.getState().setCurrentUser(user))
        .catch(() => undefined);
    };
    i18n.on('languageChanged', reload);
    return () => i18n.off('languageChanged', reload);
  }, [i18n]);

  // The layout of the Login answer (or the user's saved one) applies at sign-in; later the local choice.
  useEffect(() => {
    if (!userInfo || loginTheme === null) return;
    const theme = isLayout(loginTheme) ? loginTheme : userInfo.theme;
    if (isLayout(theme)) useSettings.getState().set('layoutType', theme);
    useSession.getState().consumeTheme();
  }, [userInfo, loginTheme]);

  // The deepest first-child address of the first menu (console.md 2.2).
  useEffect(() => {
    useSession.getState().setFirstPath(firstPath(menuList));
  }, [menuList]);

  const navMenus = useMemo(() => visibleMenus(menuList), [menuList]);
  const currentId = menuIdForPath(menuList, pathname);
  const ancestry = useMemo(() => (currentId ? menuAncestry(navMenus, currentId) : []), [navMenus, currentId]);
  const currentNode = currentId ? findMenu(menuList, currentId) : null;

  // Visited views (tags): every page but the refresh route.
  const handle = [...matches].reverse().find((match) => match.handle)?.handle as RouteHandle | undefined;
  useEffect(() => {
    if (pathname.startsWith('/redirect/') || pathname === '/404') return;
    const key = `${pathname}${search}`;
    if (currentNode?.type === 1) return; // a category leads to its first page, which gets the tab
    if (currentNode && !handle?.title) {
      useTabs.getState().add({ key, title: currentNode.fullName, menuId: currentNode.id });
    } else if (handle?.title) {
      useTabs.getState().add({
        key,
        titleKey: handle.title,
        ...(currentNode ? { menuId: currentNode.id } : {}),
        ...(handle.noCache ? { noCache: true } : {}),
      });
    }
  }, [pathname, search, currentNode, handle?.title, handle?.noCache]);

  // The side menu closes on navigation on a mobile device (console.md 2.4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  // Blend layout: the side menu shows the children of the chosen top item; on home and dashboard
  // (and pages outside the menus) the first top item with children opens by default.
  const topWithChildren = navMenus.find((node) => (node.children ?? []).length > 0) ?? null;
  const ancestorTop = ancestry[0] ? (navMenus.find((node) => node.id === ancestry[0]) ?? null) : null;
  const blendTopNode =
    ancestorTop && (ancestorTop.children ?? []).length > 0
      ? ancestorTop
      : ((blendTop ? navMenus.find((node) => node.id === blendTop) : null) ?? topWithChildren);

  const openNode = (node: MenuNode) => {
    const target = menuTarget(node, getToken());
    if (target.kind === 'route') navigate(target.path);
    else if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
  };

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    const node = findMenu(menuList, key);
    if (node) openNode(node);
  };

  const onBlendTopClick: MenuProps['onClick'] = ({ key }) => {
    const node = findMenu(navMenus, key);
    if (!node) return;
    if ((node.children ?? []).length > 0) {
      setBlendTop(node.id);
      const first = firstLeafPath(node);
      if (first) navigate(first);
    } else {
      openNode(node);
    }
  };

  const fullItems = useMemo(() => toItems(navMenus), [navMenus]);
  const topLevelItems = useMemo(() => toItems(navMenus, { flat: true }), [navMenus]);
  const blendSideItems = useMemo<MenuItem[]>(
    () => toItems(blendTopNode?.children ?? [], { depth: 0 }),
    [blendTopNode],
  );

  const collapsible = layout === 'classic' || layout === 'blend';
  const collapsed = layout === 'plain' || (collapsible && !settings.sidebarOpened);

  // Inline menus keep the current page's ancestors open.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    setOpenKeys((keys) => Array.from(new Set([...keys, ...ancestry.slice(0, -1)])));
  }, [ancestry]);

  const sideMenu = (items: MenuItem[], inlineCollapsed: boolean) => (
    <nav aria-label={t('menu.label')} className="shell-side__nav">
      <Menu
        mode="inline"
        theme={menuTheme}
        items={items}
        selectedKeys={currentId ? [currentId] : []}
        {...(inlineCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        inlineCollapsed={inlineCollapsed}
        onClick={onMenuClick}
        className="shell-side__menu"
      />
    </nav>
  );

  const goLogo = () => {
    if (layout === 'functional' && menuIdForPath(menuList, KNOWLEDGE_BASE)) navigate(KNOWLEDGE_BASE);
    else navigate('/home');
  };

  const lock = () => {
    setLocked(true);
    navigate('/lockScreen');
  };

  const signOut = () => {
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        await logout().catch(() => undefined);
        // Only the token goes now; the state is dropped when the shell unmounts (above). Resetting it
        // while still on a protected page would make the guard send us to /login?redirect=<page>.
        clearToken();
        setLocked(false);
        navigate('/login', { replace: true });
      },
    });
  };

  /**
   * After the forced change of the initial password: the user again, and every query the open page
   * made while the server refused all but the password change (the home page's sign-ins, say).
   */
  const afterForcedPasswordChange = async () => {
    const user = await fetchCurrentUser();
    useSession.getState().setCurrentUser(user);
    await queryClient.invalidateQueries();
  };

  const openSettings = () => {
    setSettingsLoaded(true);
    setSettingsOpen(true);
  };

  const sizeTokens = SIZE_TOKENS[settings.size];
  const primary = THEME_COLORS[settings.themeClass];
  const theme = useMemo(
    () => ({
      token: {
        colorPrimary: primary,
        fontSize: sizeTokens.fontSize,
        controlHeight: sizeTokens.controlHeight,
      },
      components: {
        Layout: { siderBg: dark ? '#001529' : '#ffffff', headerBg: '#ffffff', bodyBg: '#f0f2f5' },
        Menu: {
          darkItemBg: '#001529',
          darkSubMenuItemBg: '#000c17',
          darkPopupBg: '#001529',
          darkItemSelectedBg: primary,
          horizontalLineHeight: '56px',
          itemMarginInline: 6,
        },
      },
    }),
    [primary, sizeTokens, dark],
  );

  // Where am I (issue #23 item 11): the menu trail down to the page, and the page's own name last
  // (a hidden page, an alias such as the flow detail, or a route of its own has no trail above it).
  const aliasAddress = ADDRESS_ALIASES[pathname];
  const aliasNode = useMemo(
    () => (aliasAddress ? (routableMenus(menuList).get(`/${aliasAddress}`) ?? null) : null),
    [menuList, aliasAddress],
  );
  const pageName =
    currentNode?.fullName ?? aliasNode?.fullName ?? (handle?.title ? t(handle.title) : null) ?? null;
  const trail = ancestry
    .filter((id) => id !== currentId)
    .map((id) => findMenu(navMenus, id)?.fullName ?? '')
    .filter(Boolean);
  const breadcrumb = pageName
    ? [
        ...trail.map((title) => ({ title })),
        {
          title: (
            <span className="shell-page-name" data-testid="page-name">
              {pageName}
            </span>
          ),
        },
      ]
    : [];
  const headerHasMenu = !isMobile && (layout === 'functional' || layout === 'blend');
  const headerDark = headerHasMenu && dark;
  // The header holds the trail when it has no menu; otherwise a title line above the page does.
  const breadcrumbInHeader = !isMobile && !headerHasMenu;
  const showSider = !isMobile && layout !== 'functional' && (layout !== 'blend' || blendSideItems.length > 0);
  const siderWidth = collapsed ? SIDEBAR_COLLAPSED : SIDEBAR_WIDTH;
  const openKeysOfTags = settings.tagsView ? views.map((view) => view.key) : null;

  const header = (
    <Layout.Header className={`shell-header${headerDark ? ' shell-header--dark' : ''}`}>
      {isMobile && (
        <button
          type="button"
          className="shell-trigger"
          aria-label={t('menu.open')}
          onClick={() => setDrawerOpen(true)}
        >
          <MenuOutlined aria-hidden />
        </button>
      )}
      {(headerHasMenu || isMobile) && <Logo collapsed={isMobile} onClick={goLogo} dark={headerDark} />}
      {!isMobile && collapsible && (
        <button
          type="button"
          className="shell-trigger"
          aria-label={settings.sidebarOpened ? t('menu.collapse') : t('menu.expand')}
          aria-expanded={settings.sidebarOpened}
          onClick={() => settings.toggleSidebar()}
          data-testid="sidebar-toggle"
        >
          {settings.sidebarOpened ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
        </button>
      )}
      {headerHasMenu ? (
        <nav className="shell-header__menu" aria-label={t('menu.label')}>
          <TopMenu
            items={layout === 'functional' ? fullItems : topLevelItems}
            selectedKeys={
              layout === 'functional' ? (currentId ? [currentId] : []) : blendTopNode ? [blendTopNode.id] : []
            }
            onClick={layout === 'functional' ? onMenuClick : onBlendTopClick}
            theme={menuTheme}
          />
        </nav>
      ) : (
        <div className="shell-header__fill">
          {breadcrumbInHeader && breadcrumb.length > 0 && (
            <Breadcrumb items={breadcrumb} className="shell-breadcrumb" />
          )}
        </div>
      )}
      <HeaderActions
        compact={isMobile}
        onOpenSettings={openSettings}
        onLock={lock}
        onLogout={signOut}
        onAbout={() => setAboutOpen(true)}
        onWarn={(text) => void messageApi.warning(text, 1.5)}
      />
    </Layout.Header>
  );

  const main = (
    <Layout className="shell-main">
      {settings.tagsView && <TagsView showIcon={settings.tagsIcon} />}
      {!breadcrumbInHeader && breadcrumb.length > 0 && (
        <nav className="shell-page-title" aria-label={t('breadcrumb')}>
          <Breadcrumb items={breadcrumb} className="shell-breadcrumb" />
        </nav>
      )}
      <Layout.Content className="shell-content">
        <Suspense fallback={<Spin className="shell-view__spin" />}>
          <KeepAliveOutlet enabled={settings.useCache} openKeys={openKeysOfTags} />
        </Suspense>
      </Layout.Content>
    </Layout>
  );

  const sider = showSider && (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED}
      collapsed={collapsed}
      trigger={null}
      theme={menuTheme}
      className={`shell-side shell-side--${menuTheme}${layout === 'blend' ? ' shell-side--below' : ''}`}
      data-testid="side-menu"
    >
      {layout !== 'blend' && <Logo collapsed={collapsed} onClick={goLogo} dark={dark} />}
      {sideMenu(layout === 'blend' ? blendSideItems : fullItems, collapsed)}
    </Layout.Sider>
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} componentSize={sizeTokens.component}>
        <Layout
          className={`shell shell--${layout} shell--menu-${settings.slideClass} shell--size-${settings.size}${isMobile ? ' shell--mobile' : ''}`}
          style={{ ['--shell-primary' as string]: primary, ['--shell-sider' as string]: `${siderWidth}px` }}
          data-layout={layout}
        >
          {layout === 'classic' || layout === 'plain' || isMobile ? (
            <>
              {sider}
              <Layout className="shell-body">
                {header}
                {main}
              </Layout>
            </>
          ) : (
            <>
              {header}
              <Layout className="shell-body" hasSider={!!sider}>
                {sider}
                {main}
              </Layout>
            </>
          )}
          {isMobile && (
            <Drawer
              open={drawerOpen}
              onClose={() => setDrawerOpen(false)}
              placement="left"
              size={SIDEBAR_WIDTH}
              closable={false}
              className={`shell-drawer shell-drawer--${menuTheme}`}
              styles={{ body: { padding: 0 } }}
            >
              <Logo collapsed={false} onClick={goLogo} dark={dark} />
              {sideMenu(fullItems, false)}
            </Drawer>
          )}
          {settingsLoaded && (
            <Suspense fallback={null}>
              <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
            </Suspense>
          )}
          <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
          {forcePassword && (
            <ChangePasswordDialog open forced policy={sysConfig} onChanged={afterForcedPasswordChange} />
          )}
          <PrevLoginNotice />
          {modalHolder}
          {messageHolder}
        </Layout>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
