import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../base/api';
import { useFinishSignIn } from './finish';
import { getTicket, getTicketStatus } from './scan-api';
import { bindAndSignIn, getSocialProviders, type SocialProvider } from './social-api';

const POLL_MS = 1000;

type Step =
  | { kind: 'idle' }
  | { kind: 'waiting'; provider: SocialProvider; ticket: string }
  | { kind: 'bind'; provider: SocialProvider; ticket: string; who: string }
  | { kind: 'failed'; message: string };

/**
 * 其他登录方式: the providers configured on the server (enterprise WeChat, DingTalk, Feishu).
 * A provider opens its sign-in in a window on a scan-code ticket this page polls; an unbound
 * provider user is asked for the console account and password once, which binds it.
 * A separate chunk: the sign-in page loads it after its own first paint.
 */
export default function SocialLogin() {
  const { t } = useTranslation('login');
  const finish = useFinishSignIn();
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [binding, setBinding] = useState(false);
  const [bindError, setBindError] = useState('');
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    getSocialProviders()
      .then(setProviders)
      .catch(() => setProviders([]));
  }, []);

  const waitingTicket = step.kind === 'waiting' ? step.ticket : '';
  useEffect(() => {
    if (!waitingTicket || step.kind !== 'waiting') return;
    const controller = new AbortController();
    const { provider } = step;
    const timer = window.setInterval(() => {
      getTicketStatus(waitingTicket, controller.signal)
        .then((answer) => {
          if (answer.status === 2) return;
          window.clearInterval(timer);
          popup.current?.close();
          if (answer.status === 1 && answer.value) finish({ token: answer.value, theme: answer.theme });
          else if (answer.status === 4)
            setStep({ kind: 'bind', provider, ticket: waitingTicket, who: answer.value ?? '' });
          else
            setStep({
              kind: 'failed',
              message: answer.status === 5 ? t('social.expired') : answer.value || t('social.failed'),
            });
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [waitingTicket, step, finish, t]);

  if (providers.length === 0) return null;

  const start = async (provider: SocialProvider) => {
    setBindError('');
    try {
      const { ticket } = await getTicket();
      const url = provider.renderUrl.replace('JNPF_TICKET', encodeURIComponent(ticket));
      popup.current = window.open(url, 'social-sign-in', 'width=750,height=560');
      setStep({ kind: 'waiting', provider, ticket });
    } catch (error) {
      setStep({ kind: 'failed', message: error instanceof ApiError ? error.msg : t('social.failed') });
    }
  };

  const bind = async (values: { account: string; password: string }) => {
    if (step.kind !== 'bind') return;
    setBinding(true);
    setBindError('');
    try {
      finish(await bindAndSignIn({ ...values, ticket: step.ticket }));
    } catch (error) {
      setBinding(false);
      setBindError(error instanceof ApiError ? error.msg : t('social.failed'));
    }
  };

  const label = (provider: SocialProvider) => t(`social.providers.${provider.enname}`, provider.name);

  return (
    <section className="login-social" aria-labelledby="login-social-title" data-testid="social-login">
      <div className="login-social__title" id="login-social-title">
        {t('social.title')}
      </div>
      <div className="login-social__list">
        {providers.map((provider) => (
          <Button
            key={provider.enname}
            data-provider={provider.enname}
            onClick={() => void start(provider)}
            loading={step.kind === 'waiting' && step.provider.enname === provider.enname}
          >
            {label(provider)}
          </Button>
        ))}
      </div>
      {step.kind === 'waiting' && (
        <p className="login-social__hint" role="status">
          {t('social.waiting', { provider: label(step.provider) })}
        </p>
      )}
      {step.kind === 'failed' && <Alert type="error" showIcon message={step.message} />}
      {step.kind === 'bind' && (
        <div className="login-social__bind" data-testid="social-bind">
          <Alert
            type="info"
            showIcon
            message={t('social.bindTitle', { provider: label(step.provider) })}
            description={t('social.bindText', { who: step.who })}
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
            {bindError && <Alert type="error" showIcon message={bindError} className="login-social__error" />}
            <Button type="primary" htmlType="submit" block loading={binding}>
              {t('social.bindSubmit')}
            </Button>
          </Form>
        </div>
      )}
    </section>
  );
}
