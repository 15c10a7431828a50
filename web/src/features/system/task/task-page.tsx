import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Modal, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess, toastWarning } from '../../../base/api/feedback';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  deleteTask,
  fetchTasks,
  runTask,
  setTaskEnabled,
  type TaskListItem,
  type TaskQuery,
  taskKeys,
} from './api';
import { TaskDialog } from './task-dialog';
import { TaskLogs } from './task-logs';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'system/task';
const time = (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '');

function TaskList() {
  const { t } = useTranslation('systemTask');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [logsOf, setLogsOf] = useState<TaskListItem | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<TaskListItem, TaskQuery>({
    queryKey: taskKeys.list,
    queryFn: fetchTasks,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: taskKeys.all });

  const confirm = (content: string, action: () => Promise<string>, done: string) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await action()) || done);
        await refresh();
      },
    });

  const run = (row: TaskListItem) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.run', { name: row.fullName }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        const answer = await runTask(row.id);
        if (answer.data.runResult === 0) toastSuccess(answer.msg || t('ranOk'));
        else toastWarning(answer.msg || t('ranFailed'));
        await refresh();
      },
    });

  const columns: TableColumnsType<TaskListItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', width: 180, ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160, ellipsis: true },
    {
      title: t('fields.executeType'),
      dataIndex: 'executeType',
      key: 'executeType',
      width: 110,
      render: (value: string) => t(`types.${value}`),
    },
    { title: t('fields.runCount'), dataIndex: 'runCount', key: 'runCount', width: 100, align: 'right' },
    {
      title: t('fields.lastRunTime'),
      dataIndex: 'lastRunTime',
      key: 'lastRunTime',
      width: 170,
      render: time,
    },
    {
      title: t('fields.nextRunTime'),
      dataIndex: 'nextRunTime',
      key: 'nextRunTime',
      width: 170,
      render: time,
    },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 100,
      align: 'center',
      render: (value: number) =>
        value === 1 ? <Tag color="green">{t('running')}</Tag> : <Tag>{t('stopped')}</Tag>,
    },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 300,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
            { code: 'btn_start', label: t('actions.run'), onClick: () => run(row) },
            row.enabledMark === 1
              ? {
                  code: 'btn_stop',
                  label: t('actions.stop'),
                  onClick: () =>
                    confirm(t('confirm.stop'), () => setTaskEnabled(row.id, false), t('stoppedOk')),
                }
              : {
                  code: 'btn_start',
                  label: t('actions.start'),
                  onClick: () =>
                    confirm(t('confirm.start'), () => setTaskEnabled(row.id, true), t('startedOk')),
                },
            { code: 'btn_log', label: t('actions.logs'), onClick: () => setLogsOf(row) },
            {
              code: 'btn_remove',
              label: t('actions.delete'),
              danger: true,
              onClick: () => confirm(t('confirm.delete'), () => deleteTask(row.id), t('deleted')),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <PagedListPage<TaskListItem>
      testId="system-task-page"
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={search}
      toolbar={
        <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('actions.add')}
        </AuthButton>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={tableProps}
      scrollX={1500}
    >
      <TaskDialog target={dialog} onClose={() => setDialog(null)} />
      <TaskLogs task={logsOf} onClose={() => setLogsOf(null)} />
      {modalHolder}
    </PagedListPage>
  );
}

/** Scheduled tasks, page 'system/task'. */
export default function SystemTaskPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <TaskList />
    </PermissionScope>
  );
}
