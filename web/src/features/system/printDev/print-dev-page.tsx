import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import { stateColumn } from '../../../widgets/list/columns';
import {
  DesignListFrame,
  designTailColumns,
  useDesignActions,
  useDesignMenu,
} from '../../../widgets/list/design-list';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
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
import './print-dev.css';

const ADDRESS = 'system/printDev';

function PrintDevList() {
  const { t } = useTranslation('printDev');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [category, setCategory] = useState<string | undefined>();
  const [designing, setDesigning] = useState<{ id?: string } | null>(null);
  const [previewing, setPreviewing] = useState<PrintDevItem | null>(null);
  const [logging, setLogging] = useState<PrintDevItem | null>(null);
  const categories = useDictionaryEntries(PRINT_CATEGORY);
  const paged = usePagedList<PrintDevItem, PrintDevQuery>({
    filters: { category: category ?? '' },
    queryKey: printDevKeys.list,
    queryFn: fetchPrintDevs,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: printDevKeys.all });
  const actions = useDesignActions(t, t('done'), refresh);
  const { run } = actions;
  const designMenu = useDesignMenu();
  const more = (row: PrintDevItem) =>
    designMenu({
      t,
      actions,
      copy: () => copyPrintDev(row.id),
      exportFile: () => exportPrintDev(row.id),
      exportConfirm: t('confirm.export'),
      exportCode: 'btn_export',
      beforeDelete: [{ key: 'log', label: t('actions.log'), onClick: () => setLogging(row) }],
      remove: () => deletePrintDev(row.id),
      removeConfirm: t('confirm.delete'),
    });

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
    ...designTailColumns<PrintDevItem>({
      t,
      state: stateColumn<PrintDevItem>({
        title: t('fields.enabledMark'),
        enabledText: t('enabled'),
        disabledText: t('disabled'),
        canToggle: () => allowed('btn_edit'),
        onToggle: (row) =>
          run(Number(row.enabledMark) === 1 ? t('confirm.disable') : t('confirm.enable'), () =>
            togglePrintDev(row.id),
          ),
      }),
      width: 190,
      actions: (row) => [
        { code: 'btn_edit', label: t('actions.design'), onClick: () => setDesigning({ id: row.id }) },
        { code: 'btn_preview', label: t('actions.preview'), onClick: () => setPreviewing(row) },
      ],
      menu: more,
    }),
  ];

  return (
    <DesignListFrame
      t={t}
      testId="print-dev-page"
      paged={paged}
      category={[category, setCategory]}
      categories={categories.data}
      onAdd={() => setDesigning({})}
      importing={actions.importing}
      onImport={() => void actions.importFile('.bp', importPrintDev)}
      dialogs={
        <>
          <PrintDevDesigner target={designing} onClose={() => setDesigning(null)} />
          <PrintPreview template={previewing} onClose={() => setPreviewing(null)} />
          <PrintLogDrawer template={logging} onClose={() => setLogging(null)} />
          {actions.modalHolder}
        </>
      }
    >
      <PagedTable<PrintDevItem> rowKey="id" columns={columns} {...paged.tableProps} scroll={{ x: 1300 }} />
    </DesignListFrame>
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
