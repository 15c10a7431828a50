import { MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { Patterns } from '@console/shared';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api';
import { useFinishSignIn } from './finish';
import { rememberedMobile, rememberMobile } from './remember';
import { sendSmsCode, smsLogin, waitSeconds } from './sms-api';

interface SmsForm {
  mobile: string;
  code: string;
  remember: boolean;
}

/** Seconds before a code can be requested again (console.md 5: the code can be resent). */
export const RESEND_SECONDS = 60;

/** Phone number + SMS code sign-in (no password). */
export default function SmsLoginForm() {
  const { t } = useTranslation('login');
  const finish = useFinishSignIn();
  const [form] = Form.useForm<SmsForm>();
  const [countdown, setCountdown] = useState(0);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [noChannel, setNoChannel] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const requestCode = async () => {
    let mobile: string;
    try {
      mobile = ((await form.validateFields(['mobile'])) as Pick<SmsForm, 'mobile'>).mobile.trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await sendSmsCode(mobile);
      setSent(true);
      setNoChannel(answer.channel === 'none');
      setCountdown(RESEND_SECONDS);
      document.getElementById('smsLogin_code')?.focus();
    } catch (error) {
      const wait = error instanceof ApiError ? waitSeconds(error.msg) : null;
      if (wait) setCountdown(wait);
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: SmsForm) => {
    setSubmitting(true);
    try {
      const answer = await smsLogin(values.mobile.trim(), values.code.trim());
      rememberMobile(values.remember ? values.mobile.trim() : null);
      finish(answer);
    } catch {
      setSubmitting(false);
      form.setFieldValue('code', '');
    }
  };

  const initialMobile = rememberedMobile();
  const codeLabel =
    countdown > 0 ? t('sms.resendIn', { n: countdown }) : sent ? t('sms.resend') : t('sms.getCode');

  return (
    <Form<SmsForm>
      form={form}
      name="smsLogin"
      className="login-form"
      size="large"
      initialValues={{ mobile: initialMobile ?? '', remember: initialMobile !== null }}
      onFinish={onFinish}
      requiredMark={false}
    >
      <Form.Item
        name="mobile"
        rules={[
          { required: true, whitespace: true, message: t('rules.mobile') },
          { pattern: Patterns.mobile, message: t('rules.mobilePattern') },
        ]}
      >
        <Input
          aria-label={t('fields.mobile')}
          placeholder={t('placeholders.mobile')}
          prefix={<MobileOutlined aria-hidden />}
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
          autoFocus
        />
      </Form.Item>
      <div className="login-form__code">
        <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('rules.smsCode') }]}>
          <Input
            aria-label={t('fields.smsCode')}
            placeholder={t('placeholders.smsCode')}
            prefix={<MessageOutlined aria-hidden />}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
          />
        </Form.Item>
        <Button
          className="login-form__send"
          onClick={() => void requestCode()}
          disabled={countdown > 0}
          loading={sending}
          aria-live="polite"
        >
          {codeLabel}
        </Button>
      </div>
      {noChannel && (
        <Alert
          className="login-form__notice"
          type="info"
          showIcon
          role="status"
          title={t('sms.noChannel')}
          description={t('sms.noChannelHint')}
        />
      )}
      <Form.Item name="remember" valuePropName="checked" className="login-form__remember">
        <Checkbox>{t('rememberMobile')}</Checkbox>
      </Form.Item>
      <Form.Item className="login-form__submit">
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {submitting ? t('submitting') : t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
