import {
  formatReportCell,
  type ReportColumn,
  type ReportDefinition,
  reportColumnTotal,
} from '@console/shared';
import { Button, Empty, Form, Input, Space, Spin, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartOption } from '../../../../widgets/chart/chart-options';
import { EChart } from '../../../../widgets/chart/echart';
import type { ReportParams, ReportRow } from './api';
import './report.css';
import { rowIndexKey } from '../../../../widgets/list/row-key';

/** The filters' starting values: each filter's default. */
export const defaultParams = (definition: ReportDefinition): ReportParams =>
  Object.fromEntries(definition.filters.map((f) => [f.field, f.defaultValue ?? '']));

/**
 * A report as people read it: its filters (Enter or 查询 runs it), the table with formats and a
 * totals row, and its charts. The designer's preview and the type-5 page both show it.
 */
export function ReportView({
  definition,
  rows,
  loading,
  onSearch,
  extra,
}: {
  definition: ReportDefinition;
  rows: ReportRow[];
  loading: boolean;
  onSearch: (params: ReportParams) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('dataReport');
  const [form] = Form.useForm<ReportParams>();
  const labels = useMemo(
    () => Object.fromEntries(definition.columns.map((c) => [c.field, c.label || c.field])),
    [definition.columns],
  );
  const columns: TableColumnsType<ReportRow> = definition.columns.map((c: ReportColumn) => ({
    title: c.label || c.field,
    dataIndex: c.field,
    key: c.field,
    width: c.width,
    align: c.format === 'text' || c.format === 'date' ? 'left' : 'right',
    render: (value: unknown) => formatReportCell(value, c),
  }));
  const totals = definition.columns.map((c) => reportColumnTotal(rows, c));
  const hasTotals = totals.some((v) => v !== null);
  const options = useMemo(
    () => definition.charts.map((chart) => chartOption(chart, rows, labels)),
    [definition.charts, rows, labels],
  );

  return (
    <div className="report-view">
      <Form
        form={form}
        layout="inline"
        className="report-view__filters"
        initialValues={defaultParams(definition)}
        onFinish={(values) =>
          onSearch(
            Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v == null ? '' : String(v)])),
          )
        }
      >
        {definition.filters.map((f) => (
          <Form.Item key={f.field} name={f.field} label={f.label || f.field}>
            <Input
              aria-label={f.label || f.field}
              type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
              allowClear
              style={{ width: 180 }}
            />
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={loading}>
              {t('view.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                form.submit();
              }}
            >
              {t('view.reset')}
            </Button>
            {extra}
          </Space>
        </Form.Item>
      </Form>
      <Spin spinning={loading}>
        {options.length > 0 && rows.length > 0 && (
          <div className="report-view__charts">
            {options.map((option, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a chart has no id; the list changes only with the definition
              <div key={`${definition.charts[i]!.type}-${i}`} className="report-view__chart">
                <EChart option={option} label={definition.charts[i]!.title || t('view.chart')} />
              </div>
            ))}
          </div>
        )}
        <Table<ReportRow>
          size="small"
          bordered
          rowKey={rowIndexKey(rows)}
          columns={columns}
          dataSource={rows}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={t('view.empty')} /> }}
          scroll={{ x: 'max-content' }}
          summary={() =>
            hasTotals && rows.length > 0 ? (
              <Table.Summary.Row className="report-view__totals">
                {definition.columns.map((c, i) => (
                  <Table.Summary.Cell key={c.field} index={i} align={c.format === 'text' ? 'left' : 'right'}>
                    {totals[i] === null
                      ? i === 0
                        ? t('view.total')
                        : ''
                      : c.total === 'count'
                        ? `${t('view.count')} ${totals[i]}`
                        : formatReportCell(totals[i], c)}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Spin>
    </div>
  );
}
