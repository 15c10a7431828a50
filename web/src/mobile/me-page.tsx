import { Avatar, Dialog, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { keyOfLocale, LANGUAGES } from '../base/language';
import { LanguageSheet } from './language-picker';
import { signOut, useMobileSession } from './session';

/** 我的: who is signed in, language, password change, the desktop console, sign-out. */
export default function MePage() {
  const { t, i18n } = useTranslation(['mobile', 'common']);
  const navigate = useNavigate();
  const user = useMobileSession((state) => state.user);
  const [languages, setLanguages] = useState(false);
  const info = user?.userInfo;
  const language = LANGUAGES.find((item) => item.key === keyOfLocale(i18n.language));

  const leave = async () => {
    const ok = await Dialog.confirm({
      content: t('me.signOutConfirm'),
      confirmText: t('common:actions.ok'),
      cancelText: t('common:actions.cancel'),
    });
    if (!ok) return;
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <div className="m-me" data-testid="m-me">
      <header className="m-me__head">
        <Avatar src={info?.headIcon ?? ''} className="m-me__avatar" />
        <div>
          <div className="m-me__name">{info?.userName}</div>
          <div className="m-me__sub">
            {info?.userAccount}
            {info?.departmentName ? ` · ${info.departmentName}` : ''}
          </div>
        </div>
      </header>
      <List mode="card" header={t('me.account')}>
        <List.Item extra={info?.organizeName}>{t('me.organize')}</List.Item>
        <List.Item extra={info?.positionName || '—'}>{t('me.position')}</List.Item>
        <List.Item extra={info?.mobilePhone || '—'}>{t('me.phone')}</List.Item>
      </List>
      <List mode="card" header={t('me.settings')}>
        <List.Item extra={language?.label} onClick={() => setLanguages(true)}>
          {t('common:language.label')}
        </List.Item>
        <List.Item onClick={() => navigate('/password')}>{t('me.password')}</List.Item>
        <List.Item onClick={() => window.location.assign('/#/home')}>{t('me.desktop')}</List.Item>
      </List>
      <List mode="card">
        <List.Item className="m-me__signout" arrowIcon={false} onClick={() => void leave()}>
          {t('me.signOut')}
        </List.Item>
      </List>
      <LanguageSheet open={languages} onClose={() => setLanguages(false)} />
    </div>
  );
}
