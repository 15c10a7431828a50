import { PlusOutlined } from '@ant-design/icons';
import type { CrmCollectionPlan, CrmOrderEntry, CrmOrderRow } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Modal, Table, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import { downloadUrl } from '../../../widgets/list/files';
import { usePagedList } from '../../../widgets/list/paged-list';
import { PagedTable } from '../../../widgets/list/paged-table';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { detailPath } from '../../workflow/engine/config';
import { TaskStatusTag } from '../../workflow/lists/status';
import {
  day,
  deleteOrder,
  exportOrder,
  fetchLines,
  fetchOrders,
  fetchPlan,
  money,
  type OrderQuery,
  orderFlowId,
  orderKeys,
} from './api';
import '../../../widgets/list/list-page.css';

const ADDRESS = 'extend/order';

/** The goods lines and the collection plan of one order (the expanded row). */
function OrderDetail({ id }: { id: string }) {
  const { t } = useTranslation('extendOrder');
  const lines = useQuery({ queryKey: orderKeys.lines(id), queryFn: () => fetchLines(id) });
  const plan = useQuery({ queryKey: orderKeys.plan(id), queryFn: () => fetchPlan(id) });
  const lineColumns: TableColumnsType<CrmOrderEntry> = [
    { title: t('fields.goodsCode'), dataIndex: 'goodsCode', key: 'goodsCode', width: 100 },
    { title: t('fields.goodsName'), dataIndex: 'goodsName', key: 'goodsName', width: 150 },
    { title: t('fields.specifications'), dataIndex: 'specifications', key: 'specifications', width: 130 },
    { title: t('fields.unit'), dataIndex: 'unit', key: 'unit', width: 60 },
    { title: t('fields.price'), dataIndex: 'price', key: 'price', width: 100, align: 'right', render: money },
    { title: t('fields.qty'), dataIndex: 'qty', key: 'qty', width: 80, align: 'right' },
    { title: t('fields.discount'), dataIndex: 'discount', key: 'discount', width: 80, align: 'right' },
    {
      title: t('fields.amount'),
      dataIndex: 'amount',
      key: 'amount',
      width: 110,
      align: 'right',
      render: money,
    },
    { title: t('fields.lineDescription'), dataIndex: 'description', key: 'description' },
  ];
  const planColumns: TableColumnsType<CrmCollectionPlan> = [
    { title: t('fields.receivableDate'), dataIndex: 'receivableDate', key: 'date', width: 120, render: day },
    {
      title: t('fields.receivableRate'),
      dataIndex: 'receivableRate',
      key: 'rate',
      width: 100,
      align: 'right',
    },
    {
      title: t('fields.planMoney'),
      dataIndex: 'receivableMoney',
      key: 'money',
      width: 120,
      align: 'right',
      render: money,
    },
    { title: t('fields.receivableMode'), dataIndex: 'receivableMode', key: 'mode', width: 120 },
    { title: t('fields.abstract'), dataIndex: 'abstract', key: 'abstract' },
  ];
  return (
    <div data-testid="order-detail">
      <Typography.Text strong>{t('detail.lines')}</Typography.Text>
      <Table<CrmOrderEntry>
        size="small"
        rowKey="id"
        loading={lines.isLoading}
        columns={lineColumns}
        dataSource={lines.data?.list ?? []}
        pagination={false}
        data-testid="order-lines"
      />
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        {t('detail.plan')}
      </Typography.Text>
      <Table<CrmCollectionPlan>
        size="small"
        rowKey="id"
        loading={plan.isLoading}
        columns={planColumns}
        dataSource={plan.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('detail.noPlan') }}
        data-testid="order-plan"
      />
    </div>
  );
}

function OrderList() {
  const { t } = useTranslation('extendOrder');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [launching, setLaunching] = useState(false);
  const filters = {
    startTime: range?.[0]?.startOf('day').valueOf(),
    endTime: range?.[1]?.endOf('day').valueOf(),
  };
  // Orders are written by the flow pages: the list is read afresh whenever it is shown.
  queryClient.setQueryDefaults(orderKeys.all, { staleTime: 0 });
  const { keyword, search, firstPage, list, tableProps } = usePagedList<CrmOrderRow, OrderQuery>({
    filters,
    queryKey: orderKeys.list,
    queryFn: fetchOrders,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKeys.all });

  /** New order: the flow's launch form with the coded crmOrder form. */
  const create = async () => {
    setLaunching(true);
    try {
      const flowId = await orderFlowId();
      if (!flowId) toastError(t('noFlow'));
      else navigate(detailPath({ id: '0', flowId, opType: -1 }));
    } catch {
      // toast shown by the client
    } finally {
      setLaunching(false);
    }
  };

  const remove = (row: CrmOrderRow) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('confirm.delete', { code: row.orderCode }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          toastSuccess(await deleteOrder(row.id), 1.5);
          await refresh();
        } catch {
          // toast shown by the client
        }
      },
    });

  const exportRow = async (row: CrmOrderRow) => {
    try {
      const file = await exportOrder(row.id);
      downloadUrl(file.url, file.name);
    } catch {
      // toast shown by the client
    }
  };

  const columns: TableColumnsType<CrmOrderRow> = [
    { title: t('fields.orderCode'), dataIndex: 'orderCode', key: 'orderCode', width: 170 },
    { title: t('fields.orderDate'), dataIndex: 'orderDate', key: 'orderDate', width: 120, render: day },
    { title: t('fields.customerName'), dataIndex: 'customerName', key: 'customerName', width: 180 },
    { title: t('fields.salesmanName'), dataIndex: 'salesmanName', key: 'salesmanName', width: 100 },
    {
      title: t('fields.receivableMoney'),
      dataIndex: 'receivableMoney',
      key: 'receivableMoney',
      width: 130,
      align: 'right',
      render: money,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (value: number | null) =>
        value === null ? t('noFlowStatus') : <TaskStatusTag status={value} />,
    },
    { title: t('fields.creatorUser'), dataIndex: 'creatorUser', key: 'creatorUser', width: 140 },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', ellipsis: true },
    {
      title: t('actions.title'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            { code: 'btn_export', label: t('actions.export'), onClick: () => void exportRow(row) },
            { code: 'btn_remove', label: t('actions.delete'), danger: true, onClick: () => remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="order-page">
      <div className="list-page__search">
        <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={search}>
          <DatePicker.RangePicker
            value={range}
            aria-label={t('dateRange')}
            onChange={(next) => {
              setRange(next);
              firstPage();
            }}
          />
        </SearchBar>
      </div>
      <div className="list-page__body">
        <div className="list-page__toolbar">
          <AuthButton
            code="btn_add"
            type="primary"
            icon={<PlusOutlined />}
            loading={launching}
            onClick={create}
          >
            {t('actions.add')}
          </AuthButton>
          <RefreshButton type="default" label={t('actions.refresh')} onRefresh={() => void list.refetch()} />
        </div>
        <PagedTable<CrmOrderRow>
          rowKey="id"
          columns={columns}
          {...tableProps}
          expandable={{ expandedRowRender: (row) => <OrderDetail id={row.id} /> }}
          locale={{ emptyText: t('empty') }}
          scroll={{ x: 1200 }}
        />
      </div>
      {modalHolder}
    </div>
  );
}

/** CRM orders with their goods lines and collection plans, page 'extend/order'; new ones go through the flow. */
export default function OrderPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <OrderList />
    </PermissionScope>
  );
}
