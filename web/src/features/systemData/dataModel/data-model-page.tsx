import { DatabaseOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DATA_MODEL_TYPES,
  type DataModelField,
  type DataModelTableItem,
  IDENTIFIER_PATTERN,
} from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Select, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { chooseFile, downloadUrl } from '../../../widgets/list/files';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { dataSourceKeys, fetchSourceSelector } from '../dataSource/api';
import {
  dataModelKeys,
  dropTable,
  exportTable,
  fetchCommonFields,
  fetchTable,
  fetchTables,
  importTable,
  previewTable,
  saveTable,
} from './api';
import { CommonFieldsDialog } from './common-fields-dialog';
import '../../../widgets/list/list-page.css';
import { rowIndexKey } from '../../../widgets/list/row-key';

const ADDRESS = 'systemData/dataModel';

type FieldRow = DataModelField & { key: string };
const newField = (i: number, primaryKey: 0 | 1 = 0): FieldRow => ({
  key: `f${Date.now()}${i}`,
  field: primaryKey ? 'id' : '',
  fieldName: primaryKey ? '主键' : '',
  dataType: 'varchar',
  dataLength: '50',
  allowNull: primaryKey ? 0 : 1,
  primaryKey,
  autoIncrement: 0,
});

/** The table designer (1000 px): name, comment and an editable field list. */
function TableDialog({
  linkId,
  target,
  onClose,
}: {
  linkId: string;
  target: { table?: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ table: string; tableName: string }>();
  const [fields, setFields] = useState<FieldRow[]>([]);
  const [hasData, setHasData] = useState(false);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [existing, setExisting] = useState<Set<string>>(new Set());
  const commonFields = useQuery({
    queryKey: dataModelKeys.commonFields,
    queryFn: fetchCommonFields,
    enabled: target !== null,
  });

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    setHasData(false);
    setExisting(new Set());
    if (!target.table) {
      setFields([newField(0, 1)]);
      return;
    }
    setLoading(true);
    fetchTable(linkId, target.table)
      .then((info) => {
        form.setFieldsValue({ table: info.tableInfo.table, tableName: info.tableInfo.tableName });
        setHasData(info.hasTableData);
        setExisting(new Set(info.tableFieldList.map((f) => f.field)));
        setFields(
          info.tableFieldList.map((f, i) => ({ ...f, dataLength: String(f.dataLength ?? ''), key: `e${i}` })),
        );
      })
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [target, linkId, form, onClose]);

  const change = (key: string, patch: Partial<FieldRow>) =>
    setFields((rows) =>
      rows.map((r) =>
        r.key === key ? { ...r, ...patch } : patch.primaryKey === 1 ? { ...r, primaryKey: 0 } : r,
      ),
    );
  const locked = (row: FieldRow) => hasData && existing.has(row.field) && !row.key.startsWith('f');

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (fields.filter((f) => f.primaryKey === 1).length !== 1) {
      Modal.error({ title: t('dataModel.rules.onePrimaryKey') });
      return;
    }
    if (fields.some((f) => !IDENTIFIER_PATTERN.test(f.field) || !f.fieldName.trim())) {
      Modal.error({ title: t('dataModel.rules.fields'), content: t('dataModel.rules.name') });
      return;
    }
    setSaving(true);
    try {
      const body = {
        tableInfo: {
          table: target.table ?? '',
          tableName: values.tableName.trim(),
          newTable: values.table.trim(),
        },
        tableFieldList: fields.map(({ key: _key, ...f }) => f),
      };
      const mode = !target.table ? 'create' : hasData ? 'addFields' : 'update';
      const answer = await saveTable(linkId, body, mode);
      toastSuccess(answer.msg);
      await queryClient.invalidateQueries({ queryKey: dataModelKeys.all });
      onClose();
    } catch {
      // message shown; stays open
    } finally {
      setSaving(false);
    }
  };

  const f = (key: string) => t(`dataModel.fields.${key}`);
  return (
    <Modal
      open={target !== null}
      width={1000}
      title={target?.table ? t('dataModel.editTitle') : t('dataModel.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      confirmLoading={saving}
      loading={loading}
      onCancel={onClose}
      destroyOnHidden
    >
      {hasData && <Alert type="info" showIcon title={t('dataModel.hasData')} style={{ marginBottom: 12 }} />}
      <Form form={form} name="dataModelTable" layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item
          name="table"
          label={f('table')}
          rules={[
            { required: true, message: t('dataModel.rules.table') },
            { pattern: IDENTIFIER_PATTERN, message: t('dataModel.rules.name') },
          ]}
        >
          <Input disabled={hasData} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="tableName"
          label={f('tableName')}
          rules={[{ required: true, whitespace: true, message: t('dataModel.rules.tableName') }]}
        >
          <Input style={{ width: 260 }} />
        </Form.Item>
      </Form>
      <Table<FieldRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={fields}
        scroll={{ y: 360 }}
        columns={[
          {
            title: f('field'),
            key: 'field',
            render: (_, r) => (
              <Input
                aria-label={f('field')}
                value={r.field}
                disabled={locked(r)}
                onChange={(e) => change(r.key, { field: e.target.value.trim() })}
              />
            ),
          },
          {
            title: f('fieldName'),
            key: 'fieldName',
            render: (_, r) => (
              <Input
                aria-label={f('fieldName')}
                value={r.fieldName}
                disabled={locked(r)}
                onChange={(e) => change(r.key, { fieldName: e.target.value })}
              />
            ),
          },
          {
            title: f('dataType'),
            key: 'dataType',
            width: 130,
            render: (_, r) => (
              <Select
                aria-label={f('dataType')}
                value={r.dataType}
                disabled={locked(r)}
                style={{ width: '100%' }}
                options={DATA_MODEL_TYPES.map((v) => ({ value: v, label: t(`dataModel.types.${v}`) }))}
                onChange={(dataType) =>
                  change(r.key, {
                    dataType,
                    dataLength: dataType === 'varchar' ? '50' : dataType === 'decimal' ? '18,2' : '',
                  })
                }
              />
            ),
          },
          {
            title: f('dataLength'),
            key: 'dataLength',
            width: 100,
            render: (_, r) => (
              <Input
                aria-label={f('dataLength')}
                value={r.dataLength}
                disabled={locked(r) || !['varchar', 'decimal'].includes(r.dataType)}
                onChange={(e) => change(r.key, { dataLength: e.target.value })}
              />
            ),
          },
          {
            title: f('allowNull'),
            key: 'allowNull',
            width: 70,
            render: (_, r) => (
              <Checkbox
                aria-label={f('allowNull')}
                checked={r.allowNull === 1}
                disabled={locked(r) || r.primaryKey === 1}
                onChange={(e) => change(r.key, { allowNull: e.target.checked ? 1 : 0 })}
              />
            ),
          },
          {
            title: f('primaryKey'),
            key: 'primaryKey',
            width: 60,
            render: (_, r) => (
              <Radio
                aria-label={f('primaryKey')}
                checked={r.primaryKey === 1}
                disabled={hasData}
                onChange={() => change(r.key, { primaryKey: 1, allowNull: 0 })}
              />
            ),
          },
          {
            title: t('actions.title'),
            key: 'actions',
            width: 70,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                danger
                disabled={locked(r)}
                onClick={() => setFields((rows) => rows.filter((x) => x.key !== r.key))}
              >
                {t('actions.removeRow')}
              </Button>
            ),
          },
        ]}
      />
      <Space.Compact block style={{ marginTop: 8 }}>
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => setFields((rows) => [...rows, newField(rows.length)])}
        >
          {t('actions.addRow')}
        </Button>
        <Select<string>
          style={{ width: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={null}
          aria-label={t('dataModel.addCommonField')}
          placeholder={t('dataModel.addCommonField')}
          loading={commonFields.isFetching}
          notFoundContent={t('dataModel.noCommonFields')}
          options={(commonFields.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.field}（${c.fieldName}）`,
            disabled: fields.some((r) => r.field.toLowerCase() === c.field.toLowerCase()),
          }))}
          onChange={(id) => {
            const c = commonFields.data?.find((x) => x.id === id);
            if (!c) return;
            setFields((rows) => [
              ...rows,
              {
                ...newField(rows.length),
                field: c.field,
                fieldName: c.fieldName,
                dataType: c.dataType,
                dataLength: String(c.dataLength ?? ''),
                allowNull: c.allowNull,
              },
            ]);
          }}
        />
      </Space.Compact>
    </Modal>
  );
}

function PreviewDialog({
  linkId,
  table,
  onClose,
}: {
  linkId: string;
  table: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation('systemData');
  const [field, setField] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 20 });
  const info = useQuery({
    queryKey: ['dataModel', 'table', linkId, table],
    queryFn: () => fetchTable(linkId, table!),
    enabled: table !== null,
  });
  const query = { field, keyword: field ? keyword : '', ...paging };
  const rows = useQuery({
    queryKey: dataModelKeys.preview(linkId, table ?? '', query),
    queryFn: () => previewTable(linkId, table!, query),
    enabled: table !== null,
  });
  const columns = (info.data?.tableFieldList ?? []).map((f) => ({
    title: f.fieldName || f.field,
    dataIndex: f.field,
    key: f.field,
    ellipsis: true,
    render: (v: unknown) =>
      v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v),
  }));
  return (
    <Modal
      open={table !== null}
      width={1000}
      title={t('dataModel.previewTitle', { table: table ?? '' })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('dataModel.previewField')}
          aria-label={t('dataModel.previewField')}
          options={(info.data?.tableFieldList ?? []).map((f) => ({
            value: f.field,
            label: f.fieldName || f.field,
          }))}
          onChange={(v?: string) => setField(v ?? '')}
        />
        <Input.Search
          placeholder={t('dataModel.previewKeyword')}
          aria-label={t('dataModel.previewKeyword')}
          onSearch={(v) => {
            setKeyword(v);
            setPaging((p) => ({ ...p, currentPage: 1 }));
          }}
          disabled={!field}
        />
      </Space>
      <PagedTable<Record<string, unknown>>
        rowKey={rowIndexKey(rows.data?.list ?? [])}
        size="small"
        columns={columns}
        dataSource={rows.data?.list ?? []}
        loading={rows.isFetching}
        paging={paging}
        total={rows.data?.pagination.total ?? 0}
        onPageChange={setPaging}
        scroll={{ x: Math.max(600, columns.length * 140) }}
      />
    </Modal>
  );
}

function DataModelList() {
  const { t } = useTranslation('systemData');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [linkId, setLinkId] = useState('0');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: 20 });
  const [dialog, setDialog] = useState<{ table?: string } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [library, setLibrary] = useState(false);
  const sources = useQuery({ queryKey: dataSourceKeys.selector, queryFn: fetchSourceSelector });
  const tables = useQuery({
    queryKey: dataModelKeys.tables(linkId, keyword),
    queryFn: () => fetchTables(linkId, keyword),
  });
  const all = tables.data ?? [];
  const start = (paging.currentPage - 1) * paging.pageSize;
  const f = (key: string) => t(`dataModel.fields.${key}`);
  const closeDialog = useCallback(() => setDialog(null), []);
  const [importing, setImporting] = useState(false);
  const importFile = async () => {
    const file = await chooseFile('.bdb');
    if (!file) return;
    setImporting(true);
    try {
      toastSuccess(await importTable(linkId, file));
      await queryClient.invalidateQueries({ queryKey: dataModelKeys.all });
    } catch {
      // message shown
    } finally {
      setImporting(false);
    }
  };
  return (
    <div className="list-page" data-testid="data-model-page">
      <div className="list-page__search">
        <SearchBar
          keyword={keyword}
          placeholder={t('dataModel.keyword')}
          onSearch={(next) => {
            setKeyword(next);
            setPaging((p) => ({ ...p, currentPage: 1 }));
          }}
        >
          <Select
            style={{ width: 240 }}
            aria-label={t('dataModel.source')}
            value={linkId}
            loading={sources.isFetching}
            options={(sources.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.fullName}（${s.dbType}）`,
            }))}
            onChange={(value: string) => {
              setLinkId(value);
              setPaging((p) => ({ ...p, currentPage: 1 }));
            }}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            <AuthButton code="btn_add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              {t('actions.add')}
            </AuthButton>
            <AuthButton code="btn_import" icon={<UploadOutlined />} loading={importing} onClick={importFile}>
              {t('actions.import')}
            </AuthButton>
            <Button icon={<DatabaseOutlined />} onClick={() => setLibrary(true)}>
              {t('dataModel.commonFields.button')}
            </Button>
          </Space>
          <RefreshButton label={t('actions.refresh')} onRefresh={() => void tables.refetch()} />
        </div>
        <PagedTable<DataModelTableItem>
          rowKey="table"
          dataSource={all.slice(start, start + paging.pageSize)}
          loading={tables.isFetching}
          paging={paging}
          total={all.length}
          onPageChange={setPaging}
          scroll={{ x: 900 }}
          columns={[
            { title: f('table'), dataIndex: 'table', key: 'table', ellipsis: true },
            { title: f('tableName'), dataIndex: 'tableName', key: 'tableName', ellipsis: true },
            { title: f('sum'), dataIndex: 'sum', key: 'sum', width: 100 },
            { title: f('size'), dataIndex: 'size', key: 'size', width: 100 },
            {
              title: f('type'),
              dataIndex: 'type',
              key: 'type',
              width: 80,
              render: (v: number) => (v === 1 ? f('view') : f('baseTable')),
            },
            {
              title: t('actions.title'),
              key: 'actions',
              width: 220,
              fixed: 'right',
              render: (_, row) => (
                <RowActions
                  actions={[
                    ...(row.type === 0
                      ? [
                          {
                            code: 'btn_edit',
                            label: t('actions.design'),
                            onClick: () => setDialog({ table: row.table }),
                          },
                        ]
                      : []),
                    {
                      code: 'btn_preview',
                      label: t('actions.preview'),
                      onClick: () => setPreview(row.table),
                    },
                    ...(row.type === 0
                      ? [
                          {
                            code: 'btn_export',
                            label: t('actions.export'),
                            onClick: () =>
                              modal.confirm({
                                title: t('confirm.title'),
                                content: t('dataModel.confirmExport'),
                                okText: t('actions.ok'),
                                cancelText: t('actions.cancel'),
                                onOk: async () => {
                                  const file = await exportTable(linkId, row.table);
                                  if (file?.url) downloadUrl(file.url, file.name);
                                },
                              }),
                          },
                        ]
                      : []),
                    {
                      code: 'btn_remove',
                      label: t('actions.delete'),
                      danger: true,
                      onClick: () =>
                        modal.confirm({
                          title: t('confirm.title'),
                          content: t('confirm.deleteTable'),
                          okText: t('actions.ok'),
                          cancelText: t('actions.cancel'),
                          onOk: async () => {
                            toastSuccess(await dropTable(linkId, row.table));
                            await queryClient.invalidateQueries({ queryKey: dataModelKeys.all });
                          },
                        }),
                    },
                  ]}
                />
              ),
            },
          ]}
        />
      </div>
      <TableDialog linkId={linkId} target={dialog} onClose={closeDialog} />
      <PreviewDialog linkId={linkId} table={preview} onClose={() => setPreview(null)} />
      <CommonFieldsDialog open={library} onClose={() => setLibrary(false)} />
      {modalHolder}
    </div>
  );
}

/** Data model, page 'systemData/dataModel' (system-data.md 2). */
export default function DataModelPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DataModelList />
    </PermissionScope>
  );
}
