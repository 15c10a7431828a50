import { crmLineAmount } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, type FormInstance, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LineTable, lineField } from '../../../widgets/line-table/line-table';
import type { CodedFormProps } from '../../workflow/engine/coded-form-props';
import { fetchCustomers, fetchGoods, takeOrderNumber } from './api';

interface Line {
  goodsId?: string;
  qty?: number;
  price?: number;
  discount?: number;
  amount?: number;
  description?: string;
}
interface Plan {
  receivableDate?: number;
  receivableRate?: number;
  receivableMoney?: number;
  receivableMode?: string;
  abstract?: string;
}
interface Values {
  orderCode?: string;
  orderDate?: number;
  customerId?: string;
  customerName?: string;
  salesmanName?: string;
  receivableMoney?: number;
  earnestRate?: number;
  prepayEarnest?: number;
  paymentMode?: string;
  transportMode?: string;
  deliveryDate?: number | null;
  deliveryAddress?: string;
  description?: string;
  fileJson?: string;
  goodsList?: Line[];
  collectionPlanList?: Plan[];
}

const cents = (v: number) => Math.round(v * 100);
/** Dates are kept as epoch milliseconds in the form data; the picker works on dayjs. */
const dateProps = {
  getValueProps: (value?: number | null) => ({ value: value ? dayjs(value) : undefined }),
  normalize: (value?: Dayjs | null) => (value ? value.startOf('day').valueOf() : undefined),
};

/**
 * Works out what follows from the lines, as the server checks it: each line's amount, the
 * receivable amount (their sum), the deposit, and the plan's amounts by rate (the last plan
 * takes the rest, so the plan adds up to the receivable amount exactly).
 */
export function computeOrder(values: Values): Values {
  const goodsList = (values.goodsList ?? []).map((l) => ({
    ...l,
    amount: crmLineAmount({
      price: Number(l?.price) || 0,
      qty: Number(l?.qty) || 0,
      discount: l?.discount ?? 100,
    }),
  }));
  const total = goodsList.reduce((sum, l) => sum + cents(l.amount), 0);
  const plans = values.collectionPlanList ?? [];
  let left = total;
  const collectionPlanList = plans.map((p, i) => {
    const share =
      i === plans.length - 1 ? left : Math.round((total * (Number(p?.receivableRate) || 0)) / 100);
    left -= share;
    return { ...p, receivableMoney: share / 100 };
  });
  return {
    goodsList,
    collectionPlanList,
    receivableMoney: total / 100,
    prepayEarnest: Math.round((total * (Number(values.earnestRate) || 0)) / 100) / 100,
  };
}

const money = (v: unknown) => (Number(v) || 0).toFixed(2);

/**
 * A value of the form shown as text, redrawn whenever the form changes (table cells of antd are
 * not redrawn for values set by the form itself).
 */
function Watched({
  form,
  path,
  format,
}: {
  form: FormInstance;
  path: (string | number)[];
  format: (value: unknown) => string;
}) {
  return (
    <Form.Item noStyle shouldUpdate>
      {() => format(form.getFieldValue(path))}
    </Form.Item>
  );
}

/**
 * The coded flow form crmOrder (workFlow/workFlowForm/crmOrder): an order with its goods lines and
 * collection plan, shown by the flow detail page for launching, editing a draft and reading.
 */
export default function CrmOrderForm({ form, values, readOnly }: CodedFormProps) {
  const { t } = useTranslation('extendOrder');
  const customers = useQuery({ queryKey: ['extendOrder', 'customers'], queryFn: fetchCustomers });
  const goods = useQuery({ queryKey: ['extendOrder', 'goods'], queryFn: fetchGoods });

  // The detail page builds `values` afresh on each render: the form is filled once, when shown.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    filled.current = true;
    const initial = values as Values;
    form.setFieldsValue({
      orderDate: dayjs().startOf('day').valueOf(),
      earnestRate: 0,
      fileJson: '[]',
      goodsList: [{ qty: 1, discount: 100 }],
      collectionPlanList: [],
      ...initial,
    });
    form.setFieldsValue(computeOrder(form.getFieldsValue(true) as Values));
    if (!initial.orderCode && !readOnly)
      takeOrderNumber()
        .then((code) => form.setFieldValue('orderCode', code))
        .catch(() => undefined);
  }, [form, values, readOnly]);

  const recompute = () => form.setFieldsValue(computeOrder(form.getFieldsValue(true) as Values));
  const goodsById = new Map((goods.data ?? []).map((g) => [g.id, g]));

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={readOnly}
      onValuesChange={recompute}
      data-testid="crm-order-form"
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="orderCode"
            label={t('fields.orderCode')}
            rules={[{ required: true, message: t('rules.orderCode') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="orderDate"
            label={t('fields.orderDate')}
            rules={[{ required: true, message: t('rules.orderDate') }]}
            {...dateProps}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="customerId"
            label={t('fields.customerName')}
            rules={[{ required: true, message: t('rules.customer') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={customers.isLoading}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
              onChange={(id: string) => {
                const customer = customers.data?.find((c) => c.id === id);
                if (customer)
                  form.setFieldsValue({ customerName: customer.fullName, deliveryAddress: customer.address });
              }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="salesmanName" label={t('fields.salesmanName')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="paymentMode" label={t('fields.paymentMode')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="transportMode" label={t('fields.transportMode')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="deliveryDate" label={t('fields.deliveryDate')} {...dateProps}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="deliveryAddress" label={t('fields.deliveryAddress')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <LineTable
        name="goodsList"
        testId="crm-order-lines"
        title={t('detail.lines')}
        emptyText={t('form.noLines')}
        actionsTitle={t('actions.title')}
        removeLabel={t('form.removeLine')}
        addLabel={t('form.addLine')}
        newLine={() => ({ qty: 1, discount: 100 })}
        onLinesChange={recompute}
        columns={[
          {
            title: t('fields.goodsName'),
            key: 'goods',
            cell: (field) => (
              <Form.Item
                name={[field.name, 'goodsId']}
                noStyle
                rules={[{ required: true, message: t('rules.goods') }]}
              >
                <Select
                  aria-label={t('fields.goodsName')}
                  style={{ width: 220 }}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(goods.data ?? []).map((g) => ({
                    value: g.id,
                    label: `${g.fullName}（${g.specification}）`,
                  }))}
                  onChange={(id: string) => {
                    const item = goodsById.get(id);
                    if (item) form.setFieldValue(['goodsList', field.name, 'price'], item.price);
                    recompute();
                  }}
                />
              </Form.Item>
            ),
          },
          {
            title: t('fields.unit'),
            key: 'unit',
            width: 60,
            cell: (field) => (
              <Watched
                form={form}
                path={['goodsList', field.name, 'goodsId']}
                format={(id) => goodsById.get(String(id ?? ''))?.unit ?? ''}
              />
            ),
          },
          {
            title: t('fields.price'),
            key: 'price',
            width: 130,
            cell: lineField('price', <InputNumber aria-label={t('fields.price')} min={0} precision={2} />, [
              { required: true, message: t('rules.price') },
            ]),
          },
          {
            title: t('fields.qty'),
            key: 'qty',
            width: 110,
            cell: lineField('qty', <InputNumber aria-label={t('fields.qty')} min={0.01} precision={2} />, [
              { required: true, message: t('rules.qty') },
            ]),
          },
          {
            title: t('fields.discount'),
            key: 'discount',
            width: 100,
            cell: lineField(
              'discount',
              <InputNumber aria-label={t('fields.discount')} min={0} max={100} precision={2} />,
            ),
          },
          {
            title: t('fields.amount'),
            key: 'amount',
            width: 110,
            align: 'right',
            cell: (field) => (
              <Watched form={form} path={['goodsList', field.name, 'amount']} format={money} />
            ),
          },
          {
            title: t('fields.lineDescription'),
            key: 'description',
            cell: lineField(
              'description',
              <Input aria-label={t('fields.lineDescription')} maxLength={200} />,
            ),
          },
        ]}
      />
      <Row gutter={16} style={{ marginTop: 12 }}>
        <Col span={8}>
          <Form.Item name="receivableMoney" label={t('fields.receivableMoney')}>
            <InputNumber style={{ width: '100%' }} precision={2} readOnly data-testid="crm-order-total" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="earnestRate" label={t('fields.earnestRate')}>
            <InputNumber style={{ width: '100%' }} min={0} max={100} precision={2} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="prepayEarnest" label={t('fields.prepayEarnest')}>
            <InputNumber style={{ width: '100%' }} precision={2} readOnly />
          </Form.Item>
        </Col>
      </Row>
      <LineTable
        name="collectionPlanList"
        title={t('detail.plan')}
        emptyText={t('detail.noPlan')}
        actionsTitle={t('actions.title')}
        removeLabel={t('form.removePlan')}
        addLabel={t('form.addPlan')}
        newLine={() => ({ receivableDate: dayjs().startOf('day').valueOf(), receivableRate: 100 })}
        onLinesChange={recompute}
        columns={[
          {
            title: t('fields.receivableDate'),
            key: 'date',
            width: 160,
            cell: (field) => (
              <Form.Item
                name={[field.name, 'receivableDate']}
                noStyle
                rules={[{ required: true, message: t('rules.receivableDate') }]}
                {...dateProps}
              >
                <DatePicker aria-label={t('fields.receivableDate')} />
              </Form.Item>
            ),
          },
          {
            title: t('fields.receivableRate'),
            key: 'rate',
            width: 110,
            cell: lineField(
              'receivableRate',
              <InputNumber aria-label={t('fields.receivableRate')} min={0} max={100} precision={2} />,
              [{ required: true, message: t('rules.rate') }],
            ),
          },
          {
            title: t('fields.planMoney'),
            key: 'money',
            width: 110,
            align: 'right',
            cell: (field) => (
              <Watched
                form={form}
                path={['collectionPlanList', field.name, 'receivableMoney']}
                format={money}
              />
            ),
          },
          {
            title: t('fields.receivableMode'),
            key: 'mode',
            width: 140,
            cell: lineField(
              'receivableMode',
              <Input aria-label={t('fields.receivableMode')} maxLength={50} />,
            ),
          },
          {
            title: t('fields.abstract'),
            key: 'abstract',
            cell: lineField('abstract', <Input aria-label={t('fields.abstract')} maxLength={200} />),
          },
        ]}
      />
      <Form.Item name="description" label={t('fields.description')} style={{ marginTop: 12 }}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </Form>
  );
}
