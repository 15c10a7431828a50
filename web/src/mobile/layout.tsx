import { TabBar } from 'antd-mobile';
import { AppOutline, MessageOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { hasToken, owesPassword, useMobileSession } from './session';
import { Loading } from './widgets';

/** Pages for signed-in users: the current user is loaded first; an owed password change comes first. */
export function RequireUser() {
  const location = useLocation();
  const user = useMobileSession((state) => state.user);
  const [failed, setFailed] = useState(false);
  const signedIn = hasToken();
  useEffect(() => {
    if (signedIn && !user)
      useMobileSession
        .getState()
        .load()
        .catch(() => setFailed(true));
  }, [signedIn, user]);
  if (!signedIn || failed) {
    const back =
      location.pathname === '/' ? '' : `?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    return <Navigate to={`/login${back}`} replace />;
  }
  if (!user) return <Loading />;
  if (owesPassword(user) && location.pathname !== '/password') return <Navigate to="/password" replace />;
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}

const TABS = [
  { key: '/', icon: <AppOutline />, label: 'tabs.home' },
  { key: '/flows', icon: <UnorderedListOutline />, label: 'tabs.flows' },
  { key: '/messages', icon: <MessageOutline />, label: 'tabs.messages' },
  { key: '/me', icon: <UserOutline />, label: 'tabs.me' },
] as const;

/** The four main pages with the tab bar at the bottom (首页 / 待办 / 消息 / 我的). */
export function TabLayout() {
  const { t } = useTranslation('mobile');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.key !== '/' && pathname.startsWith(tab.key))?.key ?? '/';
  return (
    <div className="m-tabs-layout">
      <main className="m-tabs-layout__body">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <TabBar className="m-tabbar" activeKey={active} onChange={(key) => navigate(key)} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={t(tab.label)} />
        ))}
      </TabBar>
    </div>
  );
}
