import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Modal, Progress, Space, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  deleteGantt,
  fetchProjects,
  fetchTasks,
  ganttKeys,
  type ProjectQuery,
  type ProjectRow,
  type ProjectTaskNode,
} from './api';
import { GanttChart } from './gantt-chart';
import { GanttDialog, type GanttTarget } from './gantt-dialog';
import '../../../widgets/list/list-page.css';
import './project-gantt.css';

const ADDRESS = 'extend/projectGantt';
const day = (value: number) => dayjs(value).format('YYYY-MM-DD');
const STATE_COLOURS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'warning' };

/** The tree for the task table: a task without subtasks has no children (so no expand icon). */
const tableRows = (nodes: readonly ProjectTaskNode[]): ProjectTaskNode[] =>
  nodes.map((node) =>
    node.children.length
      ? { ...node, children: tableRows(node.children) }
      : ({ ...node, children: undefined } as unknown as ProjectTaskNode),
  );

function ProjectGanttList() {
  const { t } = useTranslation('extendProjectGantt');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<GanttTarget | null>(null);
  const [open, setOpen] = useState<ProjectRow | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<ProjectRow, ProjectQuery>({
    queryKey: ganttKeys.list,
    queryFn: fetchProjects,
  });
  const tasks = useQuery({
    queryKey: ganttKeys.tasks(open?.id ?? ''),
    queryFn: () => fetchTasks(open?.id ?? ''),
    enabled: !!open,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ganttKeys.all });

  const remove = (id: string, content: string) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        toastSuccess(await deleteGantt(id), 1.5);
        await refresh();
      },
    });

  const managers = (row: { managersInfo: { realName: string }[] }) =>
    row.managersInfo.map((m) => m.realName).join('、');

  const columns: TableColumnsType<ProjectRow> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 120 },
    {
      title: t('fields.managers'),
      key: 'managers',
      width: 160,
      ellipsis: true,
      render: (_, row) => managers(row),
    },
    { title: t('fields.startTime'), dataIndex: 'startTime', key: 'startTime', width: 110, render: day },
    { title: t('fields.endTime'), dataIndex: 'endTime', key: 'endTime', width: 110, render: day },
    {
      title: t('fields.schedule'),
      dataIndex: 'schedule',
      key: 'schedule',
      width: 150,
      render: (value: number) => <Progress percent={value} size="small" />,
    },
    {
      title: t('fields.state'),
      dataIndex: 'state',
      key: 'state',
      width: 90,
      render: (value: number) => <Tag color={STATE_COLOURS[value]}>{t(`state.${value}`)}</Tag>,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_detail', label: t('actions.tasks'), onClick: () => setOpen(row) },
            {
              code: 'btn_edit',
              label: t('actions.edit'),
              onClick: () => setDialog({ kind: 'project', row }),
            },
            {
              code: 'btn_remove',
              label: t('actions.delete'),
              danger: true,
              onClick: () => remove(row.id, t('confirm.deleteProject', { name: row.fullName })),
            },
          ]}
        />
      ),
    },
  ];

  const taskColumns: TableColumnsType<ProjectTaskNode> = [
    { title: t('fields.task'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.startTime'), dataIndex: 'startTime', key: 'startTime', width: 110, render: day },
    { title: t('fields.endTime'), dataIndex: 'endTime', key: 'endTime', width: 110, render: day },
    { title: t('fields.timeLimit'), dataIndex: 'timeLimit', key: 'timeLimit', width: 80 },
    {
      title: t('fields.schedule'),
      dataIndex: 'schedule',
      key: 'schedule',
      width: 130,
      render: (value: number) => <Progress percent={value} size="small" />,
    },
    {
      title: t('fields.managers'),
      key: 'managers',
      width: 140,
      ellipsis: true,
      render: (_, row) => managers(row),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 210,
      render: (_, row) =>
        open && (
          <RowActions
            actions={[
              {
                code: 'btn_add',
                label: t('actions.addChild'),
                onClick: () => setDialog({ kind: 'task', project: open, parentId: row.id }),
              },
              {
                code: 'btn_edit',
                label: t('actions.edit'),
                onClick: () => setDialog({ kind: 'task', project: open, row }),
              },
              {
                code: 'btn_remove',
                label: t('actions.delete'),
                danger: true,
                onClick: () => remove(row.id, t('confirm.deleteTask', { name: row.fullName })),
              },
            ]}
          />
        ),
    },
  ];

  return (
    <div className="list-page" data-testid="project-gantt-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton
            code="btn_add"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'project' })}
          >
            {t('project.add')}
          </AuthButton>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<ProjectRow> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1100 }} />
      </div>
      <Drawer
        open={!!open}
        title={open ? t('tasks.title', { name: open.fullName }) : ''}
        size="80%"
        onClose={() => setOpen(null)}
        destroyOnHidden
        extra={
          open && (
            <Space>
              <AuthButton
                code="btn_add"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'task', project: open })}
              >
                {t('task.add')}
              </AuthButton>
            </Space>
          )
        }
      >
        {open && (
          <div className="project-gantt__tasks">
            <Table<ProjectTaskNode>
              rowKey="id"
              size="small"
              columns={taskColumns}
              dataSource={tableRows(tasks.data ?? [])}
              loading={tasks.isFetching}
              pagination={false}
              expandable={{ defaultExpandAllRows: true, childrenColumnName: 'children' }}
              key={tasks.dataUpdatedAt}
              locale={{ emptyText: t('tasks.empty') }}
              scroll={{ x: 900 }}
            />
            <GanttChart project={open} tasks={tasks.data ?? []} />
          </div>
        )}
      </Drawer>
      <GanttDialog target={dialog} onClose={() => setDialog(null)} onSaved={() => void refresh()} />
      {modalHolder}
    </div>
  );
}

/** Projects and their tasks on a Gantt chart, page 'extend/projectGantt'. */
export default function ProjectGanttPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <ProjectGanttList />
    </PermissionScope>
  );
}
