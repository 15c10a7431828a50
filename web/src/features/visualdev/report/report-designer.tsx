import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  parseReportData,
  REPORT_CHARTS,
  REPORT_FORMATS,
  REPORT_TOTALS,
  type ReportChart,
  type ReportColumn,
  type ReportDefinition,
} from '@console/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import { InterfaceSelect } from '../../../widgets/interface-select/interface-select';
import {
  type DataReportForm,
  designKeys,
  fetchInterfaceParams,
  fetchReport,
  previewInterface,
  saveReport,
} from './api';
import { draftDefinition } from './definition';
import type { ReportParams } from './view/api';
import { defaultParams, ReportView } from './view/report-view';

export const REPORT_CATEGORY = 'ReportSort';

type Basics = Omit<DataReportForm, 'reportData' | 'version'>;

const EMPTY: ReportDefinition = { filters: [], columns: [], charts: [] };

/** The report designer: basics, the data interface, filters, columns and charts, with a live preview. */
export function ReportDesigner({ target, onClose }: { target: { id?: string } | null; onClose: () => void }) {
  const { t } = useTranslation('dataReport');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Basics>();
  const [definition, setDefinition] = useState<ReportDefinition>(EMPTY);
  const [params, setParams] = useState<ReportParams>({});
  const [saving, setSaving] = useState(false);
  const id = target?.id;
  const open = target !== null;
  const categories = useDictionaryEntries(REPORT_CATEGORY);
  const existing = useQuery({
    queryKey: designKeys.info(id ?? ''),
    queryFn: () => fetchReport(id!),
    enabled: Boolean(id),
    staleTime: 0,
  });
  const interfaceId = Form.useWatch('interfaceId', form);
  const preview = useQuery({
    queryKey: designKeys.preview(interfaceId ?? '', params),
    queryFn: () => previewInterface(interfaceId!, params),
    enabled: open && Boolean(interfaceId),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const fields = Object.keys(preview.data?.[0] ?? {});

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!id) {
      setDefinition(EMPTY);
      setParams({});
      form.setFieldsValue({ sortCode: 0, enabledMark: 1 });
      return;
    }
    const row = existing.data;
    if (!row) return;
    form.setFieldsValue({
      fullName: row.fullName,
      enCode: row.enCode,
      categoryId: row.categoryId,
      interfaceId: row.interfaceId,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description ?? '',
    });
    const parsed = parseReportData(row.reportData);
    const next = parsed.ok ? parsed.report : EMPTY;
    setDefinition(next);
    setParams(defaultParams(next));
  }, [open, id, existing.data, form]);

  /** A new interface: its parameters become filters and its fields columns. */
  const chooseInterface = async (next: string) => {
    const parameters = await fetchInterfaceParams(next).catch(() => []);
    const draftParams = Object.fromEntries(
      parameters.map((p) => [p.field, p.defaultValue == null ? '' : String(p.defaultValue)]),
    );
    const rows = await queryClient
      .fetchQuery({
        queryKey: designKeys.preview(next, draftParams),
        queryFn: () => previewInterface(next, draftParams),
      })
      .catch(() => []);
    setParams(draftParams);
    setDefinition(draftDefinition(parameters, rows[0]));
  };

  const setColumn = (index: number, patch: Partial<ReportColumn>) =>
    setDefinition((d) => ({
      ...d,
      columns: d.columns.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    }));
  const setChart = (index: number, patch: Partial<ReportChart>) =>
    setDefinition((d) => ({ ...d, charts: d.charts.map((c, i) => (i === index ? { ...c, ...patch } : c)) }));
  const fieldOptions = (fields.length ? fields : definition.columns.map((c) => c.field)).map((f) => ({
    value: f,
    label: f,
  }));

  const save = async () => {
    const basics = await form.validateFields();
    setSaving(true);
    try {
      const msg = await saveReport(id, {
        ...basics,
        reportData: JSON.stringify(definition),
        ...(existing.data ? { version: existing.data.version } : {}),
      });
      toastSuccess(msg || t('done'));
      await queryClient.invalidateQueries({ queryKey: designKeys.all });
      onClose();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const columnsTab = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {definition.columns.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and a field may repeat
        <Space key={`${c.field}-${i}`} wrap className="report-designer__row">
          <Select
            aria-label={t('designer.field')}
            style={{ width: 140 }}
            value={c.field}
            options={fieldOptions}
            onChange={(field) => setColumn(i, { field })}
          />
          <Input
            aria-label={t('designer.label')}
            style={{ width: 120 }}
            value={c.label}
            placeholder={t('designer.label')}
            onChange={(e) => setColumn(i, { label: e.target.value })}
          />
          <Select
            aria-label={t('designer.format')}
            style={{ width: 110 }}
            value={c.format}
            options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
            onChange={(format) => setColumn(i, { format })}
          />
          <InputNumber
            aria-label={t('designer.decimals')}
            min={0}
            max={6}
            style={{ width: 70 }}
            value={c.decimals}
            onChange={(v) => setColumn(i, { decimals: Number(v ?? 0) })}
          />
          <Select
            aria-label={t('designer.total')}
            style={{ width: 100 }}
            value={c.total}
            options={REPORT_TOTALS.map((f) => ({ value: f, label: t(`totals.${f}`) }))}
            onChange={(total) => setColumn(i, { total })}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('designer.remove')} ${c.label || c.field}`}
            onClick={() => setDefinition((d) => ({ ...d, columns: d.columns.filter((_, k) => k !== i) }))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={fieldOptions.length === 0}
        onClick={() =>
          setDefinition((d) => ({
            ...d,
            columns: [
              ...d.columns,
              { field: fieldOptions[0]!.value, label: '', format: 'text', decimals: 2, total: 'none' },
            ],
          }))
        }
      >
        {t('designer.addColumn')}
      </Button>
    </Space>
  );

  const chartsTab = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {definition.charts.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: charts are edited in place and may be alike
        <Space key={`${c.type}-${i}`} wrap className="report-designer__row">
          <Select
            aria-label={t('designer.chartType')}
            style={{ width: 100 }}
            value={c.type}
            options={REPORT_CHARTS.map((f) => ({ value: f, label: t(`charts.${f}`) }))}
            onChange={(type) =>
              setChart(i, type === 'pie' ? { type, yFields: c.yFields.slice(0, 1) } : { type })
            }
          />
          <Input
            aria-label={t('designer.chartTitle')}
            style={{ width: 140 }}
            value={c.title}
            placeholder={t('designer.chartTitle')}
            onChange={(e) => setChart(i, { title: e.target.value })}
          />
          <Select
            aria-label={t('designer.xField')}
            style={{ width: 130 }}
            value={c.xField}
            options={fieldOptions}
            onChange={(xField) => setChart(i, { xField })}
          />
          <Select
            aria-label={t('designer.yFields')}
            mode={c.type === 'pie' ? undefined : 'multiple'}
            style={{ width: 220 }}
            value={c.type === 'pie' ? c.yFields[0] : c.yFields}
            options={fieldOptions}
            onChange={(v: string | string[]) => setChart(i, { yFields: Array.isArray(v) ? v : [v] })}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('designer.remove')} ${c.title || c.type}`}
            onClick={() => setDefinition((d) => ({ ...d, charts: d.charts.filter((_, k) => k !== i) }))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={fieldOptions.length === 0}
        onClick={() =>
          setDefinition((d) => ({
            ...d,
            charts: [
              ...d.charts,
              { type: 'bar', title: '', xField: fieldOptions[0]!.value, yFields: [fieldOptions[0]!.value] },
            ],
          }))
        }
      >
        {t('designer.addChart')}
      </Button>
    </Space>
  );

  const filtersTab =
    definition.filters.length === 0 ? (
      <Empty description={t('designer.noFilters')} />
    ) : (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {definition.filters.map((f, i) => (
          <Space key={f.field} wrap>
            <Typography.Text code>{f.field}</Typography.Text>
            <Input
              aria-label={`${t('designer.label')} ${f.field}`}
              style={{ width: 160 }}
              value={f.label}
              onChange={(e) =>
                setDefinition((d) => ({
                  ...d,
                  filters: d.filters.map((x, k) => (k === i ? { ...x, label: e.target.value } : x)),
                }))
              }
            />
          </Space>
        ))}
      </Space>
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="100%"
      destroyOnHidden
      title={id ? t('designer.editTitle') : t('designer.newTitle')}
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save}>
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={Boolean(id) && existing.isLoading}>
        <Row gutter={16}>
          <Col span={11}>
            <Form form={form} layout="vertical" requiredMark>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item
                    name="fullName"
                    label={t('fields.fullName')}
                    rules={[{ required: true, message: t('rules.fullName') }]}
                  >
                    <Input maxLength={50} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="enCode"
                    label={t('fields.enCode')}
                    rules={[{ required: true, message: t('rules.enCode') }]}
                  >
                    <Input maxLength={50} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="categoryId"
                    label={t('fields.category')}
                    rules={[{ required: true, message: t('rules.category') }]}
                  >
                    <TreeSelect
                      treeData={categories.data ?? []}
                      fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
                    />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="interfaceId"
                    label={t('fields.interface')}
                    rules={[{ required: true, message: t('rules.interface') }]}
                  >
                    <InterfaceSelect onChange={(value) => value && void chooseInterface(value)} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="sortCode" label={t('fields.sortCode')}>
                    <InputNumber min={0} max={999999} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="enabledMark" label={t('fields.enabledMark')}>
                    <Select
                      options={[
                        { value: 1, label: t('enabled') },
                        { value: 0, label: t('disabled') },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item name="description" label={t('fields.description')}>
                    <Input.TextArea rows={2} maxLength={500} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
            <Tabs
              items={[
                { key: 'columns', label: t('designer.columns'), children: columnsTab },
                { key: 'charts', label: t('designer.charts'), children: chartsTab },
                { key: 'filters', label: t('designer.filters'), children: filtersTab },
              ]}
            />
          </Col>
          <Col span={13}>
            <Typography.Title level={5}>{t('designer.preview')}</Typography.Title>
            {interfaceId && definition.columns.length > 0 ? (
              <ReportView
                key={`${interfaceId}-${definition.filters.map((f) => f.field).join(',')}`}
                definition={definition}
                rows={preview.data ?? []}
                loading={preview.isFetching}
                onSearch={setParams}
              />
            ) : (
              <Empty description={t('designer.chooseInterface')} />
            )}
          </Col>
        </Row>
      </Spin>
    </Drawer>
  );
}
