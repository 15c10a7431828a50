import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { creatorTimeColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import { editRemoveActions, useRowCommands } from '../organize/shared';
import { deleteGradeAdmin, fetchGradeAdmins, type GradeAdminItem, gradeKeys } from './api';
import { GradeDialog } from './grade-dialog';
import '../../../widgets/list/list-page.css';
import '../organize/permission.css';

const ADDRESS = 'permission/gradeManage';

function GradeList() {
  const { t } = useTranslation('gradeManage');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ userId?: string } | null>(null);
  const { keyword, search, list, tableProps } = usePagedList({
    queryKey: gradeKeys.list,
    queryFn: fetchGradeAdmins,
  });
  const commands = useRowCommands(() => queryClient.invalidateQueries({ queryKey: gradeKeys.all }));

  const columns: TableColumnsType<GradeAdminItem> = [
    { title: t('fields.account'), dataIndex: 'account', key: 'account', width: 140, ellipsis: true },
    { title: t('fields.realName'), dataIndex: 'realName', key: 'realName', width: 120, ellipsis: true },
    {
      title: t('fields.gender'),
      dataIndex: 'gender',
      key: 'gender',
      width: 70,
      align: 'center',
      render: (value: number | null) =>
        value === 1 ? t('gender.male') : value === 2 ? t('gender.female') : '',
    },
    { title: t('fields.mobilePhone'), dataIndex: 'mobilePhone', key: 'mobilePhone', width: 130 },
    { title: t('fields.organizeName'), dataIndex: 'organizeName', key: 'organizeName', ellipsis: true },
    creatorTimeColumn(t('organize:shared.fields.creatorTime')),
    {
      title: t('organize:shared.actions.title'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={editRemoveActions(
            t,
            () => setDialog({ userId: row.userId || row.id }),
            () =>
              commands.run(
                t('confirm.delete', { name: row.realName }),
                () => deleteGradeAdmin(row.id),
                t('organize:shared.deleted'),
              ),
          )}
        />
      ),
    },
  ];

  return (
    <PagedListPage<GradeAdminItem>
      testId="grade-page"
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
      <GradeDialog target={dialog} onClose={() => setDialog(null)} />
      {commands.holder}
    </PagedListPage>
  );
}

/** Grade administrators (each manages only its units and those below), page 'permission/gradeManage'. */
export default function GradePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <GradeList />
    </PermissionScope>
  );
}
