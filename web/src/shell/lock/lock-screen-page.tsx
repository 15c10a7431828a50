import { LockOutlined, LogoutOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, ConfigProvider, Input } from 'antd';
import dayjs from 'dayjs';
import { md5 } from 'js-md5';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../base/api';
import { clearToken } from '../../base/api/token';
import { queryClient } from '../../base/query-client';
import { logout } from '../../base/session/session-api';
import { useSession } from '../../base/session/session-store';
import { THEME_COLORS, useSettings } from '../../base/session/settings-store';
import { unlockScreen } from '../shell-api';
import { useTabs } from '../tabs-store';
import { setLocked } from './lock';
import './lock-screen.css';

function useClock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** /lockScreen (console.md 4): every navigation lands here until the password unlocks it. */
export default function LockScreenPage() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const userInfo = useSession((state) => state.userInfo);
  const firstPath = useSession((state) => state.firstPath);
  const primary = THEME_COLORS[useSettings((state) => state.themeClass)];
  const now = useClock();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Reaching this page (e.g. typing the address) locks the screen.
  useEffect(() => {
    setLocked(true);
  }, []);

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('lock.passwordRequired'));
      return;
    }
    if (!userInfo) return;
    setBusy(true);
    setError(null);
    try {
      await unlockScreen(userInfo.userAccount, md5(password));
      setLocked(false);
      navigate(firstPath ?? '/home', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.msg ? failure.msg : t('lock.failed'));
      setBusy(false);
    }
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    clearToken();
    setLocked(false);
    useSession.getState().reset();
    useTabs.getState().reset();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <ConfigProvider theme={{ token: { colorPrimary: primary } }}>
      <main className="lock-screen">
        <div className="lock-screen__clock" aria-hidden>
          <div className="lock-screen__time">{now.format('HH:mm')}</div>
          <div className="lock-screen__date">{now.format('YYYY-MM-DD')}</div>
        </div>
        <form className="lock-screen__card" onSubmit={unlock} aria-labelledby="lock-title">
          <Avatar size={72} icon={<UserOutlined />} src={userInfo?.headIcon || undefined} />
          <h1 id="lock-title" className="lock-screen__name">
            {userInfo?.userName ?? ''}
          </h1>
          <p className="lock-screen__hint">
            <LockOutlined aria-hidden /> {t('lock.locked')}
          </p>
          <Input.Password
            size="large"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            placeholder={t('lock.password')}
            aria-label={t('lock.password')}
            autoComplete="current-password"
            status={error ? 'error' : ''}
            id="lock-password"
          />
          {error && <Alert type="error" title={error} showIcon className="lock-screen__error" role="alert" />}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={busy}
            icon={<UnlockOutlined />}
          >
            {t('lock.unlock')}
          </Button>
          <Button type="link" icon={<LogoutOutlined />} onClick={() => void signOut()}>
            {t('lock.logout')}
          </Button>
        </form>
      </main>
    </ConfigProvider>
  );
}
