import { Badge, CapsuleTabs, InfiniteScroll, List, PullToRefresh } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchMessages, isUnread, type MessageItem } from '../features/message/inbox/api';
import { PAGE_SIZE } from './api';
import { shortTime } from './widgets';

const TYPES = ['', '1', '2', '3'] as const;

/** The inbox: all, notices, flow and system messages; pull to refresh, more as it scrolls. */
export default function MessagesPage() {
  const { t } = useTranslation(['mobile', 'message']);
  const navigate = useNavigate();
  const [type, setType] = useState<(typeof TYPES)[number]>('');
  const [rows, setRows] = useState<MessageItem[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const next = useRef({ page: 1, type: '' as string });

  const loadMore = useCallback(async () => {
    const { page, type: asked } = next.current;
    const answer = await fetchMessages({
      currentPage: page,
      pageSize: PAGE_SIZE,
      type: asked === '' ? '' : Number(asked),
    });
    if (next.current.page !== page || next.current.type !== asked) return;
    next.current.page = page + 1;
    setRows((current) => (page === 1 ? answer.list : [...current, ...answer.list]));
    setHasMore(page * PAGE_SIZE < answer.pagination.total);
  }, []);

  const restart = async (asked: string) => {
    next.current = { page: 1, type: asked };
    setHasMore(true);
    await loadMore();
  };

  return (
    <div className="m-messages" data-testid="m-messages">
      <div className="m-pagehead">{t('tabs.messages')}</div>
      <CapsuleTabs
        activeKey={type}
        onChange={(key) => {
          setType(key as (typeof TYPES)[number]);
          setRows([]);
          void restart(key);
        }}
      >
        {TYPES.map((item) => (
          <CapsuleTabs.Tab key={item} title={t(`message:types.${item === '' ? '0' : item}`)} />
        ))}
      </CapsuleTabs>
      <PullToRefresh onRefresh={() => restart(next.current.type)}>
        <List>
          {rows.map((row) => (
            <List.Item
              key={row.id}
              onClick={() => navigate(`/messages/${row.id}`)}
              prefix={
                <Badge content={isUnread(row) ? Badge.dot : null}>
                  <span className="m-msg-type">
                    {t(`message:types.${row.type}`, { defaultValue: '' }).slice(0, 2)}
                  </span>
                </Badge>
              }
              description={`${row.releaseUser ?? ''} · ${shortTime(row.releaseTime)}`}
            >
              {row.title}
            </List.Item>
          ))}
        </List>
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? t('list.loading') : rows.length === 0 ? t('list.empty') : t('list.end')}
        </InfiniteScroll>
      </PullToRefresh>
    </div>
  );
}
