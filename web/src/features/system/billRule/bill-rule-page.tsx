import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../../widgets/list/files';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  type BillRule,
  BUSINESS_TYPE,
  billRuleKeys,
  deleteBillRule,
  exportBillRule,
  fetchBillRules,
  importBillRules,
  toggleBillRule,
} from './api';
import { BillRuleDialog } from './bill-rule-dialog';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'system/billRule';

function flatten<T extends { id: string; fullName: string; children?: T[] }>(
  nodes: readonly T[],
  into: Map<string, string>,
) {
  for (const node of nodes) {
    into.set(node.id, node.fullName);
    flatten(node.children ?? [], into);
  }
  return into;
}

function BillRuleList() {
  const { t } = useTranslation('billRule');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const { keyword, search, list, tableProps } = usePagedList({
    queryKey: billRuleKeys.list,
    queryFn: fetchBillRules,
  });
  const categories = useDictionaryEntries(BUSINESS_TYPE);
  const categoryNames = useMemo(() => flatten(categories.data ?? [], new Map()), [categories.data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: billRuleKeys.all });

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });

  const toggle = (row: BillRule) =>
    confirm(Number(row.enabledMark) === 1 ? t('confirm.disable') : t('confirm.enable'), async () => {
      const msg = await toggleBillRule(row.id);
      toastSuccess(msg || t('toggled'), 1);
      await refresh();
    });

  const remove = (row: BillRule) =>
    confirm(t('confirm.delete'), async () => {
      const msg = await deleteBillRule(row.id);
      toastSuccess(msg || t('deleted'), 1.5);
      await refresh();
    });

  const exportRow = (row: BillRule) =>
    confirm(t('confirm.export'), async () => {
      const file = await exportBillRule(row.id);
      if (file?.url) downloadUrl(file.url, file.name);
    });

  const importFile = async () => {
    const file = await chooseFile('.bb');
    if (!file) return;
    setImporting(true);
    try {
      const msg = await importBillRules(file);
      toastSuccess(msg || t('imported'), 1.5);
      await refresh();
    } catch {
      // toast shown
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<BillRule> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      key: 'category',
      width: 120,
      render: (value: string, row) => row.categoryName ?? categoryNames.get(value) ?? value,
    },
    { title: t('fields.startNumber'), dataIndex: 'startNumber', key: 'startNumber', width: 120 },
    {
      title: t('fields.outputNumber'),
      dataIndex: 'outputNumber',
      key: 'outputNumber',
      width: 200,
      render: (value: string | null | undefined) => value || '',
    },
    sortCodeColumn(t('fields.sortCode')),
    stateColumn<BillRule>({
      title: t('fields.enabledMark'),
      enabledText: t('enabled'),
      disabledText: t('disabled'),
      canToggle: () => allowed('btn_state'),
      onToggle: toggle,
    }),
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
            { code: 'btn_export', label: t('actions.export'), onClick: () => exportRow(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="bill-rule-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              {t('actions.add')}
            </AuthButton>
            <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
              {t('actions.import')}
            </AuthButton>
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<BillRule> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1100 }} />
      </div>
      <BillRuleDialog target={dialog} onClose={() => setDialog(null)} />
      {modalHolder}
    </div>
  );
}

/** Bill (serial number) rules, page 'system/billRule'. */
export default function BillRulePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <BillRuleList />
    </PermissionScope>
  );
}
