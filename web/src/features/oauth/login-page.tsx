import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../base/api';
import { BrandMark } from '../../base/brand-mark';
import { LanguageSwitch } from '../../widgets/language/language-switch';
import { loginImageCodeUrl, passwordLogin } from './api';
import { LoginCheckbox, LoginInput, useFieldErrors, useFormValues } from './fields';
import { useFinishSignIn } from './finish';
import { useImageCode } from './image-code';
import { MobileOffer } from './mobile-offer';
import { asksForCode, rememberAccount, rememberedAccount } from './remember';
import './login.css';

// The phone-code and scan-code modes are separate chunks, fetched only when their tab is chosen.
const SmsLoginForm = lazy(() => import('./sms-login-form'));
const ScanLogin = lazy(() => import('./scan-login'));
// Social providers (enterprise WeChat, DingTalk, Feishu) ask the server first: their own chunk.
const SocialLogin = lazy(() => import('./social-login'));

interface PasswordForm {
  account: string;
  password: string;
  code?: string;
  remember: boolean;
}

/** Sign-in modes (console.md 1): account and password, phone verification code, scanned code. */
type LoginMode = 'password' | 'sms' | 'scan';
const MODES: readonly LoginMode[] = ['password', 'sms', 'scan'];

export default function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const [mode, setMode] = useState<LoginMode>('password');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The route guard sends a user whose roles grant no page here (after the password change).
  const noPages = useSearchParams()[0].get('reason') === 'noPages';

  /** Arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern). */
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = MODES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const target = MODES[next];
    if (target) setMode(target);
    tabs.current[next]?.focus();
  };
  const appTitle = t('common:appTitle');

  return (
    <div className="login-page">
      <div className="login-page__backdrop" aria-hidden="true" />
      <MobileOffer />
      <header className="login-page__top">
        <div className="login-page__product">
          <BrandMark size={28} />
          <span>{appTitle}</span>
        </div>
        <LanguageSwitch />
      </header>

      <main className="login-card">
        <section className="login-card__brand" aria-labelledby="login-product-name">
          <div className="login-card__brand-head">
            <BrandMark size={44} inverted />
            <h1 id="login-product-name">{appTitle}</h1>
          </div>
          <p className="login-card__brand-title">{t('features.title')}</p>
          <p className="login-card__brand-text">{t('features.description')}</p>
          <BrandIllustration />
        </section>

        <section className="login-card__form" aria-labelledby="login-welcome">
          <h2 id="login-welcome">{t('welcome')}</h2>
          <p className="login-card__subtitle">{t('subtitle')}</p>
          {noPages && (
            <div className="login-notice" role="alert" data-testid="login-no-pages">
              <strong>{t('noPages.title')}</strong>
              <span>{t('noPages.text')}</span>
            </div>
          )}
          <div className="login-modes" role="tablist" aria-label={t('modes.label')}>
            {MODES.map((item, index) => (
              <button
                key={item}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`login-tab-${item}`}
                aria-selected={item === mode}
                aria-controls={`login-panel-${item}`}
                tabIndex={item === mode ? 0 : -1}
                className="login-modes__item"
                onClick={() => setMode(item)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {t(`modes.${item}`)}
              </button>
            ))}
          </div>
          <div
            className="login-panel"
            role="tabpanel"
            id={`login-panel-${mode}`}
            aria-labelledby={`login-tab-${mode}`}
          >
            {mode === 'password' && <PasswordLoginForm />}
            {mode !== 'password' && (
              <Suspense fallback={<div className="login-panel__loading" aria-busy="true" />}>
                {mode === 'sms' ? <SmsLoginForm /> : <ScanLogin />}
              </Suspense>
            )}
          </div>
          <Suspense fallback={null}>
            <SocialLogin />
          </Suspense>
        </section>
      </main>

      <footer className="login-page__footer">{t('footer')}</footer>
    </div>
  );
}

function PasswordLoginForm() {
  const { t } = useTranslation('login');
  const finish = useFinishSignIn();
  const initialAccount = useRef(rememberedAccount()).current;
  const [values, update] = useFormValues<PasswordForm>(() => ({
    account: initialAccount ?? '',
    password: '',
    code: '',
    remember: initialAccount !== null,
  }));
  const [submitting, setSubmitting] = useState(false);
  const { showCode, codeLength, timestamp, refreshCode, checkConfig } = useImageCode();

  const validate = (current: PasswordForm) => {
    const found: Partial<Record<'account' | 'password' | 'code', string>> = {};
    if (!current.account.trim()) found.account = t('rules.account');
    if (!current.password) found.password = t('rules.password');
    if (showCode && !current.code?.trim()) found.code = t('rules.code');
    return found;
  };
  const { errors, check, revalidate } = useFieldErrors<'account' | 'password' | 'code'>(() =>
    validate(values),
  );

  const change = (patch: Partial<PasswordForm>) => {
    const next = update(patch);
    revalidate(() => validate(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !check()) return;
    setSubmitting(true);
    try {
      const answer = await passwordLogin({
        account: values.account.trim(),
        password: values.password,
        code: showCode ? values.code?.trim() : '',
        timestamp: showCode ? timestamp : undefined,
      });
      rememberAccount(values.remember ? values.account.trim() : null);
      finish(answer);
    } catch (error) {
      setSubmitting(false);
      update({ code: '' });
      const msg = error instanceof ApiError ? error.msg : undefined;
      await checkConfig(values.account, asksForCode(msg));
      // The image code is single-use: always show a fresh one after a failure.
      refreshCode();
    }
  };

  return (
    <form name="login" className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <LoginInput
        id="login_account"
        name="account"
        label={t('fields.account')}
        placeholder={t('placeholders.account')}
        prefix={<UserOutlined />}
        autoComplete="username"
        value={values.account}
        error={errors.account}
        onChange={(event) => change({ account: event.target.value })}
        onBlur={(event) => void checkConfig(event.target.value)}
        autoFocus={!initialAccount}
      />
      <LoginInput
        id="login_password"
        name="password"
        label={t('fields.password')}
        placeholder={t('placeholders.password')}
        prefix={<LockOutlined />}
        autoComplete="current-password"
        revealLabels={{ show: t('showPassword'), hide: t('hidePassword') }}
        value={values.password}
        error={errors.password}
        onChange={(event) => change({ password: event.target.value })}
        autoFocus={!!initialAccount}
      />
      {showCode && (
        <div className="login-form__code">
          <LoginInput
            id="login_code"
            name="code"
            label={t('fields.code')}
            placeholder={t('placeholders.code')}
            prefix={<SafetyCertificateOutlined />}
            maxLength={codeLength}
            autoComplete="off"
            value={values.code ?? ''}
            error={errors.code}
            onChange={(event) => change({ code: event.target.value })}
          />
          <button
            type="button"
            className="login-form__code-image"
            onClick={refreshCode}
            title={t('refreshCode')}
          >
            <img src={loginImageCodeUrl(codeLength, timestamp)} alt={t('codeImageAlt')} />
          </button>
        </div>
      )}
      <div className="login-form__remember">
        <LoginCheckbox
          id="login_remember"
          checked={values.remember}
          onChange={(remember) => change({ remember })}
        >
          {t('rememberMe')}
        </LoginCheckbox>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {submitting ? t('submitting') : t('submit')}
      </Button>
    </form>
  );
}

/** Decorative line art of the brand panel. */
function BrandIllustration() {
  return (
    <svg className="login-card__illustration" viewBox="0 0 320 180" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="login-illu-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.9" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0.35" />
        </linearGradient>
      </defs>
      <rect
        x="28"
        y="34"
        width="176"
        height="116"
        rx="12"
        fill="rgba(255,255,255,0.12)"
        stroke="url(#login-illu-a)"
      />
      <rect x="44" y="52" width="88" height="10" rx="5" fill="rgba(255,255,255,0.75)" />
      <rect x="44" y="72" width="140" height="8" rx="4" fill="rgba(255,255,255,0.35)" />
      <rect x="44" y="88" width="120" height="8" rx="4" fill="rgba(255,255,255,0.35)" />
      <rect x="44" y="112" width="56" height="22" rx="6" fill="rgba(255,255,255,0.85)" />
      <rect
        x="176"
        y="70"
        width="116"
        height="84"
        rx="14"
        fill="rgba(255,255,255,0.18)"
        stroke="url(#login-illu-a)"
      />
      <path
        d="M196 96h76M196 112h56M196 128h66"
        stroke="rgba(255,255,255,0.7)"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="262" cy="48" r="22" fill="rgba(255,255,255,0.2)" stroke="url(#login-illu-a)" />
      <path
        d="M253 48l6 6 12-13"
        stroke="#fff"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
