import {
  ApartmentOutlined,
  BgColorsOutlined,
  EditOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  SafetyOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Skeleton, Tabs, Tag } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../base/session/session-store';
import { getBaseInfo, profileKeys } from './api';
import { AuthorizeTab } from './tabs/authorize-tab';
import { AvatarTab } from './tabs/avatar-tab';
import { BaseInfoTab } from './tabs/base-info-tab';
import { LanguageTab } from './tabs/language-tab';
import { MembershipTab } from './tabs/membership-tab';
import { PasswordTab } from './tabs/password-tab';
import { SignImgTab } from './tabs/sign-img-tab';
import { SocialsTab } from './tabs/socials-tab';
import { SubordinatesTab } from './tabs/subordinates-tab';
import { SystemLogTab } from './tabs/system-log-tab';
import { ThemeTab } from './tabs/theme-tab';
import './profile.css';

export const PROFILE_TABS = [
  'baseInfo',
  'avatar',
  'signImg',
  'password',
  'theme',
  'language',
  'subordinates',
  'authorize',
  'systemLog',
  'organizes',
  'positions',
  'socials',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const ICONS: Record<ProfileTab, ReactNode> = {
  baseInfo: <IdcardOutlined />,
  avatar: <UserOutlined />,
  signImg: <EditOutlined />,
  password: <LockOutlined />,
  theme: <BgColorsOutlined />,
  language: <GlobalOutlined />,
  subordinates: <TeamOutlined />,
  authorize: <SafetyOutlined />,
  systemLog: <FileSearchOutlined />,
  organizes: <ApartmentOutlined />,
  positions: <SolutionOutlined />,
  socials: <LinkOutlined />,
};

/** /profile: personal information (console.md 2.6), one tab per part; ?tab= selects one. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: ProfileTab = PROFILE_TABS.includes(requested as ProfileTab)
    ? (requested as ProfileTab)
    : 'baseInfo';
  const userInfo = useSession((state) => state.userInfo);
  const baseInfo = useQuery({ queryKey: profileKeys.baseInfo, queryFn: getBaseInfo });

  const content = useMemo<Record<ProfileTab, ReactNode>>(
    () => ({
      baseInfo: <BaseInfoTab />,
      avatar: <AvatarTab />,
      signImg: <SignImgTab />,
      password: <PasswordTab />,
      theme: <ThemeTab />,
      language: <LanguageTab />,
      subordinates: <SubordinatesTab />,
      authorize: <AuthorizeTab />,
      systemLog: <SystemLogTab />,
      organizes: <MembershipTab kind="Organize" />,
      positions: <MembershipTab kind="Position" />,
      socials: <SocialsTab />,
    }),
    [],
  );

  const info = baseInfo.data;
  return (
    <div className="profile">
      <Card variant="borderless" className="profile__summary">
        <Avatar
          size={72}
          icon={<UserOutlined />}
          src={userInfo?.headIcon || undefined}
          alt={t('avatar.current')}
        />
        <div className="profile__summary-text">
          <h1 className="profile__name" data-testid="profile-name">
            {userInfo?.userName}
            {info?.nickName ? <span className="profile__nick">（{info.nickName}）</span> : null}
          </h1>
          <p className="profile__account">
            {userInfo?.userAccount}
            {userInfo?.isAdministrator ? (
              <Tag color="gold" style={{ marginInlineStart: 8 }}>
                {t('administrator')}
              </Tag>
            ) : null}
          </p>
          {baseInfo.isLoading ? (
            <Skeleton active paragraph={false} title={{ width: 240 }} />
          ) : (
            <dl className="profile__facts">
              <Fact label={t('fields.organizeName')} value={info?.organizeName || userInfo?.organizeName} />
              <Fact label={t('fields.positionName')} value={info?.positionName} />
              <Fact label={t('fields.roleName')} value={info?.roleName || userInfo?.roleName} />
              <Fact label={t('fields.managerName')} value={info?.managerName} />
            </dl>
          )}
        </div>
      </Card>
      <Card variant="borderless" className="profile__body">
        <Tabs
          tabPlacement="start"
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={PROFILE_TABS.map((key) => ({
            key,
            label: t(`tabs.${key}`),
            icon: ICONS[key],
            children: <div className="profile__panel">{content[key]}</div>,
          }))}
        />
      </Card>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation('profile');
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || t('none')}</dd>
    </div>
  );
}
