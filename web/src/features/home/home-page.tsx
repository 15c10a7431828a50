import { ApartmentOutlined, IdcardOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../base/session/session-store';
import { getOverview, overviewKey } from './api';
import { CountCards, QuickLinks, RecentSignIns } from './overview';
import './home.css';

export function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Home: welcome, the administrator's counts, quick links to the user's menus, recent sign-ins. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const userInfo = useSession((state) => state.userInfo);
  const sysName = useSession((state) => state.sysConfigInfo?.sysName) || t('common:appTitle');
  const overview = useQuery({ queryKey: overviewKey, queryFn: getOverview });
  const name = userInfo?.userName ?? '';
  const none = t('none');
  const isAdmin = overview.data?.isAdministrator ?? !!userInfo?.isAdministrator;
  const prev = userInfo?.prevLoginTime
    ? dayjs(Number(userInfo.prevLoginTime)).format('YYYY-MM-DD HH:mm')
    : null;

  return (
    <div className="home">
      <Card className="home__welcome" variant="borderless">
        <div className="home__welcome-body">
          <Avatar size={64} icon={<UserOutlined />} src={userInfo?.headIcon || undefined} />
          <div className="home__welcome-text">
            <h1 className="home__greeting" data-testid="home-greeting">
              {t(`greeting.${greetingKey(new Date().getHours())}`, { name })}
            </h1>
            <p className="home__subtitle">
              {t('welcome', { sysName })}
              {prev ? ` · ${t('prevLogin', { time: prev })}` : ''}
            </p>
          </div>
          <dl className="home__facts">
            <Fact icon={<IdcardOutlined />} label={t('account')} value={userInfo?.userAccount || none} />
            <Fact
              icon={<ApartmentOutlined />}
              label={t('organization')}
              value={userInfo?.organizeName || none}
              testId="home-organization"
            />
            <Fact icon={<TeamOutlined />} label={t('roles')} value={userInfo?.roleName || none} />
          </dl>
        </div>
      </Card>
      {isAdmin && <CountCards counts={overview.data?.counts} loading={overview.isLoading} />}
      <div className="home__grid">
        <QuickLinks />
        <RecentSignIns
          title={isAdmin ? t('recent.titleAll') : t('recent.titleOwn')}
          records={overview.data?.recentSignIns ?? []}
          loading={overview.isLoading}
          showUser={isAdmin}
        />
      </div>
    </div>
  );
}

function Fact({
  icon,
  label,
  value,
  testId,
}: {
  icon: React.ReactNode;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <div className="home__fact">
      <dt>
        <span aria-hidden="true">{icon}</span> {label}
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
