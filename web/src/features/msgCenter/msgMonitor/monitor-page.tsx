import { ClearOutlined, DeleteOutlined } from '@ant-design/icons';
import type { MessageChannel, MessageMonitorItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Descriptions, Modal, Space, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import '../../../widgets/list/list-page.css';
import { type KindFilter, KindFilters, useCommands } from '../shared';
import { emptyMonitor, fetchMonitor, fetchMonitorDetail, monitorKeys, removeMonitor } from './api';

const ADDRESS = 'msgCenter/msgMonitor';
const TIME = 'YYYY-MM-DD HH:mm:ss';

function MonitorDetail({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t } = useTranslation('msgCenter');
  const detail = useQuery({
    queryKey: ['msgMonitor', 'detail', id],
    queryFn: () => fetchMonitorDetail(id!),
    enabled: id !== null,
  });
  const row = detail.data;
  return (
    <Modal
      open={id !== null}
      width={700}
      title={t('monitor.detailTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
      loading={detail.isLoading}
      destroyOnHidden
    >
      {row && (
        <Descriptions column={2} bordered size="small" data-testid="monitor-detail">
          <Descriptions.Item label={t('fields.messageType')}>
            {t(`channels.${row.messageType}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.messageSource')}>
            {row.messageSource ? t(`sources.${row.messageSource}`) : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.accountName')}>{row.accountName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('fields.sendTime')}>
            {dayjs(row.sendTime).format(TIME)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.state')} span={2}>
            <Tag color={row.state === 1 ? 'success' : 'error'}>{t(`states.${row.state}`)}</Tag>
          </Descriptions.Item>
          {row.error && (
            <Descriptions.Item label={t('fields.error')} span={2}>
              {row.error}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('fields.receiveUser')} span={2}>
            {row.receiveUser ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.title')} span={2}>
            {row.title ?? ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.content')} span={2}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{row.content ?? ''}</div>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

function MonitorList() {
  const { t } = useTranslation('msgCenter');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<KindFilter>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<string | null>(null);
  const { keyword, search, firstPage, list, tableProps } = usePagedList({
    filters: {
      ...filter,
      startTime: range?.[0]?.startOf('day').valueOf(),
      endTime: range?.[1]?.endOf('day').valueOf(),
    },
    queryKey: monitorKeys.list,
    queryFn: fetchMonitor,
  });
  const commands = useCommands(async () => {
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: monitorKeys.all });
  });

  const columns: TableColumnsType<MessageMonitorItem> = [
    {
      title: t('fields.messageType'),
      dataIndex: 'messageType',
      key: 'messageType',
      width: 120,
      render: (value: MessageChannel) => t(`channels.${value}`),
    },
    {
      title: t('fields.messageSource'),
      dataIndex: 'messageSource',
      key: 'messageSource',
      width: 100,
      render: (value: number | null) => (value ? t(`sources.${value}`) : ''),
    },
    { title: t('fields.title'), dataIndex: 'title', key: 'title', ellipsis: true },
    {
      title: t('fields.receiveUser'),
      dataIndex: 'receiveUser',
      key: 'receiveUser',
      ellipsis: true,
      width: 200,
    },
    {
      title: t('fields.accountName'),
      dataIndex: 'accountName',
      key: 'accountName',
      width: 140,
      ellipsis: true,
    },
    {
      title: t('fields.state'),
      dataIndex: 'state',
      key: 'state',
      width: 90,
      align: 'center',
      render: (value: number) => <Tag color={value === 1 ? 'success' : 'error'}>{t(`states.${value}`)}</Tag>,
    },
    {
      title: t('fields.sendTime'),
      dataIndex: 'sendTime',
      key: 'sendTime',
      width: 170,
      render: (value: number) => dayjs(value).format(TIME),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[{ code: 'btn_detail', label: t('actions.detail'), onClick: () => setDetail(row.id) }]}
        />
      ),
    },
  ];

  return (
    <PagedListPage<MessageMonitorItem>
      testId="msg-monitor-page"
      keyword={keyword}
      placeholder={t('placeholders.keyword')}
      onSearch={(next) => {
        if (!next) {
          setFilter({});
          setRange(null);
        }
        search(next);
      }}
      filters={
        <>
          <KindFilters
            value={filter}
            onChange={(next) => {
              setFilter(next);
              firstPage();
            }}
          />
          <DatePicker.RangePicker
            value={range}
            aria-label={t('monitor.dateRange')}
            onChange={(value) => {
              setRange(value);
              firstPage();
            }}
          />
        </>
      }
      toolbar={
        <Space>
          <AuthButton
            code="btn_remove"
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() =>
              commands.run(
                t('confirm.batchDelete', { count: selected.length }),
                () => removeMonitor(selected),
                t('monitor.removed'),
              )
            }
          >
            {t('actions.batchDelete')}
          </AuthButton>
          <AuthButton
            code="btn_clear"
            icon={<ClearOutlined />}
            onClick={() => commands.run(t('confirm.empty'), emptyMonitor, t('monitor.emptied'))}
          >
            {t('actions.empty')}
          </AuthButton>
        </Space>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={{
        ...tableProps,
        onPageChange: (next) => {
          setSelected([]);
          tableProps.onPageChange(next);
        },
        rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) },
      }}
      scrollX={1100}
    >
      <MonitorDetail id={detail} onClose={() => setDetail(null)} />
      {commands.holder}
    </PagedListPage>
  );
}

/** The send monitor, page 'msgCenter/msgMonitor'. */
export default function MessageMonitorPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <MonitorList />
    </PermissionScope>
  );
}
