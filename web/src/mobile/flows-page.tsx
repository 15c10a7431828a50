import { InfiniteScroll, List, PullToRefresh, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { fetchTasks, type TaskRow } from '../features/workflow/lists/api';
import { FLOW_KINDS, type FlowKind, isFlowKind, PAGE_SIZE } from './api';
import { shortTime } from './widgets';

/** 待办 / 已办 / 抄送 / 我发起的: one tab each, the list under it. */
export default function FlowsPage() {
  const { t } = useTranslation('mobile');
  const { kind } = useParams();
  const navigate = useNavigate();
  if (!isFlowKind(kind)) return <Navigate to="/flows/todo" replace />;
  return (
    <div className="m-flows" data-testid="m-flows">
      <Tabs
        className="m-flows__tabs"
        activeKey={kind}
        onChange={(key) => navigate(`/flows/${key}`, { replace: true })}
      >
        {FLOW_KINDS.map((item) => (
          <Tabs.Tab key={item} title={t(`flows.${item}`)} />
        ))}
      </Tabs>
      <FlowList key={kind} kind={kind} />
    </div>
  );
}

const STATUS_COLORS: Record<number, string> = {
  1: 'primary',
  2: 'success',
  3: 'danger',
  4: 'warning',
};

/** A list with pull to refresh and more rows as it scrolls (pages of PAGE_SIZE). */
function FlowList({ kind }: { kind: FlowKind }) {
  const { t } = useTranslation(['mobile', 'workflow']);
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<TaskRow[]>([]);
  const [hasMore, setHasMore] = useState(true);
  // The page to ask for next and the search it belongs to, read by loadMore between renders.
  const next = useRef({ page: 1, keyword: '' });

  const loadMore = useCallback(async () => {
    const { page, keyword: searched } = next.current;
    const answer = await fetchTasks(kind, { keyword: searched, currentPage: page, pageSize: PAGE_SIZE });
    if (next.current.keyword !== searched || next.current.page !== page) return; // a newer search began
    next.current.page = page + 1;
    setRows((current) => (page === 1 ? answer.list : [...current, ...answer.list]));
    setHasMore(page * PAGE_SIZE < answer.pagination.total);
  }, [kind]);

  const restart = useCallback(
    async (searched: string) => {
      next.current = { page: 1, keyword: searched };
      setHasMore(true);
      await loadMore();
    },
    [loadMore],
  );

  useEffect(() => {
    next.current = { page: 1, keyword: '' };
  }, []);

  const open = (row: TaskRow) => {
    const taskId = row.taskId ?? row.id;
    const params = new URLSearchParams({ flowId: row.flowId });
    if (kind === 'todo') {
      params.set('operator', row.id);
      if (row.taskNodeId) params.set('node', row.taskNodeId);
    }
    navigate(`/flow/${kind}/${encodeURIComponent(taskId)}?${params.toString()}`);
  };

  return (
    <>
      <div className="m-flows__search">
        <SearchBar
          placeholder={t('mobile:flows.search')}
          value={keyword}
          onChange={setKeyword}
          onSearch={(value) => void restart(value.trim())}
          onClear={() => void restart('')}
        />
      </div>
      <PullToRefresh onRefresh={() => restart(next.current.keyword)}>
        <List className="m-flow-list" data-testid={`m-list-${kind}`}>
          {rows.map((row) => (
            <List.Item
              key={row.id}
              className="m-flow-row"
              onClick={() => open(row)}
              description={
                <div className="m-flow-row__meta">
                  <span>{row.flowName}</span>
                  <span>{kind === 'todo' ? row.thisStep : row.userName}</span>
                  <span>{shortTime(row.creatorTime ?? row.startTime)}</span>
                </div>
              }
              extra={
                kind === 'done' ? (
                  <Tag color={row.status === 0 ? 'danger' : 'success'} fill="outline">
                    {t(`workflow:handle.${row.status}`, { defaultValue: String(row.status) })}
                  </Tag>
                ) : (
                  <Tag color={STATUS_COLORS[row.status] ?? 'default'} fill="outline">
                    {t(`workflow:status.${row.status}`, { defaultValue: String(row.status) })}
                  </Tag>
                )
              }
            >
              <span className="m-flow-row__title">
                {row.flowUrgent > 1 && (
                  <Tag color={row.flowUrgent === 3 ? 'danger' : 'warning'} className="m-flow-row__urgent">
                    {t(`workflow:urgent.${row.flowUrgent}`)}
                  </Tag>
                )}
                {row.fullName}
              </span>
            </List.Item>
          ))}
        </List>
        <InfiniteScroll loadMore={loadMore} hasMore={hasMore}>
          {hasMore ? (
            <span>{t('mobile:list.loading')}</span>
          ) : (
            <span>{rows.length === 0 ? t('mobile:list.empty') : t('mobile:list.end')}</span>
          )}
        </InfiniteScroll>
      </PullToRefresh>
    </>
  );
}
