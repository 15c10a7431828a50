import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, type TableColumnsType, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/feedback';
import { useDictionaryEntries } from '../../widgets/dictionary-select/dictionary-select';
import { chooseFile, downloadUrl } from '../../widgets/list/files';
import { DEFAULT_PAGE_SIZE, PagedTable, type Paging } from '../../widgets/list/paged-table';
import { Auth, AuthButton, PermissionScope, useButtonPermission } from '../../widgets/list/permission';
import { SearchBar } from '../../widgets/list/search-bar';
import {
  type BillRule,
  billRuleKeys,
  deleteBillRule,
  exportBillRule,
  fetchBillRules,
  importBillRules,
  toggleBillRule,
} from './api';
import { BillRuleDialog, BUSINESS_TYPE } from './bill-rule-dialog';
import '../../widgets/list/list-page.css';
import { StateCell } from '../../widgets/list/state-cell';

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
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const query = { keyword, ...paging };
  const list = useQuery({
    queryKey: billRuleKeys.list(query),
    queryFn: () => fetchBillRules(query),
    placeholderData: keepPreviousData,
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
    { title: t('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 70, align: 'center' },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      align: 'center',
      render: (value: number, row) => (
        <StateCell
          enabled={Number(value) === 1}
          canToggle={allowed('btn_state')}
          label={t('fields.enabledMark')}
          enabledText={t('enabled')}
          disabledText={t('disabled')}
          onToggle={() => toggle(row)}
        />
      ),
    },
    {
      title: t('fields.creatorTime'),
      dataIndex: 'creatorTime',
      key: 'creatorTime',
      width: 150,
      render: (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setDialog({ id: row.id })}>
              {t('actions.edit')}
            </Button>
          </Auth>
          <Auth code="btn_remove">
            <Button type="link" size="small" danger onClick={() => remove(row)}>
              {t('actions.delete')}
            </Button>
          </Auth>
          <Auth code="btn_export">
            <Button type="link" size="small" onClick={() => exportRow(row)}>
              {t('actions.export')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="bill-rule-page">
      <div className="list-page__search">
        <SearchBar
          keyword={keyword}
          placeholder={t('keyword')}
          onSearch={(next) => {
            setKeyword(next);
            setPaging((old) => ({ ...old, currentPage: 1 }));
          }}
        />
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
          <Tooltip title={t('actions.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('actions.refresh')}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
        </div>
        <PagedTable<BillRule>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          paging={paging}
          total={list.data?.pagination.total ?? 0}
          onPageChange={setPaging}
          scroll={{ x: 1100 }}
        />
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
