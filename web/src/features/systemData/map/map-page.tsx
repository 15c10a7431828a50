import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { geoJsonProblem, MAP_GEOJSON_MAX, type MapItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Switch, type TableColumnsType, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { creatorTimeColumn } from '../../../widgets/list/columns';
import { type PagedAnswer, usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable, type Paging } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { type FeatureCollection, GeoSvg } from './geo-svg';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'systemData/map';
const BASE = '/system/Map';
type Query = { keyword: string } & Paging;
const keys = { all: ['map'] as const, list: (q: Query) => ['map', 'list', q] as const };
type Detail = MapItem & { geoJson: string };
interface Values {
  parentId: string;
  enCode: string;
  fullName: string;
  geoJson: string;
  sortCode: number;
  enabledMark: boolean;
  description?: string;
}

function MapDialog({ target, onClose }: { target: { id?: string } | null; onClose(saved: boolean): void }) {
  const { t } = useTranslation('mapManage');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [fileName, setFileName] = useState('');
  const id = target?.id;
  const detail = useQuery({
    queryKey: ['map', 'detail', id],
    queryFn: () => http.get<Detail>(`${BASE}/${id}`),
    enabled: Boolean(id),
  });
  const parents = useQuery({
    queryKey: ['map', 'parents'],
    queryFn: async () => (await http.get<PagedAnswer<MapItem>>(BASE, { pageSize: 100 })).list,
    enabled: Boolean(target),
  });
  useEffect(() => {
    if (!target) return;
    setFileName('');
    if (detail.data)
      form.setFieldsValue({
        ...detail.data,
        enabledMark: detail.data.enabledMark === 1,
        description: detail.data.description ?? '',
      });
    else if (!id) form.setFieldsValue({ parentId: '0', sortCode: 0, enabledMark: true, geoJson: '' });
  }, [target, id, detail.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const data = { ...values, enabledMark: values.enabledMark ? 1 : 0, version: detail.data?.version };
      const answer = id
        ? await http.send(`${BASE}/${id}`, { method: 'PUT', data })
        : await http.send(BASE, { method: 'POST', data });
      toastSuccess(answer.msg);
      form.resetFields();
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={id ? t('dialog.edit') : t('dialog.add')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => {
        form.resetFields();
        onClose(false);
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" disabled={Boolean(id) && detail.isLoading}>
        <Form.Item name="parentId" label={t('fields.parentId')}>
          <Select
            options={[
              { value: '0', label: t('noParent') },
              ...(parents.data ?? [])
                .filter((m) => m.id !== id)
                .map((m) => ({ value: m.id, label: `${m.fullName}（${m.enCode}）` })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="fullName"
          label={t('fields.fullName')}
          rules={[{ required: true, message: t('rules.fullName') }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="enCode"
          label={t('fields.enCode')}
          rules={[{ required: true, pattern: /^[0-9A-Za-z_]{1,20}$/, message: t('rules.enCode') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="geoJson"
          label={t('fields.geoJson')}
          extra={fileName || t('uploadHint', { size: MAP_GEOJSON_MAX / 1000 })}
          rules={[
            {
              validator: async (_, value: string) => {
                if (!value) throw new Error(t('rules.geoJson'));
                const problem = geoJsonProblem(value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Upload
            accept=".json,.geojson,application/geo+json,application/json"
            showUploadList={false}
            beforeUpload={async (file) => {
              if (file.size > MAP_GEOJSON_MAX) {
                form.setFields([
                  { name: 'geoJson', errors: [t('rules.size', { size: MAP_GEOJSON_MAX / 1000 })] },
                ]);
                return Upload.LIST_IGNORE;
              }
              setFileName(file.name);
              form.setFieldValue('geoJson', await file.text());
              await form.validateFields(['geoJson']).catch(() => undefined);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('actions.upload')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="sortCode" label={t('fields.sortCode')}>
          <InputNumber min={0} max={999999} />
        </Form.Item>
        <Form.Item name="enabledMark" label={t('fields.enabledMark')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MapList() {
  const { t } = useTranslation('mapManage');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [preview, setPreview] = useState<{ name: string; map: FeatureCollection } | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<MapItem, Query>({
    queryKey: keys.list,
    queryFn: (query) => http.get<PagedAnswer<MapItem>>(BASE, { ...query }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.all });

  const remove = (row: MapItem) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete', { name: row.fullName }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        toastSuccess((await http.send(`${BASE}/${row.id}`, { method: 'DELETE' })).msg);
        await reload();
      },
    });
  const show = async (row: MapItem) => {
    const detail = await http.get<Detail>(`${BASE}/${row.id}`);
    setPreview({ name: row.fullName, map: JSON.parse(detail.geoJson) as FeatureCollection });
  };

  const columns: TableColumnsType<MapItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
    { title: t('fields.sortCode'), dataIndex: 'sortCode', key: 'sortCode', width: 90 },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      key: 'enabledMark',
      width: 90,
      render: (v: number) => (v === 1 ? t('enabled') : t('disabled')),
    },
    creatorTimeColumn(t('fields.creatorTime')),
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_detail', label: t('actions.preview'), onClick: () => void show(row) },
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="map-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search} />
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('actions.add')}
          </AuthButton>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<MapItem>
          rowKey="id"
          columns={columns}
          {...tableProps}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 900 }}
        />
      </div>
      <MapDialog
        target={dialog}
        onClose={(saved) => {
          setDialog(null);
          if (saved) void reload();
        }}
      />
      <Modal
        open={Boolean(preview)}
        title={preview?.name}
        footer={null}
        width={720}
        onCancel={() => setPreview(null)}
      >
        {preview && <GeoSvg map={preview.map} label={preview.name} />}
      </Modal>
      {modalHolder}
    </div>
  );
}

/** GeoJSON maps by area code, page 'systemData/map'. */
export default function MapPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <MapList />
    </PermissionScope>
  );
}
