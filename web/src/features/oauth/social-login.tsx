import { Button } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../base/api';
import { useFinishSignIn } from './finish';
import { getTicket, getTicketStatus } from './scan-api';
import { getSocialProviders, type SocialProvider } from './social-api';

// The bind step needs antd's form: fetched only when a provider user turns out unbound.
const SocialBindForm = lazy(() => import('./social-bind-form'));

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
 * A separate chunk (the sign-in page loads it after its own first paint), kept small: it uses only
 * what the page has already loaded; the bind form is a chunk of its own.
 */
export default function SocialLogin() {
  const { t } = useTranslation('login');
  const finish = useFinishSignIn();
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
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
    try {
      const { ticket } = await getTicket();
      const url = provider.renderUrl.replace('JNPF_TICKET', encodeURIComponent(ticket));
      popup.current = window.open(url, 'social-sign-in', 'width=750,height=560');
      setStep({ kind: 'waiting', provider, ticket });
    } catch (error) {
      setStep({ kind: 'failed', message: error instanceof ApiError ? error.msg : t('social.failed') });
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
      {step.kind === 'failed' && (
        <p className="login-social__error" role="alert">
          {step.message}
        </p>
      )}
      {step.kind === 'bind' && (
        <Suspense fallback={null}>
          <SocialBindForm
            provider={label(step.provider)}
            who={step.who}
            ticket={step.ticket}
            onDone={finish}
          />
        </Suspense>
      )}
    </section>
  );
}
