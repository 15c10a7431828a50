import { cellNumber, type PortalLayoutItem } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, List, Result, Spin, Statistic, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ChartKind, chartOption } from '../../../../widgets/chart/chart-options';
import { EChart } from '../../../../widgets/chart/echart';
import { rowIndexKey } from '../../../../widgets/list/row-key';
import { useOpenMessage } from '../../../message/inbox/use-open-message';
import { detailPath } from '../../../workflow/engine/config';
import {
  fetchNotices,
  fetchTodoCounts,
  fetchTodos,
  fetchUnreadMails,
  fetchWidgetRows,
  portalKeys,
  type TodoCounts,
  type WidgetRow,
} from './api';

/** What the widgets read from their layout item (other.md 3: widget props sit beside i/x/y/w/h). */
export interface WidgetProps {
  content?: string;
  url?: string;
  interfaceId?: string;
  xField?: string;
  yFields?: string[];
  /** Legend names of the value fields. */
  labels?: Record<string, string>;
  count?: number;
  /** Notice categories the notice widget shows (all when empty). */
  typeList?: string[];
  list?: {
    field?: string;
    label?: string;
    unit?: string;
    fullName?: string;
    path?: string;
    time?: string;
    content?: string;
  }[];
  columns?: { field: string; label?: string }[];
}

export const widgetProps = (item: PortalLayoutItem) => item as PortalLayoutItem & WidgetProps;

/** Addresses an image or frame may show: the web, this site, or an inline image. */
const safeUrl = (url: string | undefined, images = false) =>
  url && (/^https?:\/\//i.test(url) || /^\/(?![/\\])/.test(url) || (images && /^data:image\//i.test(url)))
    ? url
    : null;

function useWidgetRows(interfaceId: string | undefined) {
  return useQuery({
    queryKey: portalKeys.widgetData(interfaceId ?? ''),
    queryFn: () => fetchWidgetRows(interfaceId!),
    enabled: Boolean(interfaceId),
    retry: false,
  });
}

function Rows({
  interfaceId,
  children,
}: {
  interfaceId?: string;
  children: (rows: WidgetRow[]) => React.ReactNode;
}) {
  const { t } = useTranslation('portal');
  const rows = useWidgetRows(interfaceId);
  if (!interfaceId)
    return <Empty description={t('widgets.noInterface')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  if (rows.isLoading) return <Spin />;
  if (rows.isError) return <Typography.Text type="danger">{(rows.error as Error).message}</Typography.Text>;
  if (!rows.data?.length)
    return <Empty description={t('widgets.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <>{children(rows.data)}</>;
}

function ChartWidget({ item, kind }: { item: PortalLayoutItem & WidgetProps; kind: ChartKind }) {
  const { t } = useTranslation('portal');
  return (
    <Rows interfaceId={item.interfaceId}>
      {(rows) =>
        item.xField && item.yFields?.length ? (
          <ChartBody
            rows={rows}
            kind={kind}
            xField={item.xField}
            yFields={item.yFields}
            labels={item.labels}
            label={item.title ?? kind}
          />
        ) : (
          <Empty description={t('widgets.noFields')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )
      }
    </Rows>
  );
}

function ChartBody(props: {
  rows: WidgetRow[];
  kind: ChartKind;
  xField: string;
  yFields: string[];
  labels: Record<string, string> | undefined;
  label: string;
}) {
  const { rows, kind, xField, yFields, labels, label } = props;
  const option = useMemo(
    () => chartOption({ type: kind, xField, yFields }, rows, labels),
    [rows, kind, xField, yFields, labels],
  );
  return <EChart option={option} label={label} />;
}

/** Loading, failure and empty states shared by the Dashboard widgets. */
function Loaded<T>({
  query,
  empty,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; data: T[] | undefined };
  empty: string;
  children: (rows: T[]) => React.ReactNode;
}) {
  if (query.isLoading) return <Spin className="portal-widget__loading" />;
  if (query.isError) return <Typography.Text type="danger">{(query.error as Error).message}</Typography.Text>;
  if (!query.data?.length) return <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <>{children(query.data)}</>;
}

const day = (time: number | null | undefined) => (time ? dayjs(time).format('YYYY-MM-DD') : '');

/** The viewer's latest notices; a title opens the notice (and marks it read). */
function NoticeWidget({ count, typeList }: { count: number; typeList: string[] }) {
  const { t } = useTranslation('portal');
  const notices = useQuery({
    queryKey: [...portalKeys.notices, typeList],
    queryFn: () => fetchNotices(typeList),
  });
  const { open, dialog } = useOpenMessage();
  return (
    <>
      <Loaded query={notices} empty={t('widgets.noNotices')}>
        {(rows) => (
          <List
            size="small"
            dataSource={rows.slice(0, count)}
            renderItem={(n) => (
              <List.Item extra={day(n.releaseTime)}>
                <span className="portal-widget__row">
                  <Tag color={n.categoryId === '1' ? 'purple' : 'blue'}>
                    {t(n.categoryId === '1' ? 'widgets.announcement' : 'widgets.notice')}
                  </Tag>
                  <Typography.Link
                    className="portal-widget__title"
                    strong={!n.isRead}
                    onClick={() =>
                      void open({ id: n.id, title: n.fullName, type: 1, isRead: n.isRead }).then(() =>
                        notices.refetch(),
                      )
                    }
                  >
                    {n.fullName}
                  </Typography.Link>
                </span>
              </List.Item>
            )}
          />
        )}
      </Loaded>
      {dialog}
    </>
  );
}

/** The viewer's unread mails; each opens the mailbox. */
function EmailWidget({ count }: { count: number }) {
  const { t } = useTranslation('portal');
  const mails = useQuery({ queryKey: portalKeys.mails, queryFn: fetchUnreadMails });
  return (
    <Loaded query={mails} empty={t('widgets.noMails')}>
      {(rows) => (
        <List
          size="small"
          dataSource={rows.slice(0, count)}
          renderItem={(m) => (
            <List.Item extra={day(m.creatorTime)}>
              <span className="portal-widget__row">
                <Link to="/extend/email" className="portal-widget__title">
                  {m.fullName || t('widgets.noSubject')}
                </Link>
                <Typography.Text type="secondary" className="portal-widget__sender">
                  {m.senderName || m.sender}
                </Typography.Text>
              </span>
            </List.Item>
          )}
        />
      )}
    </Loaded>
  );
}

/** The counts of the todo widget, each leading to its list. */
const TODO_ITEMS: { key: keyof TodoCounts; path: string; color: string }[] = [
  { key: 'toBeReviewed', path: '/workFlow/flowTodo', color: '#1890ff' },
  { key: 'flowDone', path: '/workFlow/flowDone', color: '#52c41a' },
  { key: 'flowCirculate', path: '/workFlow/flowCirculate', color: '#fa8c16' },
  { key: 'entrust', path: '/workFlow/entrust', color: '#722ed1' },
];

function TodoCountWidget() {
  const { t } = useTranslation('portal');
  const counts = useQuery({ queryKey: portalKeys.todoCounts, queryFn: fetchTodoCounts });
  if (counts.isLoading) return <Spin className="portal-widget__loading" />;
  if (counts.isError)
    return <Typography.Text type="danger">{(counts.error as Error).message}</Typography.Text>;
  return (
    <div className="portal-widget__todo">
      {TODO_ITEMS.map((item) => (
        <Link key={item.key} to={item.path} className="portal-widget__todo-item">
          <Statistic
            title={t(`widgets.todo.${item.key}`)}
            value={counts.data?.[item.key] ?? 0}
            styles={{ content: { color: item.color } }}
          />
        </Link>
      ))}
    </div>
  );
}

/** The viewer's pending approvals; each opens the approval page. */
function TodoListWidget({ count }: { count: number }) {
  const { t } = useTranslation('portal');
  const todos = useQuery({ queryKey: portalKeys.todos(count), queryFn: () => fetchTodos(count) });
  return (
    <Loaded query={todos} empty={t('widgets.noTodos')}>
      {(rows) => (
        <List
          size="small"
          dataSource={rows}
          renderItem={(task) => (
            <List.Item extra={dayjs(task.creatorTime).format('MM-DD HH:mm')}>
              <Link
                className="portal-widget__title"
                to={detailPath({
                  id: task.taskId,
                  taskId: task.taskId,
                  flowId: task.flowId,
                  opType: 1,
                  taskOperatorId: task.id,
                  taskNodeId: task.taskNodeId ?? undefined,
                })}
              >
                {task.fullName || task.flowName}
              </Link>
            </List.Item>
          )}
        />
      )}
    </Loaded>
  );
}

/** One widget's body by its key; an unknown key shows a notice instead of failing the portal. */
export function WidgetBody({ item }: { item: PortalLayoutItem }) {
  const { t } = useTranslation('portal');
  const w = widgetProps(item);
  switch (item.jnpfKey) {
    case 'text':
      return <Typography.Paragraph className="portal-widget__text">{w.content}</Typography.Paragraph>;
    case 'card':
      return <Typography.Paragraph>{w.content}</Typography.Paragraph>;
    case 'image': {
      const url = safeUrl(w.url, true);
      return url ? (
        <img className="portal-widget__image" src={url} alt={item.title ?? ''} />
      ) : (
        <Empty description={t('widgets.noUrl')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      );
    }
    case 'iframe': {
      const url = safeUrl(w.url);
      return url ? (
        <iframe
          className="portal-widget__frame"
          src={url}
          title={item.title ?? url}
          sandbox="allow-scripts allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      ) : (
        <Empty description={t('widgets.noUrl')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      );
    }
    case 'notice':
      return <NoticeWidget count={w.count ?? 5} typeList={w.typeList ?? []} />;
    case 'email':
      return <EmailWidget count={w.count ?? 5} />;
    case 'todo':
      return <TodoCountWidget />;
    case 'todoList':
      return <TodoListWidget count={w.count ?? 5} />;
    case 'commonFunc':
      return (
        <div className="portal-widget__links">
          {(w.list ?? []).map((link) =>
            link.path?.startsWith('/') ? (
              <Link key={link.path} to={link.path} className="portal-widget__link">
                {link.fullName}
              </Link>
            ) : null,
          )}
        </div>
      );
    case 'dataBoard':
      return (
        <Rows interfaceId={w.interfaceId}>
          {(rows) => (
            <div className="portal-widget__board">
              {(w.list ?? []).map((entry) => (
                <Statistic
                  key={entry.field}
                  title={entry.label || entry.field}
                  value={
                    cellNumber(rows[0]?.[entry.field ?? '']) ?? String(rows[0]?.[entry.field ?? ''] ?? '')
                  }
                  suffix={entry.unit}
                />
              ))}
            </div>
          )}
        </Rows>
      );
    case 'tableList':
      return (
        <Rows interfaceId={w.interfaceId}>
          {(rows) => (
            <Table<WidgetRow>
              size="small"
              pagination={false}
              rowKey={rowIndexKey(rows)}
              dataSource={rows}
              scroll={{ y: 'calc(100% - 40px)' }}
              columns={(w.columns?.length
                ? w.columns
                : Object.keys(rows[0] ?? {}).map((field) => ({ field, label: field }))
              ).map((c) => ({ title: c.label || c.field, dataIndex: c.field, key: c.field }))}
            />
          )}
        </Rows>
      );
    case 'barChart':
      return <ChartWidget item={w} kind="bar" />;
    case 'lineChart':
      return <ChartWidget item={w} kind="line" />;
    case 'pieChart':
      return <ChartWidget item={w} kind="pie" />;
    case 'timeAxis':
      return (
        <Timeline
          items={(w.list ?? []).map((entry) => ({
            content: (
              <>
                <Typography.Text type="secondary">{entry.time}</Typography.Text> {entry.content}
              </>
            ),
          }))}
        />
      );
    default:
      return <Result status="info" title={t('widgets.unsupported', { key: item.jnpfKey })} />;
  }
}
