import {
  ApartmentOutlined,
  LoginOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, Row, Skeleton, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getToken } from '../../base/api/token';
import { placeName } from '../../base/i18n';
import { menuLeaves, menuTarget } from '../../base/session/menu';
import { useSession } from '../../base/session/session-store';
import { menuIcon } from '../../widgets/menu-items/menu-items';
import type { HomeOverview, SignInRecord } from './api';

type CountKey = keyof NonNullable<HomeOverview['counts']>;

const COUNTS: { key: CountKey; icon: ReactNode; tone: string }[] = [
  { key: 'users', icon: <TeamOutlined />, tone: 'blue' },
  { key: 'organizes', icon: <ApartmentOutlined />, tone: 'cyan' },
  { key: 'roles', icon: <SafetyCertificateOutlined />, tone: 'purple' },
  { key: 'onlineSessions', icon: <WifiOutlined />, tone: 'green' },
  { key: 'signInsToday', icon: <LoginOutlined />, tone: 'orange' },
];

/** The administrator's counts as cards (nothing is shown that the server did not count). */
export function CountCards({ counts, loading }: { counts: HomeOverview['counts']; loading: boolean }) {
  const { t } = useTranslation('home');
  if (!loading && !counts) return null;
  return (
    <section aria-label={t('counts.label')} className="home-counts">
      {COUNTS.map(({ key, icon, tone }) => (
        <Card key={key} variant="borderless" className={`home-count home-count--${tone}`}>
          <span className="home-count__icon" aria-hidden="true">
            {icon}
          </span>
          <div>
            <div className="home-count__label">{t(`counts.${key}`)}</div>
            {loading || !counts ? (
              <Skeleton.Button active size="small" />
            ) : (
              <div className="home-count__value" data-testid={`count-${key}`}>
                {counts[key].toLocaleString()}
              </div>
            )}
          </div>
        </Card>
      ))}
    </section>
  );
}

/** Recent sign-ins: everyone's for administrators, one's own otherwise. */
export function RecentSignIns({
  records,
  loading,
  showUser,
  title,
}: {
  records: SignInRecord[];
  loading: boolean;
  showUser: boolean;
  title: string;
}) {
  const { t } = useTranslation('home');
  return (
    <Card variant="borderless" title={<h2 className="home-card-title">{title}</h2>} className="home-panel">
      <Table<SignInRecord>
        rowKey="id"
        size="small"
        pagination={false}
        loading={loading}
        dataSource={records}
        scroll={{ x: 560 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recent.empty')} /> }}
        columns={[
          ...(showUser
            ? [{ key: 'user', title: t('recent.user'), dataIndex: 'userName', width: 110, ellipsis: true }]
            : []),
          {
            key: 'time',
            title: t('recent.time'),
            dataIndex: 'creatorTime',
            width: 150,
            render: (value: number) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'result',
            title: t('recent.result'),
            dataIndex: 'loginMark',
            width: 80,
            render: (value: number) =>
              Number(value) === 1 ? (
                <Tag color="success" variant="filled">
                  {t('recent.success')}
                </Tag>
              ) : (
                <Tag color="error" variant="filled">
                  {t('recent.failure')}
                </Tag>
              ),
          },
          {
            key: 'where',
            title: t('recent.where'),
            render: (_: unknown, record: SignInRecord) =>
              [placeName(record.ipAddressName), record.ipAddress].filter(Boolean).join(' · ') || '-',
            ellipsis: true,
          },
          {
            key: 'browser',
            title: t('recent.browser'),
            render: (_: unknown, record: SignInRecord) =>
              [record.browser, record.platForm].filter(Boolean).join(' / ') || '-',
            ellipsis: true,
          },
        ]}
      />
    </Card>
  );
}

/** Quick links: the first pages of the user's own menus (from CurrentUser). */
export function QuickLinks({ limit = 12 }: { limit?: number }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const menuList = useSession((state) => state.menuList);
  // Each link carries the icon of its top-level area, so the areas stand apart.
  const leaves = menuList
    .flatMap((area) => menuLeaves([area]).map((leaf) => ({ ...leaf, area })))
    .filter((leaf) => leaf.path !== '/home' && leaf.path !== '/dashboard')
    .slice(0, limit);

  const open = (leaf: (typeof leaves)[number]) => {
    const target = menuTarget(leaf.node, getToken());
    if (target.kind === 'route') navigate(target.path);
    else if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
  };

  return (
    <Card
      variant="borderless"
      title={<h2 className="home-card-title">{t('links.title')}</h2>}
      className="home-panel"
    >
      {leaves.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('links.empty')} />
      ) : (
        <nav aria-label={t('links.title')}>
          <Row gutter={[12, 12]} className="home-links">
            {leaves.map((leaf) => (
              <Col xs={12} sm={8} lg={6} xxl={4} key={leaf.node.id}>
                <button type="button" className="home-link" title={leaf.trail} onClick={() => open(leaf)}>
                  <span className="home-link__icon" aria-hidden="true">
                    {menuIcon(leaf.area)}
                  </span>
                  <span className="home-link__name">{leaf.title}</span>
                </button>
              </Col>
            ))}
          </Row>
        </nav>
      )}
    </Card>
  );
}
