import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  editRemoveActions,
  MembersDialog,
  type MembersTarget,
  membersAction,
  useRowCommands,
} from '../organize/shared';
import { deleteGroup, fetchGroups, type GroupItem, groupKeys } from './api';
import { GroupDialog } from './group-dialog';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'permission/group';

function GroupList() {
  const { t } = useTranslation('group');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [members, setMembers] = useState<MembersTarget | null>(null);
  const { keyword, search, list, tableProps } = usePagedList({
    queryKey: groupKeys.list,
    queryFn: fetchGroups,
  });
  const commands = useRowCommands(() => queryClient.invalidateQueries({ queryKey: groupKeys.all }));

  const columns: TableColumnsType<GroupItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 180, ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 140, ellipsis: true },
    { title: t('fields.type'), dataIndex: 'type', key: 'type', width: 120, ellipsis: true },
    {
      title: t('organize:shared.fields.description'),
      dataIndex: 'description',
      key: 'description',
      ellipsis: true,
    },
    sortCodeColumn(t('organize:shared.fields.sortCode')),
    stateColumn({
      title: t('organize:shared.fields.enabledMark'),
      enabledText: t('organize:shared.enabled'),
      disabledText: t('organize:shared.disabled'),
    }),
    creatorTimeColumn(t('organize:shared.fields.creatorTime')),
    {
      title: t('organize:shared.actions.title'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            ...editRemoveActions(
              t,
              () => setDialog({ id: row.id }),
              () => commands.remove(row.fullName, () => deleteGroup(row.id)),
            ),
            membersAction(t, () => setMembers({ objectType: 'Group', objectId: row.id, name: row.fullName })),
          ]}
        />
      ),
    },
  ];

  return (
    <PagedListPage<GroupItem>
      testId="group-page"
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
      scrollX={1000}
    >
      <GroupDialog target={dialog} onClose={() => setDialog(null)} />
      <MembersDialog target={members} onClose={() => setMembers(null)} />
      {commands.holder}
    </PagedListPage>
  );
}

/** Groups of users, page 'permission/group'. */
export default function GroupPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <GroupList />
    </PermissionScope>
  );
}
