import { Limits, type SmsTemplateItem, type SystemTemplateItem, type TemplateParam } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import {
  fetchSmsAccounts,
  fetchTemplate,
  fetchVendorTemplate,
  saveTemplate,
  type TemplateForm,
  type TemplateKind,
  templateKeys,
} from './api';
import { deriveParams } from './params';

/** Message sources of the message centre a system template is written for. */
export const CATEGORIES = [1, 2, 3, 4] as const;

interface FormValues {
  fullName: string;
  enCode: string;
  category?: number;
  title?: string;
  accountConfigId?: string;
  templateId?: string;
  signContent?: string;
  content: string;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

/** Add/edit dialog of a system or SMS template, with the parameters its text uses. */
export function TemplateDialog({
  kind,
  target,
  onClose,
}: {
  kind: TemplateKind;
  target: { id?: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('systemTemplate');
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fetching, setFetching] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const [params, setParams] = useState<TemplateParam[]>([]);
  const accounts = useQuery({
    queryKey: templateKeys.accounts,
    queryFn: fetchSmsAccounts,
    enabled: kind === 'sms' && target !== null,
  });
  const title = Form.useWatch('title', form);
  const content = Form.useWatch('content', form);

  // The parameter rows follow the placeholders of the text as it is typed.
  useEffect(() => {
    setParams((current) => deriveParams(current, { title, content }, kind === 'sms'));
  }, [title, content, kind]);

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    setParams([]);
    if (!target.id) return;
    setLoading(true);
    fetchTemplate(kind, target.id)
      .then((row) => {
        if (!current) return;
        setVersion(row.version);
        setParams(row.params);
        const sms = row as SmsTemplateItem;
        const system = row as SystemTemplateItem;
        form.setFieldsValue({
          fullName: row.fullName,
          enCode: row.enCode,
          content: row.content,
          sortCode: row.sortCode,
          enabled: row.enabledMark === 1,
          description: row.description ?? '',
          ...(kind === 'sms'
            ? {
                accountConfigId: sms.accountConfigId,
                templateId: sms.templateId,
                signContent: sms.signContent,
              }
            : { category: system.category, title: system.title }),
        });
      })
      .catch(() => undefined)
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [target, form, kind]);

  /** Fills the text from the vendor's template with the code typed. */
  const fromVendor = async () => {
    const values = await form.validateFields(['accountConfigId', 'templateId']).catch(() => null);
    if (!values?.accountConfigId || !values.templateId) return;
    setFetching(true);
    try {
      const found = await fetchVendorTemplate(values.accountConfigId, values.templateId);
      form.setFieldValue('content', found.content);
      if (!form.getFieldValue('fullName') && found.fullName) form.setFieldValue('fullName', found.fullName);
      toastSuccess(t('vendorFetched'), 1.5);
    } catch {
      // The client showed the message.
    } finally {
      setFetching(false);
    }
  };

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const body: TemplateForm = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      content: values.content,
      params: params.map((p) => ({ field: p.field, fieldName: p.fieldName.trim() || p.field })),
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description ?? '',
      ...(kind === 'sms'
        ? {
            accountConfigId: values.accountConfigId,
            templateId: values.templateId?.trim(),
            signContent: values.signContent?.trim() ?? '',
          }
        : { category: values.category, title: values.title }),
    };
    if (target.id && version !== undefined) body.version = version;
    try {
      const msg = await saveTemplate(kind, body, target.id);
      toastSuccess(msg || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: templateKeys.all(kind) });
      onClose();
    } catch {
      // The client showed the message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <Modal
      open={target !== null}
      width={720}
      title={t(`${kind}.${target?.id ? 'editTitle' : 'newTitle'}`)}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      className="template-dialog"
    >
      <Form<FormValues>
        form={form}
        name={`${kind}Template`}
        labelCol={{ style: { width: 90 } }}
        initialValues={{ sortCode: 0, enabled: true, description: '', category: 3, signContent: '' }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="fullName"
              label={t('fields.fullName')}
              rules={[...required(t('rules.fullName')), { max: Limits.nameMax, message: t('rules.nameMax') }]}
            >
              <Input placeholder={t('placeholders.fullName')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="enCode"
              label={t('fields.enCode')}
              rules={[...required(t('rules.enCode')), { max: Limits.codeMax, message: t('rules.codeMax') }]}
            >
              <Input placeholder={t('placeholders.enCode')} />
            </Form.Item>
          </Col>
          {kind === 'system' ? (
            <>
              <Col span={12}>
                <Form.Item name="category" label={t('fields.category')} rules={[{ required: true }]}>
                  <Select options={CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="title" label={t('fields.title')} rules={required(t('rules.title'))}>
                  <Input placeholder={t('placeholders.title')} maxLength={200} />
                </Form.Item>
              </Col>
            </>
          ) : (
            <>
              <Col span={12}>
                <Form.Item
                  name="accountConfigId"
                  label={t('fields.accountConfigId')}
                  rules={[{ required: true, message: t('rules.account') }]}
                  extra={accounts.data?.length === 0 ? t('hints.noAccount') : undefined}
                >
                  <Select
                    loading={accounts.isFetching}
                    placeholder={t('placeholders.account')}
                    options={(accounts.data ?? []).map((a) => ({
                      value: a.id,
                      label: `${a.fullName}（${t(`vendors.${a.vendor}`)}）`,
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={t('fields.templateId')} required>
                  <Space.Compact style={{ width: '100%' }}>
                    <Form.Item name="templateId" noStyle rules={required(t('rules.templateId'))}>
                      <Input placeholder={t('placeholders.templateId')} maxLength={100} />
                    </Form.Item>
                    <Button onClick={fromVendor} loading={fetching} data-testid="template-from-vendor">
                      {t('actions.fromVendor')}
                    </Button>
                  </Space.Compact>
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="signContent" label={t('fields.signContent')}>
                  <Input placeholder={t('placeholders.signContent')} maxLength={50} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={24}>
            <Form.Item
              name="content"
              label={t('fields.content')}
              rules={required(t('rules.content'))}
              extra={t('hints.placeholders')}
            >
              <Input.TextArea
                rows={4}
                placeholder={t('placeholders.content')}
                maxLength={kind === 'sms' ? 500 : 5000}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('fields.params')}>
              <Table<TemplateParam>
                size="small"
                rowKey="field"
                pagination={false}
                dataSource={params}
                data-testid="template-params"
                locale={{ emptyText: t('hints.noParams') }}
                columns={[
                  { title: t('fields.field'), dataIndex: 'field', width: 200 },
                  {
                    title: t('fields.fieldName'),
                    dataIndex: 'fieldName',
                    render: (value: string, row) => (
                      <Input
                        size="small"
                        value={value}
                        maxLength={50}
                        aria-label={t('fields.fieldName')}
                        onChange={(e) =>
                          setParams((list) =>
                            list.map((p) =>
                              p.field === row.field ? { ...p, fieldName: e.target.value } : p,
                            ),
                          )
                        }
                      />
                    ),
                  },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sortCode" label={t('fields.sortCode')}>
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
              <Input.TextArea rows={2} maxLength={500} placeholder={t('placeholders.description')} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
