import { BILL_DATE_FORMATS, type BillDateFormat, Limits } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { DictionarySelect } from '../../../widgets/dictionary-select/dictionary-select';
import { type BillRuleForm, BUSINESS_TYPE, billRuleKeys, fetchBillRule, saveBillRule } from './api';
import { billExample, padStartNumber } from './example';
import { billRuleRules } from './rules';

/** Dictionary type holding the business categories. */

interface FormValues {
  fullName: string;
  enCode: string;
  category?: string;
  prefix: string;
  dateFormat?: BillDateFormat;
  digit?: string;
  startNumber?: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** Bill rule dialog (600 px) titled new/edit document, with the live example (console.md 4). */
export function BillRuleDialog({
  target,
  onClose,
  onSaved,
}: {
  target: { id?: string } | null;
  onClose(): void;
  onSaved?(): void;
}) {
  const { t } = useTranslation('billRule');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const rules = billRuleRules(t, form);

  // The example follows prefix, date format, digit and start number on every change.
  const prefix = Form.useWatch('prefix', form);
  const dateFormat = Form.useWatch('dateFormat', form);
  const digit = Form.useWatch('digit', form);
  const startNumber = Form.useWatch('startNumber', form);
  const example = billExample({ prefix, dateFormat, digit, startNumber });

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    if (!target.id) return;
    setLoading(true);
    fetchBillRule(target.id)
      .then((rule) => {
        if (!current) return;
        setVersion(rule.version);
        form.setFieldsValue({
          fullName: rule.fullName,
          enCode: rule.enCode,
          category: rule.category || undefined,
          prefix: rule.prefix,
          dateFormat: rule.dateFormat,
          digit: String(rule.digit),
          startNumber: rule.startNumber,
          sortCode: rule.sortCode ?? 0,
          enabled: Number(rule.enabledMark) === 1,
          description: rule.description ?? '',
        });
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [target, form]);

  /** Left-pads the start number to the digit count (console.md 5). */
  const padStart = () => {
    const values = form.getFieldsValue(['startNumber', 'digit']);
    const padded = padStartNumber(values.startNumber, values.digit);
    if (padded !== (values.startNumber ?? '')) form.setFieldValue('startNumber', padded);
  };

  const submit = async () => {
    if (!target) return;
    padStart();
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const body: BillRuleForm = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      category: values.category ?? '',
      prefix: values.prefix.trim(),
      dateFormat: values.dateFormat ?? 'no',
      digit: Number(values.digit),
      startNumber: padStartNumber(values.startNumber, values.digit),
      example: billExample(values),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
    };
    if (target.id) {
      body.id = target.id;
      if (version !== undefined) body.version = version;
    }
    try {
      const msg = await saveBillRule(body);
      toastSuccess(msg || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: billRuleKeys.all });
      onClose();
      onSaved?.();
    } catch {
      // The client showed the message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      width={600}
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      className="bill-rule-dialog"
    >
      <Form<FormValues>
        form={form}
        name="billRule"
        labelCol={{ style: { width: 90 } }}
        initialValues={{ sortCode: 0, enabled: true, dateFormat: 'yyyyMMdd', description: '' }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="fullName" label={t('fields.fullName')} rules={rules.fullName}>
              <Input placeholder={t('placeholders.fullName')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enCode" label={t('fields.enCode')} rules={rules.enCode}>
              <Input placeholder={t('placeholders.enCode')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="category" label={t('fields.category')} rules={rules.category}>
              <DictionarySelect dictionaryType={BUSINESS_TYPE} placeholder={t('placeholders.category')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="prefix" label={t('fields.prefix')} rules={rules.prefix}>
              <Input placeholder={t('placeholders.prefix')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="dateFormat" label={t('fields.dateFormat')} rules={rules.dateFormat}>
              <Select
                placeholder={t('placeholders.dateFormat')}
                options={BILL_DATE_FORMATS.map((format) => ({
                  value: format,
                  label: t(`dateFormats.${format}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="digit" label={t('fields.digit')} rules={rules.digit}>
              <Input maxLength={1} placeholder={t('placeholders.digit')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="startNumber"
              label={t('fields.startNumber')}
              rules={rules.startNumber}
              dependencies={['digit']}
            >
              <Input placeholder={t('placeholders.startNumber')} onBlur={padStart} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('fields.example')}>
              <Input
                value={example}
                readOnly
                data-testid="bill-rule-example"
                placeholder={t('placeholders.example')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sortCode" label={t('fields.sortCode')} rules={rules.sortCode}>
              <InputNumber
                min={Limits.sortMin}
                max={Limits.sortMax}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea rows={3} placeholder={t('placeholders.description')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
