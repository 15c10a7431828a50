import type { SmsTemplateItem } from '@console/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { testSendSms } from './api';

interface FormValues {
  phoneNumbers: string;
  parameters: Record<string, string>;
}

/** Sends an SMS template once to the numbers typed, with a value for each of its parameters. */
export function SmsTestDialog({ template, onClose }: { template: SmsTemplateItem | null; onClose(): void }) {
  const { t } = useTranslation('systemTemplate');
  const [form] = Form.useForm<FormValues>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (template) form.resetFields();
  }, [template, form]);

  const submit = async () => {
    if (!template) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSending(true);
    try {
      const msg = await testSendSms({
        id: template.id,
        phoneNumbers: values.phoneNumbers,
        parameters: values.parameters ?? {},
      });
      toastSuccess(msg || t('sent'), 1.5);
      onClose();
    } catch {
      // The client showed the vendor's message; the dialog stays open.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={template !== null}
      width={560}
      title={t('test.title', { name: template?.fullName ?? '' })}
      okText={t('test.send')}
      cancelText={t('actions.cancel')}
      confirmLoading={sending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      className="sms-test-dialog"
    >
      <Form<FormValues> form={form} name="smsTest" labelCol={{ style: { width: 110 } }}>
        <Form.Item
          name="phoneNumbers"
          label={t('test.phoneNumbers')}
          extra={t('test.phoneHint')}
          rules={[
            { required: true, whitespace: true, message: t('test.phoneRequired') },
            {
              pattern: /^\s*1[3-9]\d{9}(\s*[,，]\s*1[3-9]\d{9})*\s*$/,
              message: t('test.phoneInvalid'),
            },
          ]}
        >
          <Input placeholder={t('test.phonePlaceholder')} />
        </Form.Item>
        {(template?.params ?? []).map((p) => (
          <Form.Item
            key={p.field}
            name={['parameters', p.field]}
            label={p.fieldName}
            tooltip={`{${p.field}}`}
            rules={[
              { required: true, whitespace: true, message: t('test.paramRequired', { name: p.fieldName }) },
            ]}
          >
            <Input maxLength={200} placeholder={t('test.paramPlaceholder', { name: p.fieldName })} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
