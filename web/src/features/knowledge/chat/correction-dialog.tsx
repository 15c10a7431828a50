import type { KbBaseRow } from '@console/shared';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { sendCorrection } from './api';
import type { ChatMessage } from './messages';

interface CorrectionValues {
  baseId: string;
  answer: string;
}

/** Turns an answer into a curated Q&A pair of a base the caller manages, with the corrected text. */
export function CorrectionDialog({
  message,
  bases,
  onSaved,
  onClose,
}: {
  message: ChatMessage | null;
  bases: readonly KbBaseRow[];
  /** The server marks a corrected answer not useful. */
  onSaved(message: ChatMessage): void;
  onClose(): void;
}) {
  const { t } = useTranslation('knowledgeChat');
  const [form] = Form.useForm<CorrectionValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (message) form.setFieldsValue({ baseId: bases[0]?.id, answer: message.content });
  }, [message, bases, form]);

  const submit = async () => {
    if (!message?.id) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const msg = await sendCorrection(message.id, values.baseId, values.answer.trim());
      onSaved(message);
      toastSuccess(msg || t('correction.saved'));
      onClose();
    } catch {
      // The client showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={message !== null}
      width={700}
      title={t('correction.title')}
      okText={t('correction.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('correction.hint')}</Typography.Paragraph>
      <Form<CorrectionValues> form={form} name="kbCorrection" layout="vertical">
        <Form.Item label={t('correction.question')}>
          <Typography.Text>{message?.question}</Typography.Text>
        </Form.Item>
        <Form.Item
          name="baseId"
          label={t('correction.base')}
          rules={[{ required: true, message: t('correction.baseRequired') }]}
        >
          <Select options={bases.map((base) => ({ value: base.id, label: base.fullName }))} />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t('correction.answer')}
          rules={[
            { required: true, whitespace: true, message: t('correction.answerRequired') },
            { max: 5000, message: t('correction.answerMax') },
          ]}
        >
          <Input.TextArea rows={8} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
