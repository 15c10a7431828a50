import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../base/api';
import { BrandMark } from '../base/brand-mark';
import { loginImageCodeUrl, passwordLogin } from '../features/oauth/api';
import { useImageCode } from '../features/oauth/image-code';
import { asksForCode, rememberAccount, rememberedAccount, safeRedirect } from '../features/oauth/remember';
import { LanguagePicker } from './language-picker';
import { useMobileSession } from './session';

interface Values {
  account: string;
  password: string;
  code?: string;
}

/** Sign-in with account and password; the image code when the server asks for it (console.md 1). */
export default function LoginPage() {
  const { t } = useTranslation(['mobile', 'login', 'common']);
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  const { showCode, codeLength, timestamp, refreshCode, checkConfig } = useImageCode();

  const onFinish = async (values: Values) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const answer = await passwordLogin({
        account: values.account.trim(),
        password: values.password,
        code: showCode ? values.code?.trim() : '',
        timestamp: showCode ? timestamp : undefined,
      });
      rememberAccount(values.account.trim());
      useMobileSession.getState().signIn(answer.token);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      setSubmitting(false);
      form.setFieldValue('code', '');
      await checkConfig(values.account, asksForCode(error instanceof ApiError ? error.msg : undefined));
      refreshCode();
    }
  };

  return (
    <div className="m-login">
      <div className="m-login__top">
        <LanguagePicker />
      </div>
      <div className="m-login__brand">
        <BrandMark size={56} />
        <h1>{t('common:appTitle')}</h1>
        <p>{t('mobile:login.subtitle')}</p>
      </div>
      <Form
        form={form}
        className="m-login__form"
        layout="vertical"
        mode="card"
        initialValues={{ account: rememberedAccount() ?? '', password: '', code: '' }}
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submitting} shape="rounded">
            {t('login:submit')}
          </Button>
        }
      >
        <Form.Item
          name="account"
          label={t('login:fields.account')}
          rules={[{ required: true, whitespace: true, message: t('login:rules.account') }]}
        >
          <Input
            id="m_account"
            placeholder={t('login:placeholders.account')}
            autoComplete="username"
            clearable
            onBlur={() => void checkConfig(form.getFieldValue('account'))}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login:fields.password')}
          rules={[{ required: true, message: t('login:rules.password') }]}
        >
          <Input
            id="m_password"
            type="password"
            placeholder={t('login:placeholders.password')}
            autoComplete="current-password"
          />
        </Form.Item>
        {showCode && (
          <Form.Item
            name="code"
            label={t('login:fields.code')}
            rules={[{ required: true, whitespace: true, message: t('login:rules.code') }]}
            extra={
              <button
                type="button"
                className="m-code-image"
                onClick={refreshCode}
                title={t('login:refreshCode')}
              >
                <img src={loginImageCodeUrl(codeLength, timestamp)} alt={t('login:codeImageAlt')} />
              </button>
            }
          >
            <Input
              id="m_code"
              placeholder={t('login:placeholders.code')}
              maxLength={codeLength}
              autoComplete="off"
            />
          </Form.Item>
        )}
      </Form>
      <a className="m-login__desktop" href="/#/login">
        {t('mobile:login.desktop')}
      </a>
    </div>
  );
}
