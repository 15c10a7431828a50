import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  editRemoveActions,
  MembersDialog,
  type MembersTarget,
  membersAction,
  useRowCommands,
} from '../organize/shared';
import { deleteRole, fetchRoles, type RoleItem, roleKeys, toggleRole } from './api';
import { RoleDialog } from './role-dialog';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'permission/role';

/** The authorisation page for one role (built by the authorize feature). */
export function authorizeAddress(roleId: string): string {
  return `/permission/authorize?${new URLSearchParams({ objectType: 'Role', objectId: roleId })}`;
}

function RoleList() {
  const { t } = useTranslation('role');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [members, setMembers] = useState<MembersTarget | null>(null);
  const { keyword, search, list, tableProps } = usePagedList({
    queryKey: roleKeys.list,
    queryFn: fetchRoles,
  });
  const commands = useRowCommands(() => queryClient.invalidateQueries({ queryKey: roleKeys.all }));

  const columns: TableColumnsType<RoleItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 160, ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 140, ellipsis: true },
    {
      title: t('fields.globalMark'),
      dataIndex: 'globalMark',
      key: 'globalMark',
      width: 90,
      align: 'center',
      render: (value: number) =>
        Number(value) === 1 ? (
          <Tag color="purple">{t('scope.global')}</Tag>
        ) : (
          <Tag color="cyan">{t('scope.organize')}</Tag>
        ),
    },
    { title: t('fields.organizeIds'), dataIndex: 'organizeInfo', key: 'organizeInfo', ellipsis: true },
    sortCodeColumn(t('organize:shared.fields.sortCode')),
    stateColumn<RoleItem>({
      title: t('organize:shared.fields.enabledMark'),
      enabledText: t('organize:shared.enabled'),
      disabledText: t('organize:shared.disabled'),
      canToggle: () => allowed('btn_state'),
      onToggle: (row) => commands.toggle(row, () => toggleRole(row.id)),
    }),
    creatorTimeColumn(t('organize:shared.fields.creatorTime')),
    {
      title: t('organize:shared.actions.title'),
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            ...editRemoveActions(
              t,
              () => setDialog({ id: row.id }),
              () => commands.remove(row.fullName, () => deleteRole(row.id)),
            ),
            {
              code: 'btn_authorize',
              label: t('actions.authorize'),
              onClick: () => navigate(authorizeAddress(row.id)),
            },
            membersAction(t, () => setMembers({ objectType: 'Role', objectId: row.id, name: row.fullName })),
          ]}
        />
      ),
    },
  ];

  return (
    <PagedListPage<RoleItem>
      testId="role-page"
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={search}
      toolbar={
        <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('organize:shared.actions.add')}
        </AuthButton>
      }
      refreshLabel={t('organize:shared.actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={tableProps}
      scrollX={1200}
    >
      <RoleDialog target={dialog} onClose={() => setDialog(null)} />
      <MembersDialog target={members} onClose={() => setMembers(null)} />
      {commands.holder}
    </PagedListPage>
  );
}

/** Global and per-organisation roles, page 'permission/role'. */
export default function RolePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <RoleList />
    </PermissionScope>
  );
}
