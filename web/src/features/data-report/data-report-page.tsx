import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { DataReportItem } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Modal, Space, type TableColumnsType, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/feedback';
import { useDictionaryEntries } from '../../widgets/dictionary-select/dictionary-select';
import { creatorTimeColumn, sortCodeColumn } from '../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../widgets/list/files';
import { usePagedList } from '../../widgets/list/paged-list';
import { PagedTable } from '../../widgets/list/paged-table';
import { AuthButton, PermissionScope, useButtonPermission } from '../../widgets/list/permission';
import { RefreshButton } from '../../widgets/list/refresh-button';
import { RowActions } from '../../widgets/list/row-actions';
import { SearchBar } from '../../widgets/list/search-bar';
import {
  copyReport,
  type DataReportQuery,
  deleteReport,
  designKeys,
  exportReportFile,
  fetchReports,
  importReportFile,
} from './api';
import { REPORT_CATEGORY, ReportDesigner } from './report-designer';
import '../../widgets/list/list-page.css';

function DataReportList() {
  const { t } = useTranslation('dataReport');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [category, setCategory] = useState<string | undefined>();
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const categories = useDictionaryEntries(REPORT_CATEGORY);
  const { keyword, search, firstPage, list, tableProps } = usePagedList<DataReportItem, DataReportQuery>({
    filters: { categoryId: category ?? '' },
    queryKey: designKeys.list,
    queryFn: fetchReports,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: designKeys.all });
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
      toastSuccess((await action()) || t('done'));
      await refresh();
    });
  const importFile = async () => {
    const file = await chooseFile('.dr');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess((await importReportFile(file)) || t('done'));
      await refresh();
    } catch {
      // the client showed the server's message
    } finally {
      setImporting(false);
    }
  };

  const more = (row: DataReportItem) =>
    [
      allowed('btn_copy') && {
        key: 'copy',
        label: t('actions.copy'),
        onClick: () => run(t('confirm.copy'), () => copyReport(row.id)),
      },
      {
        key: 'export',
        label: t('actions.export'),
        onClick: async () => {
          const file = await exportReportFile(row.id);
          downloadUrl(file.url, file.name);
        },
      },
      allowed('btn_remove') && {
        key: 'delete',
        label: t('actions.delete'),
        danger: true,
        onClick: () => run(t('confirm.delete', { name: row.fullName }), () => deleteReport(row.id)),
      },
    ].filter((item) => !!item);

  const columns: TableColumnsType<DataReportItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('fields.category'),
      dataIndex: 'categoryName',
      key: 'category',
      width: 120,
      render: (value: string | null, row) => value ?? row.categoryId,
    },
    {
      title: t('fields.interface'),
      dataIndex: 'interfaceName',
      key: 'interface',
      width: 180,
      ellipsis: true,
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
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      render: (value: number) => (value === 1 ? t('enabled') : t('disabled')),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <RowActions
            actions={[
              { code: 'btn_edit', label: t('actions.design'), onClick: () => setDesigning({ id: row.id }) },
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
    <div className="list-page" data-testid="data-report-page">
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
            <AuthButton code="btn_add" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
              {t('actions.import')}
            </AuthButton>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<DataReportItem> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1200 }} />
      </div>
      <ReportDesigner target={designing} onClose={() => setDesigning(null)} />
      {modalHolder}
    </div>
  );
}

/** Report design, page 'onlineDev/dataReport' (other.md 3). */
export default function DataReportPage() {
  return (
    <PermissionScope address="onlineDev/dataReport">
      <DataReportList />
    </PermissionScope>
  );
}
