import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select, Space, type TableColumnsType, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RecordModal, useRecordDialog } from '../../../widgets/list/record-dialog';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { UserSelect } from '../../../widgets/org-picker/user-select';
import {
  type Delegation,
  type DelegationQuery,
  deleteDelegation,
  entrustKeys,
  fetchDelegableFlows,
  fetchDelegation,
  fetchDelegations,
  saveDelegation,
  stopDelegation,
} from './api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'workFlow/entrust';
const time = (value: number) => dayjs(value).format('YYYY-MM-DD HH:mm');

interface FormValues {
  toUserId: string;
  type: string;
  flowIds: string[];
  range: [Dayjs, Dayjs] | null;
  description: string;
}
const DEFAULTS: Partial<FormValues> = { type: '1', flowIds: [], description: '' };

function EntrustDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('workflowEntrust');
  const [form] = Form.useForm<FormValues>();
  const flows = useQuery({
    queryKey: entrustKeys.flows,
    queryFn: fetchDelegableFlows,
    enabled: target !== null,
  });
  const dialog = useRecordDialog<FormValues, Delegation>({
    form,
    target,
    defaults: { ...DEFAULTS, range: [dayjs().startOf('minute'), dayjs().add(7, 'day').endOf('day')] },
    load: fetchDelegation,
    toValues: (row) => ({
      toUserId: row.toUserId,
      type: row.type,
      flowIds: row.flowId ? row.flowId.split(',') : [],
      range: [dayjs(row.startTime), dayjs(row.endTime)],
      description: row.description ?? '',
    }),
    save: (values, version) =>
      saveDelegation(target?.id, {
        toUserId: values.toUserId,
        type: values.type,
        flowId: (values.flowIds ?? []).join(','),
        startTime: values.range?.[0]?.valueOf() ?? 0,
        endTime: values.range?.[1]?.valueOf() ?? 0,
        description: values.description?.trim() ?? '',
        version,
      }),
    invalidate: [entrustKeys.all],
    onClose,
  });
  return (
    <RecordModal<FormValues>
      open={target !== null}
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="workflowEntrust"
      initialValues={DEFAULTS}
    >
      <Form.Item name="type" label={t('fields.type')} rules={[{ required: true }]}>
        <Select
          aria-label={t('fields.type')}
          options={[
            { value: '1', label: t('type.1') },
            { value: '0', label: t('type.0') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="toUserId"
        label={t('fields.toUserName')}
        rules={[{ required: true, message: t('rules.toUser') }]}
      >
        <UserSelect placeholder={t('placeholders.toUser')} />
      </Form.Item>
      <Form.Item name="flowIds" label={t('fields.flowName')} extra={t('hints.flows')}>
        <Select
          mode="multiple"
          allowClear
          aria-label={t('fields.flowName')}
          loading={flows.isFetching}
          placeholder={t('placeholders.flows')}
          optionFilterProp="label"
          options={(flows.data ?? []).map((f) => ({ value: f.id, label: f.fullName }))}
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('fields.range')}
        rules={[{ required: true, message: t('rules.range') }]}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          aria-label={t('fields.range')}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('fields.description')}
        rules={[{ max: 500, message: t('rules.description') }]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </RecordModal>
  );
}

function stateOf(row: Delegation, now: number): 'active' | 'waiting' | 'ended' {
  if (row.enabledMark !== 1 || row.endTime < now) return 'ended';
  return row.startTime > now ? 'waiting' : 'active';
}
const STATE_COLORS = { active: 'success', waiting: 'processing', ended: 'default' } as const;

function EntrustList() {
  const { t } = useTranslation('workflowEntrust');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [tab, setTab] = useState<'1' | '2'>('1');
  const { keyword, search, firstPage, list, tableProps } = usePagedList<Delegation, DelegationQuery>({
    filters: { myOrDelagateToMe: tab },
    queryKey: entrustKeys.list,
    queryFn: fetchDelegations,
  });
  const mine = tab === '1';

  const confirm = (content: string, action: () => Promise<string>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await action()) || t('done'), 1.5);
        await queryClient.invalidateQueries({ queryKey: entrustKeys.all });
      },
    });

  const now = Date.now();
  const columns: TableColumnsType<Delegation> = [
    mine
      ? { title: t('fields.toUserName'), dataIndex: 'toUserName', key: 'person', width: 160 }
      : { title: t('fields.userName'), dataIndex: 'userName', key: 'person', width: 160 },
    {
      title: t('fields.type'),
      dataIndex: 'type',
      key: 'type',
      width: 110,
      render: (value: string) => t(`type.${value === '0' ? '0' : '1'}`),
    },
    {
      title: t('fields.flowName'),
      dataIndex: 'flowName',
      key: 'flowName',
      ellipsis: true,
      render: (value: string | null, row) => (row.flowId ? value : t('allFlows')),
    },
    { title: t('fields.startTime'), dataIndex: 'startTime', key: 'startTime', width: 150, render: time },
    { title: t('fields.endTime'), dataIndex: 'endTime', key: 'endTime', width: 150, render: time },
    {
      title: t('fields.state'),
      key: 'state',
      width: 100,
      render: (_, row) => {
        const state = stateOf(row, now);
        return <Tag color={STATE_COLORS[state]}>{t(`state.${state}`)}</Tag>;
      },
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      width: 180,
      ellipsis: true,
    },
    ...(mine
      ? [
          {
            title: t('actions.title'),
            key: 'actions',
            width: 170,
            fixed: 'right' as const,
            render: (_: unknown, row: Delegation) => (
              <RowActions
                actions={[
                  { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
                  ...(stateOf(row, now) === 'ended'
                    ? []
                    : [
                        {
                          code: 'btn_edit',
                          label: t('actions.stop'),
                          onClick: () => confirm(t('confirm.stop'), () => stopDelegation(row.id)),
                        },
                      ]),
                  {
                    code: 'btn_remove',
                    label: t('actions.delete'),
                    danger: true,
                    onClick: () => confirm(t('confirm.delete'), () => deleteDelegation(row.id)),
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="list-page" data-testid="workflow-entrust-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key === '2' ? '2' : '1');
            firstPage();
          }}
          items={[
            { key: '1', label: t('tabs.mine') },
            { key: '2', label: t('tabs.toMe') },
          ]}
        />
        <div className="list-page__toolbar">
          <Space>
            {mine ? (
              <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
                {t('actions.add')}
              </AuthButton>
            ) : null}
          </Space>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<Delegation> rowKey="id" columns={columns} {...tableProps} scroll={{ x: 1100 }} />
      </div>
      <EntrustDialog target={dialog} onClose={() => setDialog(null)} />
      {modalHolder}
    </div>
  );
}

/** Page 'workFlow/entrust' (流程委托). */
export default function EntrustPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <EntrustList />
    </PermissionScope>
  );
}
