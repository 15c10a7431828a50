import { Form, type FormInstance, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../../base/api/feedback';
import { imageCodeUrl, type PasswordChangeSender } from './api';
import { firstIssueFor, type PasswordChangeValues, type PasswordField, type PasswordPolicy } from './policy';

export interface ChangePasswordFormProps {
  form: FormInstance<PasswordChangeValues>;
  /** Form name: field ids are `<name>_<field>`. */
  name: string;
  policy: PasswordPolicy | null;
  /** Which call changes the password (sign-in dialog or personal profile). */
  send: PasswordChangeSender;
  onSubmittingChange(submitting: boolean): void;
  /** Called after the server accepted the new password. */
  onChanged(): Promise<void> | void;
  /** Rendered after the fields (e.g. the profile's own submit button). */
  children?: ReactNode;
}

/**
 * The password-change form (old, new, repeat, image code) with the rules of console.md 5; the
 * mandatory-change dialog and the profile's password tab both render it.
 */
export function ChangePasswordForm({
  form,
  name,
  policy,
  send,
  onSubmittingChange,
  onChanged,
  children,
}: ChangePasswordFormProps) {
  const { t } = useTranslation('password');
  const [timestamp, setTimestamp] = useState(() => Date.now());
  const refreshCode = useCallback(() => setTimestamp(Date.now()), []);

  /** antd rule running the pure validator for one field (same order and texts as console.md 5). */
  const ruleFor = (field: PasswordField): Rule => ({
    validator: async () => {
      const issue = firstIssueFor(field, form.getFieldsValue(true) as PasswordChangeValues, policy);
      if (issue) throw new Error(t(`rules.${issue.key}`, issue.params));
    },
  });

  const onFinish = async (values: PasswordChangeValues) => {
    onSubmittingChange(true);
    try {
      const msg = await send({
        oldPassword: values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
        code: values.code?.trim() ?? '',
        timestamp,
      });
      if (msg) toastSuccess(msg);
      form.resetFields();
      refreshCode();
      await onChanged();
    } catch {
      form.setFieldValue('code', '');
      refreshCode();
    } finally {
      onSubmittingChange(false);
    }
  };

  return (
    <Form<PasswordChangeValues>
      form={form}
      name={name}
      labelCol={{ flex: '96px' }}
      labelWrap
      onFinish={onFinish}
      autoComplete="off"
      requiredMark
    >
      <Form.Item name="oldPassword" label={t('fields.oldPassword')} required rules={[ruleFor('oldPassword')]}>
        <Input.Password placeholder={t('placeholders.oldPassword')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('fields.newPassword')} required rules={[ruleFor('newPassword')]}>
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
              flex: 'none',
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
      {children}
    </Form>
  );
}
