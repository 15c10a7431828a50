import type { DataReportItem } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import {
  DesignListFrame,
  designTailColumns,
  useDesignActions,
  useDesignMenu,
} from '../../../widgets/list/design-list';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { PermissionScope } from '../../../widgets/list/permission';
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
import '../../../widgets/list/list-page.css';

function DataReportList() {
  const { t } = useTranslation('dataReport');
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<string | undefined>();
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const categories = useDictionaryEntries(REPORT_CATEGORY);
  const paged = usePagedList<DataReportItem, DataReportQuery>({
    filters: { categoryId: category ?? '' },
    queryKey: designKeys.list,
    queryFn: fetchReports,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: designKeys.all });
  const actions = useDesignActions(t, t('done'), refresh);
  const designMenu = useDesignMenu();
  const more = (row: DataReportItem) =>
    designMenu({
      t,
      actions,
      copy: () => copyReport(row.id),
      exportFile: () => exportReportFile(row.id),
      remove: () => deleteReport(row.id),
      removeConfirm: t('confirm.delete', { name: row.fullName }),
    });

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
    ...designTailColumns<DataReportItem>({
      t,
      state: {
        title: t('fields.enabledMark'),
        dataIndex: 'enabledMark',
        key: 'enabledMark',
        width: 80,
        render: (value: number) => (value === 1 ? t('enabled') : t('disabled')),
      },
      width: 150,
      actions: (row) => [
        { code: 'btn_edit', label: t('actions.design'), onClick: () => setDesigning({ id: row.id }) },
      ],
      menu: more,
    }),
  ];

  return (
    <DesignListFrame
      t={t}
      testId="data-report-page"
      paged={paged}
      category={[category, setCategory]}
      categories={categories.data}
      onAdd={() => setDesigning({})}
      importCode="btn_add"
      importing={actions.importing}
      onImport={() => void actions.importFile('.dr', importReportFile)}
      dialogs={
        <>
          <ReportDesigner target={designing} onClose={() => setDesigning(null)} />
          {actions.modalHolder}
        </>
      }
    >
      <PagedTable<DataReportItem> rowKey="id" columns={columns} {...paged.tableProps} scroll={{ x: 1200 }} />
    </DesignListFrame>
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
