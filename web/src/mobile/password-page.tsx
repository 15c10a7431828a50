import { Button, Form, Input, NoticeBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changePassword, imageCodeUrl, modifyPassword } from '../features/permission/current/password/api';
import {
  checkPasswordStrength,
  type PasswordChangeValues,
} from '../features/permission/current/password/policy';
import { toastOk } from './feedback';
import { owesPassword, signOut, useMobileSession } from './session';
import { SubPage } from './widgets';

/**
 * Password change: the mandatory one after the first sign-in (no way around it but signing out)
 * and the one from 我的. The same calls and strength rules as the desktop's dialog.
 */
export default function PasswordPage() {
  const { t } = useTranslation(['password', 'mobile']);
  const navigate = useNavigate();
  const user = useMobileSession((state) => state.user);
  const forced = owesPassword(user);
  const [form] = Form.useForm<PasswordChangeValues>();
  const [timestamp, setTimestamp] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const policy = user?.sysConfigInfo ?? null;

  const onFinish = async (values: PasswordChangeValues) => {
    setBusy(true);
    try {
      const send = forced ? changePassword : modifyPassword;
      const msg = await send({
        oldPassword: values.oldPassword ?? '',
        newPassword: values.newPassword ?? '',
        code: values.code?.trim() ?? '',
        timestamp,
      });
      toastOk(msg || t('mobile:password.changed'));
      await useMobileSession.getState().load();
      navigate(forced ? '/' : '/me', { replace: true });
    } catch {
      setBusy(false);
      form.setFieldValue('code', '');
      setTimestamp(Date.now());
    }
  };

  const body = (
    <>
      {forced && <NoticeBar content={t('forcedHint')} color="alert" wrap />}
      <Form
        form={form}
        layout="vertical"
        mode="card"
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} shape="rounded">
            {t('submit')}
          </Button>
        }
      >
        <Form.Item
          name="oldPassword"
          label={t('fields.oldPassword')}
          rules={[{ required: true, message: t('rules.oldRequired') }]}
        >
          <Input
            id="m_old_password"
            type="password"
            placeholder={t('placeholders.oldPassword')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('fields.newPassword')}
          rules={[
            { required: true, message: t('rules.newRequired') },
            {
              validator: async (_rule, value: string | undefined) => {
                const issue = checkPasswordStrength(value ?? '', policy);
                if (issue) throw new Error(t(`rules.${issue.key}`, issue.params));
              },
            },
          ]}
        >
          <Input
            id="m_new_password"
            type="password"
            placeholder={t('placeholders.newPassword')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('fields.repeatPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('rules.repeatRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('rules.mismatch'));
              },
            }),
          ]}
        >
          <Input
            id="m_repeat_password"
            type="password"
            placeholder={t('placeholders.repeatPassword')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('fields.code')}
          rules={[{ required: true, whitespace: true, message: t('rules.codeRequired') }]}
          extra={
            <button type="button" className="m-code-image" onClick={() => setTimestamp(Date.now())}>
              <img src={imageCodeUrl(timestamp)} alt={t('codeImageAlt')} />
            </button>
          }
        >
          <Input id="m_password_code" placeholder={t('placeholders.code')} autoComplete="off" />
        </Form.Item>
      </Form>
    </>
  );

  if (!forced) return <SubPage title={t('title')}>{body}</SubPage>;
  return (
    <div className="m-page">
      <div className="m-pagehead m-pagehead--row">
        <span>{t('title')}</span>
        <Button
          size="small"
          fill="none"
          onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}
        >
          {t('mobile:me.signOut')}
        </Button>
      </div>
      <div className="m-page__body">{body}</div>
    </div>
  );
}
