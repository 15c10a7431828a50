import {
  DeleteOutlined,
  DownloadOutlined,
  FilterOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { parseFormData } from '@console/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  type TableColumnsType,
  type TablePaginationConfig,
  Tag,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { findMenu, menuIdForPath, menuProperties } from '../../../base/session/menu';
import { useSession } from '../../../base/session/session-store';
import { FormRenderer, submitValues } from '../../../widgets/form/form-renderer';
import type { FormSchema } from '../../../widgets/form/types';
import { ImportWizard } from '../../../widgets/import-wizard';
import { downloadUrl } from '../../../widgets/list/files';
import { PagedTable, type Paging } from '../../../widgets/list/paged-table';
import { useButtonPermission } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import {
  exportRecords,
  fetchConfig,
  fetchList,
  fetchRecord,
  type OnlineListQuery,
  type OnlineRow,
  onlineKeys,
  removeRecord,
  removeRecords,
  saveRecord,
} from './api';
import {
  type ColumnData,
  type ColumnEntry,
  cellText,
  optionsOf,
  ROW_BUTTONS,
  readColumnData,
  TOP_BUTTONS,
} from './columns';
import { queryFieldsOf, superQueryJson } from './super-query';
import { type ActiveQuery, SuperQueryDialog } from './super-query-dialog';
import '../../../widgets/list/list-page.css';
import './online-dev.css';

type DialogState = { mode: 'add' } | { mode: 'edit' | 'detail'; id: string } | null;

const RANGE_KEYS = new Set(['date', 'createTime', 'modifyTime']);

/** One search field of columnData.searchList (forms.md 3): fuzzy text, options, or a range. */
function SearchField({
  entry,
  onEnter,
  ...control
}: {
  entry: ColumnEntry;
  onEnter(): void;
  /** value and onChange from the Form.Item around it. */
  value?: never;
  onChange?: never;
}) {
  const { t } = useTranslation('onlineDev');
  const label = entry.label ?? entry.prop;
  const options = optionsOf(entry);
  if (options)
    return (
      <Select
        {...control}
        allowClear
        mode={entry.searchMultiple ? 'multiple' : undefined}
        options={options}
        placeholder={label}
        aria-label={label}
        style={{ width: 180 }}
      />
    );
  if (entry.searchType === 3 && RANGE_KEYS.has(entry.jnpfKey ?? ''))
    return (
      <DatePicker.RangePicker
        {...control}
        aria-label={label}
        placeholder={[t('search.from'), t('search.to')]}
      />
    );
  if (entry.searchType === 3) return <NumberRange {...control} label={label} />;
  return (
    <Input
      {...control}
      allowClear
      placeholder={label}
      aria-label={label}
      onPressEnter={onEnter}
      style={{ width: 180 }}
    />
  );
}

function NumberRange({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: [number | null, number | null];
  onChange?: (value: [number | null, number | null]) => void;
}) {
  const { t } = useTranslation('onlineDev');
  const [from, to] = value ?? [null, null];
  return (
    <Space.Compact>
      <InputNumber
        aria-label={`${label} ${t('search.from')}`}
        placeholder={`${label} ${t('search.from')}`}
        value={from}
        onChange={(next) => onChange?.([next, to])}
      />
      <InputNumber
        aria-label={`${label} ${t('search.to')}`}
        placeholder={t('search.to')}
        value={to}
        onChange={(next) => onChange?.([from, next])}
      />
    </Space.Compact>
  );
}

/** Search form values → queryJson (forms.md 5: ranges as [from, to], dates as epoch ms). */
function queryJsonOf(values: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0 || value.every((v) => v === null || v === undefined)) continue;
      out[key] = value.map((v) =>
        v && typeof v === 'object' && 'valueOf' in v ? (v as Dayjs).valueOf() : (v as unknown),
      );
    } else out[key] = value;
  }
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

function widthOf(text: string | undefined, fallback: string): string {
  return text && /^\d+(px|%)$/.test(text) ? text : fallback;
}

function OnlineList({
  modelId,
  menuId,
  schema,
  columnData,
  fullName,
}: {
  modelId: string;
  menuId: string;
  schema: FormSchema;
  columnData: ColumnData;
  fullName: string;
}) {
  const { t } = useTranslation('onlineDev');
  const queryClient = useQueryClient();
  const allowed = useButtonPermission();
  const [modal, modalHolder] = Modal.useModal();
  const [searchForm] = Form.useForm();
  const [recordForm] = Form.useForm();
  const [exportForm] = Form.useForm();
  const [keyword, setKeyword] = useState('');
  const [queryJson, setQueryJson] = useState('');
  const [sorter, setSorter] = useState<{ sidx: string; sort: 'asc' | 'desc' }>({ sidx: '', sort: 'desc' });
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: columnData.pageSize ?? 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [superQuery, setSuperQuery] = useState<ActiveQuery | null>(null);
  const [superOpen, setSuperOpen] = useState(false);
  const queryFields = useMemo(() => queryFieldsOf(schema), [schema]);
  const applySuperQuery = (next: ActiveQuery | null) => {
    setSuperQuery(next);
    setPaging((old) => ({ ...old, currentPage: 1 }));
  };

  const permissionList = useSession((state) => state.permissionList);
  const formCodes = useMemo(() => {
    const entry = permissionList.find((item) => item.modelId === menuId);
    const codes = (entry?.form ?? []).map((f) => f.enCode);
    return codes.length ? codes : undefined;
  }, [permissionList, menuId]);

  const query: OnlineListQuery = {
    ...paging,
    keyword,
    queryJson,
    superQueryJson: superQueryJson(superQuery?.query ?? null),
    menuId,
    ...sorter,
  };
  const list = useQuery({
    queryKey: onlineKeys.list(modelId, query),
    queryFn: () => fetchList(modelId, query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['onlineDev', modelId, 'list'] });

  const record = useQuery({
    queryKey: ['onlineDev', modelId, 'record', dialog && 'id' in dialog ? dialog.id : ''],
    queryFn: () => fetchRecord(modelId, (dialog as { id: string }).id),
    enabled: Boolean(dialog && 'id' in dialog),
    gcTime: 0,
  });

  /** Opens the dialog on an empty form store: the store outlives the dialog (one per page). */
  const openDialog = (next: Exclude<DialogState, null>) => {
    recordForm.resetFields();
    setDialog(next);
  };

  /** Closes the dialog and forgets the record read for it, so the next opening reads it afresh. */
  const closeDialog = () => {
    setDialog(null);
    queryClient.removeQueries({ queryKey: ['onlineDev', modelId, 'record'] });
  };

  const search = () => {
    setQueryJson(queryJsonOf(searchForm.getFieldsValue()));
    setKeyword(String(searchForm.getFieldValue('__keyword') ?? '').trim());
    setPaging((old) => ({ ...old, currentPage: 1 }));
  };
  /** 重置 clears the search fields and the advanced query. */
  const reset = () => {
    searchForm.resetFields();
    setSuperQuery(null);
    search();
  };

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });

  const remove = (row: OnlineRow) =>
    confirm(t('confirm.delete'), async () => {
      toastSuccess((await removeRecord(modelId, row.id)) || t('deleted'));
      await refresh();
    });
  const removeSelected = () =>
    confirm(t('confirm.batchDelete', { count: selected.length }), async () => {
      toastSuccess((await removeRecords(modelId, selected)) || t('deleted'));
      setSelected([]);
      await refresh();
    });

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await submitValues(recordForm);
    } catch {
      return; // the fields show their messages
    }
    setSaving(true);
    try {
      const id = dialog?.mode === 'edit' ? dialog.id : undefined;
      const data = id ? { ...values, version: record.data?.version } : values;
      toastSuccess((await saveRecord(modelId, id, data)) || t('saved'));
      closeDialog();
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  const exportAll = async () => {
    const { dataType, selectKey } = exportForm.getFieldsValue() as { dataType: number; selectKey: string[] };
    if (!selectKey?.length) return;
    setExporting(true);
    try {
      const file = await exportRecords(modelId, { ...query, dataType, selectKey });
      downloadUrl(file.url, file.name);
    } finally {
      setExporting(false);
    }
  };

  const exportable = (columnData.columnList ?? []).filter((c) => !c.prop.includes('-'));
  const openExport = () =>
    modal.confirm({
      title: t('export.title'),
      width: 600,
      icon: null,
      okText: t('export.ok'),
      cancelText: t('actions.cancel'),
      content: (
        <Form
          form={exportForm}
          layout="vertical"
          initialValues={{ dataType: 0, selectKey: exportable.map((c) => c.prop) }}
        >
          <Form.Item name="dataType" label={t('export.range')}>
            <Radio.Group
              options={[
                { value: 0, label: t('export.currentPage') },
                { value: 1, label: t('export.all') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="selectKey"
            label={t('export.columns')}
            rules={[{ required: true, message: t('export.pick') }]}
          >
            <Checkbox.Group options={exportable.map((c) => ({ value: c.prop, label: c.label ?? c.prop }))} />
          </Form.Item>
        </Form>
      ),
      onOk: exportAll,
    });

  const rowButtons = (columnData.columnBtnsList ?? [{ value: 'edit' }, { value: 'remove' }])
    .map((b) => ({ ...b, code: ROW_BUTTONS[b.value] }))
    .filter((b): b is { value: string; label?: string; code: string } => Boolean(b.code));
  const topButtons = (columnData.btnsList ?? [{ value: 'add' }])
    .map((b) => ({ ...b, code: TOP_BUTTONS[b.value] }))
    .filter((b): b is { value: string; label?: string; code: string } => Boolean(b.code) && allowed(b.code!));

  const columns: TableColumnsType<OnlineRow> = [
    ...(columnData.columnList ?? []).map((c) => ({
      key: c.prop,
      dataIndex: c.prop,
      title: c.label ?? c.prop,
      width: typeof c.width === 'number' ? c.width : undefined,
      align: c.align,
      fixed: c.fixed === 'left' || c.fixed === 'right' ? c.fixed : undefined,
      ellipsis: true,
      sorter: c.sortable === true && !c.prop.includes('-'),
      sortOrder:
        sorter.sidx === c.prop ? (sorter.sort === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: (_: unknown, row: OnlineRow) => cellText(row, c.prop),
    })),
    ...(rowButtons.some((b) => allowed(b.code))
      ? [
          {
            key: 'actions',
            title: t('actions.title'),
            width: 160,
            fixed: 'right' as const,
            render: (_: unknown, row: OnlineRow) => (
              <RowActions
                actions={rowButtons.map((b) => ({
                  code: b.code,
                  label: t(`actions.${b.value}`),
                  danger: b.value === 'remove',
                  onClick: () =>
                    b.value === 'remove'
                      ? remove(row)
                      : openDialog({ mode: b.value as 'edit' | 'detail', id: row.id }),
                }))}
              />
            ),
          },
        ]
      : []),
  ];

  const onTableChange = (
    _p: TablePaginationConfig,
    _f: unknown,
    sort: SorterResult<OnlineRow> | SorterResult<OnlineRow>[],
  ) => {
    const one = Array.isArray(sort) ? sort[0] : sort;
    const field = one?.order ? String(one.columnKey ?? '') : '';
    setSorter({ sidx: field, sort: one?.order === 'ascend' ? 'asc' : 'desc' });
  };

  const readOnly = dialog?.mode === 'detail';
  const waiting = Boolean(dialog && 'id' in dialog && (record.isLoading || record.isFetching));
  const body: ReactNode = waiting ? (
    <Spin />
  ) : dialog ? (
    <FormRenderer
      key={`${dialog.mode}-${'id' in dialog ? dialog.id : 'new'}-${record.dataUpdatedAt}`}
      schema={schema}
      form={recordForm}
      values={'id' in dialog ? record.data : undefined}
      readOnly={readOnly}
      permissions={formCodes}
    />
  ) : null;
  const title = dialog ? t(`dialog.${dialog.mode}`, { name: fullName }) : '';
  const footer = readOnly ? (
    <Button onClick={closeDialog}>{t('actions.close')}</Button>
  ) : (
    <Space>
      <Button onClick={closeDialog}>{String(schema.cancelButtonText ?? t('actions.cancel'))}</Button>
      <Button type="primary" loading={saving} onClick={save} disabled={waiting}>
        {String(schema.confirmButtonText ?? t('actions.ok'))}
      </Button>
    </Space>
  );
  const popup = String(schema.popupType ?? 'general');
  const open = dialog !== null;
  const close = closeDialog;

  return (
    <div className="list-page online-dev" data-testid="online-dev-page">
      <div className="list-page__search">
        <Form form={searchForm} layout="inline" className="online-dev__search" onFinish={search}>
          {(columnData.searchList ?? []).map((entry) => (
            <Form.Item key={entry.prop} name={entry.prop} label={entry.label}>
              <SearchField entry={entry} onEnter={search} />
            </Form.Item>
          ))}
          <Form.Item name="__keyword">
            <Input
              allowClear
              placeholder={t('keyword')}
              aria-label={t('keyword')}
              onPressEnter={search}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('search.search')}
            </Button>
            <Button onClick={reset}>{t('search.reset')}</Button>
          </Space>
        </Form>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <Space>
            {topButtons.map((b) =>
              b.value === 'add' ? (
                <Button
                  key={b.value}
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => openDialog({ mode: 'add' })}
                >
                  {t('actions.add')}
                </Button>
              ) : b.value === 'upload' ? (
                <Button key={b.value} icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('actions.import')}
                </Button>
              ) : b.value === 'download' ? (
                <Button key={b.value} icon={<DownloadOutlined />} loading={exporting} onClick={openExport}>
                  {t('actions.export')}
                </Button>
              ) : (
                <Button
                  key={b.value}
                  danger
                  icon={<DeleteOutlined />}
                  disabled={selected.length === 0}
                  onClick={removeSelected}
                >
                  {t('actions.batchRemove')}
                </Button>
              ),
            )}
          </Space>
          <Space>
            {superQuery ? (
              <Tag
                color="blue"
                closable={{ 'aria-label': t('superQuery.clear') }}
                onClose={(event) => {
                  event.preventDefault();
                  applySuperQuery(null);
                }}
                data-testid="super-query-active"
              >
                {t('superQuery.active', {
                  count: superQuery.query.conditions.length,
                  logic: t(
                    superQuery.query.matchLogic === 'OR' ? 'superQuery.orShort' : 'superQuery.andShort',
                  ),
                })}
              </Tag>
            ) : null}
            {columnData.hasSuperQuery !== false ? (
              <Button
                icon={<FilterOutlined />}
                type={superQuery ? 'primary' : 'default'}
                ghost={Boolean(superQuery)}
                onClick={() => setSuperOpen(true)}
              >
                {t('superQuery.button')}
              </Button>
            ) : null}
            <RefreshButton
              type="default"
              label={t('actions.refresh')}
              onRefresh={() => void list.refetch()}
            />
          </Space>
        </div>
        <PagedTable<OnlineRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          paging={paging}
          total={list.data?.pagination.total ?? 0}
          onPageChange={setPaging}
          onChange={onTableChange}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          rowSelection={
            topButtons.some((b) => b.value === 'batchRemove')
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }
              : undefined
          }
          scroll={{ x: Math.max(800, (columnData.columnList?.length ?? 0) * 160 + 200) }}
        />
      </div>
      {popup === 'drawer' ? (
        <Drawer
          open={open}
          title={title}
          size={widthOf(String(schema.drawerWidth ?? ''), '600px')}
          onClose={close}
          footer={footer}
          destroyOnHidden
        >
          {body}
        </Drawer>
      ) : (
        <Modal
          open={open}
          title={title}
          width={popup === 'fullScreen' ? '100%' : widthOf(String(schema.generalWidth ?? ''), '600px')}
          onCancel={close}
          footer={footer}
          destroyOnHidden
          mask={{ closable: false }}
        >
          {body}
        </Modal>
      )}
      {columnData.hasSuperQuery !== false ? (
        <SuperQueryDialog
          open={superOpen}
          fields={queryFields}
          menuId={menuId}
          active={superQuery}
          onClose={() => setSuperOpen(false)}
          onApply={applySuperQuery}
        />
      ) : null}
      <ImportWizard
        open={importing}
        base={`/visualdev/OnlineDev/${encodeURIComponent(modelId)}`}
        uploadPath="/visualdev/OnlineDev/Uploader"
        onClose={(imported) => {
          setImporting(false);
          if (imported) void refresh();
        }}
      />
      {modalHolder}
    </div>
  );
}

/**
 * Generated page of menu type 3 (console.md 2.3, forms.md 5): the released design's list with its
 * search fields, columns and buttons as granted, and its form in a dialog or drawer.
 */
export default function DynamicModelPage() {
  const { t } = useTranslation('onlineDev');
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList);
  const menuId = menuIdForPath(menuList, pathname);
  const node = menuId ? findMenu(menuList, menuId) : null;
  const modelId = node ? String(menuProperties(node).moduleId ?? '') : '';
  const config = useQuery({
    queryKey: onlineKeys.config(modelId),
    queryFn: () => fetchConfig(modelId),
    enabled: Boolean(modelId),
    retry: false,
  });
  const parsed = useMemo(() => {
    if (!config.data?.formData) return null;
    const form = parseFormData(config.data.formData);
    return form.ok ? (form.form as FormSchema) : null;
  }, [config.data]);
  if (!modelId) return <Result status="404" title={t('missing')} />;
  if (config.isLoading) return <Spin className="online-dev__loading" />;
  if (config.isError || !config.data || !parsed)
    return (
      <Result
        status="warning"
        title={config.error instanceof ApiError ? config.error.message : t('missing')}
      />
    );
  return (
    <OnlineList
      key={modelId}
      modelId={modelId}
      menuId={menuId ?? ''}
      schema={parsed}
      columnData={readColumnData(config.data.columnData)}
      fullName={config.data.fullName}
    />
  );
}
