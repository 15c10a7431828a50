import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Modal, Space, type TableColumnsType, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/feedback';
import { useDictionaryEntries } from '../../widgets/dictionary-select/dictionary-select';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../widgets/list/files';
import { usePagedList } from '../../widgets/list/paged-list';
import { PagedTable } from '../../widgets/list/paged-table';
import { AuthButton, PermissionScope, useButtonPermission } from '../../widgets/list/permission';
import { RefreshButton } from '../../widgets/list/refresh-button';
import { RowActions } from '../../widgets/list/row-actions';
import { SearchBar } from '../../widgets/list/search-bar';
import {
  copyPrintDev,
  deletePrintDev,
  exportPrintDev,
  fetchPrintDevs,
  importPrintDev,
  type PrintDevItem,
  type PrintDevQuery,
  printDevKeys,
  togglePrintDev,
} from './api';
import { PRINT_CATEGORY, PrintDevDesigner } from './print-dev-designer';
import { PrintLogDrawer } from './print-log-drawer';
import { PrintPreview } from './print-preview';
import '../../widgets/list/list-page.css';
import './print-dev.css';

const ADDRESS = 'system/printDev';

function PrintDevList() {
  const { t } = useTranslation('printDev');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [category, setCategory] = useState<string | undefined>();
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const [previewing, setPreviewing] = useState<PrintDevItem | null>(null);
  const [logging, setLogging] = useState<PrintDevItem | null>(null);
  const [importing, setImporting] = useState(false);
  const categories = useDictionaryEntries(PRINT_CATEGORY);
  const { keyword, search, firstPage, list, tableProps } = usePagedList<PrintDevItem, PrintDevQuery>({
    filters: { category: category ?? '' },
    queryKey: printDevKeys.list,
    queryFn: fetchPrintDevs,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: printDevKeys.all });
  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });
  const run = (content: string, action: () => Promise<string | undefined>) =>
    confirm(content, async () => {
      const msg = await action();
      toastSuccess(msg || t('done'));
      await refresh();
    });

  const importFile = async () => {
    const file = await chooseFile('.bp');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess((await importPrintDev(file)) || t('done'));
      await refresh();
    } catch {
      // the client showed the server's message
    } finally {
      setImporting(false);
    }
  };

  const more = (row: PrintDevItem) =>
    [
      allowed('btn_copy') && {
        key: 'copy',
        label: t('actions.copy'),
        onClick: () => run(t('confirm.copy'), () => copyPrintDev(row.id)),
      },
      allowed('btn_export') && {
        key: 'export',
        label: t('actions.export'),
        onClick: () =>
          confirm(t('confirm.export'), async () => {
            const file = await exportPrintDev(row.id);
            if (file?.url) downloadUrl(file.url, file.name);
          }),
      },
      { key: 'log', label: t('actions.log'), onClick: () => setLogging(row) },
      allowed('btn_remove') && {
        key: 'delete',
        label: t('actions.delete'),
        danger: true,
        onClick: () => run(t('confirm.delete'), () => deletePrintDev(row.id)),
      },
    ].filter((item) => !!item);

  const columns: TableColumnsType<PrintDevItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('fields.category'),
      dataIndex: 'categoryName',
      key: 'category',
      width: 120,
      render: (value: string | null, row) => value ?? row.category,
    },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      width: 100,
      render: (value: number) => t(`types.${value}`),
    },
    {
      title: t('fields.creatorUser'),
      dataIndex: 'creatorUser',
      key: 'creatorUser',
      width: 140,
      ellipsis: true,
    },
    creatorTimeColumn(t('fields.creatorTime')),
    sortCodeColumn(t('fields.sortCode')),
    stateColumn<PrintDevItem>({
      title: t('fields.enabledMark'),
      enabledText: t('enabled'),
      disabledText: t('disabled'),
      canToggle: () => allowed('btn_edit'),
      onToggle: (row) =>
        run(Number(row.enabledMark) === 1 ? t('confirm.disable') : t('confirm.enable'), () =>
          togglePrintDev(row.id),
        ),
    }),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <RowActions
            actions={[
              { code: 'btn_edit', label: t('actions.design'), onClick: () => setDesigning({ id: row.id }) },
              { code: 'btn_preview', label: t('actions.preview'), onClick: () => setPreviewing(row) },
            ]}
          />
          <Dropdown menu={{ items: more(row) }} trigger={['click']}>
            <Button type="link" size="small" aria-label={`${t('actions.more')} ${row.fullName}`}>
              {t('actions.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="print-dev-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search}>
          <TreeSelect
            aria-label={t('fields.category')}
            style={{ width: 200 }}
            allowClear
            value={category}
            placeholder={t('allCategories')}
            treeData={categories.data ?? []}
            fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            onChange={(value) => {
              setCategory(value ?? undefined);
              firstPage();
            }}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDesigning({})}
            >
              {t('actions.add')}
            </AuthButton>
            <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
              {t('actions.import')}
            </AuthButton>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<PrintDevItem> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1300 }} />
      </div>
      <PrintDevDesigner target={designing} onClose={() => setDesigning(null)} />
      <PrintPreview template={previewing} onClose={() => setPreviewing(null)} />
      <PrintLogDrawer template={logging} onClose={() => setLogging(null)} />
      {modalHolder}
    </div>
  );
}

/** Print templates, page 'system/printDev' (system-admin.md 7). */
export default function PrintDevPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <PrintDevList />
    </PermissionScope>
  );
}
