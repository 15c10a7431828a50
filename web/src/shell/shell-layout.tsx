import { DownOutlined, HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Layout, Menu, type MenuProps, Modal } from 'antd';
import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { clearToken, getToken } from '../api/token';
import { BrandMark } from '../app/brand-mark';
import { LanguageSelect } from '../app/language-select';
import { PageLoading } from '../app/page-loading';
import { queryClient } from '../app/query-client';
import { ChangePasswordDialog } from '../features/password/change-password-dialog';
import { findMenu, menuIdForPath, menuPath } from './menu';
import { PrevLoginNotice } from './prev-login-notice';
import { fetchCurrentUser, logout } from './session-api';
import { mustChangePassword, useSession } from './session-store';
import type { MenuNode } from './session-types';
import './shell.css';

type MenuItem = Required<MenuProps>['items'][number];

const HOME_KEY = '__home';

function toItems(nodes: readonly MenuNode[]): MenuItem[] {
  return nodes.map((node) => {
    const children = node.children ?? [];
    if (children.length > 0) {
      return { key: node.id, label: node.fullName, children: toItems(children) };
    }
    return { key: node.id, label: node.fullName };
  });
}

/** The signed-in frame: top bar, side menu, content, and the mandatory password dialog. */
export default function ShellLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [modal, modalHolder] = Modal.useModal();
  const userInfo = useSession((state) => state.userInfo);
  const menuList = useSession((state) => state.menuList);
  const sysConfig = useSession((state) => state.sysConfigInfo);
  const forcePassword = mustChangePassword(userInfo, sysConfig);
  const sysName = sysConfig?.sysName || t('common:appTitle');

  // Leaving the signed-in frame after sign-out drops the session state and all cached server state.
  // (Guarded by the token so that StrictMode's trial unmount in development keeps them.)
  useEffect(
    () => () => {
      if (getToken()) return;
      useSession.getState().reset();
      queryClient.clear();
    },
    [],
  );

  // The server's menu normally holds the home page; add one only when it does not.
  const menuHasHome = menuIdForPath(menuList, '/home') !== null;
  const items = useMemo<MenuItem[]>(() => {
    const fromServer = toItems(menuList);
    return menuHasHome
      ? fromServer
      : [{ key: HOME_KEY, icon: <HomeOutlined />, label: t('menu.home') }, ...fromServer];
  }, [menuList, menuHasHome, t]);
  const selectedKey = menuIdForPath(menuList, pathname) ?? (pathname === '/home' ? HOME_KEY : null);

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === HOME_KEY) {
      navigate('/home');
      return;
    }
    const node = findMenu(menuList, key);
    const path = node && menuPath(node);
    if (!node || !path) return;
    if (node.type === 7 && node.linkTarget !== '_self') window.open(path, '_blank', 'noopener');
    else if (node.type === 7) navigate(`/externalLink?href=${encodeURIComponent(path)}`);
    else navigate(path);
  };

  const signOut = () => {
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.confirm'),
      okText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
      onOk: async () => {
        await logout().catch(() => undefined);
        // Only the token goes now; the state is dropped when the shell unmounts (below). Resetting it
        // while still on a protected page would make the guard send us to /login?redirect=<page>.
        clearToken();
        navigate('/login', { replace: true });
      },
    });
  };

  const userMenu: MenuProps = {
    items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('user.logout') }],
    onClick: ({ key }) => {
      if (key === 'logout') signOut();
    },
  };

  const reloadUser = async () => {
    const user = await fetchCurrentUser();
    useSession.getState().setCurrentUser(user);
  };

  return (
    <QueryClientProvider client={queryClient}>
      <Layout className="shell">
        <Layout.Header className="shell__header">
          <div className="shell__brand">
            <BrandMark size={30} />
            <span className="shell__sys-name" data-testid="sys-name">
              {sysName}
            </span>
          </div>
          <div className="shell__actions">
            <LanguageSelect variant="borderless" />
            <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
              <Button
                type="text"
                className="shell__user"
                aria-label={`${t('user.menu')}: ${userInfo?.userName ?? ''}`}
              >
                <Avatar size={28} icon={<UserOutlined />} src={userInfo?.headIcon || undefined} />
                <span className="shell__user-name">{userInfo?.userName}</span>
                <DownOutlined aria-hidden style={{ fontSize: 10 }} />
              </Button>
            </Dropdown>
          </div>
        </Layout.Header>
        <Layout>
          <Layout.Sider width={210} theme="light" className="shell__sider" breakpoint="lg" collapsedWidth={0}>
            <nav aria-label={t('menu.label')}>
              <Menu
                mode="inline"
                items={items}
                selectedKeys={selectedKey ? [selectedKey] : []}
                onClick={onMenuClick}
                className="shell__menu"
              />
            </nav>
          </Layout.Sider>
          <Layout.Content className="shell__content">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
        {forcePassword && <ChangePasswordDialog open forced policy={sysConfig} onChanged={reloadUser} />}
        <PrevLoginNotice />
        {modalHolder}
      </Layout>
    </QueryClientProvider>
  );
}
