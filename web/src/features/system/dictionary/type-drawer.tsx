import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Modal, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { chooseFile, downloadUrl } from '../../../widgets/list/files';
import { AuthButton } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import { parentIds, pruneEmptyChildren } from '../../../widgets/list/tree';
import { type DictionaryType, deleteType, dictionaryKeys, exportType, fetchTypes, importTypes } from './api';
import { TypeDialog } from './type-dialog';

/** Category management drawer (700 px) of console.md 2.6. */
export function TypeDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('dictionary');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const types = useQuery({ queryKey: dictionaryKeys.types(), queryFn: fetchTypes, enabled: open });
  const rows = useMemo(() => pruneEmptyChildren(types.data), [types.data]);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const expandedKeys = expanded ?? parentIds(rows);

  const refresh = () => queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });

  const remove = (row: DictionaryType) => {
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const msg = await deleteType(row.id);
        toastSuccess(msg || t('deleted'), 1.5);
        await refresh();
      },
    });
  };

  const exportRow = (row: DictionaryType) => {
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.export'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const file = await exportType(row.id);
        if (file?.url) downloadUrl(file.url, file.name);
      },
    });
  };

  const importFile = async () => {
    const file = await chooseFile('.bdd');
    if (!file) return;
    setImporting(true);
    try {
      const msg = await importTypes(file);
      toastSuccess(msg || t('imported'), 1.5);
      await refresh();
    } catch {
      // toast shown
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<DictionaryType> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' },
    {
      title: t('fields.isTree'),
      dataIndex: 'isTree',
      key: 'isTree',
      width: 80,
      align: 'center',
      render: (value: number) =>
        Number(value) === 1 ? <Tag color="success">{t('yes')}</Tag> : <Tag color="error">{t('no')}</Tag>,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 150,
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_category', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
            { code: 'btn_category', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
            { code: 'btn_export', label: t('actions.export'), onClick: () => exportRow(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={700}
      title={t('type.drawerTitle')}
      className="dictionary-type-drawer"
      extra={
        <Space>
          <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
            {t('actions.import')}
          </AuthButton>
          <AuthButton
            code="btn_category"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({})}
          >
            {t('actions.add')}
          </AuthButton>
          <Tooltip title={t('actions.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('actions.refresh')}
              onClick={() => types.refetch()}
            />
          </Tooltip>
        </Space>
      }
    >
      <Table<DictionaryType>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={types.isFetching}
        pagination={false}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
      />
      <TypeDialog target={dialog} onClose={() => setDialog(null)} onSaved={() => undefined} />
      {modalHolder}
    </Drawer>
  );
}
