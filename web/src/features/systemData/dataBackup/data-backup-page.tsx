import { CloudUploadOutlined } from '@ant-design/icons';
import type { DataBackupItem } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Modal, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn } from '../../../widgets/list/columns';
import { type PagedAnswer, usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable, type Paging } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'systemData/dataBackup';
const BASE = '/system/DataBackup';
type Query = { keyword: string } & Paging;
const keys = { all: ['dataBackup'] as const, list: (q: Query) => ['dataBackup', 'list', q] as const };

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The restore dialog: the backup's name must be typed before the data is replaced. */
function RestoreDialog({ row, onClose }: { row: DataBackupItem | null; onClose(): void }) {
  const { t } = useTranslation('dataBackup');
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal
      open={Boolean(row)}
      title={t('restore.title')}
      okText={t('restore.ok')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true, disabled: typed.trim() !== row?.fileName, loading: busy }}
      onCancel={close}
      onOk={async () => {
        setBusy(true);
        try {
          const answer = await http.send(`${BASE}/${row!.id}/Actions/Restore`, { method: 'POST' });
          toastSuccess(answer.msg);
          close();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph type="danger">{t('restore.warning')}</Typography.Paragraph>
      <Typography.Paragraph>{t('restore.type', { name: row?.fileName })}</Typography.Paragraph>
      <Input
        aria-label={t('restore.inputLabel')}
        value={typed}
        placeholder={row?.fileName}
        onChange={(e) => setTyped(e.target.value)}
      />
    </Modal>
  );
}

function DataBackupList() {
  const { t } = useTranslation('dataBackup');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [backingUp, setBackingUp] = useState(false);
  const [restoring, setRestoring] = useState<DataBackupItem | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<DataBackupItem, Query>({
    queryKey: keys.list,
    queryFn: (query) => http.get<PagedAnswer<DataBackupItem>>(BASE, { ...query }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.all });

  const backUp = () =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.backup'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setBackingUp(true);
        try {
          toastSuccess((await http.send(BASE, { method: 'POST' })).msg);
          await reload();
        } finally {
          setBackingUp(false);
        }
      },
    });

  const download = async (row: DataBackupItem) => {
    const link = await http.get<{ name: string; url: string }>(row.fileUrl.replace(/^\/api/, ''));
    const anchor = document.createElement('a');
    anchor.href = `/api${link.url.replace(/^\/api/, '')}`;
    anchor.download = link.name;
    anchor.click();
  };

  const remove = (row: DataBackupItem) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete', { name: row.fileName }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        toastSuccess((await http.send(`${BASE}/${row.id}`, { method: 'DELETE' })).msg);
        await reload();
      },
    });

  const columns: TableColumnsType<DataBackupItem> = [
    { title: t('fields.fileName'), dataIndex: 'fileName', key: 'fileName', ellipsis: true },
    { title: t('fields.fileSize'), dataIndex: 'fileSize', key: 'fileSize', width: 110, render: sizeText },
    { title: t('fields.rowCount'), dataIndex: 'rowCount', key: 'rowCount', width: 110 },
    { title: t('fields.migration'), dataIndex: 'migration', key: 'migration', width: 220, ellipsis: true },
    { title: t('fields.creatorUser'), dataIndex: 'creatorUser', key: 'creatorUser', width: 150 },
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_download', label: t('actions.download'), onClick: () => void download(row) },
            {
              code: 'btn_restore',
              label: t('actions.restore'),
              danger: true,
              onClick: () => setRestoring(row),
            },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="data-backup-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_add"
              type="primary"
              icon={<CloudUploadOutlined />}
              loading={backingUp}
              onClick={backUp}
            >
              {t('actions.backup')}
            </AuthButton>
            <Typography.Text type="secondary">{t('hint')}</Typography.Text>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<DataBackupItem>
          rowKey="id"
          columns={columns}
          {...tableProps}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 1100 }}
        />
      </div>
      <RestoreDialog row={restoring} onClose={() => setRestoring(null)} />
      {modalHolder}
    </div>
  );
}

/** Backups of the console's own data, page 'systemData/dataBackup' (system-data.md 6). */
export default function DataBackupPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DataBackupList />
    </PermissionScope>
  );
}
