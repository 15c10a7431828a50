import { notification } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { placeName } from '../base/i18n';
import { useSession } from '../base/session/session-store';

/**
 * Whether the notice of this sign-in is still to be shown, marking it shown. Read from the store at
 * the time of the call, not from the render an effect closed over: an effect run twice (React's
 * StrictMode does that) or a second mount of the shell would otherwise both see "not shown yet".
 */
function claimNotice(): boolean {
  const session = useSession.getState();
  if (session.prevLoginNoticeShown) return false;
  session.markPrevLoginNoticeShown();
  return true;
}

/** Bottom-right notice of the previous sign-in (console.md 2.4), once per sign-in. */
export function PrevLoginNotice() {
  const { t } = useTranslation('shell');
  const [api, holder] = notification.useNotification();
  const userInfo = useSession((state) => state.userInfo);
  const shown = useSession((state) => state.prevLoginNoticeShown);

  useEffect(() => {
    if (!userInfo || shown || Number(userInfo.prevLogin) !== 1) return;
    if (!claimNotice()) return;
    const raw = userInfo.prevLoginTime;
    const when = typeof raw === 'number' || /^\d+$/.test(String(raw)) ? dayjs(Number(raw)) : dayjs(raw);
    const time = raw && when.isValid() ? when.format('YYYY-MM-DD HH:mm') : '-';
    api.info({
      // One notice whatever happens: a second call replaces it instead of adding another.
      key: 'prev-login',
      placement: 'bottomRight',
      title: t('prevLogin.title'),
      description: (
        <div className="prev-login-notice">
          <div>{t('prevLogin.time', { time })}</div>
          <div>{t('prevLogin.place', { place: placeName(userInfo.prevLoginIPAddressName) || '-' })}</div>
          <div>{t('prevLogin.ip', { ip: userInfo.prevLoginIPAddress || '-' })}</div>
        </div>
      ),
      duration: 6,
    });
  }, [api, shown, t, userInfo]);

  return holder;
}
