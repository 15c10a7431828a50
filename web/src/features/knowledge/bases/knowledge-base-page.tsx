import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useSession } from '../../../base/session/session-store';
import { creatorTimeColumn, sortCodeColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { type RowAction, RowActions } from '../../../widgets/list/row-actions';
import '../../../widgets/list/list-page.css';
import { AdminSettings } from './admin-settings';
import { deleteBase, fetchBases, type KnowledgeBase, knowledgeKeys } from './api';
import { BaseDetail } from './base-detail';
import { BaseDialog, type BaseDialogTarget } from './base-dialog';
import { useConfirm } from './confirm';
import './knowledge-base.css';

/** Address of this page in the menu. */
export const KNOWLEDGE_BASE_ADDRESS = 'questionAnswering/zskManagement';

function BaseList() {
  const { t } = useTranslation('knowledgeBase');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const isAdministrator = useSession((state) => Boolean(state.userInfo?.isAdministrator));
  const { confirm, holder } = useConfirm();
  const [dialog, setDialog] = useState<BaseDialogTarget | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [adminOpen, setAdminOpen] = useState(false);
  const { keyword, search, list, tableProps } = usePagedList({
    queryKey: knowledgeKeys.bases,
    queryFn: fetchBases,
  });

  /** Row actions that need manage on the base (everyone listed may open it for the hit test). */
  const manageActions = (base: KnowledgeBase): RowAction[] =>
    base.canManage
      ? [
          { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: base.id }) },
          {
            code: 'btn_remove',
            label: t('actions.delete'),
            danger: true,
            onClick: () =>
              confirm(t('confirm.deleteBase', { name: base.fullName }), async () => {
                toastSuccess((await deleteBase(base.id)) || t('deleted'));
                await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
              }),
          },
        ]
      : [];

  const columns: TableColumnsType<KnowledgeBase> = [
    {
      title: t('fields.fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
      width: 220,
      ellipsis: true,
      render: (name: string, base) => (
        <Button type="link" size="small" className="kb-name-link" onClick={() => setDetail(base.id)}>
          {name}
        </Button>
      ),
    },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    { title: t('fields.docCount'), dataIndex: 'docCount', key: 'docCount', width: 90, align: 'center' },
    { title: t('fields.chunkCount'), dataIndex: 'chunkCount', key: 'chunkCount', width: 90, align: 'center' },
    {
      title: t('fields.access'),
      key: 'access',
      width: 90,
      align: 'center',
      render: (_, base) =>
        base.canManage ? (
          <Tag color="gold">{t('grants.manage')}</Tag>
        ) : (
          <Tag color="blue">{t('grants.use')}</Tag>
        ),
    },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 80,
      align: 'center',
      render: (value: number) =>
        Number(value) === 1 ? (
          <Tag color="success">{t('enabled')}</Tag>
        ) : (
          <Tag color="error">{t('disabled')}</Tag>
        ),
    },
    sortCodeColumn(t('fields.sortCode')),
    { title: t('fields.creatorUserName'), dataIndex: 'creatorUserName', key: 'creatorUserName', width: 110 },
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_, base) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(base.id)}>
            {t('actions.open')}
          </Button>
          <RowActions actions={manageActions(base)} />
        </Space>
      ),
    },
  ];

  return (
    <PagedListPage<KnowledgeBase>
      testId="kb-page"
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={search}
      toolbar={
        <Space>
          <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('actions.add')}
          </AuthButton>
          {(isAdministrator || allowed('btn_edit')) && (
            <Button icon={<SettingOutlined />} onClick={() => setAdminOpen(true)}>
              {t('admin.title')}
            </Button>
          )}
        </Space>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={tableProps}
      scrollX={1200}
    >
      <BaseDialog target={dialog} onClose={() => setDialog(null)} />
      <BaseDetail
        baseId={detail}
        onClose={() => setDetail(null)}
        onEdit={(tab) => setDialog({ id: detail ?? '', tab })}
      />
      <AdminSettings open={adminOpen} isAdministrator={isAdministrator} onClose={() => setAdminOpen(false)} />
      {holder}
    </PagedListPage>
  );
}

/** Knowledge bases (page 'questionAnswering/zskManagement'): list, detail drawer, retrieval settings. */
export default function KnowledgeBasePage() {
  return (
    <PermissionScope address={KNOWLEDGE_BASE_ADDRESS}>
      <BaseList />
    </PermissionScope>
  );
}
