import type { SaleCustomer, SaleGoods, SaleProductInfo } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { LineTable, lineField } from '../../../widgets/line-table/line-table';

export const SALE_BASE = '/extend/saleOrder';

interface Line {
  goodsId?: string;
  qty?: number;
  price?: number;
  description?: string;
}

interface Values {
  code: string;
  customerId?: string;
  salesmanName?: string;
  salesmanDate?: Dayjs;
  description?: string;
  goodsList: Line[];
}

/** New (target {}) or edit (target { id }) of a sales order with its goods lines. */
export function SaleOrderDialog({
  target,
  onClose,
}: {
  target: { id?: string } | null;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation('extendSaleOrder');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const editing = Boolean(target?.id);
  const customers = useQuery({
    queryKey: ['extendSaleOrder', 'customers'],
    queryFn: () => http.get<{ list: SaleCustomer[] }>(`${SALE_BASE}/Customer`, { pageSize: 500 }),
    enabled: target !== null,
  });
  const goods = useQuery({
    queryKey: ['extendSaleOrder', 'goods'],
    queryFn: () => http.get<{ list: SaleGoods[] }>(`${SALE_BASE}/Goods/Selector`),
    enabled: target !== null,
  });
  const info = useQuery({
    queryKey: ['extendSaleOrder', 'info', target?.id],
    queryFn: () => http.get<SaleProductInfo>(`${SALE_BASE}/Product/${target?.id}`),
    enabled: editing,
    gcTime: 0,
  });

  useEffect(() => {
    if (!target) return;
    if (!target.id) {
      form.setFieldsValue({ code: '', salesmanDate: dayjs(), goodsList: [{ qty: 1 }] });
    } else if (info.data) {
      form.setFieldsValue({
        ...info.data,
        salesmanDate: dayjs(info.data.salesmanDate),
        goodsList: info.data.goodsList.map((l) => ({
          goodsId: l.goodsId,
          qty: l.qty,
          price: l.price,
          description: l.description,
        })),
      });
    }
  }, [target, info.data, form]);

  const lines = Form.useWatch('goodsList', form) ?? [];
  const total = lines.reduce((sum, l) => sum + (Number(l?.qty) || 0) * (Number(l?.price) || 0), 0);
  const goodsById = new Map((goods.data?.list ?? []).map((g) => [g.id, g]));

  const save = async () => {
    const values = await form.validateFields();
    const body = { ...values, salesmanDate: values.salesmanDate?.valueOf() };
    setSaving(true);
    try {
      const answer = editing
        ? await http.send(`${SALE_BASE}/Product/${target?.id}`, {
            method: 'PUT',
            data: { ...body, version: info.data?.version },
          })
        : await http.send(`${SALE_BASE}/Product`, { method: 'POST', data: body });
      toastSuccess(answer.msg, 1.5);
      form.resetFields();
      onClose(true);
    } catch {
      // toast shown by the client
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    form.resetFields();
    onClose(false);
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? t('dialog.edit') : t('dialog.add')}
      width={960}
      onCancel={close}
      onOk={save}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Spin spinning={editing && info.isLoading}>
        <Form form={form} layout="vertical" data-testid="sale-order-form">
          <Space wrap size="middle" align="start">
            <Form.Item
              name="code"
              label={t('fields.code')}
              rules={[{ required: true, message: t('rules.code') }]}
            >
              <Input style={{ width: 200 }} maxLength={50} />
            </Form.Item>
            <Form.Item
              name="customerId"
              label={t('fields.customerName')}
              rules={[{ required: true, message: t('rules.customer') }]}
            >
              <Select
                style={{ width: 220 }}
                showSearch={{ optionFilterProp: 'label' }}
                loading={customers.isLoading}
                options={(customers.data?.list ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
              />
            </Form.Item>
            <Form.Item name="salesmanName" label={t('fields.salesmanName')}>
              <Input style={{ width: 160 }} maxLength={50} />
            </Form.Item>
            <Form.Item
              name="salesmanDate"
              label={t('fields.salesmanDate')}
              rules={[{ required: true, message: t('rules.date') }]}
            >
              <DatePicker style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <LineTable
            name="goodsList"
            emptyText={t('noLines')}
            actionsTitle={t('actions.title')}
            removeLabel={t('actions.removeLine')}
            addLabel={t('actions.addLine')}
            newLine={() => ({ qty: 1 })}
            footer={<span data-testid="sale-order-total">{t('total', { amount: total.toFixed(2) })}</span>}
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
                      options={(goods.data?.list ?? []).map((g) => ({
                        value: g.id,
                        label: `${g.fullName}（${g.specification}）`,
                      }))}
                      onChange={(id: string) => {
                        const item = goodsById.get(id);
                        if (item) form.setFieldValue(['goodsList', field.name, 'price'], item.price);
                      }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('fields.qty'),
                key: 'qty',
                width: 120,
                cell: lineField(
                  'qty',
                  <InputNumber aria-label={t('fields.qty')} min={0.01} precision={2} />,
                  [{ required: true, message: t('rules.qty') }],
                ),
              },
              {
                title: t('fields.price'),
                key: 'price',
                width: 140,
                cell: lineField(
                  'price',
                  <InputNumber aria-label={t('fields.price')} min={0} precision={2} />,
                  [{ required: true, message: t('rules.price') }],
                ),
              },
              {
                title: t('fields.amount'),
                key: 'amount',
                width: 120,
                cell: (field) => {
                  const line = lines[field.name];
                  return ((Number(line?.qty) || 0) * (Number(line?.price) || 0)).toFixed(2);
                },
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
          <Form.Item name="description" label={t('fields.description')} style={{ marginTop: 12 }}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
