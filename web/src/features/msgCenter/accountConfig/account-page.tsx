import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ACCOUNT_CATEGORIES, type AccountCategory, type AccountConfigItem } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Space, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../../widgets/list/files';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import '../../../widgets/list/list-page.css';
import { useCommands } from '../shared';
import { AccountDialog } from './account-dialog';
import { accountKeys, copyAccount, deleteAccount, exportAccount, fetchAccounts, importAccount } from './api';
import { summaryOf } from './settings-fields';

const ADDRESS = 'msgCenter/accountConfig';

function AccountList({ category }: { category: AccountCategory }) {
  const { t } = useTranslation('msgCenter');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const { keyword, search, list, tableProps } = usePagedList({
    filters: { type: category },
    queryKey: accountKeys.list,
    queryFn: fetchAccounts,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const commands = useCommands(refresh);

  const importFile = async () => {
    const file = await chooseFile('.json');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess((await importAccount(file)) || t('imported'));
      await refresh();
    } catch {
      // toast shown
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<AccountConfigItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('account.summary'),
      key: 'summary',
      ellipsis: true,
      render: (_, row) => summaryOf(category, row.settings),
    },
    sortCodeColumn(t('fields.sortCode')),
    stateColumn({ title: t('fields.enabledMark'), enabledText: t('enabled'), disabledText: t('disabled') }),
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            commands.actions.edit(() => setDialog({ id: row.id })),
            commands.actions.copy(() => copyAccount(row.id)),
            {
              code: 'btn_export',
              label: t('actions.export'),
              onClick: () =>
                commands.confirm(t('confirm.export'), async () => {
                  const file = await exportAccount(row.id);
                  if (file?.url) downloadUrl(file.url, file.name);
                }),
            },
            commands.actions.remove(() => deleteAccount(row.id)),
          ]}
        />
      ),
    },
  ];

  return (
    <PagedListPage<AccountConfigItem>
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={search}
      toolbar={
        <Space>
          <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('actions.add')}
          </AuthButton>
          <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
            {t('actions.import')}
          </AuthButton>
        </Space>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={tableProps}
      scrollX={1000}
    >
      <AccountDialog category={category} target={dialog} onClose={() => setDialog(null)} />
      {commands.holder}
    </PagedListPage>
  );
}

/** Sending accounts of the message centre, one tab per kind; page 'msgCenter/accountConfig'. */
export default function AccountConfigPage() {
  const { t } = useTranslation('msgCenter');
  const [category, setCategory] = useState<AccountCategory>('mail');
  return (
    <PermissionScope address={ADDRESS}>
      <div className="list-page" data-testid="msg-account-page">
        <Tabs
          activeKey={category}
          onChange={(key) => setCategory(key as AccountCategory)}
          items={ACCOUNT_CATEGORIES.map((c) => ({ key: c, label: t(`categories.${c}`) }))}
          tabBarStyle={{ margin: 0 }}
          style={{ padding: '0 16px', background: '#fff', borderRadius: 6 }}
        />
        <AccountList key={category} category={category} />
      </div>
    </PermissionScope>
  );
}
