import { Card, ErrorBlock, Grid, List, PullToRefresh, Skeleton } from 'antd-mobile';
import {
  AddCircleOutline,
  CheckCircleOutline,
  ClockCircleOutline,
  QuestionCircleOutline,
  SendOutline,
  TeamOutline,
} from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandMark } from '../base/brand-mark';
import type { MessageItem } from '../features/message/inbox/api';
import { countTasks, latestNotices } from './api';
import { useMobileSession } from './session';
import { shortTime } from './widgets';

interface HomeData {
  todo: number;
  circulate: number;
  notices: MessageItem[];
}

const ENTRIES = [
  { path: '/flows/todo', label: 'flows.todo', icon: <ClockCircleOutline />, color: '#1677ff' },
  { path: '/flows/done', label: 'flows.done', icon: <CheckCircleOutline />, color: '#00b578' },
  { path: '/flows/circulate', label: 'flows.circulate', icon: <TeamOutline />, color: '#ff8f1f' },
  { path: '/flows/launch', label: 'flows.launch', icon: <SendOutline />, color: '#7c5cfa' },
  { path: '/launch', label: 'launch.title', icon: <AddCircleOutline />, color: '#00a2c7' },
  { path: '/chat', label: 'chat.title', icon: <QuestionCircleOutline />, color: '#eb2f96' },
] as const;

/** Home: a greeting, the todo count, the four flow lists and the latest notices. */
export default function HomePage() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const user = useMobileSession((state) => state.user);
  const [data, setData] = useState<HomeData | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [todo, circulate, notices] = await Promise.all([
        countTasks('todo'),
        countTasks('circulate'),
        latestNotices(5),
      ]);
      setData({ todo, circulate, notices });
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <PullToRefresh onRefresh={load}>
      <div className="m-home" data-testid="m-home">
        <header className="m-home__hero">
          <div className="m-home__brand">
            <BrandMark size={28} inverted />
            <span>{t('common:appTitle')}</span>
          </div>
          <p className="m-home__hello">{t('home.hello', { name: user?.userInfo.userName ?? '' })}</p>
          <button type="button" className="m-home__todo" onClick={() => navigate('/flows/todo')}>
            <span className="m-home__todo-count" data-testid="m-todo-count">
              {data ? data.todo : '–'}
            </span>
            <span className="m-home__todo-label">{t('home.todoCount')}</span>
          </button>
        </header>

        <Card className="m-card">
          <Grid columns={3} gap={8}>
            {ENTRIES.map((entry) => (
              <Grid.Item key={entry.path}>
                <button type="button" className="m-entry" onClick={() => navigate(entry.path)}>
                  <span className="m-entry__icon" style={{ background: entry.color }}>
                    {entry.icon}
                  </span>
                  <span className="m-entry__label">{t(entry.label)}</span>
                </button>
              </Grid.Item>
            ))}
          </Grid>
        </Card>

        <Card
          className="m-card"
          title={t('home.notices')}
          extra={
            <button type="button" className="m-link" onClick={() => navigate('/messages')}>
              {t('home.more')}
            </button>
          }
        >
          {failed && <ErrorBlock status="disconnected" title={t('loadFailed')} description="" />}
          {!failed && !data && <Skeleton.Paragraph lineCount={3} animated />}
          {data && data.notices.length === 0 && <div className="m-empty">{t('home.noNotices')}</div>}
          {data && data.notices.length > 0 && (
            <List className="m-notices">
              {data.notices.map((notice) => (
                <List.Item
                  key={notice.id}
                  onClick={() => navigate(`/messages/${notice.id}`)}
                  description={`${notice.releaseUser ?? ''} · ${shortTime(notice.releaseTime)}`}
                >
                  {notice.title}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      </div>
    </PullToRefresh>
  );
}
