import { ClearOutlined } from '@ant-design/icons';
import { formatFileSize } from '@console/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { type CacheItem, cacheKeys, clearCaches, fetchCache, fetchCaches, removeCache } from './api';
import '../../../widgets/list/list-page.css';
import '../log/system-log.css';

const ADDRESS = 'system/cache';

function CacheDetail({ name, onClose }: { name: string | null; onClose(): void }) {
  const { t } = useTranslation('systemCache');
  const detail = useQuery({
    queryKey: cacheKeys.detail(name ?? ''),
    queryFn: () => fetchCache(name ?? ''),
    enabled: name !== null,
    retry: false,
  });
  return (
    <Modal
      open={name !== null}
      title={t('detail.title')}
      width={800}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph strong>{name}</Typography.Paragraph>
      <Typography.Paragraph>
        <pre className="system-log__json" data-testid="cache-value">
          {detail.isLoading ? t('detail.loading') : (detail.data?.value ?? '')}
        </pre>
      </Typography.Paragraph>
    </Modal>
  );
}

function CacheList() {
  const { t } = useTranslation('systemCache');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [keyword, setKeyword] = useState('');
  const [detail, setDetail] = useState<string | null>(null);
  const list = useQuery({
    queryKey: cacheKeys.list(keyword),
    queryFn: () => fetchCaches(keyword),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: cacheKeys.all });
  const confirm = (content: string, action: () => Promise<string>, done: string) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await action()) || done);
        await refresh();
      },
    });

  const columns: TableColumnsType<CacheItem> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('fields.cacheSize'),
      dataIndex: 'cacheSize',
      key: 'cacheSize',
      width: 120,
      align: 'right',
      render: (value: number) => formatFileSize(value),
    },
    {
      title: t('fields.overdueTime'),
      dataIndex: 'overdueTime',
      key: 'overdueTime',
      width: 180,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : t('never')),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_detail', label: t('actions.detail'), onClick: () => setDetail(row.name) },
            {
              code: 'btn_remove',
              label: t('actions.delete'),
              danger: true,
              onClick: () =>
                confirm(t('confirm.delete', { name: row.name }), () => removeCache(row.name), t('deleted')),
            },
          ]}
        />
      ),
    },
  ];

  const rows = list.data?.list ?? [];
  return (
    <div className="list-page" data-testid="system-cache-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={setKeyword} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton
            code="btn_clear"
            danger
            icon={<ClearOutlined />}
            onClick={() => confirm(t('confirm.clear'), clearCaches, t('cleared'))}
          >
            {t('actions.clear')}
          </AuthButton>
          <RefreshButton label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <Table<CacheItem>
          size="middle"
          rowKey="name"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 800 }}
          pagination={{
            defaultPageSize: 20,
            showSizeChanger: true,
            pageSizeOptions: ['20', '50', '100', '500'],
            showTotal: (count) => t('total', { count }),
          }}
        />
      </div>
      <CacheDetail name={detail} onClose={() => setDetail(null)} />
      {modalHolder}
    </div>
  );
}

/** The shared caches of every instance, page 'system/cache'. */
export default function SystemCachePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <CacheList />
    </PermissionScope>
  );
}
