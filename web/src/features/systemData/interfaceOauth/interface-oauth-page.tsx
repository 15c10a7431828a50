import { PlusOutlined } from '@ant-design/icons';
import type { DataInterfaceLogItem, InterfaceOauthItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn, sortCodeColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import {
  RecordModal,
  TAIL_DEFAULTS,
  type TailValues,
  useRecordDialog,
} from '../../../widgets/list/record-dialog';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  deleteApp,
  fetchApp,
  fetchAppLogs,
  fetchApps,
  fetchInterfaceOptions,
  type InterfaceOauthRow,
  interfaceOauthKeys,
  newSecret,
  saveApp,
  saveInterfaces,
} from './api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'systemData/interfaceOauth';

type Values = TailValues & {
  appId: string;
  appName: string;
  appSecret: string;
  verifySignature: boolean;
  usefulLife?: Dayjs | null;
  whiteList?: string;
  dataInterfaceIds: string[];
};

function AppDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const [form] = Form.useForm<Values>();
  const options = useQuery({
    queryKey: ['dataInterface', 'options'],
    queryFn: fetchInterfaceOptions,
    enabled: target !== null,
  });
  const dialog = useRecordDialog<Values, InterfaceOauthItem>({
    form,
    target,
    load: fetchApp,
    toValues: (row) => ({
      appId: row.appId,
      appName: row.appName,
      appSecret: row.appSecret,
      verifySignature: row.verifySignature === 1,
      usefulLife: row.usefulLife ? dayjs(row.usefulLife) : null,
      whiteList: row.whiteList ?? '',
      dataInterfaceIds: row.dataInterfaceIds ? row.dataInterfaceIds.split(',') : [],
      sortCode: row.sortCode,
      enabled: row.enabledMark === 1,
      description: row.description ?? '',
    }),
    save: (v, version) =>
      saveApp(target?.id, {
        appId: v.appId.trim(),
        appName: v.appName.trim(),
        appSecret: v.appSecret.trim(),
        verifySignature: v.verifySignature ? 1 : 0,
        usefulLife: v.usefulLife ? v.usefulLife.endOf('day').valueOf() : null,
        whiteList: v.whiteList ?? '',
        blackList: null,
        dataInterfaceIds: (v.dataInterfaceIds ?? []).join(','),
        sortCode: v.sortCode ?? 0,
        enabledMark: v.enabled ? 1 : 0,
        description: v.description ?? '',
        ...(version !== undefined ? { version } : {}),
      }),
    invalidate: [interfaceOauthKeys.all],
    onClose,
  });
  const f = (key: string) => t(`interfaceOauth.fields.${key}`);
  return (
    <RecordModal<Values>
      open={target !== null}
      title={target?.id ? t('interfaceOauth.editTitle') : t('interfaceOauth.newTitle')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="interfaceOauth"
      labelWidth={110}
      initialValues={{ ...TAIL_DEFAULTS, verifySignature: false, dataInterfaceIds: [] }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="appId"
            label={f('appId')}
            rules={[{ required: true, whitespace: true, message: t('interfaceOauth.rules.appId') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="appName"
            label={f('appName')}
            rules={[{ required: true, whitespace: true, message: t('interfaceOauth.rules.appName') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={f('appSecret')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="appSecret"
                noStyle
                rules={[{ required: true, message: t('interfaceOauth.rules.appSecret') }]}
              >
                <Input readOnly aria-label={f('appSecret')} />
              </Form.Item>
              <Button onClick={async () => form.setFieldValue('appSecret', await newSecret())}>
                {t('actions.generate')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="verifySignature"
            label={f('verifySignature')}
            valuePropName="checked"
            tooltip={t('interfaceOauth.hints.verifySignature')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="usefulLife" label={f('usefulLife')}>
            <DatePicker style={{ width: '100%' }} placeholder={t('interfaceOauth.never')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="whiteList" label={f('whiteList')} extra={t('interfaceOauth.hints.whiteList')}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="dataInterfaceIds" label={f('interfaces')}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              loading={options.isFetching}
              options={(options.data ?? []).map((o) => ({
                value: o.id,
                label: `${o.fullName}（${o.enCode}）`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sortCode" label={t('columns.sortCode')}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enabled" label={t('columns.enabledMark')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('columns.description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </RecordModal>
  );
}

function AuthorizeDialog({ row, onClose }: { row: InterfaceOauthRow | null; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [ids, setIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ['dataInterface', 'options'],
    queryFn: fetchInterfaceOptions,
    enabled: row !== null,
  });
  useEffect(() => {
    setIds(row?.dataInterfaceIds ? row.dataInterfaceIds.split(',') : []);
  }, [row]);
  const save = async () => {
    if (!row) return;
    setSaving(true);
    try {
      toastSuccess(await saveInterfaces(row.id, ids));
      await queryClient.invalidateQueries({ queryKey: interfaceOauthKeys.all });
      onClose();
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      width={600}
      title={t('interfaceOauth.authorizeTitle', { name: row?.appName ?? '' })}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={save}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        aria-label={t('interfaceOauth.fields.interfaces')}
        optionFilterProp="label"
        value={ids}
        onChange={setIds}
        loading={options.isFetching}
        options={(options.data ?? []).map((o) => ({ value: o.id, label: `${o.fullName}（${o.enCode}）` }))}
      />
    </Modal>
  );
}

function LogDialog({ row, onClose }: { row: InterfaceOauthRow | null; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const logs = useQuery({
    queryKey: interfaceOauthKeys.logs(row?.id ?? '', page.currentPage),
    queryFn: () => fetchAppLogs(row!.id, page.currentPage),
    enabled: row !== null,
  });
  const l = (key: string) => t(`dataInterface.log.${key}`);
  return (
    <Modal
      open={row !== null}
      width={1000}
      title={t('interfaceOauth.logTitle', { name: row?.appName ?? '' })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <PagedTable<DataInterfaceLogItem>
        rowKey="id"
        size="small"
        dataSource={logs.data?.list ?? []}
        loading={logs.isFetching}
        paging={page}
        total={logs.data?.pagination.total ?? 0}
        onPageChange={setPage}
        columns={[
          {
            title: t('dataInterface.fields.fullName'),
            dataIndex: 'fullName',
            key: 'fullName',
            ellipsis: true,
          },
          {
            title: l('invokTime'),
            dataIndex: 'invokTime',
            key: 'invokTime',
            width: 170,
            render: (v: number) => new Date(v).toLocaleString(),
          },
          { title: l('invokIp'), dataIndex: 'invokIp', key: 'invokIp', width: 120 },
          { title: l('invokType'), dataIndex: 'invokType', key: 'invokType', width: 80 },
          { title: l('invokWasteTime'), dataIndex: 'invokWasteTime', key: 'invokWasteTime', width: 100 },
          {
            title: l('success'),
            dataIndex: 'success',
            key: 'success',
            width: 200,
            render: (v: number, log) =>
              v === 1 ? (
                <Tag color="success">{l('ok')}</Tag>
              ) : (
                <Tag color="error">{log.message || l('failed')}</Tag>
              ),
          },
        ]}
      />
    </Modal>
  );
}

function InterfaceOauthList() {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [authorize, setAuthorize] = useState<InterfaceOauthRow | null>(null);
  const [log, setLog] = useState<InterfaceOauthRow | null>(null);
  const { keyword, search, list, tableProps } = usePagedList({
    queryKey: interfaceOauthKeys.list,
    queryFn: fetchApps,
  });
  const f = (key: string) => t(`interfaceOauth.fields.${key}`);
  return (
    <PagedListPage<InterfaceOauthRow>
      testId="interface-oauth-page"
      keyword={keyword}
      placeholder={t('interfaceOauth.keyword')}
      onSearch={search}
      toolbar={
        <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('actions.add')}
        </AuthButton>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={[
        { title: f('appId'), dataIndex: 'appId', key: 'appId', width: 180 },
        { title: f('appName'), dataIndex: 'appName', key: 'appName', ellipsis: true },
        {
          title: f('usefulLife'),
          dataIndex: 'usefulLife',
          key: 'usefulLife',
          width: 140,
          render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD') : t('interfaceOauth.never')),
        },
        sortCodeColumn(t('columns.sortCode')),
        {
          title: t('columns.enabledMark'),
          dataIndex: 'enabledMark',
          key: 'enabledMark',
          width: 80,
          render: (v: number) => (v === 1 ? t('enabled') : t('disabled')),
        },
        creatorTimeColumn(t('columns.creatorTime')),
        {
          title: t('actions.title'),
          key: 'actions',
          width: 240,
          fixed: 'right',
          render: (_, row) => (
            <RowActions
              actions={[
                { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
                { code: 'btn_authorize', label: t('actions.authorize'), onClick: () => setAuthorize(row) },
                { code: 'btn_log', label: t('actions.log'), onClick: () => setLog(row) },
                {
                  code: 'btn_remove',
                  label: t('actions.delete'),
                  danger: true,
                  onClick: () =>
                    modal.confirm({
                      title: t('confirm.title'),
                      content: t('confirm.delete'),
                      okText: t('actions.ok'),
                      cancelText: t('actions.cancel'),
                      onOk: async () => {
                        toastSuccess(await deleteApp(row.id));
                        await queryClient.invalidateQueries({ queryKey: interfaceOauthKeys.all });
                      },
                    }),
                },
              ]}
            />
          ),
        },
      ]}
      tableProps={tableProps}
      scrollX={1100}
    >
      <AppDialog target={dialog} onClose={() => setDialog(null)} />
      <AuthorizeDialog row={authorize} onClose={() => setAuthorize(null)} />
      <LogDialog row={log} onClose={() => setLog(null)} />
      {modalHolder}
    </PagedListPage>
  );
}

/** Interface auth, page 'systemData/interfaceOauth' (system-data.md 4). */
export default function InterfaceOauthPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <InterfaceOauthList />
    </PermissionScope>
  );
}
