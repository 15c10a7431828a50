import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Modal, Progress, Select, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../base/api/feedback';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import { detailPath } from '../engine/config';
import {
  deleteLaunched,
  deleteMonitored,
  fetchTasks,
  type ListKind,
  type TaskQuery,
  type TaskRow,
  workflowKeys,
} from './api';
import { BatchApproveDialog } from './batch-approve-dialog';
import { HandleStatusTag, TaskStatusTag, UrgentTag } from './status';
import '../../../widgets/list/list-page.css';

/** opType of the detail page per list (workflow.md 4.6). */
const OP_TYPES: Record<ListKind, number> = { launch: 0, todo: 1, done: 2, circulate: 3, monitor: 4 };
const TASK_STATUSES = [0, 1, 2, 3, 4, 5, 6];
const time = (value?: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

function TaskList({ kind }: { kind: ListKind }) {
  const { t } = useTranslation('workflow');
  const { t: te } = useTranslation('workflowEntrust');
  const [batching, setBatching] = useState<string[] | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [status, setStatus] = useState<number>();
  const [flowUrgent, setFlowUrgent] = useState<number>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const filters = {
    status,
    flowUrgent,
    startTime: range?.[0]?.startOf('day').valueOf(),
    endTime: range?.[1]?.endOf('day').valueOf(),
  };
  const { keyword, search, firstPage, list, tableProps } = usePagedList<TaskRow, TaskQuery>({
    filters,
    queryKey: (query) => workflowKeys.list(kind, query),
    queryFn: (query) => fetchTasks(kind, query),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: workflowKeys.all });

  const open = (row: TaskRow) => {
    const taskId = row.taskId ?? row.id;
    navigate(
      detailPath({
        id: taskId,
        taskId,
        flowId: row.flowId,
        opType: OP_TYPES[kind],
        ...(kind === 'todo' ? { taskOperatorId: row.id, taskNodeId: row.taskNodeId ?? undefined } : {}),
        ...(kind === 'done' ? { taskRecordId: row.id } : {}),
      }),
    );
  };

  const confirm = (content: string, action: () => Promise<string>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await action()) || t('done'), 1.5);
        setSelected([]);
        await refresh();
      },
    });

  const statusColumn = {
    title: t('fields.status'),
    dataIndex: 'status',
    key: 'status',
    width: 110,
    render: (value: number) =>
      kind === 'done' ? <HandleStatusTag status={value} /> : <TaskStatusTag status={value} />,
  };
  const columns: TableColumnsType<TaskRow> = [
    {
      title: t('fields.fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
      ellipsis: true,
      render: (value: string, row) => (
        <>
          <Button
            type="link"
            size="small"
            onClick={() => open(row)}
            aria-label={t('actions.openNamed', { name: value })}
          >
            {value}
          </Button>
          {kind === 'todo' && row.delegateUser ? (
            <Tag color="purple">{te('batch.delegated', { name: row.delegateUser })}</Tag>
          ) : null}
        </>
      ),
    },
    { title: t('fields.flowName'), dataIndex: 'flowName', key: 'flowName', width: 160, ellipsis: true },
    ...(kind === 'launch'
      ? []
      : [
          { title: t('fields.userName'), dataIndex: 'userName', key: 'userName', width: 140, ellipsis: true },
        ]),
    {
      title: kind === 'done' || kind === 'todo' ? t('fields.nodeName') : t('fields.thisStep'),
      dataIndex: 'thisStep',
      key: 'thisStep',
      width: 140,
      ellipsis: true,
    },
    {
      title: t('fields.flowUrgent'),
      dataIndex: 'flowUrgent',
      key: 'flowUrgent',
      width: 90,
      render: (value: number) => <UrgentTag level={value} />,
    },
    {
      title: t(`fields.time.${kind}`),
      dataIndex: kind === 'launch' || kind === 'monitor' ? 'startTime' : 'creatorTime',
      key: 'time',
      width: 150,
      render: time,
    },
    statusColumn,
    ...(kind === 'launch' || kind === 'monitor'
      ? [
          {
            title: t('fields.completion'),
            dataIndex: 'completion',
            key: 'completion',
            width: 130,
            render: (value: number) => <Progress percent={value ?? 0} size="small" />,
          },
        ]
      : []),
    {
      title: t('actions.title'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            ...(kind === 'launch'
              ? [
                  ...([0, 3, 4].includes(row.status)
                    ? [
                        {
                          code: 'btn_remove',
                          label: t('actions.delete'),
                          danger: true,
                          onClick: () => confirm(t('confirm.delete'), () => deleteLaunched(row.id)),
                        },
                      ]
                    : []),
                ]
              : [
                  {
                    code: 'btn_detail',
                    label: kind === 'todo' ? t('actions.handle') : t('actions.detail'),
                    onClick: () => open(row),
                  },
                ]),
            ...(kind === 'monitor'
              ? [
                  {
                    code: 'btn_remove',
                    label: t('actions.delete'),
                    danger: true,
                    onClick: () => confirm(t('confirm.delete'), () => deleteMonitored([row.id])),
                  },
                ]
              : []),
          ]}
        />
      ),
    },
  ];

  const withStatus = kind === 'launch' || kind === 'monitor';
  return (
    <PagedListPage<TaskRow>
      testId={`workflow-${kind}-page`}
      keyword={keyword}
      placeholder={t('keyword')}
      onSearch={search}
      filters={
        <>
          <DatePicker.RangePicker
            value={range}
            aria-label={t('filters.range')}
            onChange={(value) => {
              setRange(value);
              firstPage();
            }}
          />
          {withStatus ? (
            <Select<number>
              allowClear
              style={{ width: 130 }}
              placeholder={t('fields.status')}
              aria-label={t('fields.status')}
              value={status}
              onChange={(value) => {
                setStatus(value);
                firstPage();
              }}
              options={TASK_STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) }))}
            />
          ) : null}
          <Select<number>
            allowClear
            style={{ width: 120 }}
            placeholder={t('fields.flowUrgent')}
            aria-label={t('fields.flowUrgent')}
            value={flowUrgent}
            onChange={(value) => {
              setFlowUrgent(value);
              firstPage();
            }}
            options={[1, 2, 3].map((code) => ({ value: code, label: t(`urgent.${code}`) }))}
          />
        </>
      }
      toolbar={
        kind === 'monitor' ? (
          <AuthButton
            code="btn_remove"
            danger
            disabled={selected.length === 0}
            onClick={() =>
              confirm(t('confirm.deleteSelected', { count: selected.length }), () =>
                deleteMonitored(selected),
              )
            }
          >
            {t('actions.deleteSelected')}
          </AuthButton>
        ) : kind === 'todo' ? (
          <AuthButton
            code="btn_batch"
            type="primary"
            disabled={selected.length === 0}
            onClick={() => setBatching(selected)}
          >
            {te('batch.open')}
          </AuthButton>
        ) : (
          <span />
        )
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={columns}
      tableProps={{
        ...tableProps,
        ...(kind === 'monitor' || kind === 'todo'
          ? { rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } }
          : {}),
      }}
      scrollX={1200}
    >
      {modalHolder}
      {batching ? (
        <BatchApproveDialog
          ids={batching}
          onClose={() => setBatching(null)}
          onDone={async () => {
            setSelected([]);
            await refresh();
          }}
        />
      ) : null}
    </PagedListPage>
  );
}

/** One of the workflow lists under its menu address. */
export function TaskListPage({ kind }: { kind: ListKind }) {
  return (
    <PermissionScope address={`workFlow/flow${kind[0]?.toUpperCase()}${kind.slice(1)}`}>
      <TaskList kind={kind} />
    </PermissionScope>
  );
}
