import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../base/api';
import { queryClient } from '../../../../base/query-client';
import {
  checkSharePassword,
  fetchSharedView,
  fetchShareInfo,
  passwordDigest,
  type ShareTicket,
  sharedFetcher,
  sharedGeo,
} from '../api';
import { ScreenCanvas } from './screen-canvas';

/** Renew the pass this long before it ends, so a wall display keeps its data without anyone at it. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** The password step: checked by the server, which answers the pass the next calls carry. */
function PasswordStep({
  name,
  encryption,
  onPassed,
}: {
  name: string;
  encryption: string;
  onPassed(digest: string, pass: string): void;
}) {
  const { t } = useTranslation('dataScreen');
  const [form] = Form.useForm<{ password: string }>();
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState('');
  const submit = async ({ password }: { password: string }) => {
    setChecking(true);
    setRefusal('');
    try {
      const digest = await passwordDigest(password);
      onPassed(digest, (await checkSharePassword(encryption, digest)).pass);
    } catch (error) {
      setRefusal(messageOf(error, t('share.public.failed')));
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className="ds-share-password" data-testid="screen-share-password">
      <h1>{name}</h1>
      <p>{t('share.public.passwordHint')}</p>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('share.password')}
          rules={[{ required: true, message: t('share.public.passwordRequired') }]}
          validateStatus={refusal ? 'error' : undefined}
          help={refusal || undefined}
        >
          <Input.Password autoFocus maxLength={50} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={checking} block>
          {t('share.public.enter')}
        </Button>
      </Form>
    </div>
  );
}

/** The shared screen, full screen; its pass (when it has a password) renewed before it ends. */
function SharedScreen({ ticket, digest }: { ticket: ShareTicket; digest: string }) {
  const { t } = useTranslation('dataScreen');
  // One fetcher for the page's life, reading the current pass.
  const current = useRef(ticket);
  const [renewed, setRenewed] = useState(ticket);
  current.current = renewed;
  useEffect(() => {
    const expires = Number(renewed.pass.split('.')[0]);
    if (!digest || !Number.isFinite(expires)) return;
    const timer = window.setTimeout(
      () => {
        checkSharePassword(renewed.encryption, digest)
          .then(({ pass }) => setRenewed({ encryption: renewed.encryption, pass }))
          .catch(() => undefined);
      },
      Math.max(10_000, expires - Date.now() - RENEW_BEFORE_MS),
    );
    return () => window.clearTimeout(timer);
  }, [renewed, digest]);
  const fetcher = useMemo(() => sharedFetcher(() => current.current), []);
  const loadGeo = useMemo(() => sharedGeo(() => current.current), []);
  const view = useQuery({
    queryKey: ['dataScreen', 'share', ticket.encryption],
    queryFn: () => fetchSharedView(current.current),
    retry: false,
  });
  useEffect(() => {
    if (view.data) document.title = view.data.fullName;
  }, [view.data]);
  if (!view.data)
    return (
      <div className="ds-view-message" role={view.error ? 'alert' : 'status'}>
        {view.error ? messageOf(view.error, t('share.public.failed')) : t('view.loading')}
      </div>
    );
  return <ScreenCanvas design={view.data.design} fetcher={fetcher} loadGeo={loadGeo} />;
}

/**
 * A data screen's share link (/dataScreenShare?encryption=…): public, for wall displays that cannot
 * sign in. Asks for the password when the link has one, then shows the released screen full screen.
 */
function ShareView() {
  const { t } = useTranslation('dataScreen');
  const [search] = useSearchParams();
  const encryption = search.get('encryption') ?? '';
  const [passed, setPassed] = useState<{ digest: string; pass: string } | null>(null);
  const info = useQuery({
    queryKey: ['dataScreen', 'shareInfo', encryption],
    queryFn: () => fetchShareInfo(encryption),
    enabled: Boolean(encryption),
    retry: false,
  });
  let body: ReactNode;
  if (!encryption) body = <Message alert text={t('share.public.invalid')} />;
  else if (info.error) body = <Message alert text={messageOf(info.error, t('share.public.failed'))} />;
  else if (!info.data) body = <Message text={t('view.loading')} />;
  else if (info.data.passUse && !passed)
    body = (
      <PasswordStep
        name={info.data.fullName}
        encryption={encryption}
        onPassed={(digest, pass) => setPassed({ digest, pass })}
      />
    );
  else
    body = <SharedScreen ticket={{ encryption, pass: passed?.pass ?? '' }} digest={passed?.digest ?? ''} />;
  return (
    <div className="ds-view-page" data-testid="screen-share-page">
      {body}
    </div>
  );
}

function Message({ text, alert }: { text: string; alert?: boolean }) {
  return (
    <div className="ds-view-message" role={alert ? 'alert' : 'status'}>
      {text}
    </div>
  );
}

/** Outside the shell (and public), so with the app's query client of its own here. */
export default function DataScreenSharePage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ShareView />
    </QueryClientProvider>
  );
}
