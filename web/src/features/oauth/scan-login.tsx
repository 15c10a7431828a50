import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinishSignIn } from './finish';
import { getTicket, getTicketStatus, scanUrl } from './scan-api';

/** Poll interval of getTicketStatus. */
export const POLL_MS = 2000;

type Phase = 'loading' | 'waiting' | 'expired' | 'rejected' | 'failed';

/**
 * Scan-code sign-in: a QR code of this site's #/scanLogin?ticket=…, which a signed-in phone opens
 * and confirms; the page polls the ticket every 2 s and signs in when it is confirmed.
 */
export default function ScanLogin() {
  const { t } = useTranslation('login');
  const finish = useFinishSignIn();
  const [phase, setPhase] = useState<Phase>('loading');
  const [image, setImage] = useState<string | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const generation = useRef(0);

  const start = useCallback(async () => {
    const mine = ++generation.current;
    setPhase('loading');
    setImage(null);
    setTicket(null);
    try {
      const answer = await getTicket();
      const url = scanUrl(answer.ticket);
      const data = await QRCode.toDataURL(url, { width: 360, margin: 1, errorCorrectionLevel: 'M' });
      if (mine !== generation.current) return;
      setImage(data);
      setTicket(answer.ticket);
      setPhase('waiting');
    } catch {
      if (mine === generation.current) setPhase('failed');
    }
  }, []);

  useEffect(() => {
    void start();
    return () => {
      generation.current += 1;
    };
  }, [start]);

  // Poll while waiting; stop on any other phase or when the tab is left.
  useEffect(() => {
    if (phase !== 'waiting' || !ticket) return;
    const controller = new AbortController();
    let timer = 0;
    const poll = async () => {
      try {
        const status = await getTicketStatus(ticket, controller.signal);
        if (controller.signal.aborted) return;
        if (status.status === 1 && status.value) {
          finish({ token: status.value, theme: status.theme ?? null });
          return;
        }
        if (status.status === 3 || status.status === 4) {
          setPhase('rejected');
          return;
        }
        if (status.status === 5) {
          setPhase('expired');
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        // a failed poll is retried on the next tick
      }
      timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [phase, ticket, finish]);

  const overlay =
    phase === 'expired' || phase === 'rejected' || phase === 'failed' ? (
      <div className="scan-login__overlay" role="alert">
        <p>{t(`scan.${phase}`)}</p>
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void start()}>
          {t('scan.refresh')}
        </Button>
      </div>
    ) : null;

  return (
    <div className="scan-login">
      <div className="scan-login__code" aria-busy={phase === 'loading'}>
        {image ? (
          <img src={image} alt={t('scan.alt')} data-ticket={ticket ?? undefined} />
        ) : (
          <Spin aria-label={t('scan.loading')} />
        )}
        {overlay}
      </div>
      <p className="scan-login__hint" aria-live="polite">
        {phase === 'waiting' ? t('scan.hint') : phase === 'loading' ? t('scan.loading') : ''}
      </p>
      <p className="scan-login__steps">{t('scan.steps')}</p>
    </div>
  );
}
