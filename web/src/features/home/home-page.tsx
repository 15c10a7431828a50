import { ApartmentOutlined, IdcardOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/session-store';
import './home.css';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Home: a welcome with the user's name and organisation. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const userInfo = useSession((state) => state.userInfo);
  const sysName = useSession((state) => state.sysConfigInfo?.sysName) || t('common:appTitle');
  const name = userInfo?.userName ?? '';
  const none = t('none');

  return (
    <div className="home">
      <Card className="home__welcome" variant="borderless">
        <div className="home__welcome-body">
          <Avatar size={64} icon={<UserOutlined />} src={userInfo?.headIcon || undefined} />
          <div>
            <h1 className="home__greeting" data-testid="home-greeting">
              {t(`greeting.${greetingKey(new Date().getHours())}`, { name })}
            </h1>
            <p className="home__subtitle">{t('welcome', { sysName })}</p>
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <InfoCard icon={<IdcardOutlined />} label={t('account')} value={userInfo?.userAccount || none} />
        <InfoCard
          icon={<ApartmentOutlined />}
          label={t('organization')}
          value={userInfo?.organizeName || none}
          testId="home-organization"
        />
        <InfoCard
          icon={<ApartmentOutlined />}
          label={t('department')}
          value={userInfo?.departmentName || none}
        />
        <InfoCard icon={<TeamOutlined />} label={t('roles')} value={userInfo?.roleName || none} />
      </Row>
    </div>
  );
}

function InfoCard({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <Col xs={24} sm={12} xl={6}>
      <Card variant="borderless" className="home__info">
        <span className="home__info-icon" aria-hidden="true">
          {icon}
        </span>
        <div className="home__info-text">
          <div className="home__info-label">{label}</div>
          <div className="home__info-value" data-testid={testId}>
            {value}
          </div>
        </div>
      </Card>
    </Col>
  );
}
