import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../base/api';
import type { LoginAnswer } from './api';
import { bindAndSignIn } from './social-api';

/**
 * The bind step of social sign-in: the provider's user is not bound yet, so the console account
 * and password bind it (POST /api/oauth/Login/socials with the ticket) and sign in.
 */
export default function SocialBindForm(props: {
  provider: string;
  who: string;
  ticket: string;
  onDone: (answer: LoginAnswer) => void;
}) {
  const { t } = useTranslation('login');
  const [binding, setBinding] = useState(false);
  const [bindError, setBindError] = useState('');

  const bind = async (values: { account: string; password: string }) => {
    setBinding(true);
    setBindError('');
    try {
      props.onDone(await bindAndSignIn({ ...values, ticket: props.ticket }));
    } catch (error) {
      setBinding(false);
      setBindError(error instanceof ApiError ? error.msg : t('social.failed'));
    }
  };

  return (
    <div className="login-social__bind" data-testid="social-bind">
      <Alert
        type="info"
        showIcon
        title={t('social.bindTitle', { provider: props.provider })}
        description={t('social.bindText', { who: props.who })}
      />
      <Form layout="vertical" onFinish={(values) => void bind(values)} requiredMark={false}>
        <Form.Item
          name="account"
          label={t('fields.account')}
          rules={[{ required: true, message: t('rules.account') }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('fields.password')}
          rules={[{ required: true, message: t('rules.password') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {bindError && <Alert type="error" showIcon title={bindError} className="login-social__error" />}
        <Button type="primary" htmlType="submit" block loading={binding}>
          {t('social.bindSubmit')}
        </Button>
      </Form>
    </div>
  );
}
