import { PlusOutlined } from '@ant-design/icons';
import type { SmsTemplateItem, SystemTemplateItem } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  deleteTemplate,
  fetchTemplates,
  type TemplateItem,
  type TemplateKind,
  type TemplateQuery,
  templateKeys,
  toggleTemplate,
} from './api';
import { SmsTestDialog } from './sms-test-dialog';
import { TemplateDialog } from './template-dialog';
import '../../../widgets/list/list-page.css';

function TemplateList({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation('systemTemplate');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [testing, setTesting] = useState<SmsTemplateItem | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<TemplateItem, TemplateQuery>({
    queryKey: (query) => templateKeys.list(kind, query),
    queryFn: (query) => fetchTemplates(kind, query),
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKeys.all(kind) });

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });

  const toggle = (row: TemplateItem) =>
    confirm(row.enabledMark === 1 ? t('confirm.disable') : t('confirm.enable'), async () => {
      const msg = await toggleTemplate(kind, row.id);
      toastSuccess(msg || t('toggled'), 1.5);
      await refresh();
    });

  const remove = (row: TemplateItem) =>
    confirm(t('confirm.delete'), async () => {
      const msg = await deleteTemplate(kind, row.id);
      toastSuccess(msg || t('deleted'), 1.5);
      await refresh();
    });

  const kindColumns: TableColumnsType<TemplateItem> =
    kind === 'system'
      ? [
          {
            title: t('fields.category'),
            dataIndex: 'category',
            key: 'category',
            width: 100,
            render: (value: number) => t(`categories.${value}`, { defaultValue: String(value) }),
          },
          {
            title: t('fields.title'),
            key: 'title',
            ellipsis: true,
            render: (_, row) => (row as SystemTemplateItem).title,
          },
        ]
      : [
          {
            title: t('fields.accountConfigId'),
            key: 'accountName',
            width: 200,
            ellipsis: true,
            render: (_, row) => {
              const sms = row as SmsTemplateItem;
              return sms.accountName ?? t('accountGone');
            },
          },
          {
            title: t('fields.templateId'),
            key: 'templateId',
            width: 140,
            render: (_, row) => (row as SmsTemplateItem).templateId,
          },
          {
            title: t('fields.signContent'),
            key: 'signContent',
            width: 120,
            render: (_, row) => (row as SmsTemplateItem).signContent || t('accountSign'),
          },
        ];

  const columns: TableColumnsType<TemplateItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 180, ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    ...kindColumns,
    {
      title: t('fields.params'),
      key: 'params',
      width: 200,
      ellipsis: true,
      render: (_, row) => row.params.map((p) => p.fieldName).join('、'),
    },
    sortCodeColumn(t('fields.sortCode')),
    stateColumn<TemplateItem>({
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
      width: kind === 'sms' ? 190 : 130,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
            ...(kind === 'sms'
              ? [
                  {
                    code: 'btn_test',
                    label: t('actions.test'),
                    onClick: () => setTesting(row as SmsTemplateItem),
                  },
                ]
              : []),
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid={`${kind}-template-page`}>
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('actions.add')}
          </AuthButton>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<TemplateItem>
          rowKey="id"
          columns={columns}
          {...tableProps}
          scroll={{ x: kind === 'sms' ? 1500 : 1300 }}
        />
      </div>
      <TemplateDialog kind={kind} target={dialog} onClose={() => setDialog(null)} />
      {kind === 'sms' && <SmsTestDialog template={testing} onClose={() => setTesting(null)} />}
      {modalHolder}
    </div>
  );
}

/** A template list page at its menu address. */
export function TemplatePage({ kind, address }: { kind: TemplateKind; address: string }) {
  return (
    <PermissionScope address={address}>
      <TemplateList kind={kind} />
    </PermissionScope>
  );
}
