import { DeleteOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

/** One serial-number template row: a bill rule's name, code and start number. */
export interface SerialNumberRow {
  fullName: string;
  enCode: string;
  startNumber: string;
}

export interface SerialNumberRowsProps {
  rows: readonly SerialNumberRow[];
  /** Shows a remove action per row when given. */
  onRemove?(row: SerialNumberRow, index: number): void;
  loading?: boolean;
}

/** Serial-number template rows of widgets.md: columns 业务名称, 业务编码, 流水起始. */
export function SerialNumberRows({ rows, onRemove, loading }: SerialNumberRowsProps) {
  const { t } = useTranslation('widgets');
  const columns: TableColumnsType<SerialNumberRow> = [
    { title: t('billRule.fullName'), dataIndex: 'fullName', key: 'fullName' },
    { title: t('billRule.enCode'), dataIndex: 'enCode', key: 'enCode' },
    { title: t('billRule.startNumber'), dataIndex: 'startNumber', key: 'startNumber' },
  ];
  if (onRemove) {
    columns.push({
      title: t('billRule.actions'),
      key: 'actions',
      width: 70,
      render: (_, row, index) => (
        <Button
          type="text"
          danger
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('billRule.remove')}
          onClick={() => onRemove(row, index)}
        />
      ),
    });
  }
  return (
    <Table<SerialNumberRow>
      rowKey={(row) => row.enCode}
      size="small"
      bordered
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={false}
      className="serial-number-rows"
    />
  );
}
