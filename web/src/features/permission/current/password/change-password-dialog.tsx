import { Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from './api';
import { ChangePasswordForm } from './change-password-form';
import type { PasswordChangeValues, PasswordPolicy } from './policy';

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
  const [submitting, setSubmitting] = useState(false);

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
      <ChangePasswordForm
        form={form}
        name="changePassword"
        policy={policy}
        send={changePassword}
        onSubmittingChange={setSubmitting}
        onChanged={onChanged}
      />
    </Modal>
  );
}
