import { DesktopOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App as AntApp,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { Auth } from '../../../widgets/list/permission';
import { RecordModal, useRecordDialog } from '../../../widgets/list/record-dialog';
import { SearchBar } from '../../../widgets/list/search-bar';
import {
  fetchPortalChoices,
  fetchPortalManage,
  fetchPortalManages,
  type ListFilters,
  type Platform,
  type PortalChoice,
  type PortalManageInfo,
  type PortalManageItem,
  portalManageKeys,
  removePortalManage,
  savePortalManage,
} from './api';

export interface PortalManageTarget {
  systemId: string;
  systemName: string;
}

const time = (value: number | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

/** The row button of an application on the menu page that opens its portal management. */
export function PortalManageButton({ onOpen, name }: { onOpen(): void; name: string }) {
  return (
    <Suspense fallback={null}>
      <PortalManageButtonInner onOpen={onOpen} name={name} />
    </Suspense>
  );
}

function PortalManageButtonInner({ onOpen, name }: { onOpen(): void; name: string }) {
  const { t } = useTranslation('portalManage');
  return (
    <Tooltip title={t('open')}>
      <Button
        type="text"
        size="small"
        icon={<DesktopOutlined />}
        aria-label={t('openFor', { name })}
        onClick={onOpen}
      />
    </Tooltip>
  );
}

/**
 * 门户管理 of an application (system/menu, as in the 3.4.7 client): the designed portals it offers
 * on Web and on App, with their order and state.
 */
export function PortalManageDrawer(props: { target: PortalManageTarget | null; onClose(): void }) {
  return (
    <Suspense fallback={null}>
      {props.target ? <PortalManageInner target={props.target} onClose={props.onClose} /> : null}
    </Suspense>
  );
}

function PortalManageInner({ target, onClose }: { target: PortalManageTarget; onClose(): void }) {
  const { t } = useTranslation('portalManage');
  const { modal } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [platform, setPlatform] = useState<Platform>('Web');
  const [keyword, setKeyword] = useState('');
  const [enabledMark, setEnabledMark] = useState<number | undefined>();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);

  const filters: ListFilters = { platform, keyword, enabledMark, ...page };
  const list = useQuery({
    queryKey: portalManageKeys.list(target.systemId, filters),
    queryFn: () => fetchPortalManages(target.systemId, filters),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: portalManageKeys.all });

  const remove = (row: PortalManageItem) =>
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmDelete', { name: row.fullName }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        toastSuccess(await removePortalManage(row.id));
        await refresh();
      },
    });

  const columns: ColumnsType<PortalManageItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', width: 180 },
    { title: t('fields.category'), dataIndex: 'categoryName', width: 120 },
    { title: t('fields.description'), dataIndex: 'description', ellipsis: true },
    { title: t('fields.creatorUser'), dataIndex: 'creatorUser', width: 130 },
    { title: t('fields.creatorTime'), dataIndex: 'creatorTime', width: 150, render: time },
    { title: t('fields.lastModifyTime'), dataIndex: 'lastModifyTime', width: 150, render: time },
    { title: t('fields.sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: t('fields.enabledMark'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (value: number) => (
        <Tag color={value === 1 ? 'success' : 'error'}>{t(value === 1 ? 'enabled' : 'disabled')}</Tag>
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setDialog({ id: row.id })}>
              {t('edit')}
            </Button>
          </Auth>
          <Auth code="btn_remove">
            <Button type="link" size="small" danger onClick={() => remove(row)}>
              {t('delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <Drawer open size="80%" title={t('title', { name: target.systemName })} onClose={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<Platform>
          value={platform}
          onChange={(value) => {
            setPlatform(value);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          options={[
            { value: 'Web', label: t('platforms.Web') },
            { value: 'App', label: t('platforms.App') },
          ]}
        />
        <SearchBar
          keyword={keyword}
          placeholder={t('keyword')}
          onSearch={(value) => {
            setKeyword(value);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        />
        <Select<number>
          allowClear
          style={{ width: 120 }}
          aria-label={t('fields.enabledMark')}
          placeholder={t('fields.enabledMark')}
          value={enabledMark}
          onChange={(value) => {
            setEnabledMark(value);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
          options={[
            { value: 1, label: t('enabled') },
            { value: 0, label: t('disabled') },
          ]}
        />
      </Space>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
        <Auth code="btn_edit">
          <Button type="primary" onClick={() => setDialog({})}>
            {t('add')}
          </Button>
        </Auth>
        <Tooltip title={t('refresh')}>
          <Button type="text" icon={<ReloadOutlined />} aria-label={t('refresh')} onClick={refresh} />
        </Tooltip>
      </div>
      <Table<PortalManageItem>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
      />
      <PortalManageDialog
        target={dialog}
        systemId={target.systemId}
        platform={platform}
        onClose={() => setDialog(null)}
      />
    </Drawer>
  );
}

interface Values {
  portalId: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** Add or edit one portal of the application (600 px). */
function PortalManageDialog(props: {
  target: { id?: string } | null;
  systemId: string;
  platform: Platform;
  onClose(): void;
}) {
  const { target, systemId, onClose } = props;
  const { t } = useTranslation('portalManage');
  const [form] = Form.useForm<Values>();
  /** The platform and portal of the record being edited: kept when the portal is no longer offered. */
  const [edited, setEdited] = useState<{ platform: Platform; current: PortalChoice } | null>(null);
  const [search, setSearch] = useState('');
  const platform = edited?.platform ?? props.platform;
  const portalId = Form.useWatch('portalId', form);

  const choices = useQuery({
    queryKey: portalManageKeys.choices(systemId, platform, search),
    queryFn: () => fetchPortalChoices(systemId, platform, search),
    enabled: target !== null,
  });
  const options = useMemo(() => {
    const list = [...(choices.data?.list ?? [])];
    if (edited && !list.some((c) => c.id === edited.current.id)) list.unshift(edited.current);
    return list;
  }, [choices.data, edited]);
  const chosen = options.find((c) => c.id === portalId);

  useEffect(() => {
    if (!target) return;
    setEdited(null);
    setSearch('');
  }, [target]);

  const dialog = useRecordDialog<Values, PortalManageInfo>({
    form,
    target,
    load: fetchPortalManage,
    toValues: (info) => {
      setEdited({
        platform: info.platform,
        current: {
          id: info.portalId,
          fullName: info.fullName ?? info.portalId,
          enCode: '',
          categoryId: info.categoryId ?? '',
          categoryName: info.categoryName,
        },
      });
      return {
        portalId: info.portalId,
        sortCode: info.sortCode,
        enabled: info.enabledMark === 1,
        description: info.description ?? '',
      };
    },
    save: async (values, version) => ({
      msg: await savePortalManage({
        id: target?.id,
        version,
        portalId: values.portalId,
        systemId,
        platform,
        sortCode: values.sortCode ?? 0,
        enabledMark: values.enabled ? 1 : 0,
        description: values.description?.trim() || null,
      }),
    }),
    invalidate: [portalManageKeys.all],
    onClose,
  });

  return (
    <RecordModal<Values>
      open={target !== null}
      title={target?.id ? t('editTitle') : t('addTitle')}
      dialog={dialog}
      onClose={onClose}
      form={form}
      name="portalManage"
      initialValues={{ sortCode: 0, enabled: true }}
    >
      <Form.Item
        name="portalId"
        label={t('fields.fullName')}
        rules={[{ required: true, message: t('required') }]}
      >
        <Select
          showSearch
          filterOption={false}
          onSearch={setSearch}
          loading={choices.isFetching}
          placeholder={t('choosePortal')}
          notFoundContent={t('noChoices')}
          options={options.map((c) => ({
            value: c.id,
            label: c.categoryName ? `${c.fullName}（${c.categoryName}）` : c.fullName,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('fields.category')}>
        <Input value={chosen?.categoryName ?? ''} disabled aria-label={t('fields.category')} />
      </Form.Item>
      <Form.Item name="sortCode" label={t('fields.sortCode')}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')}>
        <Input.TextArea rows={4} maxLength={500} />
      </Form.Item>
    </RecordModal>
  );
}
