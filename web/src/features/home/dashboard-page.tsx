import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLeaves } from '../../base/session/menu';
import { useSession } from '../../base/session/session-store';
import type { MenuNode } from '../../base/session/session-types';
import { getOverview, overviewKey } from './api';
import { CountCards, QuickLinks } from './overview';
import './home.css';
import { placeName } from '../../base/i18n';

/** Pages per top-level menu area of the user's own menus. */
export function pagesPerArea(menuList: readonly MenuNode[]): { name: string; pages: number }[] {
  return menuList
    .map((node) => ({ name: node.fullName, pages: menuLeaves([node]).length }))
    .filter((area) => area.pages > 0)
    .sort((a, b) => b.pages - a.pages);
}

/**
 * Dashboard: the administrator's counts, what the user can reach (pages per area, permission
 * items granted) and a timeline of recent sign-ins. All figures come from the server.
 */
export default function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'home']);
  const menuList = useSession((state) => state.menuList);
  const permissionList = useSession((state) => state.permissionList);
  const userInfo = useSession((state) => state.userInfo);
  const overview = useQuery({ queryKey: overviewKey, queryFn: getOverview });
  const isAdmin = overview.data?.isAdministrator ?? !!userInfo?.isAdministrator;

  const areas = useMemo(() => pagesPerArea(menuList), [menuList]);
  const pages = areas.reduce((sum, area) => sum + area.pages, 0);
  const widest = Math.max(1, ...areas.map((area) => area.pages));
  const grants = useMemo(
    () =>
      permissionList.reduce(
        (sum, entry) => ({
          button: sum.button + (entry.button?.length ?? 0),
          column: sum.column + (entry.column?.length ?? 0),
          form: sum.form + (entry.form?.length ?? 0),
        }),
        { button: 0, column: 0, form: 0 },
      ),
    [permissionList],
  );
  const records = overview.data?.recentSignIns ?? [];

  return (
    <div className="home">
      <h1 className="home__greeting">{t('title')}</h1>
      {isAdmin && <CountCards counts={overview.data?.counts} loading={overview.isLoading} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card
            variant="borderless"
            className="home-panel"
            title={<h2 className="home-card-title">{t('access.title')}</h2>}
          >
            <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
              <Col xs={12} md={6}>
                <Statistic title={t('access.pages')} value={pages} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('access.buttons')} value={grants.button} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('access.columns')} value={grants.column} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('access.forms')} value={grants.form} />
              </Col>
            </Row>
            {areas.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('access.empty')} />
            ) : (
              <ul className="dashboard-areas" aria-label={t('access.areas')}>
                {areas.map((area) => (
                  <li key={area.name} className="dashboard-area">
                    <span className="dashboard-area__name" title={area.name}>
                      {area.name}
                    </span>
                    <span className="dashboard-area__bar" aria-hidden="true">
                      <span
                        className="dashboard-area__fill"
                        style={{ display: 'block', width: `${(area.pages / widest) * 100}%` }}
                      />
                    </span>
                    <span className="dashboard-area__value">
                      {t('access.pageCount', { count: area.pages })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            variant="borderless"
            className="home-panel"
            title={
              <h2 className="home-card-title">
                {isAdmin ? t('home:recent.titleAll') : t('home:recent.titleOwn')}
              </h2>
            }
            loading={overview.isLoading}
          >
            {records.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home:recent.empty')} />
            ) : (
              <Timeline
                items={records.map((record) => ({
                  key: record.id,
                  color: Number(record.loginMark) === 1 ? 'green' : 'red',
                  content: (
                    <div>
                      <div>
                        {isAdmin ? <strong>{record.userName} </strong> : null}
                        {Number(record.loginMark) === 1 ? t('home:recent.success') : t('home:recent.failure')}
                        {' · '}
                        {dayjs(record.creatorTime).format('MM-DD HH:mm')}
                      </div>
                      <div
                        className="profile-tree-title__meta"
                        style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}
                      >
                        {[placeName(record.ipAddressName), record.ipAddress, record.browser]
                          .filter(Boolean)
                          .join(' · ') || '-'}
                      </div>
                    </div>
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
      </Row>
      <QuickLinks limit={12} />
    </div>
  );
}
