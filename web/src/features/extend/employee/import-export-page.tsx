import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { EmployeeRow } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { ImportWizard } from '../../../widgets/import-wizard';
import { creatorTimeColumn } from '../../../widgets/list/columns';
import { downloadUrl } from '../../../widgets/list/files';
import type { PagedAnswer } from '../../../widgets/list/paged-list';
import { usePagedList } from '../../../widgets/list/paged-list';
import type { Paging } from '../../../widgets/list/paged-table';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'extend/importAndExport';
const BASE = '/extend/Employee';
type Query = { keyword: string } & Paging;
const keys = {
  all: ['extendEmployee'] as const,
  list: (q: Query) => ['extendEmployee', 'list', q] as const,
};

const day = (epoch: number | null) => (epoch === null ? '' : new Date(epoch).toISOString().slice(0, 10));

function EmployeeList() {
  const { t } = useTranslation('extendImportExport');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { keyword, search, list, tableProps } = usePagedList<EmployeeRow, Query>({
    queryKey: keys.list,
    queryFn: (query) => http.get<PagedAnswer<EmployeeRow>>(BASE, { ...query }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all });

  const exportList = async () => {
    setExporting(true);
    try {
      const file = await http.get<{ name: string; url: string }>(`${BASE}/ExportExcelData`, { keyword });
      if (file?.url) downloadUrl(file.url, file.name);
    } catch {
      // toast shown by the client
    } finally {
      setExporting(false);
    }
  };

  const remove = (row: EmployeeRow) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete', { name: row.fullName }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await http.send(`${BASE}/${row.id}`, { method: 'DELETE' });
          toastSuccess(answer.msg, 1.5);
          await refresh();
        } catch {
          // toast shown by the client
        }
      },
    });

  const text = (key: keyof EmployeeRow, width = 110) => ({
    title: t(`fields.${key}`),
    dataIndex: key,
    key,
    width,
    ellipsis: true,
  });
  const date = (key: 'birthday' | 'attendWorkTime' | 'graduationTime') => ({
    title: t(`fields.${key}`),
    dataIndex: key,
    key,
    width: 120,
    render: (value: number | null) => day(value),
  });
  const columns: TableColumnsType<EmployeeRow> = [
    text('enCode', 100),
    text('fullName', 100),
    text('gender', 70),
    text('departmentName', 130),
    text('positionName'),
    text('workingNature'),
    text('idNumber', 190),
    text('telephone', 130),
    date('birthday'),
    date('attendWorkTime'),
    text('education', 100),
    text('major'),
    text('graduationAcademy', 150),
    date('graduationTime'),
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="import-export-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton
              code="btn_import"
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setImporting(true)}
            >
              {t('actions.import')}
            </AuthButton>
            <AuthButton
              code="btn_export"
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={exportList}
            >
              {t('actions.export')}
            </AuthButton>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<EmployeeRow>
          rowKey="id"
          columns={columns}
          {...tableProps}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 1900 }}
        />
      </div>
      <ImportWizard
        open={importing}
        base={BASE}
        onClose={(changed) => {
          setImporting(false);
          if (changed) void refresh();
        }}
      />
      {modalHolder}
    </div>
  );
}

/** The employee roster with Excel export and the import wizard, page 'extend/importAndExport'. */
export default function ImportExportPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <EmployeeList />
    </PermissionScope>
  );
}
