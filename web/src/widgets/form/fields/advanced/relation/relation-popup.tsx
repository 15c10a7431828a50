import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Input, Modal, Popover, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnOption, PageQuery, Row, RowPage } from './api';

/** widgets.md 9: page size 20; 10000 when paging is off. */
export const POPUP_PAGE_SIZE = 20;
const UNPAGED_SIZE = 10_000;

/** A drawer takes its width as a number of pixels: "600px" → 600; other units stay text. */
export function drawerSize(value: string): number | string {
  return /^\d+(px)?$/.test(value) ? Number.parseInt(value, 10) : value;
}

export interface RelationPopupProps {
  title: string;
  /** dialog (centred), drawer, or popover (700 px under the field, a 300 px table). */
  popupType?: string;
  /** The field the popover opens under (popover only; without it a 700 px dialog is shown). */
  anchor?: ReactNode;
  width?: string;
  columns: readonly ColumnOption[];
  /** Identifies the source in the query cache, e.g. ['model', modelId]. */
  sourceKey: readonly unknown[];
  load(query: PageQuery): Promise<RowPage>;
  rowKey: string;
  multiple?: boolean;
  hasPage?: boolean;
  pageSize?: number;
  /** Keys chosen before opening. */
  initialKeys?: readonly string[];
  onConfirm(rows: Row[]): void;
  onCancel(): void;
}

/**
 * The relation popup of widgets.md: keyword search, reset, refresh, a table of the configured
 * columns (radio with an index column in single mode, checkboxes in multiple mode), optional
 * paging, confirm and cancel. Used by relationForm, popupSelect, popupTableSelect and sub-tables
 * that pick rows from a data interface.
 */
export function RelationPopup({
  title,
  popupType = 'dialog',
  anchor,
  width,
  columns,
  sourceKey,
  load,
  rowKey,
  multiple = false,
  hasPage = true,
  pageSize = POPUP_PAGE_SIZE,
  initialKeys = [],
  onConfirm,
  onCancel,
}: RelationPopupProps) {
  const { t } = useTranslation('formAdvanced');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<string, Row>>(
    () => new Map(initialKeys.map((key) => [key, { [rowKey]: key }])),
  );
  const size = hasPage ? pageSize : UNPAGED_SIZE;
  const rows = useQuery({
    queryKey: ['formRelation', 'page', ...sourceKey, keyword, page, size],
    queryFn: () => load({ keyword, currentPage: page, pageSize: size }),
    placeholderData: keepPreviousData,
  });
  const keyOf = (row: Row) => String(row[rowKey] ?? '');
  const search = (text: string) => {
    setKeyword(text.trim());
    setPage(1);
  };
  const tableColumns: TableColumnsType<Row> = [
    {
      title: t('relation.index'),
      key: '__index',
      width: 60,
      render: (_, __, index) => (page - 1) * size + index + 1,
    },
    ...columns.map((column) => ({
      title: column.label,
      dataIndex: column.value,
      key: column.value,
      ellipsis: true,
      render: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
    })),
  ];
  const popover = popupType === 'popover';
  const body = (
    <div className="form-advanced__popup" data-testid="relation-popup">
      <Space className="form-advanced__popup-bar" wrap>
        <Input.Search
          allowClear
          value={typed}
          placeholder={t('relation.keyword')}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={search}
          enterButton={t('relation.search')}
          style={{ width: 280 }}
        />
        <Button
          onClick={() => {
            setTyped('');
            search('');
          }}
        >
          {t('relation.reset')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('relation.refresh')}
          onClick={() => void rows.refetch()}
        />
      </Space>
      <Table<Row>
        size="small"
        rowKey={keyOf}
        columns={tableColumns}
        dataSource={rows.data?.list ?? []}
        loading={rows.isFetching}
        scroll={{ y: popover ? 300 : 420 }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: [...chosen.keys()],
          preserveSelectedRowKeys: true,
          onChange: (_, selected) =>
            setChosen(new Map(selected.filter(Boolean).map((row) => [keyOf(row), row]))),
        }}
        onRow={(row) => ({
          onClick: () => {
            if (multiple) {
              const next = new Map(chosen);
              if (next.has(keyOf(row))) next.delete(keyOf(row));
              else next.set(keyOf(row), row);
              setChosen(next);
            } else setChosen(new Map([[keyOf(row), row]]));
          },
        })}
        pagination={
          hasPage
            ? {
                current: page,
                pageSize: size,
                total: rows.data?.total ?? 0,
                showSizeChanger: false,
                showTotal: (total) => t('relation.total', { total }),
                onChange: setPage,
              }
            : false
        }
      />
    </div>
  );
  const confirm = () => onConfirm([...chosen.values()]);
  const footer = (
    <Space className="form-advanced__popup-footer">
      <Button onClick={onCancel}>{t('cancel')}</Button>
      <Button type="primary" onClick={confirm}>
        {t('confirm')}
      </Button>
    </Space>
  );
  if (popover && anchor)
    return (
      <Popover
        open
        title={title}
        placement="bottomLeft"
        trigger="click"
        onOpenChange={(next) => {
          if (!next) onCancel();
        }}
        content={
          <div className="form-advanced__popover" data-testid="relation-popover">
            {body}
            {footer}
          </div>
        }
      >
        <span className="form-advanced__popover-anchor">{anchor}</span>
      </Popover>
    );
  if (popupType === 'drawer')
    return (
      <Drawer open title={title} size={drawerSize(width || '600')} onClose={onCancel} footer={footer}>
        {body}
      </Drawer>
    );
  return (
    <Modal
      open
      title={title}
      width={popover ? 700 : width || 800}
      onCancel={onCancel}
      onOk={confirm}
      okText={t('confirm')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
