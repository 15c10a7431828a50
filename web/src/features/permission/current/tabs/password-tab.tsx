import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../base/session/session-store';
import { modifyPassword } from '../password/api';
import { ChangePasswordForm } from '../password/change-password-form';
import type { PasswordChangeValues } from '../password/policy';
import { useReloadUser } from '../use-reload-user';

/** Password: the same form and rules as the password dialog, sent to Users/Current/Actions/ModifyPassword. */
export function PasswordTab() {
  const { t } = useTranslation(['profile', 'password']);
  const policy = useSession((state) => state.sysConfigInfo);
  const reloadUser = useReloadUser();
  const [form] = Form.useForm<PasswordChangeValues>();
  const [submitting, setSubmitting] = useState(false);

  return (
    <div style={{ maxWidth: 520 }}>
      <h2 className="profile__section-title">{t('tabs.password')}</h2>
      <p className="profile__section-hint">{t('passwordHint')}</p>
      <ChangePasswordForm
        form={form}
        name="profilePassword"
        policy={policy}
        send={modifyPassword}
        onSubmittingChange={setSubmitting}
        onChanged={reloadUser}
      >
        <Form.Item label=" " colon={false} style={{ marginTop: 24, marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('password:submit')}
          </Button>
        </Form.Item>
      </ChangePasswordForm>
    </div>
  );
}
