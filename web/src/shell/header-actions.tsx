import {
  CheckOutlined,
  DownOutlined,
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  InfoCircleOutlined,
  LockOutlined,
  LogoutOutlined,
  SearchOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps, Select, Tooltip } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getToken } from '../base/api/token';
import { changeLanguage } from '../base/i18n';
import { keyOfLocale, LANGUAGES, type LanguageKey, localeOf } from '../base/language';
import { type MenuLeaf, menuTarget } from '../base/session/menu';
import { useSession } from '../base/session/session-store';
import { UI_SIZES, type UiSize, useSettings } from '../base/session/settings-store';
import { ChatButton } from '../features/message/chat/chat-button';
import { MessageBell } from '../features/message/inbox/message-bell';
import { saveLanguage } from './shell-api';

const MenuSearch = lazy(() => import('./menu-search'));

/** Language select of the top bar: kept locally and saved to the server (best effort). */
function ShellLanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select<LanguageKey>
      aria-label={t('language.label')}
      className="shell-language"
      prefix={<GlobalOutlined aria-hidden />}
      value={keyOfLocale(i18n.language)}
      options={LANGUAGES.map((language) => ({ value: language.key, label: language.label }))}
      onChange={(key) => {
        void changeLanguage(key);
        void saveLanguage(localeOf(key));
      }}
      variant="borderless"
      popupMatchSelectWidth={false}
      style={{ minWidth: 124 }}
    />
  );
}

function useFullscreen() {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return full;
}

export interface HeaderActionsProps {
  onOpenSettings(): void;
  onLock(): void;
  onLogout(): void;
  onAbout(): void;
  /** Shows a warning toast (1.5 s). */
  onWarn(text: string): void;
  compact: boolean;
}

/** Right side of the top bar (console.md 2.4). */
export function HeaderActions({
  onOpenSettings,
  onLock,
  onLogout,
  onAbout,
  onWarn,
  compact,
}: HeaderActionsProps) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const settings = useSettings();
  const userInfo = useSession((state) => state.userInfo);
  const menuList = useSession((state) => state.menuList);
  const systemId = useSession((state) => state.systemId);
  const systems = userInfo?.systemIds ?? [];
  const [searching, setSearching] = useState(false);
  const full = useFullscreen();

  const closeSearch = useCallback(() => setSearching(false), []);
  const openLeaf = (leaf: MenuLeaf) => {
    const target = menuTarget(leaf.node, getToken());
    if (target.kind === 'route') navigate(target.path);
    else if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
  };

  const toggleFullscreen = () => {
    if (!document.fullscreenEnabled) {
      onWarn(t('fullscreen.unsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => onWarn(t('fullscreen.unsupported')));
  };

  const sizeMenu: MenuProps = {
    selectable: true,
    selectedKeys: [settings.size],
    items: UI_SIZES.map((size) => ({ key: size, label: t(`sizes.${size}`) })),
    onClick: ({ key }) => settings.set('size', key as UiSize),
  };

  const userItems: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('user.profile') },
    ...(systems.length > 1
      ? [
          {
            key: 'systems',
            icon: <SwapOutlined />,
            label: t('user.switchSystem'),
            children: systems.map((system) => ({
              key: `system:${system.id}`,
              label: system.name,
              icon: system.id === systemId ? <CheckOutlined /> : <span className="shell-menu-spacer" />,
            })),
          },
        ]
      : []),
    { key: 'lock', icon: <LockOutlined />, label: t('user.lock') },
    { key: 'about', icon: <InfoCircleOutlined />, label: t('user.about') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), danger: true },
  ];

  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'lock') onLock();
    else if (key === 'about') onAbout();
    else if (key === 'logout') onLogout();
    else if (key.startsWith('system:')) {
      const id = key.slice('system:'.length);
      if (id === systemId) return;
      useSession.getState().switchSystem(id);
      const first = useSession.getState().firstPath;
      navigate(first ?? '/home');
    }
  };

  return (
    <div className="shell-actions">
      {settings.showSearch &&
        (searching ? (
          <Suspense fallback={null}>
            <MenuSearch menus={menuList} onOpen={openLeaf} onClose={closeSearch} />
          </Suspense>
        ) : (
          <Tooltip title={t('search.label')}>
            <Button
              type="text"
              className="shell-action"
              icon={<SearchOutlined />}
              aria-label={t('search.label')}
              onClick={() => setSearching(true)}
            />
          </Tooltip>
        ))}
      {settings.showLanguage && !compact && <ShellLanguageSelect />}
      {!compact && (
        <Dropdown menu={sizeMenu} trigger={['click']} placement="bottom">
          <Tooltip title={t('sizes.label')}>
            <Button
              type="text"
              className="shell-action"
              icon={<FontSizeOutlined />}
              aria-label={t('sizes.label')}
            />
          </Tooltip>
        </Dropdown>
      )}
      {!compact && (
        <Tooltip title={full ? t('fullscreen.exit') : t('fullscreen.enter')}>
          <Button
            type="text"
            className="shell-action"
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={full ? t('fullscreen.exit') : t('fullscreen.enter')}
            onClick={toggleFullscreen}
          />
        </Tooltip>
      )}
      <Suspense fallback={null}>
        <MessageBell />
        <ChatButton />
      </Suspense>
      <Tooltip title={t('user.lock')}>
        <Button
          type="text"
          className="shell-action"
          icon={<LockOutlined />}
          aria-label={t('user.lock')}
          onClick={onLock}
        />
      </Tooltip>
      <Tooltip title={t('settings.title')}>
        <Button
          type="text"
          className="shell-action"
          icon={<SettingOutlined />}
          aria-label={t('settings.title')}
          onClick={onOpenSettings}
          data-testid="open-settings"
        />
      </Tooltip>
      <Dropdown menu={{ items: userItems, onClick: onUserMenu }} trigger={['click']} placement="bottomRight">
        <Button
          type="text"
          className="shell__user"
          aria-label={`${t('user.menu')}: ${userInfo?.userName ?? ''}`}
        >
          <Avatar size={28} icon={<UserOutlined />} src={userInfo?.headIcon || undefined} />
          {!compact && <span className="shell__user-name">{userInfo?.userName}</span>}
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    </div>
  );
}
