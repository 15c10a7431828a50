import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { fetchRow, type IndustryNode, saveRow, type TableExampleForm, tableKeys } from './api';

type Values = Omit<TableExampleForm, 'interactionDate'> & { interactionDate?: Dayjs | null };

/** The IndustryType entries as select options, sub-types indented under their type. */
export function typeOptions(nodes: IndustryNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: n.id, label: `${'　'.repeat(depth)}${n.fullName}` },
    ...typeOptions(n.children, depth + 1),
  ]);
}

/** The project form of the common table (3.4.7 tableDemo/commonForm): inline on its page or in a dialog. */
export function ProjectFields({ types }: { types: IndustryNode[] }) {
  const { t } = useTranslation('extendTableDemo');
  const required = (key: string) => [
    { required: true, message: t('rules.required', { label: t(`fields.${key}`) }) },
  ];
  const text = (key: string, max: number, rules = false) => (
    <Col span={12}>
      <Form.Item name={key} label={t(`fields.${key}`)} rules={rules ? required(key) : []}>
        <Input maxLength={max} placeholder={t(`fields.${key}`)} />
      </Form.Item>
    </Col>
  );
  const money = (key: string) => (
    <Col span={8}>
      <Form.Item name={key} label={t(`fields.${key}`)}>
        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {text('projectName', 100, true)}
      {text('projectCode', 50, true)}
      {text('principal', 50, true)}
      {text('jackStands', 50)}
      <Col span={12}>
        <Form.Item name="projectType" label={t('fields.projectType')} rules={required('projectType')}>
          <Select
            options={typeOptions(types)}
            showSearch
            optionFilterProp="label"
            placeholder={t('fields.projectType')}
          />
        </Form.Item>
      </Col>
      {text('projectPhase', 50)}
      {text('customerName', 100)}
      <Col span={12}>
        <Form.Item name="interactionDate" label={t('fields.interactionDate')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      {money('costAmount')}
      {money('tunesAmount')}
      {money('projectedIncome')}
      <Col span={24}>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export const toForm = (values: Values, id?: string, version?: number): TableExampleForm => ({
  ...values,
  projectPhase: values.projectPhase ?? '',
  customerName: values.customerName ?? '',
  jackStands: values.jackStands ?? '',
  description: values.description ?? '',
  costAmount: values.costAmount ?? 0,
  tunesAmount: values.tunesAmount ?? 0,
  projectedIncome: values.projectedIncome ?? 0,
  interactionDate: values.interactionDate ? values.interactionDate.valueOf() : null,
  id,
  version,
});

export function ProjectDialog({
  id,
  types,
  onClose,
}: {
  /** '' = new project. */
  id: string;
  types: IndustryNode[];
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation('extendTableDemo');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const row = useQuery({
    queryKey: [...tableKeys.all, 'row', id],
    queryFn: () => fetchRow(id),
    enabled: !!id,
  });
  useEffect(() => {
    if (row.data)
      form.setFieldsValue({
        ...row.data,
        interactionDate: row.data.interactionDate ? dayjs(row.data.interactionDate) : null,
      });
  }, [row.data, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      toastSuccess(await saveRow(toForm(values, id || undefined, row.data?.version)));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={t(id ? 'actions.editProject' : 'actions.newProject')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Spin spinning={!!id && row.isLoading}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ costAmount: 0, tunesAmount: 0, projectedIncome: 0 }}
        >
          <ProjectFields types={types} />
        </Form>
      </Spin>
    </Modal>
  );
}
