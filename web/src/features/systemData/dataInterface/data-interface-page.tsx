import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { DataInterfaceLogItem } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { DictionarySelect } from '../../../widgets/dictionary-select/dictionary-select';
import { creatorTimeColumn, sortCodeColumn, stateColumn } from '../../../widgets/list/columns';
import { chooseFile, downloadUrl } from '../../../widgets/list/files';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedListPage } from '../../../widgets/list/paged-list-page';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope, useButtonPermission } from '../../../widgets/list/permission';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  copyDataInterface,
  type DataInterfaceRow,
  dataInterfaceKeys,
  deleteDataInterface,
  exportDataInterface,
  fetchDataInterfaceLogs,
  fetchDataInterfaces,
  importDataInterface,
  previewDataInterface,
  toggleDataInterface,
} from './api';
import { CATEGORY_DICTIONARY, DataInterfaceDialog } from './data-interface-dialog';
import '../../../widgets/list/list-page.css';
import { rowIndexKey } from '../../../widgets/list/row-key';

const ADDRESS = 'systemData/dataInterface';

const paramsOf = (row: DataInterfaceRow) => {
  try {
    return JSON.parse(row.requestParameters || '[]') as {
      field: string;
      fieldName?: string;
      defaultValue?: unknown;
    }[];
  } catch {
    return [];
  }
};

/** Runs an interface with the parameters typed and shows its answer as a table (rows) and as JSON. */
function PreviewDialog({ row, onClose }: { row: DataInterfaceRow | null; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const [form] = Form.useForm<Record<string, string>>();
  const [result, setResult] = useState<unknown>(undefined);
  const [running, setRunning] = useState(false);
  const params = row ? paramsOf(row) : [];
  const run = async () => {
    if (!row) return;
    const values = form.getFieldsValue();
    setRunning(true);
    try {
      const answer = await previewDataInterface(
        row.id,
        params.map((p) => ({ field: p.field, defaultValue: values[p.field] ?? '' })),
      );
      setResult(answer.data);
    } catch {
      setResult(undefined);
    } finally {
      setRunning(false);
    }
  };
  const rows = Array.isArray(result) ? (result as Record<string, unknown>[]) : null;
  const keys = rows?.length && typeof rows[0] === 'object' ? Object.keys(rows[0] ?? {}) : [];
  return (
    <Modal
      open={row !== null}
      width={1000}
      title={t('dataInterface.previewTitle', { name: row?.fullName ?? '' })}
      onCancel={() => {
        setResult(undefined);
        onClose();
      }}
      footer={null}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="inline"
        name="dataInterfacePreview"
        initialValues={Object.fromEntries(params.map((p) => [p.field, p.defaultValue ?? '']))}
      >
        {params.map((p) => (
          <Form.Item key={p.field} name={p.field} label={p.fieldName || p.field}>
            <Input onPressEnter={run} />
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" loading={running} onClick={run} data-testid="data-interface-run">
            {t('actions.run')}
          </Button>
        </Form.Item>
      </Form>
      {result !== undefined && (
        <div style={{ marginTop: 16 }} data-testid="data-interface-result">
          {rows && keys.length > 0 && (
            <Table
              size="small"
              rowKey={rowIndexKey(rows)}
              dataSource={rows}
              columns={keys.map((k) => ({
                title: k,
                dataIndex: k,
                key: k,
                render: (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v ?? '')),
              }))}
              pagination={{ pageSize: 10, showTotal: (total) => `${total}` }}
              scroll={{ x: true }}
            />
          )}
          <Typography.Text strong>{t('dataInterface.result')}</Typography.Text>
          <pre
            style={{
              maxHeight: 240,
              overflow: 'auto',
              background: 'var(--ant-color-fill-quaternary, #fafafa)',
              padding: 8,
            }}
          >
            {JSON.stringify(result, null, 2)}
          </pre>
        </div>
      )}
    </Modal>
  );
}

function LogDialog({ row, onClose }: { row: DataInterfaceRow | null; onClose(): void }) {
  const { t } = useTranslation('systemData');
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const logs = useQuery({
    queryKey: dataInterfaceKeys.logs(row?.id ?? '', page.currentPage),
    queryFn: () => fetchDataInterfaceLogs(row!.id, page.currentPage),
    enabled: row !== null,
  });
  const l = (key: string) => t(`dataInterface.log.${key}`);
  return (
    <Modal
      open={row !== null}
      width={1000}
      title={t('dataInterface.logTitle', { name: row?.fullName ?? '' })}
      onCancel={onClose}
      footer={null}
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
            title: l('invokTime'),
            dataIndex: 'invokTime',
            key: 'invokTime',
            width: 170,
            render: (v: number) => new Date(v).toLocaleString(),
          },
          { title: l('userId'), dataIndex: 'userId', key: 'userId', width: 140 },
          { title: l('invokIp'), dataIndex: 'invokIp', key: 'invokIp', width: 120 },
          { title: l('invokDevice'), dataIndex: 'invokDevice', key: 'invokDevice', ellipsis: true },
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

function DataInterfaceList() {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const allowed = useButtonPermission();
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [preview, setPreview] = useState<DataInterfaceRow | null>(null);
  const [log, setLog] = useState<DataInterfaceRow | null>(null);
  const [importing, setImporting] = useState(false);
  const { keyword, search, list, tableProps, firstPage } = usePagedList({
    queryKey: dataInterfaceKeys.list,
    queryFn: fetchDataInterfaces,
    filters: { categoryId: categoryId ?? '' },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: dataInterfaceKeys.all });
  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });
  const importFile = async () => {
    const file = await chooseFile('.bd');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess(await importDataInterface(file));
      await refresh();
    } catch {
      // toast shown
    } finally {
      setImporting(false);
    }
  };
  return (
    <PagedListPage<DataInterfaceRow>
      testId="data-interface-page"
      keyword={keyword}
      placeholder={t('dataInterface.keyword')}
      onSearch={search}
      filters={
        <div style={{ width: 200 }}>
          <DictionarySelect
            dictionaryType={CATEGORY_DICTIONARY}
            value={categoryId}
            placeholder={t('dataInterface.allCategories')}
            onChange={(value) => {
              setCategoryId((value as string | undefined) || undefined);
              firstPage();
            }}
          />
        </div>
      }
      toolbar={
        <Space>
          <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t('actions.add')}
          </AuthButton>
          <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
            {t('actions.import')}
          </AuthButton>
        </Space>
      }
      refreshLabel={t('actions.refresh')}
      onRefresh={() => void list.refetch()}
      columns={[
        { title: t('dataInterface.fields.fullName'), dataIndex: 'fullName', key: 'fullName', ellipsis: true },
        { title: t('dataInterface.fields.enCode'), dataIndex: 'enCode', key: 'enCode', width: 160 },
        {
          title: t('dataInterface.fields.dataType'),
          dataIndex: 'dataType',
          key: 'dataType',
          width: 100,
          render: (v: number) => t(`dataInterface.dataTypes.${v}`),
        },
        {
          title: t('dataInterface.fields.requestMethod'),
          dataIndex: 'requestMethod',
          key: 'requestMethod',
          width: 90,
          render: (v: string) => (v ? t(`dataInterface.methods.${v}`, { defaultValue: v }) : ''),
        },
        sortCodeColumn(t('columns.sortCode')),
        stateColumn<DataInterfaceRow>({
          title: t('columns.enabledMark'),
          enabledText: t('enabled'),
          disabledText: t('disabled'),
          canToggle: () => allowed('btn_state'),
          onToggle: (row) =>
            confirm(row.enabledMark === 1 ? t('confirm.disable') : t('confirm.enable'), async () => {
              toastSuccess(await toggleDataInterface(row.id), 1);
              await refresh();
            }),
        }),
        creatorTimeColumn(t('columns.creatorTime')),
        {
          title: t('actions.title'),
          key: 'actions',
          width: 330,
          fixed: 'right',
          render: (_, row) => (
            <RowActions
              actions={[
                { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
                { code: 'btn_preview', label: t('actions.preview'), onClick: () => setPreview(row) },
                {
                  code: 'btn_copy',
                  label: t('actions.copy'),
                  onClick: () =>
                    confirm(t('confirm.copy'), async () => {
                      toastSuccess(await copyDataInterface(row.id));
                      await refresh();
                    }),
                },
                { code: 'btn_log', label: t('actions.log'), onClick: () => setLog(row) },
                {
                  code: 'btn_export',
                  label: t('actions.export'),
                  onClick: () =>
                    confirm(t('confirm.export'), async () => {
                      const file = await exportDataInterface(row.id);
                      if (file?.url) downloadUrl(file.url, file.name);
                    }),
                },
                {
                  code: 'btn_remove',
                  label: t('actions.delete'),
                  danger: true,
                  onClick: () =>
                    confirm(t('confirm.delete'), async () => {
                      toastSuccess(await deleteDataInterface(row.id));
                      await refresh();
                    }),
                },
              ]}
            />
          ),
        },
      ]}
      tableProps={tableProps}
      scrollX={1300}
    >
      <DataInterfaceDialog target={dialog} onClose={() => setDialog(null)} />
      <PreviewDialog row={preview} onClose={() => setPreview(null)} />
      <LogDialog row={log} onClose={() => setLog(null)} />
      {modalHolder}
    </PagedListPage>
  );
}

/** Data interfaces, page 'systemData/dataInterface' (system-data.md 3). */
export default function DataInterfacePage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DataInterfaceList />
    </PermissionScope>
  );
}
