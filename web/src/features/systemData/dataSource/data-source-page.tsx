import { PlusOutlined } from '@ant-design/icons';
import { type DataSourceItem, DB_TYPES } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn, sortCodeColumn } from '../../../widgets/list/columns';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import {
  RecordModal,
  TAIL_DEFAULTS,
  type TailValues,
  useRecordDialog,
} from '../../../widgets/list/record-dialog';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  type DataSourceForm,
  dataSourceKeys,
  deleteDataSource,
  fetchDataSource,
  fetchDataSources,
  saveDataSource,
  testDataSource,
} from './api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'systemData/dataSource';

type Values = Omit<DataSourceForm, 'sortCode' | 'enabledMark' | 'description' | 'version'> & TailValues;

const toBody = (v: Values, version?: number): DataSourceForm => ({
  fullName: v.fullName.trim(),
  dbType: v.dbType,
  host: v.host.trim(),
  port: Number(v.port),
  userName: v.userName.trim(),
  password: v.password ?? '',
  serviceName: v.serviceName.trim(),
  dbSchema: v.dbSchema?.trim() ?? '',
  sortCode: v.sortCode ?? 0,
  enabledMark: v.enabled ? 1 : 0,
  description: v.description ?? '',
  ...(version !== undefined ? { version } : {}),
});

function DataSourceDialog({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const [form] = Form.useForm<Values>();
  const [testing, setTesting] = useState(false);
  const allowed = useButtonPermission();
  const dialog = useRecordDialog<Values, DataSourceItem>({
    form,
    target,
    load: fetchDataSource,
    toValues: (row) => ({
      fullName: row.fullName,
      dbType: row.dbType,
      host: row.host,
      port: row.port,
      userName: row.userName,
      password: '',
      serviceName: row.serviceName,
      dbSchema: row.dbSchema ?? '',
      sortCode: row.sortCode,
      enabled: row.enabledMark === 1,
      description: row.description ?? '',
    }),
    save: (values, version) => saveDataSource(target?.id, toBody(values, version)),
    invalidate: [dataSourceKeys.all],
    onClose,
  });
  const required = (name: string) => [
    { required: true, whitespace: true, message: t('dataSource.required', { name }) },
  ];
  const test = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setTesting(true);
    try {
      toastSuccess((await testDataSource({ ...toBody(values), id: target?.id })) || t('dataSource.tested'));
    } catch {
      // the client showed the driver's message
    } finally {
      setTesting(false);
    }
  };
  return (
    <RecordModal<Values>
      open={target !== null}
      title={target?.id ? t('dataSource.editTitle') : t('dataSource.newTitle')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="dataSource"
      initialValues={{ ...TAIL_DEFAULTS, dbType: 'PostgreSQL', port: 5432, dbSchema: 'public' }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {allowed('btn_test') && (
            <Button onClick={test} loading={testing} data-testid="data-source-test">
              {t('actions.test')}
            </Button>
          )}
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="fullName"
            label={t('dataSource.fields.fullName')}
            rules={required(t('dataSource.fields.fullName'))}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dbType" label={t('dataSource.fields.dbType')}>
            <Select
              options={DB_TYPES.map((d) => ({ value: d.dbType, label: d.dbType }))}
              onChange={(value: string) => {
                const preset = DB_TYPES.find((d) => d.dbType === value);
                if (preset) form.setFieldsValue({ port: preset.port, dbSchema: preset.dbSchema });
              }}
            />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item
            name="host"
            label={t('dataSource.fields.host')}
            rules={required(t('dataSource.fields.host'))}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="port"
            label={t('dataSource.fields.port')}
            labelCol={{ style: { width: 50 } }}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="userName"
            label={t('dataSource.fields.userName')}
            rules={required(t('dataSource.fields.userName'))}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="password" label={t('dataSource.fields.password')}>
            <Input.Password
              autoComplete="new-password"
              placeholder={target?.id ? t('dataSource.passwordKeep') : t('dataSource.passwordNew')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="serviceName"
            label={t('dataSource.fields.serviceName')}
            rules={required(t('dataSource.fields.serviceName'))}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dbSchema" label={t('dataSource.fields.dbSchema')}>
            <Input />
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
            <Input.TextArea rows={3} />
          </Form.Item>
        </Col>
      </Row>
    </RecordModal>
  );
}

function DataSourceList() {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const { keyword, search, list, tableProps } = usePagedList({
    queryKey: dataSourceKeys.list,
    queryFn: fetchDataSources,
  });
  const remove = (row: DataSourceItem) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess(await deleteDataSource(row.id));
        await queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
      },
    });
  return (
    <PagedListPage<DataSourceItem>
      testId="data-source-page"
      keyword={keyword}
      placeholder={t('dataSource.keyword')}
      onSearch={search}
      toolbar={
        <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('actions.add')}
        </AuthButton>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={[
        { title: t('dataSource.fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
        { title: t('dataSource.fields.dbType'), dataIndex: 'dbType', key: 'dbType', width: 120 },
        { title: t('dataSource.fields.host'), dataIndex: 'host', key: 'host', width: 180, ellipsis: true },
        { title: t('dataSource.fields.port'), dataIndex: 'port', key: 'port', width: 80 },
        { title: t('dataSource.fields.serviceName'), dataIndex: 'dbName', key: 'dbName', width: 140 },
        { title: t('dataSource.fields.userName'), dataIndex: 'userName', key: 'userName', width: 120 },
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
          width: 120,
          fixed: 'right',
          render: (_, row) => (
            <RowActions
              actions={[
                { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
                { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
              ]}
            />
          ),
        },
      ]}
      tableProps={tableProps}
      scrollX={1200}
    >
      <DataSourceDialog target={dialog} onClose={() => setDialog(null)} />
      {modalHolder}
    </PagedListPage>
  );
}

/** Data sources, page 'systemData/dataSource' (system-data.md 1). */
export default function DataSourcePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DataSourceList />
    </PermissionScope>
  );
}
