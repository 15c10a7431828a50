import { PlusOutlined } from '@ant-design/icons';
import type { SaleProductEntry, SaleProductRow } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import type { PagedAnswer } from '../../../widgets/list/paged-list';
import { usePagedList } from '../../../widgets/list/paged-list';
import type { Paging } from '../../../widgets/list/paged-table';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { SALE_BASE, SaleOrderDialog } from './sale-order-dialog';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'extend/saleOrder';
type Query = { keyword: string } & Paging;
const keys = {
  all: ['extendSaleOrder'] as const,
  list: (q: Query) => ['extendSaleOrder', 'list', q] as const,
};
const money = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function OrderLines({ id }: { id: string }) {
  const { t } = useTranslation('extendSaleOrder');
  const lines = useQuery({
    queryKey: ['extendSaleOrder', 'lines', id],
    queryFn: () => http.get<{ list: SaleProductEntry[] }>(`${SALE_BASE}/Product/ProductEntry/${id}`),
  });
  const columns: TableColumnsType<SaleProductEntry> = [
    { title: t('fields.goodsCode'), dataIndex: 'goodsCode', key: 'goodsCode', width: 100 },
    { title: t('fields.goodsName'), dataIndex: 'goodsName', key: 'goodsName', width: 160 },
    { title: t('fields.specification'), dataIndex: 'specification', key: 'specification', width: 140 },
    { title: t('fields.unit'), dataIndex: 'unit', key: 'unit', width: 60 },
    { title: t('fields.qty'), dataIndex: 'qty', key: 'qty', width: 80, align: 'right' },
    { title: t('fields.price'), dataIndex: 'price', key: 'price', width: 110, align: 'right', render: money },
    {
      title: t('fields.amount'),
      dataIndex: 'amount',
      key: 'amount',
      width: 120,
      align: 'right',
      render: money,
    },
    { title: t('fields.lineDescription'), dataIndex: 'description', key: 'description' },
  ];
  return (
    <Table<SaleProductEntry>
      size="small"
      rowKey="id"
      loading={lines.isLoading}
      columns={columns}
      dataSource={lines.data?.list ?? []}
      pagination={false}
      data-testid="sale-order-lines"
    />
  );
}

function SaleOrderList() {
  const { t } = useTranslation('extendSaleOrder');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const { keyword, search, list, tableProps } = usePagedList<SaleProductRow, Query>({
    queryKey: keys.list,
    queryFn: (query) => http.get<PagedAnswer<SaleProductRow>>(`${SALE_BASE}/Product`, { ...query }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.all });

  const remove = (row: SaleProductRow) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete', { code: row.code }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const answer = await http.send(`${SALE_BASE}/Product/${row.id}`, { method: 'DELETE' });
          toastSuccess(answer.msg, 1.5);
          await refresh();
        } catch {
          // toast shown by the client
        }
      },
    });

  const columns: TableColumnsType<SaleProductRow> = [
    { title: t('fields.code'), dataIndex: 'code', key: 'code', width: 150 },
    { title: t('fields.customerName'), dataIndex: 'customerName', key: 'customerName', width: 200 },
    { title: t('fields.salesmanName'), dataIndex: 'salesmanName', key: 'salesmanName', width: 110 },
    {
      title: t('fields.salesmanDate'),
      dataIndex: 'salesmanDate',
      key: 'salesmanDate',
      width: 120,
      render: (value: number) => new Date(value).toISOString().slice(0, 10),
    },
    {
      title: t('fields.amount'),
      dataIndex: 'amount',
      key: 'amount',
      width: 130,
      align: 'right',
      render: money,
    },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_edit', label: t('actions.edit'), onClick: () => setDialog({ id: row.id }) },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="sale-order-page">
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
        <PagedTable<SaleProductRow>
          rowKey="id"
          columns={columns}
          {...tableProps}
          expandable={{ expandedRowRender: (row) => <OrderLines id={row.id} /> }}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 1000 }}
        />
      </div>
      <SaleOrderDialog
        target={dialog}
        onClose={(saved) => {
          setDialog(null);
          if (saved) void refresh();
        }}
      />
      {modalHolder}
    </div>
  );
}

/** Sales orders with customers, goods and order lines, page 'extend/saleOrder'. */
export default function SaleOrderPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <SaleOrderList />
    </PermissionScope>
  );
}
