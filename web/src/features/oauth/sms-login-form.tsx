import { MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { Patterns } from '@console/shared';
import { Alert, Button } from 'antd';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../base/api';
import { LoginCheckbox, LoginInput, useFieldErrors, useFormValues } from './fields';
import { useFinishSignIn } from './finish';
import { rememberedMobile, rememberMobile } from './remember';
import { sendSmsCode, smsLogin, waitSeconds } from './sms-api';

interface SmsForm {
  mobile: string;
  code: string;
  remember: boolean;
}

type Field = 'mobile' | 'code';

/** Seconds before a code can be requested again (console.md 5: the code can be resent). */
export const RESEND_SECONDS = 60;

/** Phone number + SMS code sign-in (no password). */
export default function SmsLoginForm() {
  const { t } = useTranslation('login');
  const finish = useFinishSignIn();
  const initialMobile = useRef(rememberedMobile()).current;
  const [values, update] = useFormValues<SmsForm>(() => ({
    mobile: initialMobile ?? '',
    code: '',
    remember: initialMobile !== null,
  }));
  const [countdown, setCountdown] = useState(0);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [noChannel, setNoChannel] = useState(false);

  const mobileError = (mobile: string) => {
    if (!mobile.trim()) return t('rules.mobile');
    if (!Patterns.mobile.test(mobile.trim())) return t('rules.mobilePattern');
    return undefined;
  };
  const validate = (current: SmsForm) => {
    const found: Partial<Record<Field, string>> = {};
    const mobile = mobileError(current.mobile);
    if (mobile) found.mobile = mobile;
    if (!current.code.trim()) found.code = t('rules.smsCode');
    return found;
  };
  const { errors, check, revalidate, setErrors } = useFieldErrors<Field>(() => validate(values));

  const change = (patch: Partial<SmsForm>) => {
    const next = update(patch);
    revalidate(() => validate(next));
  };

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = window.setTimeout(() => setCountdown((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [countdown]);

  const requestCode = async () => {
    const problem = mobileError(values.mobile);
    if (problem) {
      setErrors((current) => ({ ...current, mobile: problem }));
      document.getElementById('smsLogin_mobile')?.focus();
      return;
    }
    setErrors((current) => ({ ...current, mobile: undefined }));
    setSending(true);
    try {
      const answer = await sendSmsCode(values.mobile.trim());
      setSent(true);
      setNoChannel(answer.channel === 'none');
      setCountdown(RESEND_SECONDS);
      document.getElementById('smsLogin_code')?.focus();
    } catch (error) {
      const fromData =
        error instanceof ApiError ? Number((error.data as { waitSeconds?: unknown } | null)?.waitSeconds) : 0;
      const wait =
        fromData > 0 ? Math.ceil(fromData) : error instanceof ApiError ? waitSeconds(error.msg) : null;
      if (wait) setCountdown(wait);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !check()) return;
    setSubmitting(true);
    try {
      const answer = await smsLogin(values.mobile.trim(), values.code.trim());
      rememberMobile(values.remember ? values.mobile.trim() : null);
      finish(answer);
    } catch {
      setSubmitting(false);
      update({ code: '' });
    }
  };

  const codeLabel =
    countdown > 0 ? t('sms.resendIn', { n: countdown }) : sent ? t('sms.resend') : t('sms.getCode');

  return (
    <form name="smsLogin" className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <LoginInput
        id="smsLogin_mobile"
        name="mobile"
        label={t('fields.mobile')}
        placeholder={t('placeholders.mobile')}
        prefix={<MobileOutlined />}
        autoComplete="tel"
        inputMode="numeric"
        maxLength={11}
        value={values.mobile}
        error={errors.mobile}
        onChange={(event) => change({ mobile: event.target.value })}
        autoFocus
      />
      <div className="login-form__code">
        <LoginInput
          id="smsLogin_code"
          name="code"
          label={t('fields.smsCode')}
          placeholder={t('placeholders.smsCode')}
          prefix={<MessageOutlined />}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          value={values.code}
          error={errors.code}
          onChange={(event) => change({ code: event.target.value })}
        />
        <Button
          className="login-form__send"
          size="large"
          onClick={() => void requestCode()}
          disabled={countdown > 0}
          loading={sending}
        >
          <span aria-live="polite">{codeLabel}</span>
        </Button>
      </div>
      {noChannel && (
        <Alert
          className="login-form__notice"
          type="info"
          showIcon
          title={t('sms.noChannel')}
          description={t('sms.noChannelHint')}
        />
      )}
      <div className="login-form__remember">
        <LoginCheckbox
          id="smsLogin_remember"
          checked={values.remember}
          onChange={(remember) => change({ remember })}
        >
          {t('rememberMobile')}
        </LoginCheckbox>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}
