import { Alert, Button, Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../api/feedback';
import { changePassword, imageCodeUrl } from './api';
import { firstIssueFor, type PasswordChangeValues, type PasswordField, type PasswordPolicy } from './policy';

export interface ChangePasswordDialogProps {
  open: boolean;
  /** Mandatory change of the initial password: the dialog cannot be closed or dismissed. */
  forced?: boolean;
  policy: PasswordPolicy | null;
  onClose?(): void;
  /** Called after the server accepted the new password (e.g. to reload CurrentUser). */
  onChanged(): Promise<void> | void;
}

/** Password change dialog (600 px) of console.md 2.6 with the rules of section 5. */
export function ChangePasswordDialog({
  open,
  forced = false,
  policy,
  onClose,
  onChanged,
}: ChangePasswordDialogProps) {
  const { t } = useTranslation('password');
  const [form] = Form.useForm<PasswordChangeValues>();
  const [timestamp, setTimestamp] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);
  const refreshCode = useCallback(() => setTimestamp(Date.now()), []);

  /** antd rule running the pure validator for one field (same order and texts as console.md 5). */
  const ruleFor = (field: PasswordField): Rule => ({
    validator: async () => {
      const issue = firstIssueFor(field, form.getFieldsValue(true) as PasswordChangeValues, policy);
      if (issue) throw new Error(t(`rules.${issue.key}`, issue.params));
    },
  });

  const onFinish = async (values: PasswordChangeValues) => {
    setSubmitting(true);
    try {
      const msg = await changePassword({
        oldPassword: values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
        code: values.code?.trim() ?? '',
        timestamp,
      });
      if (msg) toastSuccess(msg);
      form.resetFields();
      await onChanged();
    } catch {
      form.setFieldValue('code', '');
      refreshCode();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('title')}
      width={600}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      onCancel={forced ? undefined : onClose}
      destroyOnHidden
      footer={
        <Button type="primary" loading={submitting} onClick={() => form.submit()}>
          {t('submit')}
        </Button>
      }
      className="change-password-dialog"
    >
      {forced && <Alert type="warning" showIcon title={t('forcedHint')} style={{ marginBottom: 20 }} />}
      <Form<PasswordChangeValues>
        form={form}
        name="changePassword"
        labelCol={{ flex: '96px' }}
        labelWrap
        onFinish={onFinish}
        autoComplete="off"
        requiredMark
      >
        <Form.Item
          name="oldPassword"
          label={t('fields.oldPassword')}
          required
          rules={[ruleFor('oldPassword')]}
        >
          <Input.Password placeholder={t('placeholders.oldPassword')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('fields.newPassword')}
          required
          rules={[ruleFor('newPassword')]}
        >
          <Input.Password placeholder={t('placeholders.newPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('fields.repeatPassword')}
          required
          dependencies={['newPassword']}
          rules={[ruleFor('repeatPassword')]}
        >
          <Input.Password placeholder={t('placeholders.repeatPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('fields.code')} required style={{ marginBottom: 0 }}>
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item name="code" rules={[ruleFor('code')]} style={{ flex: 1 }}>
              <Input placeholder={t('placeholders.code')} aria-label={t('fields.code')} maxLength={8} />
            </Form.Item>
            <button
              type="button"
              className="image-code-button"
              onClick={refreshCode}
              style={{
                width: 120,
                height: 32,
                padding: 0,
                overflow: 'hidden',
                border: '1px solid #d9d9d9',
                borderRadius: 6,
                background: '#fff',
              }}
              title={t('codeImageAlt')}
            >
              <img
                src={imageCodeUrl(timestamp)}
                alt={t('codeImageAlt')}
                style={{
                  display: 'block',
                  width: '100%',
                  height: '100%',
                  objectFit: 'contain',
                  cursor: 'pointer',
                }}
              />
            </button>
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
