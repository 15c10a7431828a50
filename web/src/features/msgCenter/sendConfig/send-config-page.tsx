import { PlusOutlined } from '@ant-design/icons';
import type { SendConfigItem } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creatorTimeColumn, stateColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import '../../../widgets/list/list-page.css';
import { type KindFilter, KindFilters, useCommands } from '../shared';
import { copySendConfig, deleteSendConfig, fetchSendConfigs, sendConfigKeys } from './api';
import { SendConfigDialog } from './send-config-dialog';
import { TestSendDialog } from './test-send-dialog';

const ADDRESS = 'msgCenter/sendConfig';

function SendConfigList() {
  const { t } = useTranslation('msgCenter');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<KindFilter>({});
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const { keyword, search, firstPage, list, tableProps } = usePagedList({
    filters: filter,
    queryKey: sendConfigKeys.list,
    queryFn: fetchSendConfigs,
  });
  const commands = useCommands(() => queryClient.invalidateQueries({ queryKey: sendConfigKeys.all }));

  const columns: TableColumnsType<SendConfigItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('fields.messageSource'),
      dataIndex: 'messageSource',
      key: 'messageSource',
      width: 100,
      render: (value: number) => t(`sources.${value}`),
    },
    {
      title: t('sendConfig.channelsColumn'),
      key: 'channels',
      render: (_, row) =>
        row.templates.map((e) => (
          <Tag
            key={`${e.templateId}/${e.accountConfigId ?? ''}`}
            color={e.enabledMark === 1 ? 'blue' : 'default'}
          >
            {t(`channels.${e.messageType}`)}
          </Tag>
        )),
    },
    stateColumn({ title: t('fields.enabledMark'), enabledText: t('enabled'), disabledText: t('disabled') }),
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            commands.actions.edit(() => setDialog({ id: row.id })),
            { code: 'btn_test', label: t('actions.test'), onClick: () => setTesting(row.id) },
            commands.actions.copy(() => copySendConfig(row.id)),
            commands.actions.remove(() => deleteSendConfig(row.id)),
          ]}
        />
      ),
    },
  ];

  return (
    <PagedListPage<SendConfigItem>
      testId="msg-send-config-page"
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={(next) => {
        if (!next) setFilter({});
        search(next);
      }}
      filters={
        <KindFilters
          withType={false}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            firstPage();
          }}
        />
      }
      toolbar={
        <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('actions.add')}
        </AuthButton>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={tableProps}
      scrollX={1100}
    >
      <SendConfigDialog target={dialog} onClose={() => setDialog(null)} />
      <TestSendDialog configId={testing} onClose={() => setTesting(null)} />
      {commands.holder}
    </PagedListPage>
  );
}

/** Send configurations, page 'msgCenter/sendConfig'. */
export default function SendConfigPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <SendConfigList />
    </PermissionScope>
  );
}
