import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PagedTable, type Paging } from '../../../widgets/list/paged-table';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { fetchTaskLogs, type TaskListItem, type TaskLogQuery, type TaskLogRow, taskKeys } from './api';

const time = (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '');

/** The runs of one task, newest first (drawer, 800 px). */
export function TaskLogs({ task, onClose }: { task: TaskListItem | null; onClose(): void }) {
  const { t } = useTranslation('systemTask');
  const [runResult, setRunResult] = useState<number | ''>('');
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const query: TaskLogQuery = { keyword: '', runResult, ...paging };
  const logs = useQuery({
    queryKey: taskKeys.logs(task?.id ?? '', query),
    queryFn: () => fetchTaskLogs(task?.id ?? '', query),
    enabled: task !== null,
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<TaskLogRow> = [
    { title: t('logs.runTime'), dataIndex: 'runTime', key: 'runTime', width: 170, render: time },
    {
      title: t('logs.duration'),
      key: 'duration',
      width: 110,
      align: 'right',
      render: (_, row) => (row.endTime === null ? '' : t('ms', { value: row.endTime - row.runTime })),
    },
    {
      title: t('logs.runResult'),
      dataIndex: 'runResult',
      key: 'runResult',
      width: 100,
      render: (value: number | null) =>
        value === null ? (
          <Tag color="processing">{t('logs.running')}</Tag>
        ) : value === 0 ? (
          <Tag color="green">{t('logs.success')}</Tag>
        ) : (
          <Tag color="red">{t('logs.failure')}</Tag>
        ),
    },
    {
      title: t('logs.trigger'),
      dataIndex: 'manual',
      key: 'manual',
      width: 100,
      render: (value: number) => (value === 1 ? t('logs.manual') : t('logs.scheduled')),
    },
    {
      title: t('logs.description'),
      dataIndex: 'description',
      key: 'description',
      render: (value: string | null) => (
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ marginBottom: 0 }}>
          {value ?? ''}
        </Typography.Paragraph>
      ),
    },
  ];

  return (
    <Drawer
      open={task !== null}
      size={800}
      title={t('logs.title', { name: task?.fullName ?? '' })}
      onClose={onClose}
      destroyOnHidden
    >
      <div className="list-page__toolbar" data-testid="task-logs">
        <Space>
          <Select<number | ''>
            value={runResult}
            aria-label={t('logs.runResult')}
            style={{ width: 140 }}
            onChange={(value) => {
              setRunResult(value);
              setPaging((old) => ({ ...old, currentPage: 1 }));
            }}
            options={[
              { value: '', label: t('logs.all') },
              { value: 0, label: t('logs.success') },
              { value: 1, label: t('logs.failure') },
            ]}
          />
        </Space>
        <RefreshButton label={t('actions.refresh')} onRefresh={() => void logs.refetch()} />
      </div>
      <PagedTable<TaskLogRow>
        rowKey="id"
        columns={columns}
        dataSource={logs.data?.list ?? []}
        loading={logs.isFetching}
        paging={paging}
        total={logs.data?.pagination.total ?? 0}
        onPageChange={setPaging}
        scroll={{ x: 700 }}
      />
    </Drawer>
  );
}
