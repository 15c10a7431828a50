import { PlusOutlined } from '@ant-design/icons';
import type { MessageChannel, MessageTemplateItem } from '@console/shared';
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
import { copyTemplate, deleteTemplate, fetchTemplates, templateKeys } from './api';
import { TemplateDialog } from './template-dialog';

const ADDRESS = 'msgCenter/msgTemplate';

function TemplateList() {
  const { t } = useTranslation('msgCenter');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<KindFilter>({});
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const { keyword, search, firstPage, list, tableProps } = usePagedList({
    filters: filter,
    queryKey: templateKeys.list,
    queryFn: fetchTemplates,
  });
  const commands = useCommands(() => queryClient.invalidateQueries({ queryKey: templateKeys.all }));

  const columns: TableColumnsType<MessageTemplateItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    {
      title: t('fields.templateType'),
      dataIndex: 'templateType',
      key: 'templateType',
      width: 100,
      render: (value: number) => (
        <Tag color={value === 0 ? 'blue' : 'default'}>{t(`templateTypes.${value}`)}</Tag>
      ),
    },
    {
      title: t('fields.messageSource'),
      dataIndex: 'messageSource',
      key: 'messageSource',
      width: 100,
      render: (value: number) => t(`sources.${value}`),
    },
    {
      title: t('fields.messageType'),
      dataIndex: 'messageType',
      key: 'messageType',
      width: 120,
      render: (value: MessageChannel) => t(`channels.${value}`),
    },
    stateColumn({ title: t('fields.enabledMark'), enabledText: t('enabled'), disabledText: t('disabled') }),
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, row) => {
        const copy = commands.actions.copy(() => copyTemplate(row.id));
        // System templates (type 0) can only be copied.
        if (row.templateType === 0) return <RowActions actions={[copy]} />;
        return (
          <RowActions
            actions={[
              commands.actions.edit(() => setDialog({ id: row.id })),
              copy,
              commands.actions.remove(() => deleteTemplate(row.id)),
            ]}
          />
        );
      },
    },
  ];

  return (
    <PagedListPage<MessageTemplateItem>
      testId="msg-template-page"
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={(next) => {
        if (!next) setFilter({});
        search(next);
      }}
      filters={
        <KindFilters
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
      scrollX={1000}
    >
      <TemplateDialog target={dialog} onClose={() => setDialog(null)} />
      {commands.holder}
    </PagedListPage>
  );
}

/** Message templates, page 'msgCenter/msgTemplate'. */
export default function MessageTemplatePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <TemplateList />
    </PermissionScope>
  );
}
