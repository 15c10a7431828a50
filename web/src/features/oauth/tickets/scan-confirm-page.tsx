import { DesktopOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../../base/brand-mark';
import { useSession } from '../../../base/session/session-store';
import { confirmTicket, rejectTicket } from './api';
import './scan-confirm.css';

type Outcome = 'confirmed' | 'rejected' | 'failed';

/**
 * #/scanLogin?ticket=…: opened on a signed-in phone from the sign-in page's QR code. Shows who is
 * about to sign in and where, and lets the user confirm or reject.
 */
export default function ScanConfirmPage() {
  const { t } = useTranslation(['scan', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const userInfo = useSession((state) => state.userInfo);
  const sysName = useSession((state) => state.sysConfigInfo?.sysName) || t('common:appTitle');
  const [busy, setBusy] = useState<'confirm' | 'reject' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const act = async (kind: 'confirm' | 'reject') => {
    setBusy(kind);
    try {
      await (kind === 'confirm' ? confirmTicket(ticket) : rejectTicket(ticket));
      setOutcome(kind === 'confirm' ? 'confirmed' : 'rejected');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(null);
    }
  };

  const home = (
    <Button key="home" onClick={() => navigate('/home', { replace: true })}>
      {t('common:actions.backHome')}
    </Button>
  );

  if (!ticket) {
    return (
      <main className="scan-confirm">
        <Result status="warning" title={t('missing')} extra={home} />
      </main>
    );
  }

  if (outcome) {
    return (
      <main className="scan-confirm">
        <Result
          status={outcome === 'confirmed' ? 'success' : outcome === 'rejected' ? 'info' : 'error'}
          title={<h1 className="scan-confirm__result-title">{t(`outcome.${outcome}`)}</h1>}
          subTitle={t(`outcome.${outcome}Hint`)}
          extra={home}
        />
      </main>
    );
  }

  return (
    <main className="scan-confirm" aria-labelledby="scan-confirm-title">
      <div className="scan-confirm__card">
        <div className="scan-confirm__brand">
          <BrandMark size={36} />
          <span>{sysName}</span>
        </div>
        <div className="scan-confirm__device" aria-hidden="true">
          <DesktopOutlined />
        </div>
        <h1 id="scan-confirm-title">{t('title')}</h1>
        <p className="scan-confirm__lead">{t('lead')}</p>
        <dl className="scan-confirm__facts">
          <div>
            <dt>{t('who')}</dt>
            <dd data-testid="scan-confirm-user">
              <Avatar size={24} icon={<UserOutlined />} src={userInfo?.headIcon || undefined} />
              <span>
                {userInfo?.userName}
                {userInfo?.userAccount ? ` (${userInfo.userAccount})` : ''}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('where')}</dt>
            <dd>
              {sysName} · {window.location.host}
            </dd>
          </div>
        </dl>
        <p className="scan-confirm__warning">{t('warning')}</p>
        <div className="scan-confirm__actions">
          <Button
            type="primary"
            size="large"
            block
            loading={busy === 'confirm'}
            disabled={busy !== null}
            onClick={() => void act('confirm')}
          >
            {t('confirm')}
          </Button>
          <Button
            size="large"
            block
            danger
            loading={busy === 'reject'}
            disabled={busy !== null}
            onClick={() => void act('reject')}
          >
            {t('reject')}
          </Button>
        </div>
      </div>
    </main>
  );
}
