import { Drawer, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { SearchBar } from '../../../widgets/list/search-bar';
import { fetchPrintLogs, type PrintLogItem, type PrintLogQuery, printDevKeys } from './api';

function PrintLogList({ id }: { id: string }) {
  const { t } = useTranslation('printDev');
  const { keyword, search, tableProps } = usePagedList<PrintLogItem, PrintLogQuery>({
    queryKey: (query) => printDevKeys.logs(id, query),
    queryFn: (query) => fetchPrintLogs(id, query),
  });
  const columns: TableColumnsType<PrintLogItem> = [
    { title: t('log.printTitle'), dataIndex: 'printTitle', key: 'printTitle', ellipsis: true },
    { title: t('log.printMan'), dataIndex: 'printMan', key: 'printMan', width: 160 },
    {
      title: t('log.printTime'),
      dataIndex: 'printTime',
      key: 'printTime',
      width: 170,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('log.printNum'), dataIndex: 'printNum', key: 'printNum', width: 90 },
  ];
  return (
    <>
      <SearchBar keyword={keyword} placeholder={t('log.keyword')} onSearch={search} />
      <PagedTable<PrintLogItem> rowKey="id" columns={columns} {...tableProps} />
    </>
  );
}

/** The print log of one template (GET /api/system/printLog/{id}). */
export function PrintLogDrawer({
  template,
  onClose,
}: {
  template: { id: string; fullName: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('printDev');
  return (
    <Drawer
      open={template !== null}
      title={t('log.title', { name: template?.fullName ?? '' })}
      size={800}
      onClose={onClose}
      destroyOnHidden
    >
      {template && <PrintLogList id={template.id} />}
    </Drawer>
  );
}
