import { cellNumber, type PortalLayoutItem } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, List, Result, Spin, Statistic, Table, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ChartKind, chartOption } from '../../widgets/chart/chart-options';
import { EChart } from '../../widgets/chart/echart';
import { fetchNotices, fetchTodos, fetchWidgetRows, portalKeys, type WidgetRow } from './api';

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

function NoticeWidget({ count }: { count: number }) {
  const { t } = useTranslation('portal');
  const notices = useQuery({ queryKey: portalKeys.notices(count), queryFn: () => fetchNotices(count) });
  if (notices.isLoading) return <Spin />;
  return (
    <List
      size="small"
      dataSource={notices.data ?? []}
      locale={{ emptyText: t('widgets.noNotices') }}
      renderItem={(n) => (
        <List.Item extra={n.releaseTime ? dayjs(n.releaseTime).format('MM-DD') : null}>
          <Link to="/basic/messageRecord">{n.title}</Link>
        </List.Item>
      )}
    />
  );
}

function TodoWidget({ count }: { count: number }) {
  const { t } = useTranslation('portal');
  const todos = useQuery({ queryKey: portalKeys.todos(count), queryFn: () => fetchTodos(count) });
  if (todos.isLoading) return <Spin />;
  return (
    <List
      size="small"
      dataSource={todos.data ?? []}
      locale={{ emptyText: t('widgets.noTodos') }}
      renderItem={(task) => (
        <List.Item extra={dayjs(task.creatorTime).format('MM-DD HH:mm')}>
          <Link to="/workFlow/flowTodo">{task.fullName || task.flowName}</Link>
        </List.Item>
      )}
    />
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
      return <NoticeWidget count={w.count ?? 5} />;
    case 'todo':
    case 'todoList':
      return <TodoWidget count={w.count ?? 5} />;
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
              rowKey={(_, index) => String(index)}
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
            children: (
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
