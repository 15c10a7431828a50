import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import {
  copyScreen,
  createScreen,
  type DataScreenItem,
  exportScreen,
  fetchScreen,
  fetchScreens,
  importScreen,
  releaseScreen,
  removeScreen,
  type ScreenQuery,
  screenKeys,
} from './api';
import { DataScreenDesigner } from './data-screen-designer';
import { ShareDialog } from './share-dialog';

const EMPTY_DESIGN = JSON.stringify({
  width: 1920,
  height: 1080,
  background: { color: '#0b1a33' },
  components: [],
});

function download(name: string, value: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

function ScreenList() {
  const { t } = useTranslation('dataScreen');
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [query, setQuery] = useState<ScreenQuery>({
    keyword: '',
    category: '',
    currentPage: 1,
    pageSize: 20,
  });
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [designing, setDesigning] = useState<DataScreenItem | null>(null);
  const [sharing, setSharing] = useState<DataScreenItem | null>(null);
  const [form] = Form.useForm<{ fullName: string; category: string }>();
  const list = useQuery({ queryKey: screenKeys.list(query), queryFn: () => fetchScreens(query) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: screenKeys.all });
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toastSuccess(done);
      await refresh();
    } catch {
      // the client showed the server's message
    }
  };
  const openDesigner = async (id: string) => setDesigning(await fetchScreen(id));

  const add = async () => {
    const values = await form.validateFields();
    try {
      const { id } = await createScreen({ ...values, category: values.category ?? '', design: EMPTY_DESIGN });
      setAdding(false);
      form.resetFields();
      await refresh();
      await openDesigner(id);
    } catch {
      // shown by the client
    }
  };

  const importFile = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.onchange = async () => {
      const file = input.files?.[0];
      if (!file) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        modal.error({ title: t('importBad') });
        return;
      }
      await run(() => importScreen(parsed), t('imported'));
    };
    input.click();
  };

  const columns: TableColumnsType<DataScreenItem> = [
    { title: t('fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
    { title: t('fields.category'), dataIndex: 'category', key: 'category', width: 140 },
    {
      title: t('fields.state'),
      dataIndex: 'state',
      key: 'state',
      width: 100,
      render: (v: number) => (v === 1 ? <Tag color="green">{t('released')}</Tag> : <Tag>{t('draft')}</Tag>),
    },
    { title: t('fields.creatorUser'), dataIndex: 'creatorUser', key: 'creatorUser', width: 140 },
    {
      title: t('fields.lastModifyTime'),
      key: 'time',
      width: 180,
      render: (_: unknown, row) => new Date(row.lastModifyTime ?? row.creatorTime).toLocaleString(),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 480,
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <AuthButton code="btn_edit" type="link" size="small" onClick={() => void openDesigner(row.id)}>
            {t('actions.design')}
          </AuthButton>
          <Button type="link" size="small" href={`#/dataScreen/view/${row.id}?draft=1`} target="_blank">
            {t('actions.preview')}
          </Button>
          <AuthButton
            code="btn_release"
            type="link"
            size="small"
            onClick={() => void run(() => releaseScreen(row.id), t('releasedOk'))}
          >
            {t('actions.release')}
          </AuthButton>
          <AuthButton
            code="btn_copy"
            type="link"
            size="small"
            onClick={() => void run(() => copyScreen(row.id), t('copied'))}
          >
            {t('actions.copy')}
          </AuthButton>
          <AuthButton code="btn_share" type="link" size="small" onClick={() => setSharing(row)}>
            {row.hasShare ? t('actions.shared') : t('actions.share')}
          </AuthButton>
          <AuthButton
            code="btn_export"
            type="link"
            size="small"
            onClick={async () => download(row.fullName, await exportScreen(row.id))}
          >
            {t('actions.export')}
          </AuthButton>
          <AuthButton
            code="btn_remove"
            type="link"
            size="small"
            danger
            onClick={() =>
              void modal.confirm({
                title: t('confirmDelete', { name: row.fullName }),
                okText: t('actions.ok'),
                cancelText: t('actions.cancel'),
                onOk: () => run(() => removeScreen(row.id), t('deleted')),
              })
            }
          >
            {t('actions.delete')}
          </AuthButton>
        </Space>
      ),
    },
  ];

  return (
    <div className="page-container" data-testid="data-screen-page" style={{ padding: 16 }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('fields.category')}
          style={{ width: 180 }}
          value={query.category}
          options={[
            { value: '', label: t('allCategories') },
            ...(list.data?.categories ?? []).map((c) => ({ value: c, label: c })),
          ]}
          onChange={(category) => setQuery((q) => ({ ...q, category, currentPage: 1 }))}
        />
        <Input.Search
          aria-label={t('keyword')}
          placeholder={t('keyword')}
          allowClear
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim(), currentPage: 1 }))}
          style={{ width: 260 }}
        />
        <AuthButton code="btn_add" type="primary" onClick={() => setAdding(true)}>
          {t('actions.add')}
        </AuthButton>
        <AuthButton code="btn_import" onClick={importFile}>
          {t('actions.import')}
        </AuthButton>
      </Space>
      <Table<DataScreenItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={{
          current: query.currentPage,
          pageSize: query.pageSize,
          total: list.data?.pagination.total ?? 0,
          onChange: (currentPage, pageSize) => setQuery((q) => ({ ...q, currentPage, pageSize })),
        }}
      />
      <Modal
        open={adding}
        title={t('addTitle')}
        onOk={() => void add()}
        onCancel={() => setAdding(false)}
        okText={t('actions.ok')}
        cancelText={t('actions.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="fullName"
            label={t('fields.fullName')}
            rules={[{ required: true, message: t('nameRequired') }, { max: 100 }]}
          >
            <Input aria-label={t('fields.fullName')} />
          </Form.Item>
          <Form.Item name="category" label={t('fields.category')} rules={[{ max: 50 }]}>
            <Input aria-label={t('fields.category')} />
          </Form.Item>
        </Form>
      </Modal>
      {designing ? (
        <DataScreenDesigner
          screen={designing}
          onClose={() => {
            setDesigning(null);
            void refresh();
          }}
        />
      ) : null}
      {sharing ? <ShareDialog screen={sharing} onClose={() => setSharing(null)} /> : null}
      {holder}
    </div>
  );
}

/** Data screens, page 'onlineDev/dataScreen' (issue #25). */
export default function DataScreenPage() {
  return (
    <PermissionScope address="onlineDev/dataScreen">
      <ScreenList />
    </PermissionScope>
  );
}
